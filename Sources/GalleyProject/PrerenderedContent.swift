import GalleyMarkdown

/// The HTML of a page's Markdown, rendered right after the page was parsed,
/// on the thread that parsed it, because nothing in it depends on the rest
/// of the site.
///
/// A page's HTML usually waits for the whole site: a `<doc:Page>` link takes
/// its target's title, a Swift sample shows its verdict, a DocC catalog's
/// links and images resolve against the catalog. A page with none of these
/// (see ``isSelfContained(_:)``) renders the same whatever the other pages
/// are, so it is rendered at once and its cmark tree freed: a first build of
/// such pages then holds one tree per core, not one per page, and the parse's
/// memory serves the next parse.
///
/// ```swift
/// let content = PrerenderedContent.render(page, allowsRawHTML: false)
/// content?.html   // "<h1 id=\"intro\">Intro<a class=\"anchor\" …"
/// ```
public struct PrerenderedContent: Sendable {
    /// The page's Markdown as HTML, as ``MarkdownHTMLRenderer`` renders it.
    public let html: String
    /// Whether raw HTML in the Markdown was passed through when it was rendered
    /// (`markdown.unsafe_html`): a render with the other setting cannot use ``html``.
    public let allowsRawHTML: Bool

    /// Whether `page`'s HTML depends on nothing but its own text: it is not
    /// part of a DocC catalog (whose links and images resolve against the
    /// catalog), and it has no `doc:` link (which takes its target's title),
    /// no symbol link, no DocC directive, and no code block the verifier takes
    /// as a Swift sample (which shows its verdict).
    public static func isSelfContained(_ page: Page) -> Bool {
        let document = page.document
        return page.catalogModule == nil && page.images.isEmpty && page.snippets.isEmpty
            && document.directives.isEmpty && document.symbolLinks.isEmpty
            && !document.codeBlocks.contains(where: \.looksLikeSwift)
            && !document.links.contains(where: { DocLinkResolver.mayRewrite($0.destination, on: page) })
    }

    /// The HTML of `page`'s Markdown when it is self-contained, else `nil`.
    ///
    /// The page's links are rewritten as in a render with the whole site:
    /// `#Fragment` to its heading's id, `page.md` to `page.html`.
    public static func render(_ page: Page, allowsRawHTML: Bool) -> PrerenderedContent? {
        guard isSelfContained(page) else { return nil }
        let document = page.document
        let html = MarkdownHTMLRenderer(allowsRawHTML: allowsRawHTML).render(document, docc: DocCRendering()) { destination in
            MarkdownHTMLRenderer.fragmentLink(destination, in: document)
        }
        return PrerenderedContent(html: html, allowsRawHTML: allowsRawHTML)
    }
}
