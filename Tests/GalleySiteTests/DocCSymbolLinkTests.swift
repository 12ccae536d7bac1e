import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyPackage
import GalleyProject
import GalleyTestSupport
import Testing

/// DocC's links to symbols in a catalog: symbol links, `<doc:Symbol>` and
/// paths of DocC's site (`./module/type`), judged against the module's
/// symbol graph (here an index made by hand; `PackageRootTests` extracts a
/// real one).
@Suite("DocC symbol links and DocC URL paths")
struct DocCSymbolLinkTests {
    /// A catalog of module Shapes: its root page, a symbol page for Circle, an article.
    static func catalog(root: TemporaryDirectory, rootPage: String) throws -> LoadedContent {
        let catalog = "Sources/Shapes/Shapes.docc"
        try root.write("\(catalog)/Shapes.md", rootPage)
        try root.write("\(catalog)/Extensions/Circle.md", "# ``Shapes/Circle``\n\nSee ``radius`` and ``Square``.\n")
        try root.write("\(catalog)/Getting Started.md", "# Getting started\n")
        try root.write("\(catalog)/Images/repeat.png", "png")
        try root.write("\(catalog)/Images/repeat~dark@2x.png", "png")
        let source = CatalogPageSource(
            catalogs: [DocCCatalog(directory: root.url.appendingPathComponent(catalog), module: "Shapes", importsModule: true)],
            layout: SiteLayout(root: root.url), configuration: SiteConfiguration(), title: "Shapes"
        )
        return try source.load()
    }

    static let symbols = SymbolIndex(symbols: [
        "Shapes": [["Circle"], ["Circle", "radius"], ["Square"], ["Square", "side"], ["Square", "init(side:)"]]
    ])

    @Test("a symbol link, a <doc:> link to a symbol and a relative DocC path: linked to the site's page, else a warning and no link")
    func resolved() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let content = try Self.catalog(
            root: root,
            rootPage: """
                # ``Shapes``

                ``Circle`` and ``Square/side``; <doc:Square>, <doc:Getting-Started>.

                [The circle](./shapes/circle), [the square](./shapes/square), [its side](shapes/square/side-swift.property).
                """)
        let checker = LinkChecker(pages: content.pages, files: Set(content.assets))
        #expect(checker.check().isEmpty, "no hard error before the symbol graph is read: \(checker.check())")
        let references = checker.symbolReferences()
        let judgement = checker.judge(references, symbols: Self.symbols)
        #expect(judgement.broken == 0, "\(judgement.diagnostics)")
        // Linked: ``Circle``, <doc:Getting-Started>, ./shapes/circle.
        #expect(judgement.linked == 3, "\(references)")
        #expect(judgement.withoutPage == 6, "``Square/side``, <doc:Square>, ./shapes/square, shapes/square/side, ``radius``, ``Square``")
        #expect(judgement.diagnostics.allSatisfy { $0.severity == .warning })
        let descriptions = judgement.diagnostics.map(\.description)
        #expect(descriptions.contains { $0.contains("Shapes.docc/Shapes.md:5:") && $0.contains("`Shapes/Square`") }, "\(descriptions)")
        #expect(descriptions.contains { $0.contains("Extensions/Circle.md:3:") && $0.contains("``radius`` (line 3)") }, "\(descriptions)")

