import GalleyMarkdown
import GalleyProject
import GalleyReference
import Testing

@testable import GalleyRender

/// A DocC catalog reads in its author's order: the root page, then its
/// Topics' groups, each page followed by what its own Topics curate; the
/// guides beside it keep their own order.
@Suite("Navigation follows a catalog's Topics")
struct CatalogCurationTests {
    /// A page at `path` (under the catalog's prefix when `module` is given) with `text`.
    func page(_ path: String, _ text: String, module: String? = nil, order: Int? = nil) -> Page {
        var page = Page(
            sourcePath: path, displayPath: "Sources/\(path)", frontMatter: FrontMatter(order: order),
            document: MarkdownDocument(parsing: text))
        page.catalogModule = module
        return page
    }

    /// A site of two guides and a catalog `Tool` whose root curates three of its four articles in two groups.
    var pages: [Page] {
        [
            page("index.md", "# Home\n"),
            page("setup.md", "# Setup\n", order: 2),
            page("intro.md", "# Intro\n", order: 1),
            page(
                "Tool/Tool.md",
                """
                # Tool

                The manual.

                ## Topics

                ### Essentials

                - <doc:Zebra>
                - <doc:Apple>

                ### Going further

                - <doc:Middle>

                ## See Also

                - <doc:Unlisted>
                """, module: "Tool"),
            page("Tool/Apple.md", "# Apple\n", module: "Tool"),
            page(
                "Tool/Middle.md",
                """
                # Middle

                ## Topics

                ### Details

                - <doc:Unlisted>
                - <doc:Tool>
                - <doc:Zebra>
                """, module: "Tool"),
            page("Tool/Zebra.md", "# Zebra\n", module: "Tool"),
            page("Tool/Unlisted.md", "# Unlisted\n", module: "Tool"),
            page("Tool/Orphan.md", "# Orphan\n", module: "Tool"),
        ]
    }

    @Test("the root, then its Topics' groups in order, each page before what it curates; uncurated pages last")
    func readingOrder() throws {
        let navigation = Navigation(pages: pages)
        #expect(
            navigation.pages.map(\.title) == ["Home", "Intro", "Setup", "Tool", "Zebra", "Apple", "Middle", "Unlisted", "Orphan"],
            "the guides keep their front matter order; the catalog follows its curation")
        let catalog = try #require(navigation.catalogs.first)
        #expect(navigation.catalogs.count == 1 && catalog.root.title == "Tool")
        #expect(catalog.groups.map(\.title) == ["Essentials", "Going further", CatalogCuration.articlesTitle])
        #expect(catalog.isCurated)
        let middle = try #require(catalog.groups[1].entries.first)
        #expect(middle.page.title == "Middle")
        // A link back to the root or to a page placed before places nothing: a cycle ends.
        #expect(middle.groups.map { $0.entries.map(\.page.title) } == [["Unlisted"]])
        #expect(catalog.groups[2].entries.map(\.page.title) == ["Orphan"], "See Also curates nothing")
        #expect(navigation.previous(of: try #require(navigation.page(at: "Tool/Apple.html")))?.title == "Zebra")
    }

    @Test("a catalog without Topics reads in file order under its root, its pages in DocC's Articles group")
    func uncurated() throws {
        let pages = [
            page("index.md", "# Home\n"),
            page("Tool/Beta.md", "# Beta\n", module: "Tool"),
            page("Tool/Alpha.md", "# Alpha\n", module: "Tool"),
            page("Tool/tool.md", "# The tool\n", module: "Tool"),
        ]
        let navigation = Navigation(pages: pages)
        #expect(navigation.pages.map(\.title) == ["Home", "The tool", "Alpha", "Beta"], "the root is the page named after the module")
        let catalog = try #require(navigation.catalogs.first)
        #expect(!catalog.isCurated && catalog.groups.map(\.title) == [CatalogCuration.articlesTitle])
    }

    @Test("the root is the page marked @TechnologyRoot before the one named after the module")
    func technologyRoot() throws {
        let pages = [
            page("Tool/Tool.md", "# Tool\n", module: "Tool"),
            page("Tool/Start.md", "# Start\n\n@Metadata {\n  @TechnologyRoot\n}\n\n## Topics\n\n### First\n\n- <doc:Tool>\n", module: "Tool"),
        ]
        let catalog = try #require(Navigation(pages: pages).catalogs.first)
        #expect(catalog.root.title == "Start")
        #expect(catalog.order.map(\.title) == ["Start", "Tool"])
    }

    @Test("the sidebar heads the catalog with its root page and lists its groups in order, the current page marked")
    func sidebar() throws {
        let navigation = Navigation(pages: pages)
        let current = try #require(navigation.page(at: "Tool/Apple.html"))
        let html = SidebarNavigation(navigation: navigation).html(current: current)
        let root = try #require(html.range(of: "<li><a href=\"../Tool/Tool.html\">Tool</a>"))
        let topics = try #require(html.range(of: "<ul class=\"nav-topics\">"))
        #expect(root.upperBound <= topics.lowerBound, "the groups are nested under the root's link")
        let titles = html.components(separatedBy: "<span class=\"nav-group-title\">").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(titles == ["Essentials", "Going further", "Details", "Articles"])
        #expect(html.contains("<a href=\"../Tool/Apple.html\" class=\"current\" aria-current=\"page\">Apple</a>"))
        let intro = try #require(html.range(of: "../intro.html"))
        #expect(intro.upperBound < root.lowerBound, "the guides come first, in their own order")
        #expect(html.components(separatedBy: "Tool/Unlisted.html").count == 2, "a page curated twice is listed once")
    }
}
