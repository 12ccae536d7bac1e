import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyProject
import GalleySite
import GalleyTestSupport
import Testing

@testable import GalleyRender

@Suite("The search index")
struct SearchIndexTests {
    @Test("one entry per section: page title, heading with its anchor, prose without code blocks")
    func entries() throws {
        let project = try Project(pages: [
            "index.md":
                "# Home\n\nWelcome `inline` text.\n\n## Getting Started\n\nInstall it.\n\n```swift\nlet secretCode = 1\n```\n\n### Deep Dive\n\nMore.\n"
        ])
        defer { project.directory.remove() }
        try project.build()
        let script = try project.directory.read("public/search-index.js")
        #expect(script.hasPrefix("window.galleySearchIndex = ["))
        #expect(script.contains(#"{"h":"","t":"Home","u":"index.html","x":"Welcome inline text."}"#), "\(script)")
        #expect(script.contains(#"{"h":"Getting Started","t":"Home","u":"index.html#getting-started","x":"Install it."}"#))
        #expect(script.contains(#"{"h":"Deep Dive","t":"Home","u":"index.html#deep-dive","x":"More."}"#))
        #expect(!script.contains("secretCode"), "code blocks are not indexed")
    }

    @Test("search: false writes no index")
    func disabled() throws {
        let project = try Project(pages: ["index.md": "# Home\n"])
        defer { project.directory.remove() }
        try project.directory.write("galley.yml", "search: false\n")
        try project.build()
        #expect(!project.directory.exists("public/search-index.js"))
    }

    @Test("the script is the entries as JSONEncoder writes them (sorted keys, slashes unescaped), `</` made inert")
    func scriptIsEncoderJSON() throws {
        let texts = [
            "plain", "quote \" and \\ back", "tab\there", "</script> and <b>", "naïve café 東京", "e\u{301}",
            "line\r\nbreak", "", "/slash/", "<", "a<", "<<//", "end <",
        ]
        var index = SearchIndex(pages: [])
        index.entries = texts.enumerated().map { number, text in
            SearchIndex.Entry(t: texts[(number + 3) % texts.count], h: texts[(number + 1) % texts.count], u: "p\(number).html#x", x: text)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(index.entries), as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
        #expect(index.script == "window.galleySearchIndex = " + json + ";\n")
        index.entries = []
        #expect(index.script == "window.galleySearchIndex = [];\n")
    }

    @Test("a section's text is cut at its last space within the limit's Characters, ASCII or not")
    func cappedByCharacters() {
        let limit = SearchIndex.sectionTextLimit
        func reference(_ text: String) -> String {
            guard text.count > limit else { return text }
            let prefix = text.prefix(limit)
            return String(prefix[..<(prefix.lastIndex(of: " ") ?? prefix.endIndex)]) + " …"
        }
        for word in ["word", "naïve", "e\u{301}x", "東京", "a\r\nb", "tab\tx", "x", "\u{7F}"] {
            for count in [limit / 8, limit / 4, limit / 2, limit, limit + 1, limit * 2] {
                for separator in [" ", ""] {
                    let text = Array(repeating: word, count: count).joined(separator: separator)
                    #expect(SearchIndex.capped(text) == reference(text), "\(word) × \(count)")
                }
            }
        }
    }

    @Test("the index of a 1,000-page site stays under 2 MB")
    func size() {
        let paragraph = String(repeating: "Observation tracks the properties a view reads while its body runs. ", count: 12)
        let pages = (0..<1000).map { number in
            let markdown =
                "# Page \(number)\n\n\(paragraph)\n\n## Setup \(number)\n\n\(paragraph)\n\n## Usage\n\n\(paragraph)\n\n```swift\nlet x = \(number)\n```\n"
            return Page(
                sourcePath: "section\(number % 10)/page\(number).md", displayPath: "content/page\(number).md",
                frontMatter: FrontMatter(), document: MarkdownDocument(parsing: markdown))
        }
        let size = SearchIndex(pages: pages).script.utf8.count
        #expect(size < 2 << 20, "\(size) bytes")
        #expect(size > 500_000, "every page is indexed (\(size) bytes)")
    }
}

@Suite("The favicon")
struct FaviconTests {
    @Test("the theme's icon by default; galley.yml favicon: names a file of the site; a missing one fails the build")
    func favicon() throws {
        let project = try Project(pages: ["index.md": "# Home\n", "images/icon.png": "PNG"])
        defer { project.directory.remove() }
        try project.directory.write("templates/partials/head.mustache", "<link rel=\"icon\" href=\"{{root}}{{site.favicon}}\">\n")
        try project.build()
        #expect(try project.directory.read("public/index.html").contains("<link rel=\"icon\" href=\"assets/favicon.svg\">"))
        #expect(project.directory.exists("public/assets/favicon.svg"))
        try project.directory.write("galley.yml", "favicon: images/icon.png\n")
        try project.build()
        #expect(try project.directory.read("public/index.html").contains("<link rel=\"icon\" href=\"images/icon.png\">"))
        try project.directory.write("galley.yml", "favicon: images/missing.png\n")
        #expect(project.buildErrors().contains { $0.hasPrefix("galley.yml: the favicon 'images/missing.png' is not a file of the site") })
    }

