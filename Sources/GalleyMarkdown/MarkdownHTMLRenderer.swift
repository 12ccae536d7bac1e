internal import Ccmark

/// Renders a ``MarkdownDocument`` to HTML by rewriting cmark's tree first.
///
/// The rewrite replaces nodes with cmark *custom* nodes that carry Galley's
/// own markup, so generated HTML renders even when raw HTML in the Markdown
/// is suppressed:
/// - every heading gets its unique ``Heading/id`` and an anchor link;
/// - relative links to `page.md` / `page.md#part` point at `page.html`;
/// - a fenced code block is replaced by `codeBlockHTML(block)` when that
///   returns markup, and otherwise renders as `<pre><code class="language-…">`.
///
/// ```swift
/// let html = MarkdownHTMLRenderer().render(MarkdownDocument(parsing: "# Hi"))
/// // <h1 id="hi">Hi<a class="anchor" href="#hi" …>#</a></h1>
/// ```
public struct MarkdownHTMLRenderer: Sendable {
    /// Whether raw HTML written in the Markdown is passed through
    /// (`markdown.unsafe_html`). When `false`, cmark replaces it with a comment.
    public var allowsRawHTML: Bool

    /// Creates a renderer; raw HTML is suppressed by default, as in Hugo.
    public init(allowsRawHTML: Bool = false) {
        self.allowsRawHTML = allowsRawHTML
    }

    /// The HTML of `document`.
    ///
    /// - Parameter codeBlockHTML: markup to use for a fenced code block
    ///   instead of cmark's default, or `nil` to keep the default.
    /// A link destination the caller rewrote: where it goes, and the text to
    /// show instead of an autolink's raw destination (`<doc:Page>` shows the page's title).
    public struct RewrittenLink: Sendable {
        /// The new destination.
        public var destination: String
        /// Replaces the link text when the text is the destination itself.
        public var text: String?
        /// Whether the link is removed and its text shown without it (an
        /// autolink's text, the destination itself, as ``text`` in code font).
        public var removesLink = false

        /// Creates a rewritten link.
        public init(destination: String, text: String? = nil) {
            self.destination = destination
            self.text = text
        }

        /// No link: the link's text shown as it is, or `code` in code font
        /// for an autolink (`<doc:Symbol>`), whose text is its destination.
        public static func unlinked(code: String?) -> RewrittenLink {
            var link = RewrittenLink(destination: "", text: code)
            link.removesLink = true
            return link
        }
    }

    /// The HTML of `document`.
    ///
    /// - Parameters:
    ///   - codeBlockHTML: markup to use for a fenced code block instead of
    ///     cmark's default, or `nil` to keep the default.
    ///   - docc: what DocC's dialect needs to know of the site (images, symbol pages, snippets).
    ///   - rewriteLink: a new destination (and text) for a link, or `nil` to
    ///     apply the default rewrite (`page.md` → `page.html`).
    public func render(
        _ document: MarkdownDocument,
        codeBlockHTML: (CodeBlock) -> String? = { _ in nil },
        docc: DocCRendering = DocCRendering(),
        rewriteLink: (String) -> RewrittenLink?
    ) -> String {
        // The parse's own tree the first time (rendering rewrites it), else a new parse of the same text.
        let tree = document.parsedTree.take() ?? CmarkTree(parsing: document.cmarkSource)
        // Nodes, text and HTML made while rendering come from the tree's region.
        return tree.withArena { rewriteAndRender(tree, document, codeBlockHTML: codeBlockHTML, docc: docc, rewriteLink: rewriteLink) }
    }

