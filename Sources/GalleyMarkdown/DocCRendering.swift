internal import Ccmark

/// How DocC's Markdown dialect renders: what a page's renderer knows that
/// the Markdown alone does not (where images are, which symbols have pages,
/// a snippet's code).
///
/// ```swift
/// var docc = DocCRendering()
/// docc.symbolURL = { path in path == "Parser" ? "Parser.html" : nil }
/// MarkdownHTMLRenderer().render(document, docc: docc, rewriteLink: { _ in nil })
/// ```
public struct DocCRendering {
    /// The markup of an image named `source` with `alt` text (`![alt](source)`
    /// or `@Image(source:alt:)`), or `nil` for a plain `<img>`.
    public var imageHTML: (_ source: String, _ alt: String) -> String? = { _, _ in nil }
    /// The URL of the page of the symbol a symbol link names, or `nil` to show it as code.
    public var symbolURL: (_ path: String) -> String? = { _ in nil }
    /// The markup of a `@Snippet` directive, or `nil` to say it was not found.
    public var snippetHTML: (Directive) -> String? = { _ in nil }
    /// The markup of a tutorial step's `@Code(name:file:)`, or `nil` to say its file was not found.
    public var tutorialCodeHTML: (Directive) -> String? = { _ in nil }
    /// Where a `@TutorialReference(tutorial:)` or a tutorial's link
    /// directive (`@Documentation(destination:)`) goes, with the title to
    /// show; `nil` to show the destination as written.
    public var tutorialLink: (_ destination: String) -> (url: String, title: String)? = { _ in nil }

    /// Renders DocC Markdown with no knowledge of the site.
    public init() {}

    /// DocC's aside kinds, by their lowercased tag (`> Note:`), with their label.
    static let asideKinds: [String: String] = {
        let names = [
            "Note", "Important", "Warning", "Tip", "Experiment", "Deprecated", "Attention", "Bug", "Complexity", "Copyright",
            "Date", "Invariant", "Postcondition", "Precondition", "Remark", "Requires", "Since", "Throws", "ToDo", "Version",
            "Author", "Authors", "Caution", "Danger", "Seealso", "MutatingVariant", "NonMutatingVariant",
        ]
        return Dictionary(uniqueKeysWithValues: names.map { ($0.lowercased(), $0 == "Seealso" ? "See Also" : $0) })
    }()

    /// GitHub's alerts (`> [!NOTE]`), by tag.
    static let alertKinds = ["NOTE": "Note", "TIP": "Tip", "IMPORTANT": "Important", "WARNING": "Warning", "CAUTION": "Caution"]
}

extension MarkdownHTMLRenderer {
    /// Turns a block quote that starts with an aside tag (`Note:`,
    /// `[!WARNING]`) into an `<aside>` with its label, moving its content in.
    /// Returns the replaced quote, to be freed after rendering, or `nil`.
    func rewriteAside(_ quote: OpaquePointer) -> OpaquePointer? {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else { return nil }
        // The leading text, which cmark may have split at `[` and `!`.
        var texts: [OpaquePointer] = []
        var leading = ""
        var child = cmark_node_first_child(paragraph)
        while let node = child, cmark_node_get_type(node) == CMARK_NODE_TEXT {
            texts.append(node)
            leading += String.string(cmark_node_get_literal(node))
            child = cmark_node_next(node)
        }
        guard let (label, consumed, dropsBreak) = asideTag(in: leading) else { return nil }
        removeLeadingCharacters(consumed, from: texts)
        if dropsBreak, let next = texts.last.flatMap({ cmark_node_next($0) }),
            [CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK].contains(cmark_node_get_type(next))
        {
            cmark_node_unlink(next)
            cmark_node_free(next)
        }
        let isEmpty =
            CmarkTree.plainText(of: paragraph).allSatisfy(\.isWhitespace)
            && cmark_node_first_child(paragraph).map { node in
                var current: OpaquePointer? = node
                while let item = current {
                    if cmark_node_get_type(item) != CMARK_NODE_TEXT { return false }
                    current = cmark_node_next(item)
                }
                return true
            } ?? true
        if isEmpty {
            cmark_node_unlink(paragraph)
            cmark_node_free(paragraph)
        }
        let kind = String(label.lowercased().filter { $0 != " " })
        let escaped = HTMLEscaping.escape(label)
        let aside = newCustomNode(
            CMARK_NODE_CUSTOM_BLOCK,
            enter: "<aside class=\"aside aside-\(kind)\" aria-label=\"\(escaped)\">\n<p class=\"aside-label\">\(escaped)</p>\n",
            exit: "</aside>"
        )
        while let content = cmark_node_first_child(quote) {
            cmark_node_unlink(content)
            cmark_node_append_child(aside, content)
        }
        cmark_node_replace(quote, aside)
        return quote
    }

