/// How the directives of a DocC tutorial file (`.tutorial`) render: plain
/// HTML that reads without JavaScript, styled by the theme.
///
/// | directive | markup |
/// |---|---|
/// | `@Tutorials`, `@Tutorial`, `@Article` | a `<div>` or `<article>` around the page |
/// | `@Intro(title:)` | a `<header>` with the title as the page's `<h1>` (and a tutorial's time) |
/// | `@Chapter(name:)`, `@Volume(name:)`, `@Section(title:)` | a `<section>` headed by its name, with an id to link to |
/// | `@TutorialReference(tutorial:)` | a link to the tutorial, titled as it is |
/// | `@Steps`, `@Step` | an ordered list of steps |
/// | `@Code(name:file:)` | the file as the step shows it (``DocCRendering/tutorialCodeHTML``) |
/// | `@Assessments`, `@MultipleChoice`, `@Choice`, `@Justification` | questions whose answers are radio buttons; a chosen answer shows whether it is right, in CSS alone |
///
/// ```swift
/// let page = MarkdownDocument(parsing: "@Tutorial(time: 10) {\n  @Intro(title: \"Start\") {\n    Build it.\n  }\n}\n")
/// MarkdownHTMLRenderer().render(page)   // "<article class=\"tutorial\">\n<header class=\"tutorial-intro\"><h1 id=\"start\">Start</h1>…"
/// ```
extension MarkdownHTMLRenderer {
    /// The opening and closing markup of `directive` when it is one of a
    /// tutorial's (``Directive/tutorialNames``), else `nil`; `directives` is
    /// the page's, in which it has its parent.
    func tutorialMarkup(_ directive: Directive, in directives: [Directive], docc: DocCRendering) -> (open: String, close: String)? {
        let parent = directive.parent.flatMap { directives.indices.contains($0) ? directives[$0] : nil }
        return pageMarkup(directive, parent: parent, docc: docc) ?? stepMarkup(directive, parent: parent, docc: docc)
    }

    /// The markup of the directives that make a tutorial page's frame: its
    /// kind, intro, chapters, sections, links and resources.
    private func pageMarkup(_ directive: Directive, parent: Directive?, docc: DocCRendering) -> (open: String, close: String)? {
        let escape = HTMLEscaping.escape
        switch directive.name {
        case "Tutorials":
            return ("<div class=\"tutorial-toc\">", "</div>")
        case "Tutorial":
            return ("<article class=\"tutorial\">", "</article>")
        case "Article":
            return ("<article class=\"tutorial tutorial-article\">", "</article>")
        case "Intro":
            let title = directive.argument("title") ?? ""
            var open = "<header class=\"tutorial-intro\"><h1 id=\"\(escape(SlugGenerator.baseSlug(title)))\">\(escape(title))</h1>"
            if let time = parent?.argument("time"), let minutes = Int(time) {
                open += "\n<p class=\"tutorial-time\">\(minutes) min</p>"
            }
            return (open, "</header>")
        case "Chapter", "Volume", "Section", "Resources":
            let heading = Self.sectionHeading(directive.tutorialHeading ?? "", level: 2)
            return ("<section class=\"tutorial-\(directive.name.lowercased())\">\n" + heading, "</section>")
        case "ContentAndMedia", "Stack":
            return ("<div class=\"tutorial-\(directive.name == "Stack" ? "stack" : "content")\">", "</div>")
        case "TutorialReference":
            let destination = directive.argument("tutorial") ?? directive.arguments.first?.value ?? ""
            guard let target = docc.tutorialLink(destination) else {
                return ("<p class=\"tutorial-reference\">\(escape(Self.displayName(destination)))</p>", "")
            }
            return ("<p class=\"tutorial-reference\"><a href=\"\(escape(target.url))\">\(escape(target.title))</a></p>", "")
        case "Documentation", "SampleCode", "Downloads", "Videos", "Forums":
            let labels = [
                "Documentation": "Documentation", "SampleCode": "Sample Code", "Downloads": "Downloads", "Videos": "Videos", "Forums": "Forums",
            ]
            let label = labels[directive.name] ?? directive.name
            let destination = directive.argument("destination") ?? ""
            let url = docc.tutorialLink(destination)?.url ?? destination
            let heading = url.isEmpty ? escape(label) : "<a href=\"\(escape(url))\">\(escape(label))</a>"
            return ("<div class=\"tutorial-resource\">\n<h3>\(heading)</h3>", "</div>")
        case "XcodeRequirement":
            let title = directive.argument("title") ?? "Xcode"
            let destination = directive.argument("destination") ?? ""
            let link = destination.isEmpty ? escape(title) : "<a href=\"\(escape(destination))\">\(escape(title))</a>"
            return ("<p class=\"tutorial-requirement\">Requires \(link).</p>", "")
        default:
            return nil
        }
    }

    /// The markup of a tutorial's steps and the files they show, and of its assessments.
    private func stepMarkup(_ directive: Directive, parent: Directive?, docc: DocCRendering) -> (open: String, close: String)? {
        let escape = HTMLEscaping.escape
        switch directive.name {
        case "Steps":
            return ("<ol class=\"tutorial-steps\">", "</ol>")
        case "Step":
            return ("<li class=\"tutorial-step\">", "</li>")
        case "Code":
            let file = directive.argument("file") ?? ""
            let missing =
                "<p class=\"docc-snippet-missing\">The step's file <code>\(escape(file))</code> was not found in the catalog.</p>"
            return (docc.tutorialCodeHTML(directive) ?? missing, "")
        case "Assessments":
            return ("<section class=\"tutorial-assessments\">\n" + Self.sectionHeading(directive.tutorialHeading ?? "", level: 2), "</section>")
        case "MultipleChoice":
            return ("<fieldset class=\"tutorial-question\">", "</fieldset>")
        case "Choice":
            let correct = Self.isCorrect(directive)
            let question = directive.parent ?? 0
            return (
                "<div class=\"tutorial-choice\" data-correct=\"\(correct)\">"
                    + "<input type=\"radio\" class=\"tutorial-choice-input\" name=\"question-\(question)\" id=\"choice-\(directive.index)\">"
                    + "<label class=\"tutorial-choice-label\" for=\"choice-\(directive.index)\">",
                "</label></div>"
            )
        case "Justification":
            let correct = parent.map(Self.isCorrect) ?? false
            let reaction = directive.argument("reaction") ?? (correct ? "Correct" : "Incorrect")
            return (
                "<div class=\"tutorial-justification\"><p class=\"tutorial-reaction\">\(escape(reaction))</p>",
                "</div>"
            )
        default:
            return nil
        }
    }

    /// A section's heading, with an id made from its text and an anchor link.
    private static func sectionHeading(_ text: String, level: Int) -> String {
        let id = HTMLEscaping.escape(SlugGenerator.baseSlug(text))
        return
            "<h\(level) id=\"\(id)\">\(HTMLEscaping.escape(text))<a class=\"anchor\" href=\"#\(id)\" aria-label=\"Link to this section\">#</a></h\(level)>"
    }

    /// Whether a `@Choice` is the right answer (`isCorrect: true`).
    private static func isCorrect(_ choice: Directive) -> Bool {
        (choice.argument("isCorrect") ?? "").lowercased() == "true"
    }

    /// `doc:SwiftSyntax-By-Example` → `SwiftSyntax By Example`.
    private static func displayName(_ destination: String) -> String {
        var name = Substring(destination)
        if name.hasPrefix("doc:") { name = name.dropFirst(4) }
        let last = name.split(separator: "/").last ?? name
        return last.split(separator: "-").joined(separator: " ")
    }
}
