import Foundation
import GalleyTestSupport
import Testing

/// One bad input for `galley build`: how to introduce it into a site that
/// built, and what the next build must say and do.
struct BadInput: Sendable, CustomTestStringConvertible {
    /// What the next build must do.
    enum Outcome: Sendable {
        /// Exit with `status`, leaving `public/` byte-for-byte as it was.
        case fails(status: Int32)
        /// Exit 0 with the messages as warnings; `check` inspects the project afterwards.
        case warns(check: @Sendable (TemporaryDirectory) throws -> Void)
    }

    var name: String
    /// Changes the good site into the bad one.
    var apply: @Sendable (TemporaryDirectory) throws -> Void
    /// Texts standard error must contain (an `error:` or `warning:` line each, with file:line where one exists).
    var messages: [String]
    var outcome: Outcome = .fails(status: 1)
    var arguments = ["build"]

    var testDescription: String { name }

    static func fails(
        _ name: String, _ messages: [String], arguments: [String] = ["build"], status: Int32 = 1,
        _ apply: @escaping @Sendable (TemporaryDirectory) throws -> Void
    ) -> BadInput {
        BadInput(name: name, apply: apply, messages: messages, outcome: .fails(status: status), arguments: arguments)
    }

    static func warns(
        _ name: String, _ messages: [String],
        check: @escaping @Sendable (TemporaryDirectory) throws -> Void,
        apply: @escaping @Sendable (TemporaryDirectory) throws -> Void
    ) -> BadInput {
        BadInput(name: name, apply: apply, messages: messages, outcome: .warns(check: check))
    }
}

