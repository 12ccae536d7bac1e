import GalleyMarkdown
import Testing

@Suite("DocC Markdown")
struct DocCMarkdownTests {
    func html(_ markdown: String, docc: DocCRendering = DocCRendering()) -> String {
        MarkdownHTMLRenderer().render(MarkdownDocument(parsing: markdown), docc: docc, rewriteLink: { _ in nil })
    }

    @Test("asides (> Note:, > Warning:, …) render as labelled callouts without their tag")
    func asides() {
        for (tag, kind) in [
            ("Note", "note"), ("Important", "important"), ("Warning", "warning"), ("Tip", "tip"),
            ("Experiment", "experiment"), ("Deprecated", "deprecated"),
        ] {
            let output = html("> \(tag): Mind the *gap*.\n> Second line.\n")
            #expect(output.contains("<aside class=\"aside aside-\(kind)\" aria-label=\"\(tag)\">\n<p class=\"aside-label\">\(tag)</p>"), "\(output)")
            #expect(output.contains("<p>Mind the <em>gap</em>.\nSecond line.</p>"), "\(output)")
            #expect(!output.contains("blockquote") && !output.contains("\(tag):"), "\(output)")
        }
    }

    @Test("GitHub's alerts (> [!NOTE]) render as callouts; plain quotes and unknown tags stay quotes")
    func githubAlerts() {
        let output = html("> [!WARNING]\n> Do not run this in production.\n")
        #expect(output.contains("<aside class=\"aside aside-warning\""), "\(output)")
        #expect(output.contains("<p>Do not run this in production.</p>"), "\(output)")
        #expect(!output.contains("[!WARNING]"))
        #expect(html("> Source: the manual.\n").contains("<blockquote>"))
        #expect(html("> Just a quote.\n").contains("<blockquote>"))
    }

    @Test("metadata directives are dropped with their content; no @Name text is left")
    func metadataDropped() {
        let markdown = """
            # Title

            @Metadata {
                @DisplayName("Other")
                @PageImage(purpose: icon, source: "icon", alt: "An icon")
                @Available(iOS, introduced: "17.0")
            }

            @Options(scope: global) {
                @AutomaticSeeAlso(disabled)
            }

            @Comment {
                Not for readers.
            }

            Body.
            """
        let document = MarkdownDocument(parsing: markdown)
        let output = html(markdown)
        #expect(!output.contains("@"), "\(output)")
        #expect(!output.contains("Not for readers"))
        #expect(output.contains("<p>Body.</p>"))
        #expect(document.directives.map(\.name) == ["Metadata", "Options", "Comment"])
        #expect(document.directives.allSatisfy { $0.role == .metadata })
    }

