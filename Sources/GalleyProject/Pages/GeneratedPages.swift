import GalleyMarkdown

/// The pages a build makes from the site rather than reads from a file:
/// `404.html` always, and `all-pages.html` when the site is large enough
/// for the sidebar to show sections. They are made before the navigation
/// and the link check, so a page may link to them like to any page; their
/// content is made when they are rendered, from the whole site.
///
/// ```swift
/// let pages = GeneratedPages.adding(to: content.pages)
/// pages.map(\.url)   // ["index.html", "guide.html", "404.html"]
/// ```
public enum GeneratedPages {
    /// Where the list of every page of a site with sections is.
    public static let allPagesURL = "all-pages.html"
    /// Sites with more listed pages than this get sections in their sidebar
    /// and a page listing every page (``allPagesURL``).
    public static let sectionedPageLimit = 100
    /// Where the "no page here" page is.
    public static let notFoundURL = "404.html"

    /// `pages` and the generated pages; a page of `pages` at a generated
    /// page's address (a `404.md`) gives way to it, as the theme's 404 page
    /// always has.
    public static func adding(to pages: [Page]) -> [Page] {
        var generated = [page(.notFound, url: notFoundURL, title: "Page not found")]
        if pages.count(where: \.isListed) > sectionedPageLimit {
            generated.append(page(.allPages, url: allPagesURL, title: "All pages"))
        }
        let taken = Set(generated.map(\.url))
        return pages.filter { !taken.contains($0.url) } + generated
    }

    /// A generated page of `kind` at `url`.
    static func page(_ kind: Page.Kind, url: String, title: String) -> Page {
        var page = Page(sourcePath: url, displayPath: url, frontMatter: FrontMatter(), document: MarkdownDocument(parsing: ""))
        page.kind = kind
        page.url = url
        page.title = title
        return page
    }
}
