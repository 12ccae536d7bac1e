import Foundation
import GalleyProject
import GalleySite
import GalleyTestSupport
import Testing

/// A project in a temporary folder with the fixture theme.
struct Project {
    let directory: TemporaryDirectory

    init(pages: [String: String]) throws {
        directory = try TemporaryDirectory()
        try FixtureTheme.write(into: directory)
        for (path, text) in pages { try directory.write("content/\(path)", text) }
    }

    var layout: SiteLayout { SiteLayout(root: directory.url) }

    @discardableResult
    func build() throws(BuildFailure) -> BuildReport {
        try BuildSession.build(BuildSettings(layout: layout))
    }

    /// The messages of a build that must fail.
    func buildErrors() -> [String] {
        do {
            try build()
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }
}

@Suite("Building a site")
struct SiteBuilderTests {
    let standardPages = [
        "index.md": "---\ntitle: Home\n---\n# Welcome\n\nRead the [guide](guide/intro.md#setup).\n",
        "guide/intro.md": "---\norder: 2\n---\n# Introduction\n\n## Setup\n\n### Details\n\n## Usage\n\n#### Deep\n\nBack [home](../index.md).\n",
        "guide/advanced.md": "---\ntitle: Advanced\norder: 1\n---\nNo heading here.\n",
        "zeta.md": "# Zeta\n",
        "alpha.md": "# Alpha\n![logo](images/logo.png)\n",
        "images/logo.png": "PNG",
    ]

    @Test("a one-shot build writes the same site and counts the same files as a session's first build, which keeps its pages for the next")
    func oneShotBuild() throws {
        let project = try Project(pages: standardPages)
        defer { project.directory.remove() }
        let oneShot = try project.build()
        let site = try project.directory.snapshot("public")
        try FileManager.default.removeItem(at: project.directory.url.appendingPathComponent("public"))
        var session = BuildSession(BuildSettings(layout: project.layout))
        let first = try session.build()
        #expect(try project.directory.snapshot("public") == site)
        #expect(
            oneShot.fileCount == first.fileCount && first.fileCount == site.count - 1, "\(oneShot.fileCount) \(first.fileCount) \(site.keys.sorted())"
        )
        // The session's next build reuses the pages it kept: one page re-rendered.
        try project.directory.write("content/zeta.md", "# Zeta\n\nMore.\n")
        var edit = SiteChanges()
        edit.content = ["zeta.md"]
        let next = try session.build(edit)
        #expect(next.renderedPageCount == 1)
        #expect(try project.directory.read("public/zeta.html").contains("More."))
        #expect(try project.directory.snapshot("public")["/index.html"] == site["/index.html"])
    }

