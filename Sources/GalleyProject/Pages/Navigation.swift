/// The reading order of a site's pages: sidebar, previous and next.
///
/// The home page leads; the others follow by front matter `order`
/// (pages without one come after those with one), then by source path.
public struct Navigation: Sendable {
    /// Sites with more listed pages than this get sections in their sidebar
    /// (and a page listing every page, ``GeneratedPages/allPagesURL``).
    public static let sectionedPageLimit = 100

    /// The listed pages (``Page/isListed``) in reading order.
    public let pages: [Page]
    /// The pages not in the reading order: the generated ones (404, all pages).
    public let unlisted: [Page]
    private let positions: [String: Int]

    /// Orders the listed ones of `pages`; the others are kept in ``unlisted``.
    public init(pages: [Page]) {
        self.unlisted = pages.filter { !$0.isListed }
        let sorted = pages.filter(\.isListed).sorted { a, b in
            if a.isHome != b.isHome { return a.isHome }
            let orderA = a.frontMatter.order ?? Int.max
            let orderB = b.frontMatter.order ?? Int.max
            if orderA != orderB { return orderA < orderB }
            return a.sourcePath < b.sourcePath
        }
        self.pages = sorted
        var positions: [String: Int] = [:]
        for (index, page) in sorted.enumerated() { positions[page.url] = index }
        self.positions = positions
    }

    /// The page whose output path is `url`.
    public func page(at url: String) -> Page? {
        positions[url].map { pages[$0] }
    }

    /// The page before `page` in reading order.
    public func previous(of page: Page) -> Page? {
        guard let index = positions[page.url], index > 0 else { return nil }
        return pages[index - 1]
    }

    /// The page after `page` in reading order.
    public func next(of page: Page) -> Page? {
        guard let index = positions[page.url], index + 1 < pages.count else { return nil }
        return pages[index + 1]
    }
}
