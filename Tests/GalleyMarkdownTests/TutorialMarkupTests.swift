import GalleyMarkdown
import Testing

@Suite("DocC tutorial files")
struct TutorialMarkupTests {
    /// A tutorial as DocC's own are written: directives indented, a step's code named by an unquoted file name.
    static let tutorial = """
        @Tutorial(time: 15) {
          @Intro(title: "Sorting Imports") {
            Build a tool that sorts imports.
          }

          @Section(title: "Create the Package") {
            @ContentAndMedia {
              Start with an empty package.
            }

            @Steps {
              @Step {
                Open `Package.swift`.

                @Code(name: "Package.swift", file: Package.step1.swift)
              }

              @Step {
                Add the dependency.

                @Code(name: "Package.swift", file: Package.step2.swift)
              }
            }
          }

          @Assessments {
            @MultipleChoice {
              Which type parses a file?

              @Choice(isCorrect: true) {
                `Parser`

                @Justification(reaction: "That's right!") {
                  It parses source text.
                }
              }

              @Choice(isCorrect: false) {
                `Formatter`

                @Justification {
                  It formats a tree.
                }
              }
            }
          }
        }
        """

    @Test(
        "a tutorial renders as plain HTML: its intro as the page's h1 with its time, sections headed and linkable, steps an ordered list, no raw @Name"
    )
    func tutorialMarkup() {
        var docc = DocCRendering()
        var shown: [(line: Int, file: String)] = []
        docc.tutorialCodeHTML = { directive in
            shown.append((directive.line, directive.argument("file") ?? ""))
            return "<figure class=\"tutorial-code\">\(directive.argument("file") ?? "")</figure>"
        }
        let document = MarkdownDocument(parsing: Self.tutorial)
        let html = MarkdownHTMLRenderer().render(document, docc: docc, rewriteLink: { _ in nil })
        #expect(document.unclosedDirectiveLines.isEmpty)
        #expect(document.directives.allSatisfy { $0.role == .content }, "every directive of a tutorial is one Galley shows")
        #expect(html.contains("<article class=\"tutorial\">"), "\(html)")
        #expect(html.contains("<h1 id=\"sorting-imports\">Sorting Imports</h1>\n<p class=\"tutorial-time\">15 min</p>"), "\(html)")
        #expect(html.contains("<section class=\"tutorial-section\">\n<h2 id=\"create-the-package\">Create the Package"), "\(html)")
        #expect(html.contains("<ol class=\"tutorial-steps\">"))
        #expect(html.components(separatedBy: "<li class=\"tutorial-step\">").count == 3)
        #expect(html.contains("<p>Open <code>Package.swift</code>.</p>"), "the step's text is Markdown: \(html)")
        // Each @Code is handed to the site by its line, with its unquoted file name read whole.
        #expect(shown.map(\.file) == ["Package.step1.swift", "Package.step2.swift"])
        #expect(shown.map(\.line) == [15, 21])
        #expect(!html.contains("@Step") && !html.contains("@Code") && !html.contains("@Choice"), "\(html)")
    }

    @Test("an assessment's answers are radio buttons of one question: the chosen one shows its justification, right or wrong, without JavaScript")
    func assessments() {
        let html = MarkdownHTMLRenderer().render(MarkdownDocument(parsing: Self.tutorial))
        #expect(html.contains("<h2 id=\"check-your-understanding\">Check Your Understanding"), "\(html)")
        #expect(html.contains("<fieldset class=\"tutorial-question\">"))
        let radios = html.components(separatedBy: "type=\"radio\"").count - 1
        #expect(radios == 2)
        let names = Set(html.matches(of: /name="(question-\d+)"/).map { String($0.output.1) })
        #expect(names.count == 1, "both answers belong to one question: \(names)")
        #expect(html.contains("<div class=\"tutorial-choice\" data-correct=\"true\">"))
        #expect(html.contains("<div class=\"tutorial-choice\" data-correct=\"false\">"))
        #expect(html.contains("<p class=\"tutorial-reaction\">That&#39;s right!</p>"), "the reaction as written: \(html)")
        // With no reaction written, a wrong answer says so.
        #expect(html.contains("<p class=\"tutorial-reaction\">Incorrect</p>"), "\(html)")
        #expect(!html.contains("<script"), "no script: the checking is CSS's :checked")
    }

    @Test(
        "a table of contents: its chapters headed, a tutorial reference linked through the site with the tutorial's title, or its name when unknown")
    func tableOfContents() {
        let text = """
            @Tutorials(name: "SwiftSyntax") {
              @Intro(title: "Introduction to SwiftSyntax") {
                Tools for Swift source.
              }

              @Chapter(name: "By Example") {
                Sort imports.

                @TutorialReference(tutorial: "doc:SwiftSyntax-By-Example")
                @TutorialReference(tutorial: "doc:Not-Written-Yet")
              }
            }
            """
        var docc = DocCRendering()
        docc.tutorialLink = { destination in
            destination == "doc:SwiftSyntax-By-Example" ? ("swiftsyntax/swiftsyntax-by-example/index.html", "SwiftSyntax By Example") : nil
        }
        let html = MarkdownHTMLRenderer().render(MarkdownDocument(parsing: text), docc: docc, rewriteLink: { _ in nil })
        #expect(html.contains("<div class=\"tutorial-toc\">"))
        #expect(html.contains("<h1 id=\"introduction-to-swiftsyntax\">Introduction to SwiftSyntax</h1>"), "\(html)")
        #expect(html.contains("<section class=\"tutorial-chapter\">\n<h2 id=\"by-example\">By Example"), "\(html)")
        #expect(
            html.contains("<p class=\"tutorial-reference\"><a href=\"swiftsyntax/swiftsyntax-by-example/index.html\">SwiftSyntax By Example</a></p>"),
            "\(html)")
        #expect(html.contains("<p class=\"tutorial-reference\">Not Written Yet</p>"), "\(html)")
    }

    @Test("the lines a step changed are the new file's lines outside a longest common subsequence with the step before")
    func changedLines() {
        #expect(LineDiff.changedLines(from: nil, to: "a\nb\n").isEmpty, "a file's first step marks nothing")
        #expect(LineDiff.changedLines(from: "a\nb\n", to: "a\nb\n").isEmpty)
        #expect(LineDiff.changedLines(from: "a\nb\n", to: "a\nx\nb\n") == [2])
        #expect(LineDiff.changedLines(from: "a\nb\nc\n", to: "a\nB\nc\nd\n") == [2, 4], "a changed line and an added one")
        #expect(LineDiff.changedLines(from: "a\nb\nc\n", to: "c\n").isEmpty, "removed lines mark nothing in the new file")
        // Moved lines: the longest common subsequence keeps most in place.
        #expect(LineDiff.changedLines(from: "1\n2\n3\n4\n", to: "2\n3\n4\n1\n") == [4])
        #expect(LineDiff.changedIndices(from: Array("abcd"), to: Array("xabyd")) == [0, 3])
        // The old file's final newline is no empty line to match a blank line the step adds (as DocC marks it).
        #expect(LineDiff.changedLines(from: "% mkdir Client\n", to: "% mkdir Client\n\n% swift package init\n") == [2, 3])
    }
}
