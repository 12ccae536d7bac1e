import Foundation
import GalleyCore
import GalleyProject

/// The site's search index: one entry per page section (the text before the
/// first heading, then each heading), written as a script
/// (`search-index.js`) so that search works from `file://` too, where a page
/// cannot fetch a JSON file. The theme's client builds a lunr index from it
/// on first use.
///
/// Entries hold the page title, the heading, its URL (page-relative to the
/// site root, with the heading's anchor) and the section's prose — code
/// blocks left out, each section's text capped — so that the index of a
/// 1,000-page site stays well under 2 MB.
///
/// ```swift
/// let script = SearchIndex(pages: navigation.pages).script
/// // window.galleySearchIndex = [{"h":"","t":"Home","u":"index.html","x":"…"}, …];
/// ```
public struct SearchIndex: Sendable {
    /// The file the index is written to, under the site root.
    public static let path = "search-index.js"
    /// The most characters of prose kept per section.
    public static let sectionTextLimit = 240

    /// One searchable section.
    public struct Entry: Sendable, Encodable, Equatable {
        /// The page title.
        public var t: String
        /// The heading (empty for the text before the first heading).
        public var h: String
        /// The URL from the site root, with `#anchor` for a heading.
        public var u: String
        /// The section's prose, capped.
        public var x: String
    }

    /// One symbol of the API reference, searched by name before the prose.
    public struct Symbol: Sendable, Equatable {
        /// Its name in its module (`Deque.append(contentsOf:)`).
        public var name: String
        /// Its module.
        public var module: String
        /// Its kind (`Instance Method`).
        public var kind: String
        /// Its page, from the site root.
        public var url: String
        /// Its abstract, capped.
        public var abstract: String
        /// Its declaration, capped, when another symbol of its module has
        /// the same name (overloads: `init(_:)` of a `Sequence` and of a
        /// `Collection`); empty otherwise, so the index stays small.
        public var declaration = ""
        /// What it takes and gives, for search by type (`Deque<Int> -> Int`);
        /// `nil` for a type, a case or a macro.
        public var signature: TypeSignature?
    }

    /// The entries, in page and section order.
    public var entries: [Entry]
    /// The API reference's symbols, in page order: the theme's search
    /// matches a query against their names (`Deque.append`,
    /// `append(contentsOf:)`) and lists them above the prose.
    public var symbols: [Symbol] = []

    /// The index of `pages`, with the symbols of `reference` (the API
    /// reference's pages and the catalog extension files in their place).
    public init(pages: [Page], reference: [Page] = []) {
        for page in reference {
            // Inherited copies (each `Equatable` type's `!=`) are found where they are declared.
            guard let parts = page.symbolParts ?? page.referenceFrame?.symbol, !parts.isInheritedCopy else { continue }
            symbols.append(
                Symbol(
                    name: parts.qualifiedName, module: parts.module, kind: parts.kindName, url: RelativeURL.encoded(page.url),
                    abstract: Self.capped(parts.abstract), declaration: parts.declaration, signature: parts.signature))
        }
        // Overloads share a name: their declarations tell them apart in the results.
        var named: [String: Int] = [:]
        for symbol in symbols { named[symbol.module + "\u{0}" + symbol.name, default: 0] += 1 }
        for index in symbols.indices {
            let shared = named[symbols[index].module + "\u{0}" + symbols[index].name, default: 0] > 1
            symbols[index].declaration = shared ? Self.capped(symbols[index].declaration) : ""
        }
        var entries: [Entry] = []
        for page in pages {
            for section in page.document.sections {
                let heading = section.headingIndex.map { page.document.headings[$0] }
                // The page's own H1 opens its first section: index it as the page.
                let isTitle = heading.map { $0.level == 1 && $0.text == page.title } ?? true
                let text = Self.capped(section.text)
                if !isTitle || !text.isEmpty || section.headingIndex == nil {
                    entries.append(
                        Entry(
                            t: page.title,
                            h: isTitle ? "" : heading?.text ?? "",
                            u: RelativeURL.encoded(page.url) + (isTitle ? "" : heading.map { "#\($0.id)" } ?? ""),
                            x: text
                        ))
                }
            }
        }
        // Merge the page's untitled intro and its H1 section into one entry.
        var merged: [Entry] = []
        for entry in entries {
            if let last = merged.last, last.u == entry.u, last.h == entry.h {
                merged[merged.count - 1].x = Self.capped(last.x + (last.x.isEmpty ? "" : " ") + entry.x)
            } else {
                merged.append(entry)
            }
        }
        self.entries = merged
    }

