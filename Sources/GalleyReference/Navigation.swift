import GalleyProject

/// The reading order of a site's pages: sidebar, previous and next.
///
/// The home page leads; the others follow by front matter `order`
/// (pages without one come after those with one), then by source path —
/// but a DocC catalog's pages follow its author's curation
/// (``CatalogCuration``: the root page, then its Topics' order), as one
/// block where the catalog's first page would be.
public struct Navigation: Sendable {
    /// Sites with more listed pages than this get sections in their sidebar
    /// (and a page listing every page, ``GeneratedPages/allPagesURL``).
    public static let sectionedPageLimit = GeneratedPages.sectionedPageLimit

    /// The listed pages (``Page/isListed``) in reading order.
    public let pages: [Page]
    /// The pages not in the reading order: the generated ones (404, all pages).
    public let unlisted: [Page]
    /// Each DocC catalog's curation, in reading order.
    public let catalogs: [CatalogCuration]
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
        let catalogs = Self.curations(of: sorted, linking: pages)
        self.catalogs = catalogs
        self.pages = Self.curatedOrder(sorted, catalogs: catalogs)
        var positions: [String: Int] = [:]
        for (index, page) in self.pages.enumerated() { positions[page.url] = index }
        self.positions = positions
    }

    /// The curation of each catalog among the listed `sorted` pages, whose
    /// links resolve among all `pages`.
    private static func curations(of sorted: [Page], linking pages: [Page]) -> [CatalogCuration] {
        var modules: [String] = []
        var byModule: [String: [Page]] = [:]
        for page in sorted {
            guard let module = page.catalogModule else { continue }
            if byModule[module] == nil { modules.append(module) }
            byModule[module, default: []].append(page)
        }
        guard !modules.isEmpty else { return [] }
        let resolver = DocLinkResolver(pages: pages)
        return modules.compactMap { CatalogCuration(module: $0, pages: byModule[$0] ?? [], resolver: resolver) }
    }

    /// `sorted` with each catalog's pages in its curation's order, as one
    /// block where its first page was; the home page stays first.
    private static func curatedOrder(_ sorted: [Page], catalogs: [CatalogCuration]) -> [Page] {
        guard !catalogs.isEmpty else { return sorted }
        var catalogOf: [String: Int] = [:]
        for (index, catalog) in catalogs.enumerated() {
            for page in catalog.order { catalogOf[page.url] = index }
        }
        var ordered: [Page] = []
        var placed: Set<String> = []
        for page in sorted where !placed.contains(page.url) {
            guard !page.isHome, let index = catalogOf[page.url] else {
                ordered.append(page)
                placed.insert(page.url)
                continue
            }
            for member in catalogs[index].order where placed.insert(member.url).inserted {
                ordered.append(member)
            }
        }
        return ordered
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
