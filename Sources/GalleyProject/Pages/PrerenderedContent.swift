import GalleyMarkdown

/// The HTML of a page's Markdown, rendered right after the page was parsed,
/// on the thread that parsed it, because nothing in it depends on the rest
/// of the site.
///
/// A page's HTML usually waits for the whole site: a `<doc:Page>` link takes
/// its target's title, a Swift sample shows its verdict, a DocC catalog's
/// links and images resolve against the catalog. What the site gives a
/// render comes only through the renderer's hooks (a code block's HTML, a
/// link's rewrite, DocC's images, symbol URLs and snippets); this render
/// gives each hook the answer it has without the site, and notes when a
/// hook needed the site to answer. A page none of whose hooks did renders
/// the same whatever the other pages are: it is kept, and its cmark tree
/// freed, so a first build of such pages holds one tree per core, not one
/// per page. A page some hook needed the site for is rendered again with
/// the site. Which pages those are is decided by the hooks themselves, not
/// by a list kept beside them.
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

    /// Whether a hook of one render needed the site (a class: the hooks are closures that outlive their calls).
    private final class SiteNeed {
        var needed = false
    }

    /// The HTML of `page`'s Markdown when no hook of its render needed the site, else `nil`.
    ///
    /// The page's links are rewritten as in a render with the whole site:
    /// `#Fragment` to its heading's id, `page.md` to `page.html`.
    public static func render(_ page: Page, allowsRawHTML: Bool) -> PrerenderedContent? {
        let document = page.document
        // A Swift block shows its verdict: the site is needed for sure, and the tree is kept for that render.
        if document.codeBlocks.contains(where: \.looksLikeSwift) { return nil }
        let need = SiteNeed()
        let images = page.images
        let snippets = page.snippets
        var docc = DocCRendering()
        // The site's answers come from the page's catalog images and snippets, and the site's symbol pages.
        docc.imageHTML = { _, _ in
            if !images.isEmpty { need.needed = true }
            return nil
        }
        docc.snippetHTML = { _ in
            if !snippets.isEmpty { need.needed = true }
            return nil
        }
        docc.symbolURL = { _ in
            need.needed = true
            return nil
        }
        let html = MarkdownHTMLRenderer(allowsRawHTML: allowsRawHTML).render(
            document,
            codeBlockHTML: { block in
                if block.looksLikeSwift { need.needed = true }
                return nil
            },
            docc: docc
        ) { destination in
            if destination.hasPrefix("#") { return MarkdownHTMLRenderer.fragmentLink(destination, in: document) }
            // `doc:` links, and every link of a catalog's page, resolve against the site's pages.
            if DocLinkResolver.mayRewrite(destination, on: page) { need.needed = true }
            return nil
        }
        return need.needed ? nil : PrerenderedContent(html: html, allowsRawHTML: allowsRawHTML)
    }
}