    /// The script that defines `window.galleySearchIndex`, and `window.galleySymbolIndex`
    /// when there are symbols (`d`, the declaration, only on overloads; on a
    /// symbol with a ``TypeSignature``, `i` its inputs joined by `;`, `o` its
    /// output and `g` its generic parameters joined by `,`).
    public var script: String {
        // The JSON `JSONEncoder` writes with sorted keys and unescaped slashes,
        // written directly as bytes: a string is copied as it is unless it
        // holds a character JSON escapes (`"`, `\\`, control characters),
        // which `JSONEncoder` itself escapes.
        var json: [UInt8] = []
        json.reserveCapacity(entries.count * 400 + symbols.count * 200 + 64)
        Self.appendArray("galleySearchIndex", entries.map { [("h", $0.h), ("t", $0.t), ("u", $0.u), ("x", $0.x)] }, to: &json)
        // A site without an API reference has no symbols to search: the theme reads none.
        if !symbols.isEmpty {
            Self.appendArray(
                "galleySymbolIndex",
                symbols.map { symbol in
                    let signature = symbol.signature
                    let declaration = symbol.declaration.isEmpty ? [] : [("d", symbol.declaration)]
                    let generics = signature.map { $0.generics.isEmpty ? [] : [("g", $0.generics.joined(separator: ","))] } ?? []
                    let inputs = signature.map { [("i", $0.inputs.joined(separator: ";"))] } ?? []
                    let output = signature.map { [("o", $0.output)] } ?? []
                    return declaration + generics + inputs + [("k", symbol.kind), ("m", symbol.module), ("n", symbol.name)] + output
                        + [("u", symbol.url), ("x", symbol.abstract)]
                }, to: &json)
        }
        // `</script` can never end a script element that loads this file, but keep it inert anyway: `<\/`.
        return String(decoding: Self.escapingClosingTags(json), as: UTF8.self)
    }

    /// `window.<name> = [{…}, …];` with one object per element of `objects`,
    /// each a list of keys (in sorted order, as `JSONEncoder` sorts them) and string values.
    private static func appendArray(_ name: String, _ objects: [[(key: String, value: String)]], to json: inout [UInt8]) {
        json.append(contentsOf: "window.\(name) = [".utf8)
        for (index, fields) in objects.enumerated() {
            json.append(contentsOf: (index == 0 ? "{" : ",{").utf8)
            for (position, field) in fields.enumerated() {
                json.append(contentsOf: ((position == 0 ? "\"" : ",\"") + field.key + "\":").utf8)
                appendJSON(field.value, to: &json)
            }
            json.append(UInt8(ascii: "}"))
        }
        json.append(contentsOf: "];\n".utf8)
    }

    /// `text` as a JSON string literal, exactly as `JSONEncoder` writes it.
    private static func appendJSON(_ text: String, to json: inout [UInt8]) {
        var text = text
        let plain = text.withUTF8 { bytes in
            !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        if plain {
            json.append(UInt8(ascii: "\""))
            text.withUTF8 { json.append(contentsOf: $0) }
            json.append(UInt8(ascii: "\""))
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoded as a one-element array, then the brackets dropped.
        guard let literal = try? encoder.encode([text]) else { return json.append(contentsOf: "\"\"".utf8) }
        json.append(contentsOf: literal.dropFirst().dropLast())
    }

    /// `bytes` with a backslash between every `<` and the `/` after it.
    private static func escapingClosingTags(_ bytes: [UInt8]) -> [UInt8] {
        var escaped: [UInt8]?
        var copied = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, Int32(UInt8(ascii: "<")), buffer.count - offset) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                offset = index + 1
                guard offset < buffer.count, buffer[offset] == UInt8(ascii: "/") else { continue }
                if escaped == nil { escaped = []; escaped?.reserveCapacity(buffer.count + 64) }
                escaped?.append(contentsOf: buffer[copied..<offset])
                escaped?.append(UInt8(ascii: "\\"))
                copied = offset
            }
            escaped?.append(contentsOf: buffer[copied...])
        }
        return escaped ?? bytes
    }

    /// `text` cut to at most ``sectionTextLimit`` Characters, at its last
    /// space within them, with ` …` added when something was cut.
    static func capped(_ text: String) -> String {
        // No more bytes than the limit: no more Characters either (counting those is slow).
        guard text.utf8.count > sectionTextLimit else { return text }
        // Printable ASCII is one Character per byte: cut by bytes.
        var bytes = text
        let asciiCut: Int? = bytes.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return nil }
            return utf8[..<sectionTextLimit].lastIndex(of: UInt8(ascii: " ")) ?? sectionTextLimit
        }
        if let asciiCut { return String(decoding: text.utf8.prefix(asciiCut), as: UTF8.self) + " …" }
        guard text.count > sectionTextLimit else { return text }
        let prefix = text.prefix(sectionTextLimit)
        let cut = prefix.lastIndex(of: " ") ?? prefix.endIndex
        return String(prefix[..<cut]) + " …"
    }
}