    @Test("the generated pages are pages of the site: a link to 404.html is checked and resolves, a 404.md gives way, a link to nothing still fails")
    func generatedPagesAreLinkTargets() throws {
        let project = try Project(pages: [
            "index.md": "# Home\n\nLost? See [the lost page](404.html).\n",
            "404.md": "# Mine\n\nA page of the site's own at the generated page's address.\n",
        ])
        defer { project.directory.remove() }
        let report = try project.build()
        #expect(report.pageCount == 1, "the 404 page is not in the navigation")
        let notFound = try project.directory.read("public/404.html")
        #expect(notFound.contains("Page not found") && !notFound.contains("A page of the site"), "the generated 404 page replaces 404.md")
        #expect(!(try project.directory.read("public/search-index.js")).contains("404.html"), "generated pages are not searched")

        try project.directory.write("content/index.md", "# Home\n\nLost? See [the lost page](404.html) or [this](nowhere.md).\n")
        let errors = project.buildErrors()
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("content/index.md:3:") == true && errors.first?.contains("'nowhere.md'") == true, "\(errors)")
    }

    @Test("pages, assets, the 404 page and theme assets are written")
    func writesFiles() throws {
        let project = try Project(pages: standardPages)
        defer { project.directory.remove() }
        let report = try project.build()
        #expect(report.pageCount == 5)
        for path in [
            "index.html", "guide/intro.html", "guide/advanced.html", "zeta.html", "alpha.html",
            "images/logo.png", "assets/site.css", "404.html",
        ] {
            #expect(project.directory.exists("public/\(path)"), "missing public/\(path)")
        }
        #expect(!project.directory.exists("public/sitemap.xml"))
        #expect(report.summary.hasPrefix("Built 5 pages in "))
        #expect(report.summary.hasSuffix(" s → public/"))
    }

    @Test("a build's time is written with two decimals, as %.2f writes it")
    func secondsInSummary() {
        for milliseconds in stride(from: 0, through: 125_000, by: 7) where milliseconds % 10 != 5 {
            let duration = Duration.milliseconds(milliseconds)
            #expect(BuildReport.seconds(duration) == String(format: "%.2f", Double(milliseconds) / 1000), "\(milliseconds) ms")
        }
        #expect(BuildReport.seconds(.milliseconds(5)) == "0.01")
        #expect(BuildReport.seconds(.seconds(61) + .microseconds(994_999)) == "61.99")
    }

    @Test("navigation: home first, then by order, then by path; the current page is marked")
    func navigationOrder() throws {
        let project = try Project(pages: standardPages)
        defer { project.directory.remove() }
        try project.build()
        let html = try project.directory.read("public/guide/intro.html")
        let nav = html.components(separatedBy: "<nav>")[1].components(separatedBy: "</nav>")[0]
        let titles = nav.components(separatedBy: "\n").compactMap { line -> String? in
            guard let end = line.range(of: "</a>"), let start = line[..<end.lowerBound].lastIndex(of: ">") else { return nil }
            return String(line[line.index(after: start)..<end.lowerBound])
        }
        #expect(titles == ["Home", "Advanced", "Introduction", "Alpha", "Zeta"])
        #expect(nav.contains("<a href=\"../guide/intro.html\" aria-current=\"page\">Introduction</a>"))
        #expect(nav.contains("<a href=\"../index.html\">Home</a>"))
        #expect(html.contains("<a rel=\"prev\" href=\"../guide/advanced.html\">Advanced</a>"))
        #expect(html.contains("<a rel=\"next\" href=\"../alpha.html\">Alpha</a>"))
        #expect(html.contains("<link rel=\"stylesheet\" href=\"../assets/site.css\">"))
    }

    @Test("a title falls back to the first H1, then to the file name")
    func titles() throws {
        let project = try Project(pages: standardPages)
        defer { project.directory.remove() }
        try project.build()
        #expect(try project.directory.read("public/zeta.html").contains("<title>Zeta · Documentation</title>"))
        try project.directory.write("content/zeta.md", "no heading\n")
        try project.build()
        #expect(try project.directory.read("public/zeta.html").contains("<title>zeta · Documentation</title>"))
    }

    @Test("the table of contents lists h2 and h3 headings only")
    func tableOfContents() throws {
        let project = try Project(pages: standardPages)
        defer { project.directory.remove() }
        try project.build()
        let html = try project.directory.read("public/guide/intro.html")
        #expect(
            html.contains(
                "<ol class=\"toc\"><li class=\"level-2\"><a href=\"#setup\">Setup</a></li><li class=\"level-3\"><a href=\"#details\">Details</a></li><li class=\"level-2\"><a href=\"#usage\">Usage</a></li></ol>"
            ))
        #expect(!(try project.directory.read("public/zeta.html")).contains("class=\"toc\""))
    }

    @Test("galley.yml sets title, language, edit links and a sitemap")
    func configuration() throws {
        let project = try Project(pages: standardPages)
        defer { project.directory.remove() }
        try project.directory.write(
            "galley.yml",
            """
            title: Observation Guides
            base_url: https://example.org/docs
            language: de
            edit_url: https://git.example.org/edit/main/content/
            markdown:
              unsafe_html: true
            """)
        try project.directory.write("content/zeta.md", "# Zeta\n\n<span class=\"raw\">x</span>\n")
        try project.build()
        let zeta = try project.directory.read("public/zeta.html")
        #expect(zeta.contains("<html lang=\"de\">"))
        #expect(zeta.contains("<title>Zeta · Observation Guides</title>"))
        #expect(zeta.contains("href=\"https://git.example.org/edit/main/content/zeta.md\""))
        #expect(zeta.contains("<span class=\"raw\">x</span>"))
        let sitemap = try project.directory.read("public/sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/docs/</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/docs/guide/intro.html</loc>"))
        #expect(try project.directory.read("public/404.html").contains("href=\"/docs/index.html\""))
    }

    @Test("a page that was deleted disappears from the output")
    func deletedPagesVanish() throws {
        let project = try Project(pages: standardPages)
        defer { project.directory.remove() }
        try project.build()
        #expect(project.directory.exists("public/zeta.html"))
        try FileManager.default.removeItem(at: project.directory.url.appendingPathComponent("content/zeta.md"))
        try project.build()
        #expect(!project.directory.exists("public/zeta.html"))
        #expect(project.directory.exists("public/alpha.html"))
    }

    @Test("samples carry their verdicts, checked output and compiler messages into the page")
    func sampleVerdicts() throws {
        let project = try Project(pages: [
            "index.md": """
            # Samples

            ```swift
            // snippet.hide
            let hidden = "not shown"
            // snippet.show
            print("shown <ok>")
            ```

            ```output
            shown <ok>
            ```

            ```swift compile_fail
            let number: Int = "text" // error: cannot convert
            ```

            ```swift ignore
            pseudo code
            ```

            """
        ])
        defer { project.directory.remove() }
        let report = try project.build()
        #expect(report.verification.summary == "2 passed, 0 failed, 1 skipped")
        let html = try project.directory.read("public/index.html")
        #expect(
            html.contains(
                "<figure class=\"sample sample-verified\" data-hidden-lines=\"1\">\n<figcaption class=\"sample-badge\">✓ Verified</figcaption>"))
        #expect(!html.contains("snippet.hide"), "markers are never shown")
        #expect(html.contains("<figure class=\"sample sample-verified\" data-hidden-lines=\"1\">"))
        #expect(
            html.contains(
                "<span class=\"ln sample-hidden-line\" id=\"L5\"><span class=\"tok-keyword\">let</span> hidden = <span class=\"tok-string\">&quot;not shown&quot;</span>\n</span>"
            ),
            "hidden lines are in the page, hidden until a reader reveals them")
        #expect(html.contains("<div class=\"sample-output\"><div class=\"sample-output-label\">Output</div><pre>shown &lt;ok&gt;</pre></div>"))
        #expect(!html.contains("<code class=\"language-output\">"), "the output block is shown as the sample's panel, not twice")
        // The compile_fail sample: its error under its line, and its valid parts answered about (hovers).
        #expect(
            html.contains(
                "<pre tabindex=\"0\" class=\"has-hovers\"><code class=\"language-swift\"><span class=\"ln\" id=\"L15\"><span class=\"tok-keyword\">let</span> <span class=\"hv\" aria-describedby=\"hv-2\">number</span>: <span class=\"hv\" aria-describedby=\"hv-3\"><span class=\"tok-type\">Int</span></span> = <span class=\"tok-string\">&quot;text&quot;</span></span>\n<span class=\"sample-diagnostic\">error: cannot convert value of type &#39;String&#39; to specified type &#39;Int&#39;</span>"
            ), "\(html)")
        #expect(!html.contains("// error:"))
        #expect(html.contains("<figure class=\"sample sample-not-verified\">"))
        #expect(html.contains("<footer>2 of 3 samples verified with Swift 6."))
    }
}

@Suite("Output panels")
struct OutputPanelTests {
    @Test("words after `output` in an output block's info string label the sample's output panel; none keep 'Output'")
    func outputBlockLabel() throws {
        let project = try Project(pages: [
            "index.md": """
            # Samples

            ```swift
            print("body of ProfileCard")
            ```

            ```output HeadlessSwiftUI's render log
            body of ProfileCard
            ```

            ```swift
            print("plain")
            ```

            ```output
            plain
            ```

            """
        ])
        defer { project.directory.remove() }
        let report = try project.build()
        #expect(report.verification.summary == "2 passed, 0 failed, 0 skipped")
        let html = try project.directory.read("public/index.html")
        #expect(html.contains("<div class=\"sample-output-label\">Output · HeadlessSwiftUI&#39;s render log</div><pre>body of ProfileCard</pre>"))
        #expect(html.contains("<div class=\"sample-output-label\">Output</div><pre>plain</pre>"))
    }
}
