import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyPackage
import GalleyProject
import GalleyRender
import GalleySamples
import GalleySite
import GalleyTestSupport
import Testing

@Suite("DocC Markdown in a site")
struct DocCSiteTests {
    @Test("DocC links build: fragments in any capitalisation, <doc:Heading> of the same page, doc:// links, file names with spaces")
    func docLinks() throws {
        let project = try Project(pages: [
            "index.md": """
            # Home

            ## Getting Started

            See [below](#Getting-Started), <doc:Getting-Started>, <doc:First-Steps>,
            <doc://com.example.Shapes/documentation/Shapes/First-Steps> and
            <doc://org.swift.other/documentation/Other/Elsewhere>.
            """,
            "First Steps.md": "# First steps\n",
        ])
        defer { project.directory.remove() }
        try project.build()
        let html = try project.directory.read("public/index.html")
        #expect(html.contains("<a href=\"#getting-started\">below</a>"), "\(html)")
        #expect(html.contains("<a href=\"index.html#getting-started\">Getting Started</a>"), "\(html)")
        #expect(html.contains("<a href=\"First%20Steps.html\">First steps</a>"), "\(html)")
        #expect(!html.contains("href=\"doc://com.example"), "the doc:// link names the page too")
        #expect(html.contains("href=\"doc://org.swift.other/documentation/Other/Elsewhere\""), "another bundle's link is left as it is")
    }

    @Test("a DocC page builds with no raw @Name text, asides styled, symbol links to symbol pages, and unknown directives warned at their line")
    func directivesInSite() throws {
        let project = try Project(pages: [
            "index.md": """
            # ``Shapes``

            @Metadata {
                @DisplayName("Shapes")
            }

            > Note: Shapes are immutable.

            @Stack {
                Stacked.
            }

            ## Topics

            - ``Shapes/Circle``
            - ``Square``
            """,
            "Circle.md": "# ``Shapes/Circle``\n\nA circle.\n",
        ])
        defer { project.directory.remove() }
        let report = try project.build()
        let html = try project.directory.read("public/index.html")
        #expect(!html.contains("@Metadata") && !html.contains("@Stack") && !html.contains("@DisplayName"))
        #expect(html.contains("<aside class=\"aside aside-note\""))
        #expect(html.contains("<li><a class=\"symbol-link\" href=\"Circle.html\"><code>Circle</code></a></li>"), "\(html)")
        #expect(html.contains("<li><code>Square</code></li>"), "no page: plain code, no error")
        #expect(html.contains("<p>Stacked.</p>"))
        let warnings = report.warnings.map(\.description)
        // `@Stack` is a tutorial file's directive (a tutorial article's), which DocC does not know in an article.
        #expect(warnings.filter { $0.contains("'@Stack' is a directive of DocC's tutorial files, not of articles") }.count == 1, "\(warnings)")
        #expect(warnings.contains { $0.contains("content/index.md:9") }, "\(warnings)")
        #expect(try project.directory.read("public/Circle.html").contains("<title>Circle"))
    }