    /// Rewrites `tree`, `document`'s parse, as `render` describes and renders it.
    private func rewriteAndRender(
        _ tree: CmarkTree,
        _ document: MarkdownDocument,
        codeBlockHTML: (CodeBlock) -> String?,
        docc: DocCRendering,
        rewriteLink: (String) -> RewrittenLink?
    ) -> String {
        let nodes = Self.nodesToRewrite(in: tree, of: document)
        // Replaced nodes are freed only after rendering: inline literals of a
        // heading point into its content buffer, which freeing it would release.
        var replaced: [OpaquePointer] = []
        defer { replaced.forEach { cmark_node_free($0) } }
        rewriteLinks(nodes.links, rewriteLink: rewriteLink, replaced: &replaced)
        linkSymbols(nodes.codeSpans, of: document, docc: docc, replaced: &replaced)
        for node in nodes.images {
            let source = String.string(cmark_node_get_url(node))
            guard let html = docc.imageHTML(source, CmarkTree.plainText(of: node)) else { continue }
            cmark_node_replace(node, newCustomNode(CMARK_NODE_CUSTOM_INLINE, enter: html, exit: ""))
            replaced.append(node)
        }
        for quote in nodes.quotes {
            if let old = rewriteAside(quote) { replaced.append(old) }
        }
        for paragraph in nodes.smallParagraphs {
            wrapContentInSmall(paragraph)
        }
        for (node, marker) in nodes.markers {
            let html = directiveMarkup(
                document.directives[marker.directive], isEnd: marker.isEnd, docc: docc, in: document.directives)
            cmark_node_replace(node, newCustomNode(CMARK_NODE_CUSTOM_BLOCK, enter: html, exit: ""))
            replaced.append(node)
        }
        for (node, heading) in zip(nodes.headings, document.headings) {
            replaceHeading(node, id: heading.id, level: heading.level)
            replaced.append(node)
        }
        for (node, block) in zip(nodes.fencedBlocks, document.codeBlocks) {
            guard let html = codeBlockHTML(block) else { continue }
            cmark_node_replace(node, newCustomNode(CMARK_NODE_CUSTOM_BLOCK, enter: html, exit: ""))
            replaced.append(node)
        }
        return tree.renderHTML(unsafe: allowsRawHTML)
    }

    /// The nodes of a page's tree that rendering rewrites, by kind, each in
    /// document order.
    private struct NodesToRewrite {
        /// Headings, to get their ids and anchors.
        var headings: [OpaquePointer] = []
        /// Fenced code blocks, for the caller's markup.
        var fencedBlocks: [OpaquePointer] = []
        /// Links, for their destinations.
        var links: [OpaquePointer] = []
        /// Block quotes, which may be asides (`> Note:`).
        var quotes: [OpaquePointer] = []
        /// Thematic breaks that stand for a directive's start or end.
        var markers: [(node: OpaquePointer, marker: DirectiveScanner.Marker)] = []
        /// Code spans, which may be symbol links (` ``Symbol`` `).
        var codeSpans: [OpaquePointer] = []
        /// Images, for DocC's image lookup.
        var images: [OpaquePointer] = []
        /// Paragraphs inside a `@Small` directive.
        var smallParagraphs: [OpaquePointer] = []
    }