/// A link `<a href>` of every page: each must lead to a file of the site once percent-decoded.
func brokenHrefs(in site: TemporaryDirectory) throws -> [String] {
    var broken: [String] = []
    for (path, data) in try site.snapshot("public") where path.hasSuffix(".html") {
        let page = String(decoding: data, as: UTF8.self)
        let folder = (path as NSString).deletingLastPathComponent
        for part in page.components(separatedBy: "href=\"").dropFirst() {
            let href = String(part.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
            guard !href.contains("://"), !href.hasPrefix("#"), !href.hasPrefix("mailto:") else { continue }
            let target = String(href.prefix { $0 != "#" && $0 != "?" })
            guard let decoded = target.removingPercentEncoding else { broken.append("\(path): \(href) (bad encoding)"); continue }
            let resolved = ((folder as NSString).appendingPathComponent(decoded) as NSString).standardizingPath
            let file = resolved.hasSuffix("/") || decoded.isEmpty || decoded.hasSuffix("/") ? resolved + "/index.html" : resolved
            if !site.exists("public/" + file) { broken.append("\(path): \(href)") }
        }
    }
    return broken
}

/// The table of bad inputs from issue 13: each case builds a good site, breaks
/// it, and checks the next build's message, exit status and output.
@Suite("Bad inputs, table-driven")
struct BadInputTableTests {
    static let goodPages = [
        "content/index.md": "---\ntitle: Home\n---\n# Home\n\nSee [the guide](guide.md#setup).\n",
        "content/guide.md": "---\ntitle: Guide\norder: 1\n---\n# Guide\n\n## Setup\n\nText.\n",
    ]

    static let cases: [BadInput] = [
        // 1. Awkward page names are linked percent-encoded, and every link resolves.
        .warns("page names with #, ?, %, spaces build with working links", []) { site throws in
            #expect(try brokenHrefs(in: site) == [])
            let index = try site.read("public/index.html")
            for href in ["a%23b.html", "what%3F.html", "100%25.html", "my%20page.html"] { #expect(index.contains("href=\"\(href)\""), "\(href)") }
            #expect(try site.read("public/search-index.js").contains("my%20page.html"))
        } apply: { site in
            for name in ["a#b", "what?", "100%", "my page"] { try site.write("content/\(name).md", "# \(name)\n") }
        },
        // 2. YAML errors at their exact line.
        .fails("a YAML error on line 2 of the file", ["error: content/guide.md:2: invalid front matter: while parsing a flow sequence"]) {
            try $0.write("content/guide.md", "---\ntitle: [unclosed\norder: 1\n---\n# Guide\n\n## Setup\n")
        },
        .fails("a YAML error in the middle of front matter", ["error: content/guide.md:3: invalid front matter: "]) {
            try $0.write("content/guide.md", "---\ntitle: Guide\norder: 1: 2\n---\n# Guide\n\n## Setup\n")
        },
        .fails("front matter never closed", ["error: content/guide.md:1: front matter is not closed"]) {
            try $0.write("content/guide.md", "---\ntitle: Guide\n# Guide\n\n## Setup\n")
        },
        .fails("front matter that is a list", ["error: content/guide.md:2: invalid front matter: expected `key: value` lines, found a list"]) {
            try $0.write("content/guide.md", "---\n- a\n- b\n---\n# Guide\n\n## Setup\n")
        },
        .fails("order that is not a number", ["error: content/guide.md:3: 'order' must be a whole number"]) {
            try $0.write("content/guide.md", "---\ntitle: Guide\norder: first\n---\n# Guide\n\n## Setup\n")
        },
        .fails(
            "an alias bomb in front matter",
            ["error: content/guide.md:5: 'a3' expands to more than 10000 values (YAML aliases that repeat each other)"]
        ) { site in
            var yaml = "---\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
            for level in 1...8 { yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
            try site.write("content/guide.md", yaml + "bomb: *a8\n---\n# Guide\n\n## Setup\n")
        },
        // 3. Templates.
        .fails(
            "a Mustache section never closed",
            [
                "error: templates/partials/extra.mustache:2:3: Mustache syntax error: the section {{#page}} opened here is never closed. Close it with {{/page}}"
            ]
        ) { site in
            try site.write("templates/partials/extra.mustache", "<p>\n  {{#page}}{{title}}\n</p>\n")
        },
        .fails(
            "a Mustache section closed with the wrong name",
            ["error: templates/partials/extra.mustache:1:", "a section is closed with the wrong name"]
        ) { site in
            try site.write("templates/partials/extra.mustache", "{{#page}}{{title}}{{/pages}}\n")
        },
        .fails("a partial that includes itself", ["error: templates/partials/extra.mustache:1: the partial 'partials/extra' includes itself"]) {
            site in
            try site.write("templates/partials/extra.mustache", "{{> partials/extra}}\n")
        },
        .fails("a missing partial", ["error: templates/layout.mustache:1: missing partial 'partials/nope'"]) { site in
            try site.write("templates/layout.mustache", "{{> partials/nope}}\n{{{page.content}}}\n")
        },
        .fails("--templates naming no folder", ["templates folder 'nope' does not exist"], arguments: ["build", "--templates", "nope"]) { _ in },
        // 4. Code fences.
        .warns("a code fence never closed", ["warning: content/guide.md:9: code fence opened here is never closed"]) { site throws in
            #expect(try site.read("public/guide.html").contains("Text."))
        } apply: {
            try $0.write("content/guide.md", "---\ntitle: Guide\n---\n# Guide\n\n## Setup\n\nText.\n```text\nnever closed\n")
        },
        .fails("an unknown fence attribute", ["error: content/guide.md:9:1: unknown sample attribute 'norun'"]) {
            try $0.write("content/guide.md", "---\ntitle: Guide\n---\n# Guide\n\n## Setup\n\nText.\n```swift norun\nlet x = 1\n```\n")
        },
        .fails("a misspelt // Prints comment", ["error: content/guide.md:10:", "'// prints' must be spelled '// Prints'"]) {
            try $0.write("content/guide.md", "---\ntitle: Guide\n---\n# Guide\n\n## Setup\n\nText.\n```swift\nprint(1) // prints \"1\"\n```\n")
        },
        .fails("an unknown snippet marker", ["error: content/guide.md:10:", "snippet.hidden"]) {
            try $0.write(
                "content/guide.md", "---\ntitle: Guide\n---\n# Guide\n\n## Setup\n\nText.\n```swift no_run\n// snippet.hidden\nlet x = 1\n```\n")
        },
        // 6. A folder without pages.
        .warns("content/ without index.md", ["warning: content folder 'content' has no index.md"]) { site throws in
            #expect(site.exists("public/guide.html"))
        } apply: {
            try FileManager.default.removeItem(at: $0.url.appendingPathComponent("content/index.md"))
        },
        .warns("an empty content/", ["warning: content folder 'content' has no Markdown pages", "Add content/index.md"]) { site throws in
            #expect(site.exists("public/404.html"))
            #expect(!site.exists("public/index.html"))
        } apply: { site in
            for page in goodPages.keys { try FileManager.default.removeItem(at: site.url.appendingPathComponent(page)) }
        },
        .fails("--content naming no folder", ["content folder 'docs' does not exist"], arguments: ["build", "--content", "docs"]) { _ in },
        // 7. Deep nesting finishes.
        .warns("10,000 nested block quotes", []) { site throws in
            #expect(try site.read("public/deep.html").contains("<blockquote>"))
        } apply: {
            try $0.write("content/deep.md", "# Deep\n\n" + String(repeating: ">", count: 10_000) + " deep\n")
        },
        .warns("10,000 nested list items", []) { site throws in
            #expect(try site.read("public/deep.html").contains("<li>"))
        } apply: {
            try $0.write("content/deep.md", "# Deep\n\n" + String(repeating: "- ", count: 10_000) + "item\n")
        },
        .warns("a 4 MB page of 20,000 headings, each linked (anchor checks were quadratic: 34 s)", []) { site throws in
            #expect(try site.read("public/big.html").contains("id=\"section-19999\""))
        } apply: { site in
            var text = "# Big\n\n"
            for index in 0..<20_000 {
                text +=
                    "## Section \(index)\n\nProse with a [link](#section-\(index)) and `code` \(index).\n"
                    + String(repeating: "More words of the paragraph. ", count: 5) + "\n\n```text\nnot swift \(index)\n```\n\n"
            }
            try site.write("content/big.md", text)
        },
        // 8. Names the file system refuses.
        .fails(
            "a 252-character page name",
            [
                "error: content/" + String(repeating: "n", count: 252) + ".md: the name is too long: its output '", "is 257 bytes",
                "Rename it to a shorter name",
            ]
        ) {
            try $0.write("content/" + String(repeating: "n", count: 252) + ".md", "# Long\n")
        },
        // 9. A host that is no address.
        .fails(
            "galley serve --host 999.1.1.1", ["--host 999.1.1.1 is not an IP address or a host name this machine knows"],
            arguments: ["serve", "--host", "999.1.1.1"], status: 64
        ) { _ in },
        // 11. galley.yml.
        .fails("an alias bomb in galley.yml", ["error: galley.yml:5: 'a3' expands to more than 10000 values (YAML aliases that repeat each other)"]) {
            site in
            var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
            for level in 1...8 { yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
            try site.write("galley.yml", "title: Site\n" + yaml.replacingOccurrences(of: "a0:", with: "allow_outside:") + "description: *a8\n")
        },
        .fails("invalid YAML in galley.yml", ["error: galley.yml:2: invalid configuration: while parsing a flow sequence"]) {
            try $0.write("galley.yml", "title: Site\nsearch: [true\n")
        },
        .fails("an unknown key in galley.yml", ["error: galley.yml:2: unknown galley.yml key 'serach'"]) {
            try $0.write("galley.yml", "title: Site\nserach: true\n")
        },
        .fails("a wrong type in galley.yml", ["error: galley.yml:1: 'title' must be text"]) {
            try $0.write("galley.yml", "title: [a, b]\n")
        },
        .fails("a favicon that is not a file of the site", ["error: galley.yml: the favicon 'nope.png' is not a file of the site"]) {
            try $0.write("galley.yml", "favicon: nope.png\n")
        },
        // 13. Bytes and line endings.
        .fails("bytes that are not UTF-8", ["error: content/bin.md:3: file is not valid UTF-8. Save the file as UTF-8"]) {
            try $0.write("content/bin.md", bytes: Array("# Fine\n\nbad: ".utf8) + [0xFF, 0xFE, 0x0A])
        },
        .warns("a byte order mark before front matter", []) { site throws in
            let html = try site.read("public/guide.html")
            #expect(html.contains("<title>Marked") && !html.contains("title: Marked"))
        } apply: {
            try $0.write("content/guide.md", "\u{FEFF}---\ntitle: Marked\n---\n# Guide\n\n## Setup\n")
        },
        .fails("CRLF line endings keep line numbers", ["error: content/guide.md:3: 'order' must be a whole number"]) {
            try $0.write("content/guide.md", "---\r\ntitle: Guide\r\norder: x\r\n---\r\n# Guide\r\n\r\n## Setup\r\n[gone](gone.md)\r\n")
        },
        .fails("CRLF line endings: a broken link at its line", ["error: content/guide.md:8:1: broken link 'gone.md'"]) {
            try $0.write("content/guide.md", "---\r\ntitle: Guide\r\n---\r\n# Guide\r\n\r\n## Setup\r\n\r\n[gone](gone.md)\r\n")
        },
        // Links.
        .fails(
            "a broken link and a broken anchor",
            ["error: content/index.md:3:5: broken link 'guide.md#nope'", "error: content/index.md:4:1: broken link 'gone.md'"]
        ) {
            try $0.write("content/index.md", "# Home\n\nSee [x](guide.md#nope).\n[y](gone.md)\n")
        },
        // Two sources, one URL.
        .fails("Guide.md and guide.md", ["both map to the URL", "Rename or remove one of them"]) {
            try $0.write("content/Guide.md", "# Other\n")
        },
        .fails("guide.md and guide.markdown", ["'content/guide.md' and 'content/guide.markdown' both map to the URL 'guide.html'"]) {
            try $0.write("content/guide.markdown", "# Other\n")
        },
        .fails("a page and a file at one URL", ["both map to the URL 'guide.html'"]) {
            try $0.write("content/guide.html", "<p>raw</p>\n")
        },
        .fails(
            "a content asset where a theme asset is",
            ["error: content/assets/galley.css: 'content/assets/galley.css' has the same path as a theme asset"]
        ) {
            try $0.write("content/assets/galley.css", "body {}\n")
        },
        // Files outside the project, links that go nowhere.
        .fails(
            "a symbolic link to /etc/passwd",
            ["error: content/passwd.txt: 'content/passwd.txt' is a symbolic link to '/etc/passwd', outside the project"]
        ) {
            try FileManager.default.createSymbolicLink(
                atPath: $0.url.appendingPathComponent("content/passwd.txt").path, withDestinationPath: "/etc/passwd")
        },
        .fails("a symbolic link loop", ["error: content/a.md: 'content/a.md' is a symbolic link loop"]) {
            try FileManager.default.createSymbolicLink(atPath: $0.url.appendingPathComponent("content/a.md").path, withDestinationPath: "b.md")
            try FileManager.default.createSymbolicLink(atPath: $0.url.appendingPathComponent("content/b.md").path, withDestinationPath: "a.md")
        },
        .fails("a dangling symbolic link", ["error: content/gone.md: cannot read file"]) {
            try FileManager.default.createSymbolicLink(
                atPath: $0.url.appendingPathComponent("content/gone.md").path, withDestinationPath: "/nonexistent/galley/gone.md")
        },
        // Output folders that must not be written.
        .fails("an output folder inside content/", ["--output", "content"], arguments: ["build", "--output", "content/public"]) { _ in },
        .fails("the project folder as output", ["--output"], arguments: ["build", "--output", "."]) { _ in },
        .fails(
            "an output folder that cannot be written", ["cannot write the output folder 'blocker/public'", "is a file, not a folder"],
            arguments: ["build", "--output", "blocker/public"]
        ) { try $0.write("blocker", "a file where a folder should be\n") },
        .fails("an output folder Galley did not write", ["'mine'", "not empty"], arguments: ["build", "--output", "mine"]) {
            try $0.write("mine/notes.txt", "precious\n")
        },
    ]

    /// A site that built once; each case works on a copy.
    static let goodSite: Result<URL, any Error> = Result {
        let site = try TemporaryDirectory()
        for (path, text) in goodPages { try site.write(path, text) }
        try site.write("templates/partials/extra.mustache", "<!-- extra -->\n")
        let result = try GalleyExecutable.run(["build"], in: site.url)
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: result.standardError]) }
        return site.url
    }

    @Test("each bad input gets its message and exit status; a failed build leaves public/ as it was", arguments: cases)
    func badInput(_ input: BadInput) throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        let good = try Self.goodSite.get()
        for entry in try FileManager.default.contentsOfDirectory(atPath: good.path) {
            try FileManager.default.copyItem(at: good.appendingPathComponent(entry), to: site.url.appendingPathComponent(entry))
        }
        let before = try site.snapshot("public")
        #expect(before["/index.html"] != nil)
        try input.apply(site)
        let start = ContinuousClock.now
        let result = try GalleyExecutable.run(input.arguments, in: site.url)
        #expect(ContinuousClock.now - start < .seconds(20), "finishes within seconds")
        for message in input.messages {
            #expect(result.standardError.contains(message), "missing \(message) in:\n\(result.standardError)")
        }
        switch input.outcome {
        case .fails(let status):
            #expect(result.status == status, "\(result.standardOutput)\n\(result.standardError)")
            #expect(try site.snapshot("public") == before, "public/ changed after a failed build")
        case .warns(let check):
            #expect(result.status == 0, "\(result.standardError)")
            if input.messages.isEmpty { #expect(!result.standardError.contains("warning:"), "\(result.standardError)") }
            #expect(!result.standardError.contains("error:"), "\(result.standardError)")
            try check(site)
        }
    }
}