    /// A reference page of `parts`' symbol at `url`.
    static func reference(_ url: String, _ parts: SymbolPageParts) -> Page {
        var page = Page(sourcePath: url + ".md", displayPath: url, frontMatter: FrontMatter(), document: MarkdownDocument(parsing: ""))
        page.kind = .reference(ReferencePage(path: url, parts: parts))
        page.url = url
        return page
    }

    /// The parts of the symbol `name` of `module`, of kind `kind`.
    static func parts(_ name: String, module: String = "DequeModule", kind: String) -> SymbolPageParts {
        var parts = SymbolPageParts(kind: "", documentation: .init(full: "", declarationOnly: ""), topics: [], relationships: "")
        parts.module = module
        parts.qualifiedName = name
        parts.kindName = kind
        return parts
    }

    @Test("the API reference's symbols are indexed by name, module, kind and abstract apart from the prose; inherited copies are not")
    func symbols() throws {
        func reference(_ name: String, url: String, copy: Bool = false) -> Page {
            var parts = Self.parts(name, kind: "Instance Method")
            parts.abstract = "Adds an element \"at\" the end."
            parts.isInheritedCopy = copy
            return Self.reference(url, parts)
        }
        let index = SearchIndex(
            pages: [],
            reference: [
                reference("Deque.append(_:)", url: "documentation/dequemodule/deque/append(_:)/index.html"),
                reference("Deque.!=(_:_:)", url: "documentation/dequemodule/deque/!=(_:_:)/index.html", copy: true),
            ])
        #expect(index.symbols.map(\.name) == ["Deque.append(_:)"])
        #expect(
            index.script.contains(
                #"window.galleySymbolIndex = [{"k":"Instance Method","m":"DequeModule","n":"Deque.append(_:)","u":"documentation/dequemodule/deque/append(_:)/index.html","x":"Adds an element \"at\" the end."}];"#
            ), "\(index.script)")
    }

    @Test("overloads (one name, one module) carry their declarations in the symbol index; a name of its own does not")
    func overloads() throws {
        func reference(_ name: String, module: String = "DequeModule", declaration: String, url: String) -> Page {
            var parts = Self.parts(name, module: module, kind: "Initializer")
            parts.declaration = declaration
            return Self.reference(url, parts)
        }
        let index = SearchIndex(
            pages: [],
            reference: [
                reference("Deque.init(_:)", declaration: "init<S>(_ elements: S) where S : Sequence", url: "d/init(_:)-1/index.html"),
                reference("Deque.init(_:)", declaration: "init<C>(_ elements: C) where C : Collection", url: "d/init(_:)-2/index.html"),
                reference("Deque.init()", declaration: "init()", url: "d/init()/index.html"),
                // The same name in another module is not an overload.
                reference("Deque.init()", module: "Other", declaration: "init()", url: "o/init()/index.html"),
            ])
        #expect(
            index.symbols.map(\.declaration) == [
                "init<S>(_ elements: S) where S : Sequence", "init<C>(_ elements: C) where C : Collection", "", "",
            ])
        #expect(index.script.contains(#"{"d":"init<S>(_ elements: S) where S : Sequence","k":"Initializer","m":"DequeModule","n":"Deque.init(_:)""#))
        #expect(index.script.contains(#"{"k":"Initializer","m":"DequeModule","n":"Deque.init()""#), "no declaration on a name of its own")
    }

    @Test("a function's signature is in the symbol index (inputs, output, generics) for search by type; a type has none")
    func signatures() throws {
        var popFirst = Self.parts("Deque.popFirst()", kind: "Instance Method")
        popFirst.signature = TypeSignature(inputs: ["Deque<Element>"], output: "Element?", generics: ["Element"])
        var initializer = Self.parts("Logger.init(label:)", kind: "Initializer")
        initializer.signature = TypeSignature(inputs: ["String"], output: "Logger", generics: [])
        let index = SearchIndex(
            pages: [],
            reference: [
                Self.reference("d/popfirst()/index.html", popFirst), Self.reference("l/init(label:)/index.html", initializer),
                Self.reference("d/index.html", Self.parts("Deque", kind: "Structure")),
            ])
        #expect(
            index.script.contains(
                #"{"g":"Element","i":"Deque<Element>","k":"Instance Method","m":"DequeModule","n":"Deque.popFirst()","o":"Element?","u":"d/popfirst()/index.html""#
            ), "\(index.script)")
        #expect(index.script.contains(#"{"i":"String","k":"Initializer","m":"DequeModule","n":"Logger.init(label:)","o":"Logger","u""#))
        // A type is found by its name only: no signature fields.
        #expect(index.script.contains(#"{"k":"Structure","m":"DequeModule","n":"Deque","u":"d/index.html""#))
    }
}