    @Test("a catalog's images are found by name anywhere in it, the plain file before @2x, ~dark as a dark-mode source")
    func catalogImages() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let catalog = "Sources/Shapes/Shapes.docc"
        try root.write(
            "\(catalog)/Shapes.md",
            """
            # ``Shapes``

            ![A diagram](diagram)

            ![Retina only](retina.png)

            @Image(source: "diagram.png", alt: "Again")
            """)
        try root.write("\(catalog)/Resources/Images/diagram.png", "png")
        try root.write("\(catalog)/Resources/Images/diagram@2x.png", "png")
        try root.write("\(catalog)/Resources/Images/diagram~dark.png", "png")
        try root.write("\(catalog)/Resources/retina@2x.png", "png")
        let layout = SiteLayout(root: root.url)
        let source = CatalogPageSource(
            catalogs: [DocCCatalog(directory: root.url.appendingPathComponent(catalog), module: "Shapes", importsModule: true)],
            layout: layout, configuration: SiteConfiguration(), title: "Shapes"
        )
        let content = try source.load()
        let page = try #require(content.pages.first { $0.url == "Shapes/Shapes.html" })
        #expect(
            page.images["diagram"] == CatalogImage(path: "Shapes/Resources/Images/diagram.png", darkPath: "Shapes/Resources/Images/diagram~dark.png"))
        #expect(page.images["retina.png"] == CatalogImage(path: "Shapes/Resources/retina@2x.png"))
        #expect(page.images["diagram.png"]?.path == "Shapes/Resources/Images/diagram.png")
        #expect(LinkChecker(pages: content.pages, files: Set(content.assets)).check().isEmpty)
        let missing = CatalogResources(assets: content.assets).image(named: "nothing", near: "Shapes")
        #expect(missing == nil)
    }

    @Test("@Snippet shows the package's Snippets/ file: hidden lines and other slices left out, with the file's verdict")
    func snippets() throws {
        let text = """
            //! Shows a greeting.
            import Foundation
            // snippet.hide
            let secret = 1
            // snippet.show
            // snippet.greet
            print("Hello")
            // snippet.end
            print("Bye")
            """
        #expect(SnippetHTML.code(text, slice: nil) == "import Foundation\nprint(\"Hello\")\nprint(\"Bye\")")
        #expect(SnippetHTML.code(text, slice: "greet") == "print(\"Hello\")")
        let root = try TemporaryDirectory()
        defer { root.remove() }
        try root.write("Snippets/Greeting.swift", text)
        try root.write("Sources/Shapes/Shapes.docc/Shapes.md", "# ``Shapes``\n\n@Snippet(path: \"Shapes/Snippets/Greeting\", slice: \"greet\")\n")
        let source = CatalogPageSource(
            catalogs: [DocCCatalog(directory: root.url.appendingPathComponent("Sources/Shapes/Shapes.docc"), module: "Shapes", importsModule: true)],
            layout: SiteLayout(root: root.url), configuration: SiteConfiguration(), title: "Shapes"
        )
        let page = try #require(try source.load().pages.first { $0.url == "Shapes/Shapes.html" })
        let snippet = try #require(page.snippets["Shapes/Snippets/Greeting"])
        #expect(snippet == SnippetFile(path: "Snippets/Greeting.swift", text: text))
        let html = SnippetHTML.render(text, slice: "greet", path: "Shapes/Snippets/Greeting")
        #expect(html.contains("· not verified</figcaption>"))
        #expect(html.contains("Hello") && !html.contains("Bye") && !html.contains("secret"))

        // What the verifier reads: the whole file at its own lines, slice markers as plain comments.
        let (samples, problems) = SwiftFileSampleSource(path: snippet.path, text: snippet.text).samples()
        #expect(problems.isEmpty, "\(problems)")
        let sample = try #require(samples.first)
        #expect(samples.count == 1)
        #expect(sample.block.firstCodeLine == 1)
        // Its source says what it is; a page's fence at the same path would say otherwise.
        #expect(sample.origin == .snippetFile)
        let fences = MarkdownSampleSource(
            path: snippet.path, document: MarkdownDocument(parsing: "```swift\nprint(1)\n```\n"), origin: .catalogArticle
        ).samples().samples
        #expect(fences.map(\.origin) == [.catalogArticle])
        #expect(sample.displayedLines.first { $0.text.contains("Hello") }?.line == 7)
        #expect(sample.hiddenLines.map(\.text) == ["let secret = 1"])
        #expect(sample.compiledCode.contains("print(\"Bye\")") && !sample.compiledCode.contains("snippet.greet"))
    }

    @Test(
        "a Swift file read as a sample source is the sample a one-block Markdown page of its lines made",
        arguments: [
            "print(1)\n",
            "// snippet.a\nlet x = 1\n// snippet.end\n// snippet.hide\nlet hidden = 2\n// snippet.show\nprint(x + hidden)\n",
            "let fence = \"```\"\n  // snippet.indented\nprint(fence)  // Prints \"```\"",
            "\n\nprint(\"blank lines first\")\n\n",
        ])
    func swiftFileSource(text: String) throws {
        // The reference: the file as a fenced block on line 0, its slice markers as plain comments (what pages used to be faked as).
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let trimmed = line.drop { $0 == " " }
            return trimmed.hasPrefix("// snippet.") && trimmed != "// snippet.hide" && trimmed != "// snippet.show" ? "//" : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        let markdown = "````swift\n" + lines.joined(separator: "\n") + "\n````\n"
        let reference = SampleExtractor.samples(in: MarkdownDocument(parsing: markdown, firstLine: 0), page: "Snippets/A.swift")
        let source = SwiftFileSampleSource(path: "Snippets/A.swift", text: text).samples()
        #expect(source.problems.isEmpty && reference.problems.isEmpty, "\(source.problems) \(reference.problems)")
        let sample = try #require(source.samples.first)
        let expected = try #require(reference.samples.first)
        #expect(sample.block == expected.block)
        #expect(sample.compiledCode == expected.compiledCode)
        #expect(sample.displayedLines.map(\.line) == expected.displayedLines.map(\.line))
        #expect(sample.displayedLines.map(\.text) == expected.displayedLines.map(\.text))
        #expect(sample.hiddenLines.map(\.line) == expected.hiddenLines.map(\.line))
        #expect(sample.expectedPrints == expected.expectedPrints)
        #expect(sample.expectedPrintsLines == expected.expectedPrintsLines)
    }
}
