import Testing

@testable import GalleyMarkdown

/// The byte-by-byte fast paths of escaping, slugs, link kinds and search
/// text give exactly what the Character-by-Character definitions give.
@Suite("Byte fast paths agree with the Character definitions")
struct ByteFastPathTests {
    /// Text with every special character, non-ASCII letters, combining
    /// marks after special characters, `\r\n`, and non-ASCII whitespace.
    static let samples = [
        "", "plain", "a < b & c > d", "\"quoted\" and 'single'", "&&&", "<<>>",
        "Café au lait", "naïve résumé", "e\u{301}t\u{E9}", "\"\u{301} combining after a quote", "a&\u{301}b",
        "line\r\nbreak", "tab\there", "non\u{A0}breaking", "ideographic\u{3000}space", "emoji 👩‍💻 & more",
        "What's new in Swift 6.0?", "  leading and trailing  ", "Under_score-dash", "ÄÖÜ über", "ℌ𝔢𝔩𝔩𝔬 ① ½",
    ]

    static func referenceEscape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    static func referenceSlug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character == " " {
                slug.append("-")
            }
        }
        return slug
    }

    static func referenceIsExternal(_ destination: String) -> Bool {
        if destination.hasPrefix("//") { return true }
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) } && scheme.first!.isLetter
    }

    @Test("escaping", arguments: samples)
    func escaping(_ text: String) {
        #expect(HTMLEscaping.escape(text) == Self.referenceEscape(text))
    }

    @Test("escaping returns text without special characters as it is, and escapes each one")
    func escapingExamples() {
        #expect(HTMLEscaping.escape("a < b") == "a &lt; b")
        #expect(HTMLEscaping.escape("<a href=\"x\">Tom's & Jerry's</a>") == "&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(HTMLEscaping.escape("nothing to do") == "nothing to do")
    }

    @Test("symbol paths", arguments: samples + ["Module/Type", "a`b", "x\u{0B}y", "x\u{0C}y", "x\u{1C}y", "x\u{85}y", "init(_:)", "``"])
    func symbolPaths(_ text: String) {
        #expect(SymbolLink.isSymbolPath(text) == (!text.isEmpty && !text.contains { $0.isWhitespace || $0 == "`" }))
    }

    @Test("lines by number, in order and not, with and without a last newline")
    func lineCursor() {
        for text in ["", "one", "one\n", "one\ntwo", "a\n\nc\r\nd\n", "é\n👩‍💻 x\n\n", String(repeating: "line\n", count: 50)] {
            // Each line with its newline; a text ending in one has no line after it (but an empty text has line 1).
            var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self) + "\n"
            }
            if text.hasSuffix("\n") || text.isEmpty { lines.removeLast() }
            if let last = lines.indices.last, !text.hasSuffix("\n") { lines[last].removeLast() }
            if text.isEmpty { lines = [""] }
            var cursor = LineCursor(text)
            for number in [1, 2, 3, 2, 1, 4, 5, 9, 51, 52, 50, 0] {
                let expected = number >= 1 && number <= lines.count ? lines[number - 1] : nil
                #expect(cursor.line(number).map { String(decoding: Array($0), as: UTF8.self) } == expected, "\(text.debugDescription) line \(number)")
            }
        }
    }

    @Test("heading slugs", arguments: samples)
    func slugs(_ text: String) {
        #expect(SlugGenerator.baseSlug(text) == Self.referenceSlug(text))
    }

    @Test("external destinations")
    func external() {
        let destinations = [
            "https://swift.org", "HTTP://X", "mailto:a@b.md", "x-man-page://ls", "a+b-c.d:rest", "//host/path", "/root.md",
            "guide.md", "guide.md#part:two", ":nothing", "1http://x", "a b:c", "é:x", "ñandú:y", "e\u{301}:z", "#local", "",
        ]
        for destination in destinations {
            #expect(MarkdownLink(destination: destination, line: 1, column: 1).isExternal == Self.referenceIsExternal(destination), "\(destination)")
        }
    }

    @Test("Markdown destinations become HTML ones, by bytes")
    func htmlDestinations() {
        #expect(MarkdownHTMLRenderer.htmlDestination(for: "guide.md#setup") == "guide.html#setup")
        #expect(MarkdownHTMLRenderer.htmlDestination(for: "../a/b.markdown") == "../a/b.html")
        #expect(MarkdownHTMLRenderer.htmlDestination(for: ".md") == ".html")
        #expect(MarkdownHTMLRenderer.htmlDestination(for: "café.md?x#y") == "café.html?x#y")
        #expect(MarkdownHTMLRenderer.htmlDestination(for: "a.md.txt") == nil)
        #expect(MarkdownHTMLRenderer.htmlDestination(for: "a.MD") == nil)
        #expect(MarkdownHTMLRenderer.htmlDestination(for: "https://x.org/a.md") == nil)
        #expect(MarkdownHTMLRenderer.htmlDestination(for: "page#frag.md") == nil)
        // As the Character-by-Character definition answers.
        func reference(_ destination: String) -> String? {
            let fragmentStart = destination.firstIndex { $0 == "#" || $0 == "?" } ?? destination.endIndex
            let path = destination[..<fragmentStart]
            for suffix in [".md", ".markdown"] where path.hasSuffix(suffix) {
                guard !MarkdownLink(destination: destination, line: 0, column: 0).isExternal else { return nil }
                return String(path.dropLast(suffix.count)) + ".html" + destination[fragmentStart...]
            }
            return nil
        }
        let destinations = [
            "", "md", ".markdown", "a.md#", "a.md?", "x.markdown?q=1#y", "é.markdown", "//host/a.md", "mailto:a@b.md",
            "a/b.c.md", "a.mdx", "a.Markdown", "日本.md#見出し", "e\u{301}.md", "?.md", "#.md", "a.md#b.md",
        ]
        for destination in destinations {
            #expect(MarkdownHTMLRenderer.htmlDestination(for: destination) == reference(destination), "\(destination)")
        }
    }

    @Test("search text collapses ASCII and Unicode whitespace, and long sections are cut at the raw limit")
    func sections() {
        let document = MarkdownDocument(parsing: "Intro\u{A0}\u{A0}text\u{3000}here.\n\n## Next\n\nOne  `code`\nline\u{2003}two.\n")
        #expect(document.sections.map(\.text) == ["Intro text here.", "One code line two."])
        let long = String(repeating: "é ", count: DocumentSection.rawTextLimit)
        let cut = MarkdownDocument(parsing: long).sections[0].text
        // Cut within the limit's count of Characters, never inside one.
        #expect(cut.count <= DocumentSection.rawTextLimit && cut.count > DocumentSection.rawTextLimit - 4)
        #expect(long.hasPrefix(cut))
        #expect(!cut.contains("\u{FFFD}"))
    }
}
