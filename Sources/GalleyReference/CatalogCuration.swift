import GalleyMarkdown
import GalleyProject

/// A DocC catalog's pages in the order its author curates them: the root
/// page, then the pages its `## Topics` section links to, group by group
/// (`### Essentials`), each followed by the pages its own Topics curate, as
/// DocC's navigator nests them; the pages no Topics section links to come
/// last, in DocC's automatic groups ("Articles", "Tutorials"), in file order.
///
/// ```swift
/// let curation = CatalogCuration(module: "Galley", pages: catalogPages, resolver: DocLinkResolver(pages: pages))
/// curation.root.title               // "Galley"
/// curation.groups.map(\.title)      // ["Essentials", "Sites from other sources", …]
/// curation.order.map(\.url)         // root first, then every page in reading order
/// ```
///
/// A page is placed once, where it is first curated; a link to a page of
/// another catalog, to a symbol's page (the sidebar lists symbols under
/// their module) or to nothing is skipped, so a cycle of Topics ends.
public struct CatalogCuration: Sendable {
    /// A titled list of curated pages (a `###` heading of a Topics section).
    public struct Group: Sendable {
        /// The group's heading as written (`Essentials`).
        public var title: String
        /// Its pages, in the order written.
        public var entries: [Entry]
    }

    /// A curated page and the groups its own Topics section curates.
    public struct Entry: Sendable {
        /// The page.
        public var page: Page
        /// The groups of the page's own Topics section (pages curated nowhere before).
        public var groups: [Group]
    }

    /// The catalog's module.
    public var module: String
    /// The catalog's root page (``CatalogPageSource/rootPage(of:module:)``).
    public var root: Page
    /// The root's Topics groups, then DocC's automatic groups of the pages curated nowhere.
    public var groups: [Group]

    /// The title of DocC's automatic group of uncurated articles.
    public static let articlesTitle = "Articles"
    /// The title of DocC's automatic group of uncurated tutorial pages.
    public static let tutorialsTitle = "Tutorials"

    /// The curation of `module`'s catalog from its listed `pages` (in file
    /// order), their Topics links resolved by `resolver`; `nil` without pages.
    public init?(module: String, pages: [Page], resolver: DocLinkResolver) {
        guard let root = CatalogPageSource.rootPage(of: pages, module: module) else { return nil }
        self.module = module
        self.root = root
        let members = Set(pages.map(\.url))
        var placed: Set<String> = [root.url]
        groups = Self.groups(of: root, members: members, placed: &placed, resolver: resolver)
        let rest = pages.filter { !placed.contains($0.url) }
        let articles = rest.filter { $0.tutorial == nil }.map { Entry(page: $0, groups: []) }
        let tutorials = rest.filter { $0.tutorial != nil }.map { Entry(page: $0, groups: []) }
        if !articles.isEmpty { groups.append(Group(title: Self.articlesTitle, entries: articles)) }
        if !tutorials.isEmpty { groups.append(Group(title: Self.tutorialsTitle, entries: tutorials)) }
    }

    /// Every page of the catalog in reading order: the root, then each
    /// group's pages depth first.
    public var order: [Page] {
        var pages = [root]
        func walk(_ groups: [Group]) {
            for group in groups {
                for entry in group.entries {
                    pages.append(entry.page)
                    walk(entry.groups)
                }
            }
        }
        walk(groups)
        return pages
    }

    /// Whether the author curated anything: a Topics section placed at least one page.
    public var isCurated: Bool {
        groups.contains { $0.title != Self.articlesTitle && $0.title != Self.tutorialsTitle }
    }

    /// The Topics groups of `page` with the pages of `members` they link to
    /// that no group placed before, each with its own groups.
    private static func groups(of page: Page, members: Set<String>, placed: inout Set<String>, resolver: DocLinkResolver) -> [Group] {
        let document = page.document
        guard let section = SymbolPages.topicsLines(of: document) else { return [] }
        let end = section.upperBound
        let titles = document.headings.filter { $0.level == 3 && section.contains($0.line) }
        var found: [Group] = []
        for (index, heading) in titles.enumerated() {
            let until = index + 1 < titles.count ? titles[index + 1].line : end
            let inGroup = { (link: MarkdownLink) in link.line > heading.line && link.line < until }
            let links =
                (document.links.filter { !$0.isImage && inGroup($0) }.map { ($0, false) }
                + document.symbolLinks.filter(inGroup).map { ($0, true) })
                .sorted { ($0.0.line, $0.0.column) < ($1.0.line, $1.0.column) }
            var entries: [Entry] = []
            for (link, isSymbol) in links {
                guard let target = Self.target(of: link.destination, isSymbol: isSymbol, from: page, resolver: resolver),
                    members.contains(target.url), placed.insert(target.url).inserted
                else { continue }
                entries.append(Entry(page: target, groups: []))
            }
            // Each placed page's own Topics, once every page of this group is placed.
            for index in entries.indices {
                entries[index].groups = groups(of: entries[index].page, members: members, placed: &placed, resolver: resolver)
            }
            if !entries.isEmpty { found.append(Group(title: heading.text, entries: entries)) }
        }
        return found
    }

    /// The page a Topics link names: `<doc:Article>`, a tutorial's DocC path or a symbol link.
    private static func target(of destination: String, isSymbol: Bool, from page: Page, resolver: DocLinkResolver) -> Page? {
        if isSymbol { return resolver.symbolPage(destination, from: page) }
        guard DocLinkResolver.isDocLink(destination) || DocLinkResolver.isBundleLink(destination),
            case .success(let resolved) = resolver.resolve(destination, from: page)
        else { return nil }
        return resolved.page
    }
}