    @Test("@Row/@Column render as a grid, @TabNavigator/@Tab as titled sections, their indented content as Markdown")
    func layoutDirectives() {
        let output = html(
            """
            @Row {
                @Column(size: 2) {
                    First *column*.
                }
                @Column {
                    Second.
                }
            }

            @TabNavigator {
                @Tab("Swift") {
                    Swift text.
                }
                @Tab("Objective-C") {
                    Other text.
                }
            }
            """)
        #expect(
            output.contains(
                "<div class=\"docc-row\">\n<div class=\"docc-column\" style=\"grid-column: span 2\">\n<p>First <em>column</em>.</p>\n</div>\n<div class=\"docc-column\">\n<p>Second.</p>\n</div>\n</div>"
            ), "\(output)")
        #expect(
            output.contains(
                "<div class=\"docc-tabs\">\n<section class=\"docc-tab\">\n<p class=\"docc-tab-title\">Swift</p>\n<p>Swift text.</p>\n</section>"),
            "\(output)")
        #expect(!output.contains("<pre>"), "indented content is not code")
        #expect(!output.contains("@"))
    }

    @Test("@Image, @Video, @Small, @Links and @DeprecationSummary render as media, small print, a list and an aside")
    func contentDirectives() {
        let output = html(
            """
            @Image(source: "diagram.png", alt: "A \\"quoted\\" diagram")

            @Video(source: "intro.mp4", poster: "intro-poster") {
                The intro.
            }

            @Small {
                Licensed under Apache 2.0.
            }

            @Links(visualStyle: list) {
                - <doc:Intro>
            }

            @DeprecationSummary {
                Use ``Newer`` instead.
            }
            """)
        #expect(output.contains("<figure class=\"docc-figure\"><img src=\"diagram.png\" alt=\"A &quot;quoted&quot; diagram\"></figure>"), "\(output)")
        #expect(
            output.contains(
                "<video controls src=\"intro.mp4\" poster=\"intro-poster\"></video><figcaption>\n<p>The intro.</p>\n</figcaption></figure>"),
            "\(output)")
        #expect(output.contains("<div class=\"docc-small\">\n<p><small>Licensed under Apache 2.0.</small></p>\n</div>"), "\(output)")
        #expect(output.contains("<div class=\"docc-links\">\n<ul>\n<li><a href=\"doc:Intro\">doc:Intro</a></li>"), "\(output)")
        #expect(
            output.contains(
                "<aside class=\"aside aside-deprecated\" aria-label=\"Deprecated\">\n<p class=\"aside-label\">Deprecated</p>\n<p>Use <code>Newer</code> instead.</p>\n</aside>"
            ), "\(output)")
        #expect(!output.contains("@"))
    }

    @Test("an unknown directive is reported once, at its line, and its content is still rendered")
    func unknownDirective() {
        // A name DocC has no directive for (`@Stack` is a tutorial article's).
        let markdown = "Intro.\n\n@Marquee {\n    Inside the marquee.\n}\n"
        let document = MarkdownDocument(parsing: markdown, firstLine: 4)
        #expect(document.directives.map(\.name) == ["Marquee"])
        #expect(document.directives[0].role == .unknown)
        #expect(document.directives[0].line == 6)
        let output = html(markdown)
        #expect(output.contains("<div class=\"docc-directive docc-marquee\">\n<p>Inside the marquee.</p>\n</div>"), "\(output)")
    }

    @Test("directives keep every other line's number: a sample after and inside a directive is at its file line")
    func lineNumbersKept() {
        let markdown = """
            @Metadata {
                @TechnologyRoot
            }

            @Row {
                @Column {
                    ```swift
                    let inside = 1
                    ```
                }
            }

            ```swift
            let after = 2
            ```
            """
        let document = MarkdownDocument(parsing: markdown, firstLine: 3)
        #expect(document.codeBlocks.map(\.fenceLine) == [9, 15])
        #expect(document.codeBlocks.map(\.code) == ["let inside = 1\n", "let after = 2\n"])
        #expect(document.source == markdown, "the source as written is kept")
    }

    @Test("a `}` line inside an indented code block of a directive does not close it")
    func bracesInIndentedCode() {
        let output = html("@Row {\n  @Column {\n    ```swift\n    func f() {\n    }\n    ```\n  }\n  @Column {\n    After.\n  }\n}\n")
        #expect(
            output.contains(
                "<div class=\"docc-row\">\n<div class=\"docc-column\">\n<pre><code class=\"language-swift\">func f() {\n}\n</code></pre>\n</div>"),
            "\(output)")
        #expect(output.contains("<p>After.</p>\n</div>\n</div>"), "\(output)")
        #expect(!output.contains("@Column"))
    }

    @Test("directive-like lines in code blocks and Swift attributes in prose are not directives")
    func notDirectives() {
        let markdown = "```swift\n@Row {\n}\n```\n\n@MainActor is an attribute.\n\n@Observable\n"
        let document = MarkdownDocument(parsing: markdown)
        #expect(document.directives.isEmpty)
        #expect(html(markdown).contains("<p>@MainActor is an attribute.</p>"))
    }

    @Test("a title that is a symbol link followed by an HTML comment still names the symbol (swift-nio's `# ``NIO`` <!-- SwiftNIO -->`)")
    func symbolTitleWithComment() {
        #expect(MarkdownDocument(parsing: "# ``NIO`` <!-- SwiftNIO -->\n\nText.\n").symbolPath == "NIO")
        #expect(MarkdownDocument(parsing: "# ``NIO``\n").symbolPath == "NIO")
        // Anything else beside the code span makes the title prose, as before.
        #expect(MarkdownDocument(parsing: "# ``NIO`` and more\n").symbolPath == nil)
        #expect(MarkdownDocument(parsing: "# ``NIO`` <b>x</b>\n").symbolPath == nil)
        #expect(MarkdownDocument(parsing: "# ``A`` ``B``\n").symbolPath == nil)
    }

    @Test("a symbol extension page's title is the symbol's name in code font; Topics links are code, linked when a page exists")
    func symbolLinks() {
        let markdown = "# ``Geometry/Point``\n\nA point.\n\n## Topics\n\n### Creating\n\n- ``Point/init(x:y:)``\n- ``Geometry/Line``\n- `plain`\n"
        let document = MarkdownDocument(parsing: markdown)
        #expect(document.symbolPath == "Geometry/Point")
        #expect(document.displayTitle == "Point")
        var docc = DocCRendering()
        docc.symbolURL = { $0 == "Geometry/Line" ? "Line.html" : nil }
        let output = html(markdown, docc: docc)
        #expect(output.contains("<h1 id=\"geometrypoint\"><code>Point</code>"), "\(output)")
        #expect(output.contains("<li><code>init(x:y:)</code></li>"), "\(output)")
        #expect(output.contains("<li><a class=\"symbol-link\" href=\"Line.html\"><code>Line</code></a></li>"), "\(output)")
        #expect(output.contains("<li><code>plain</code></li>"))
    }

    @Test("symbol paths drop DocC's disambiguation and match by their last components")
    func symbolPaths() {
        #expect(SymbolLink.displayName("Module/Parser-swift.struct") == "Parser")
        #expect(SymbolLink.displayName("Module/Vector//(_:_:)") == "/(_:_:)")
        #expect(SymbolLink.keys("Geometry/Point/init(x:y:)") == ["geometry/point/init(x:y:)", "point/init(x:y:)", "init(x:y:)"])
    }

    @Test("images render through the site's resolution: a plain <img> or a <picture> with a dark variant")
    func images() {
        var docc = DocCRendering()
        docc.imageHTML = { source, alt in source == "diagram" ? "<img src=\"R/diagram@2x.png\" alt=\"\(alt)\">" : nil }
        let output = html("![The diagram](diagram) and ![x](other.png)\n", docc: docc)
        #expect(output.contains("<img src=\"R/diagram@2x.png\" alt=\"The diagram\">"), "\(output)")
        #expect(output.contains("<img src=\"other.png\" alt=\"x\" />"), "\(output)")
    }

    @Test("fragments in any capitalisation or DocC's dashed form find the heading")
    func fragments() {
        let document = MarkdownDocument(parsing: "# Intro\n\n## Getting Started\n")
        #expect(document.heading(matchingFragment: "Getting-Started")?.id == "getting-started")
        #expect(document.heading(matchingFragment: "GETTING-STARTED")?.id == "getting-started")
        #expect(document.heading(matchingFragment: "Getting%20Started")?.id == "getting-started")
        #expect(document.heading(matchingFragment: "missing") == nil)
    }

    @Test("one-line and multi-line directive arguments are read, quotes and escapes removed")
    func arguments() {
        let document = MarkdownDocument(parsing: "@Image(\n    source: \"a, b.png\",\n    alt: \"say \\\"hi\\\"\"\n)\n\n@Small { Fine print. }\n")
        #expect(document.directives.count == 2)
        #expect(document.directives[0].argument("source") == "a, b.png")
        #expect(document.directives[0].argument("alt") == "say \"hi\"")
        #expect(document.directives[1].inlineContent == "Fine print.")
        let output = html("@Small { Fine print. }\n")
        #expect(output.contains("<div class=\"docc-small\">\n<p>Fine print.</p>\n</div>"), "\(output)")
    }
}