    /// The nodes of `tree`, `document`'s parse, that rendering rewrites.
    private static func nodesToRewrite(in tree: CmarkTree, of document: MarkdownDocument) -> NodesToRewrite {
        var nodes = NodesToRewrite()
        let mayHaveSymbolLinks = document.mayHaveSymbolLinks
        let smallLines = document.directives.filter { $0.name == "Small" }.compactMap(\.contentLines)
            .map { ($0.lowerBound - document.firstLine + 1)...($0.upperBound - document.firstLine + 1) }
        tree.walk { node in
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING: nodes.headings.append(node)
            case CMARK_NODE_CODE_BLOCK where CmarkTree.isFenced(node):
                nodes.fencedBlocks.append(node)
            case CMARK_NODE_LINK: nodes.links.append(node)
            case CMARK_NODE_BLOCK_QUOTE: nodes.quotes.append(node)
            case CMARK_NODE_THEMATIC_BREAK:
                if let marker = document.directiveMarkers[Int(cmark_node_get_start_line(node))] { nodes.markers.append((node, marker)) }
            case CMARK_NODE_CODE where mayHaveSymbolLinks: nodes.codeSpans.append(node)
            case CMARK_NODE_IMAGE: nodes.images.append(node)
            case CMARK_NODE_PARAGRAPH where !smallLines.isEmpty:
                let line = Int(cmark_node_get_start_line(node))
                if smallLines.contains(where: { $0.contains(line) }) { nodes.smallParagraphs.append(node) }
            default: break
            }
        }
        return nodes
    }

    /// Gives each of `links` the destination (and text) `rewriteLink` says,
    /// or the default `page.md` → `page.html`; a link it removes is replaced
    /// by its text and added to `replaced`.
    private func rewriteLinks(_ links: [OpaquePointer], rewriteLink: (String) -> RewrittenLink?, replaced: inout [OpaquePointer]) {
        for node in links {
            let destination = String.string(cmark_node_get_url(node))
            let rewritten = rewriteLink(destination)
            if let rewritten, rewritten.removesLink {
                removeLink(node, destination: destination, code: rewritten.text)
                replaced.append(node)
            } else if let rewritten {
                cmark_node_set_url(node, rewritten.destination)
                if let text = rewritten.text, let child = cmark_node_first_child(node),
                    cmark_node_next(child) == nil, cmark_node_get_type(child) == CMARK_NODE_TEXT,
                    String.string(cmark_node_get_literal(child)) == destination
                {
                    cmark_node_set_literal(child, text)
                }
            } else if let rewritten = Self.htmlDestination(for: destination) {
                cmark_node_set_url(node, rewritten)
            }
        }
    }

    /// Replaces the link `node` to `destination` by its text: an autolink
    /// (whose text is its destination) by `code` (or the destination) in
    /// code font, any other link by its own content.
    private func removeLink(_ node: OpaquePointer, destination: String, code: String?) {
        let child = cmark_node_first_child(node)
        let isAutolink =
            child.map {
                cmark_node_next($0) == nil && cmark_node_get_type($0) == CMARK_NODE_TEXT
                    && String.string(cmark_node_get_literal($0)) == destination
            } ?? true
        if isAutolink {
            let code = "<code>\(HTMLEscaping.escape(code ?? destination))</code>"
            cmark_node_replace(node, newCustomNode(CMARK_NODE_CUSTOM_INLINE, enter: code, exit: ""))
        } else {
            let span = newCustomNode(CMARK_NODE_CUSTOM_INLINE, enter: "", exit: "")
            while let content = cmark_node_first_child(node) {
                cmark_node_unlink(content)
                cmark_node_append_child(span, content)
            }
            cmark_node_replace(node, span)
        }
    }

    /// Replaces each of `codeSpans` that is a symbol link (` ``Symbol`` `
    /// in `document`) by its link, adding it to `replaced`.
    private func linkSymbols(_ codeSpans: [OpaquePointer], of document: MarkdownDocument, docc: DocCRendering, replaced: inout [OpaquePointer]) {
        // The answers of the parse, which asked the same of the same text.
        var symbolLiterals = document.symbolLiterals
        for node in codeSpans {
            let literal = String.string(cmark_node_get_literal(node))
            guard SymbolLink.isSymbolPath(literal) else { continue }
            let isSymbol = symbolLiterals[literal] ?? TextSearch.contains(document.cmarkSource, "``\(literal)``")
            symbolLiterals[literal] = isSymbol
            guard isSymbol, let html = symbolLinkHTML(literal, inHeading: CmarkTree.isInsideHeading(node) || CmarkTree.isInsideLink(node), docc: docc)
            else { continue }
            cmark_node_replace(node, newCustomNode(CMARK_NODE_CUSTOM_INLINE, enter: html, exit: ""))
            replaced.append(node)
        }
    }

    /// Moves the content of `paragraph` into a `<small>` inline inside it.
    private func wrapContentInSmall(_ paragraph: OpaquePointer) {
        let small = newCustomNode(CMARK_NODE_CUSTOM_INLINE, enter: "<small>", exit: "</small>")
        while let child = cmark_node_first_child(paragraph) {
            cmark_node_unlink(child)
            cmark_node_append_child(small, child)
        }
        cmark_node_append_child(paragraph, small)
    }

    /// A `#fragment` link written in another capitalisation or with the
    /// heading's text (`#Getting-Started`) rewritten to the heading's real id
    /// in `document`, or `nil` for any other link (left to the default rewrite).
    ///
    /// ```swift
    /// MarkdownHTMLRenderer.fragmentLink("#Getting-Started", in: doc)?.destination  // "#getting-started"
    /// ```
    public static func fragmentLink(_ destination: String, in document: MarkdownDocument) -> RewrittenLink? {
        guard destination.hasPrefix("#") else { return nil }
        let fragment = String(destination.dropFirst())
        guard let heading = document.heading(matchingFragment: fragment), heading.id != fragment else { return nil }
        return RewrittenLink(destination: "#" + heading.id)
    }

    /// The HTML of `document`, with the default link rewrite only.
    public func render(_ document: MarkdownDocument, codeBlockHTML: (CodeBlock) -> String? = { _ in nil }) -> String {
        render(document, codeBlockHTML: codeBlockHTML, docc: DocCRendering(), rewriteLink: { _ in nil })
    }

    /// The `.html` destination for a relative link to a Markdown page, or
    /// `nil` when `destination` is external or not a Markdown file.
    ///
    /// ```swift
    /// MarkdownHTMLRenderer.htmlDestination(for: "guide.md#setup")  // "guide.html#setup"
    /// MarkdownHTMLRenderer.htmlDestination(for: "https://x.org/a.md")  // nil
    /// ```
    public static func htmlDestination(for destination: String) -> String? {
        // By bytes: `#`, `?` and the suffixes are ASCII, so every cut is at a Character boundary.
        var destination = destination
        return destination.withUTF8 { bytes -> String? in
            let fragmentStart = bytes.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? bytes.count
            let stem: Int
            if hasSuffix(bytes, fragmentStart, ".md") {
                stem = fragmentStart - 3
            } else if hasSuffix(bytes, fragmentStart, ".markdown") {
                stem = fragmentStart - 9
            } else {
                return nil
            }
            let text = String(decoding: bytes, as: UTF8.self)
            guard !MarkdownLink(destination: text, line: 0, column: 0).isExternal else { return nil }
            return String(decoding: bytes[..<stem], as: UTF8.self) + ".html" + String(decoding: bytes[fragmentStart...], as: UTF8.self)
        }
    }

    /// Whether `bytes[..<end]` ends with the ASCII `suffix`.
    private static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ end: Int, _ suffix: String) -> Bool {
        let count = suffix.utf8.count
        return end >= count && bytes[(end - count)..<end].elementsEqual(suffix.utf8)
    }

    private func replaceHeading(_ node: OpaquePointer, id: String, level: Int) {
        let escapedID = HTMLEscaping.escape(id)
        // Joined with `+`, not interpolated: one heading of every page goes through here.
        let tag = "h" + String(level)
        // A block (for line breaks around it) holding an inline (for the tags,
        // without cmark's newlines) holding the heading's own inline content.
        let block = newCustomNode(CMARK_NODE_CUSTOM_BLOCK, enter: "", exit: "")
        let inline = newCustomNode(
            CMARK_NODE_CUSTOM_INLINE,
            enter: "<" + tag + " id=\"" + escapedID + "\">",
            exit: "<a class=\"anchor\" href=\"#" + escapedID + "\" aria-label=\"Link to this section\">#</a></" + tag + ">"
        )
        cmark_node_append_child(block, inline)
        while let child = cmark_node_first_child(node) {
            cmark_node_unlink(child)
            cmark_node_append_child(inline, child)
        }
        cmark_node_replace(node, block)
    }

    func newCustomNode(_ type: cmark_node_type, enter: String, exit: String) -> OpaquePointer {
        guard let node = cmark_node_new_with_mem(type, CmarkTree.allocator) else {
            preconditionFailure("cmark_node_new_with_mem returned NULL (out of memory)")
        }
        // A new node's markup is empty already: only non-empty markup is copied in.
        if !enter.isEmpty { cmark_node_set_on_enter(node, enter) }
        if !exit.isEmpty { cmark_node_set_on_exit(node, exit) }
        return node
    }
}
