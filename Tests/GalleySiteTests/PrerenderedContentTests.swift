import Foundation
import GalleyCore
import GalleyProject
import GalleySamples
import GalleySite
import GalleyTestSupport
import Testing

@testable import GalleyMarkdown

/// Pages whose HTML depends only on themselves are rendered as they are
/// parsed (their cmark tree freed then); every other page waits for the site.
@Suite("Pages rendered as they are parsed")
struct PrerenderedContentTests {
    /// The content folder read by a loader that renders every page with the
    /// site: a source with the protocol's default, no prerendering.
    struct RenderedWithTheSite: PageSource {
        var loader: ContentLoader
        var displayPath: String { loader.displayPath }
        var directory: URL { loader.directory }

        func load(reusing previous: [String: Page], changed: Set<String>) throws(DiagnosticList) -> LoadedContent {
            try loader.load(reusing: previous, changed: changed)
        }
    }

    /// Pages of every kind: self-contained ones with fragments in another
    /// capitalisation, links to other pages' headings, tables, autolinks and
    /// raw HTML; and one page for each reason to wait for the site.
    let pages = [
        "index.md": """
        # Home

        Jump to [setup](#Setup), [the table](#setup), [the guide's part](guide/intro.md#details) and <https://swift.org>.

        ## Setup

        | a | b |
        |---|---|
        | 1 | ~~2~~ |

        <span class="raw">kept or dropped</span>

        - [x] done
        """,
        "guide/intro.md": "# Intro\n\n## Details\n\nBack [home](../index.md#Setup) and to the [sample](../sample.md).\n\n```python\nprint(1)\n```\n",
        "doclink.md": "# Doc link\n\nSee <doc:intro> and [the intro](doc:intro#details).\n",
        "sample.md": "# Sample\n\n```swift ignore\npseudo code\n```\n",
        "directive.md": "# Directive\n\n@Small {\nFine print.\n}\n",
        "symbol.md": "# Symbol\n\nUse ``Intro/details``.\n",
    ]

    @Test("a build that renders self-contained pages at load writes the same site as one that renders every page with the site, raw HTML on or off")
    func sameSite() throws {
        for unsafeHTML in [false, true] {
            let project = try Project(pages: pages)
            defer { project.directory.remove() }
            try project.directory.write("galley.yml", "title: Same\nmarkdown:\n  unsafe_html: \(unsafeHTML)\n")
            try project.build()
            let prerendered = try project.directory.snapshot("public")
            var settings = BuildSettings(layout: project.layout)
            settings.pageSource = { configuration, layout in
                RenderedWithTheSite(loader: ContentLoader(layout: layout, configuration: configuration))
            }
            _ = try BuildSession.build(settings)
            let withTheSite = try project.directory.snapshot("public")
            #expect(prerendered == withTheSite)
            #expect(prerendered.count > pages.count, "\(prerendered.keys.sorted())")
            let index = try project.directory.read("public/index.html")
            #expect(index.contains("href=\"#setup\""), "a fragment in another capitalisation goes to the heading's id")
            #expect(index.contains("href=\"guide/intro.html#details\""))
            #expect(index.contains("<span class=\"raw\">") == unsafeHTML)
            #expect(try project.directory.read("public/doclink.html").contains(">Intro</a>"), "a doc: link shows its target's title")
        }
    }

    @Test("only pages whose render asked the site nothing are rendered at load, their cmark tree freed then; a sample page keeps its tree")
    func whichPages() throws {
        let project = try Project(pages: pages)
        defer { project.directory.remove() }
        let loader = ContentLoader(layout: project.layout, configuration: SiteConfiguration())
        let loaded = try loader.prerendering(allowsRawHTML: false).load().pages
        let rendered = Set(loaded.filter { $0.prerenderedContent != nil }.map(\.sourcePath))
        // The directive asks the site nothing; the doc: link, the sample and the symbol link do.
        #expect(rendered == ["index.md", "guide/intro.md", "directive.md"])
        for page in loaded where page.prerenderedContent != nil {
            #expect(!page.document.parsedTree.isAvailable, "\(page.sourcePath): freed once rendered")
        }
        let sample = try #require(loaded.first { $0.sourcePath == "sample.md" })
        #expect(sample.document.parsedTree.isAvailable, "a page with a Swift sample is left whole for the render with its verdicts")
        // A loader that does not prerender (galley verify) renders nothing and keeps every tree for the render.
        let plain = try loader.load().pages
        #expect(plain.allSatisfy { $0.prerenderedContent == nil && $0.document.parsedTree.isAvailable })
        // A page of a DocC catalog resolves its links against it: its render needs the site.
        var catalogPage = try #require(plain.first { $0.sourcePath == "index.md" })
        catalogPage.catalogModule = "Module"
        #expect(PrerenderedContent.render(catalogPage, allowsRawHTML: false) == nil)
        // The same page outside a catalog (a fresh parse: the render above used the tree up) is rendered.
        var contentPage = try #require(try loader.load().pages.first { $0.sourcePath == "index.md" })
        contentPage.catalogModule = nil
        #expect(PrerenderedContent.render(contentPage, allowsRawHTML: false) != nil)
    }

    @Test("a page rendered at load with the other raw HTML setting is rendered again with the site's")
    func otherRawHTMLSetting() throws {
        let project = try Project(pages: ["index.md": "# Home\n\n<span class=\"raw\">x</span>\n"])
        defer { project.directory.remove() }
        try project.directory.write("galley.yml", "title: Raw\nmarkdown:\n  unsafe_html: true\n")
        var settings = BuildSettings(layout: project.layout)
        settings.pageSource = { configuration, layout in
            // Prerendered with raw HTML dropped, for a site that keeps it.
            var loader = ContentLoader(layout: layout, configuration: configuration)
            loader.prerendersAllowingRawHTML = false
            return RenderedWithTheSite(loader: loader)
        }
        _ = try BuildSession.build(settings)
        #expect(try project.directory.read("public/index.html").contains("<span class=\"raw\">x</span>"))
    }
}