        // Rendered: linked when the site has the page, else the text without a link.
        let page = try #require(content.pages.first { $0.url == "Shapes/Shapes.html" })
        let resolver = DocLinkResolver(pages: content.pages)
        let html = MarkdownHTMLRenderer().render(page.document, rewriteLink: { resolver.rewrite($0, from: page) })
        #expect(html.contains("<a href=\"../Shapes/Extensions/Circle.html\">The circle</a>"), "\(html)")
        #expect(html.contains("the square,") && !html.contains("./shapes/square"), "\(html)")
        #expect(html.contains("<code>Square</code>, <a href=\"../Shapes/Getting%20Started.html\">Getting started</a>"), "\(html)")
    }

    @Test("a link to neither an article nor a symbol is an error at its line with the closest name")
    func broken() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let content = try Self.catalog(
            root: root,
            rootPage: """
                # ``Shapes``

                ``Sqare/side`` and <doc:Getting-Startd>.

                [The triangle](./shapes/triangle) and [Geometry](./geometry).
                """)
        let checker = LinkChecker(pages: content.pages, files: Set(content.assets))
        let judgement = checker.judge(checker.symbolReferences(), symbols: Self.symbols)
        let errors = judgement.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(judgement.broken == 4, "\(errors)")
        #expect(
            errors.contains { $0.contains("Shapes.md:3:") && $0.contains("``Sqare/side``") && $0.contains("Did you mean ``Shapes/Square/side``?") },
            "\(errors)")
        #expect(errors.contains { $0.contains("<doc:Getting-Startd>") && $0.contains("Did you mean <doc:Getting-Started>?") }, "\(errors)")
        #expect(errors.contains { $0.contains("Shapes.md:5:") && $0.contains("documentation/shapes/triangle") }, "\(errors)")
        #expect(errors.contains { $0.contains("no catalog or module of the package is named 'geometry'") }, "\(errors)")

        // With no symbol graph, symbol links are not judged and URL paths are warnings.
        let unchecked = checker.judge(checker.symbolReferences(), symbols: nil)
        #expect(unchecked.diagnostics.filter { $0.severity == .error }.count == 1, "only <doc:Getting-Startd>: \(unchecked.diagnostics)")
    }

    @Test("symbol paths: relative to the page's symbol, the module's name optional, disambiguation and case ignored")
    func index() {
        let index = Self.symbols
        #expect(index.find("side", module: "Shapes", scope: ["Square"]) == "Shapes/Square/side")
        #expect(index.find("Shapes/Square/side-swift.property", module: "Shapes", scope: []) == "Shapes/Square/side")
        #expect(index.find("init(side:)-4j5kz", module: "Shapes", scope: ["Square"]) == "Shapes/Square/init(side:)")
        #expect(index.find("square/init", module: "shapes", scope: []) == "Shapes/Square/init(side:)")
        #expect(index.find("Shapes", module: "Shapes", scope: []) == "Shapes")
        #expect(index.find("side", module: "Shapes", scope: []) == nil)
        #expect(index.suggestion(for: "Square/sid", module: "Shapes") == "Shapes/Square/side")
        #expect(SymbolLink.components("Option/init(name:parsing:help:completion:)-4yske") == ["Option", "init(name:parsing:help:completion:)"])
        #expect(SymbolLink.components("Int/&-(_:_:)") == ["Int", "&-(_:_:)"])
    }

    @Test("names that differ only by case: the nearest symbol with the link's case, else the nearest in any case")
    func caseOfNames() throws {
        func page(_ symbol: String) -> Page {
            Page(
                sourcePath: symbol + ".md", displayPath: symbol, frontMatter: FrontMatter(),
                document: MarkdownDocument(parsing: "# ``\(symbol)``\n"))
        }
        let database = page("GRDB/Database")
        let property = page("GRDB/Database/sqliteConnection")
        let alias = page("GRDB/SQLiteConnection")
        let resolver = DocLinkResolver(pages: [database, property, alias])
        #expect(resolver.symbolPage("SQLiteConnection", from: database)?.sourcePath == alias.sourcePath, "the module's type alias, not the member")
        #expect(resolver.symbolPage("sqliteConnection", from: database)?.sourcePath == property.sourcePath)
        #expect(resolver.symbolPage("SQLiteConnection", from: alias)?.sourcePath == alias.sourcePath)
        #expect(resolver.symbolPage("sqliteconnection", from: database)?.sourcePath == property.sourcePath, "no name has that case: the nearest")
    }

    @Test("an image named by its base name, as DocC finds it: repeat.png, @Image(source: \"repeat\"), with its ~dark@2x variant")
    func imageByBaseName() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let content = try Self.catalog(
            root: root,
            rootPage: """
                # ``Shapes``

                ![The output of the Repeat command.](repeat.png)

                @Image(source: "repeat", alt: "Again")
                """)
        let page = try #require(content.pages.first { $0.url == "Shapes/Shapes.html" })
        let image = CatalogImage(path: "Shapes/Images/repeat.png", darkPath: "Shapes/Images/repeat~dark@2x.png")
        #expect(page.images["repeat.png"] == image)
        #expect(page.images["repeat"] == image)
        #expect(LinkChecker(pages: content.pages, files: Set(content.assets)).check().isEmpty)
    }
}