    /// The aside tag `leading` starts with (`[!WARNING]` or `Note:`): its
    /// label, how many characters it takes (with the spaces after a `:`), and
    /// whether the line break after it goes too (an alert's). `nil` when
    /// `leading` starts with no tag DocC or GitHub knows.
    private func asideTag(in leading: String) -> (label: String, consumed: Int, dropsBreak: Bool)? {
        if leading.hasPrefix("[!"), let close = leading.firstIndex(of: "]") {
            let tag = leading[leading.index(leading.startIndex, offsetBy: 2)..<close].uppercased()
            guard let kind = DocCRendering.alertKinds[tag],
                leading[leading.index(after: close)...].allSatisfy(\.isWhitespace)
            else { return nil }
            return (kind, leading.distance(from: leading.startIndex, to: close) + 1, true)
        } else if let colon = leading.firstIndex(of: ":") {
            let tag = leading[..<colon]
            guard !tag.isEmpty, tag.allSatisfy({ $0.isLetter || $0 == " " }),
                let kind = DocCRendering.asideKinds[String(tag.filter { $0 != " " }).lowercased()]
            else { return nil }
            var consumed = leading.distance(from: leading.startIndex, to: colon) + 1
            while consumed < leading.count, leading[leading.index(leading.startIndex, offsetBy: consumed)] == " " { consumed += 1 }
            return (kind, consumed, false)
        } else {
            return nil
        }
    }

    /// Removes the first `count` characters of the run of text nodes `texts`
    /// (the aside's tag), emptying the nodes it covers.
    private func removeLeadingCharacters(_ count: Int, from texts: [OpaquePointer]) {
        var consumed = count
        for node in texts where consumed > 0 {
            let literal = String.string(cmark_node_get_literal(node))
            if literal.count <= consumed {
                consumed -= literal.count
                cmark_node_set_literal(node, "")
            } else {
                cmark_node_set_literal(node, String(literal.dropFirst(consumed)))
                consumed = 0
            }
        }
    }

    /// The markup a directive's marker line stands for: its opening (with
    /// any media and one-line content) or its closing.
    func directiveMarkup(_ directive: Directive, isEnd: Bool, docc: DocCRendering, in directives: [Directive] = []) -> String {
        let escape = HTMLEscaping.escape
        var open: String
        var close: String
        switch directive.name {
        case "Row":
            (open, close) = ("<div class=\"docc-row\">", "</div>")
        case "Column":
            let size = directive.argument("size").flatMap(Int.init)
            open = size.map { "<div class=\"docc-column\" style=\"grid-column: span \($0)\">" } ?? "<div class=\"docc-column\">"
            close = "</div>"
        case "TabNavigator":
            (open, close) = ("<div class=\"docc-tabs\">", "</div>")
        case "Tab":
            let title = directive.argument("") ?? directive.arguments.first?.value ?? ""
            (open, close) = ("<section class=\"docc-tab\">\n<p class=\"docc-tab-title\">\(escape(title))</p>", "</section>")
        case "Links":
            (open, close) = ("<div class=\"docc-links\">", "</div>")
        case "Small":
            (open, close) = ("<div class=\"docc-small\">", "</div>")
        case "DeprecationSummary":
            open = "<aside class=\"aside aside-deprecated\" aria-label=\"Deprecated\">\n<p class=\"aside-label\">Deprecated</p>"
            close = "</aside>"
        case "Image":
            let source = directive.argument("source") ?? ""
            let alt = directive.argument("alt") ?? ""
            let image = docc.imageHTML(source, alt) ?? "<img src=\"\(escape(source))\" alt=\"\(escape(alt))\">"
            open = "<figure class=\"docc-figure\">\(image)"
            (open, close) =
                directive.hasBlock || directive.inlineContent != nil ? (open + "<figcaption>", "</figcaption></figure>") : (open + "</figure>", "")
        case "Video":
            let source = directive.argument("source") ?? ""
            var attributes = "controls src=\"\(escape(source))\""
            if let poster = directive.argument("poster") { attributes += " poster=\"\(escape(poster))\"" }
            if let alt = directive.argument("alt") { attributes += " aria-label=\"\(escape(alt))\"" }
            open = "<figure class=\"docc-figure\"><video \(attributes)></video>"
            (open, close) =
                directive.hasBlock || directive.inlineContent != nil ? (open + "<figcaption>", "</figcaption></figure>") : (open + "</figure>", "")
        case "Snippet":
            let path = directive.argument("path") ?? ""
            open =
                docc.snippetHTML(directive)
                ?? "<p class=\"docc-snippet-missing\">Snippet <code>\(escape(path))</code> was not found in the package's <code>Snippets/</code> folder.</p>"
            close = ""
        default:
            if let markup = tutorialMarkup(directive, in: directives, docc: docc) {
                (open, close) = markup
            } else {
                (open, close) = ("<div class=\"docc-directive docc-\(escape(directive.name.lowercased()))\">", "</div>")
            }
        }
        if isEnd { return close }
        if let inline = directive.inlineContent, !inline.isEmpty {
            let content = MarkdownHTMLRenderer(allowsRawHTML: allowsRawHTML).render(MarkdownDocument(parsing: inline))
            return open + "\n" + content + close
        }
        return open
    }

    /// A symbol link's code span as its name in code font, linked when its page is known;
    /// `nil` to leave the node as cmark renders it.
    func symbolLinkHTML(_ literal: String, inHeading: Bool, docc: DocCRendering) -> String? {
        let name = SymbolLink.displayName(literal)
        let code = "<code>\(HTMLEscaping.escape(name))</code>"
        if !inHeading, let url = docc.symbolURL(literal) {
            return "<a class=\"symbol-link\" href=\"\(HTMLEscaping.escape(url))\">\(code)</a>"
        }
        return name == literal ? nil : code
    }
}
