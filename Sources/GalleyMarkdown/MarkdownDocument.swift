internal import Ccmark

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A parsed Markdown document: what later stages need to know about it.
///
/// Parsing uses cmark-gfm with the `table`, `strikethrough`, `autolink` and
/// `tasklist` extensions. Line numbers are those of the Markdown *file*:
/// pass `firstLine` when the text starts below front matter.
///
/// ```swift
/// let doc = MarkdownDocument(parsing: "# Title\n\n```swift no_run\nlet x = 1\n```\n")
/// doc.codeBlocks[0].attributes     // ["no_run"]
/// doc.codeBlocks[0].firstCodeLine  // 4
/// ```
public struct MarkdownDocument: Sendable {
    /// The Markdown text that was parsed.
    public var source: String { storage.fields.source }
    /// The file line on which `source` starts (1 unless front matter precedes it).
    public var firstLine: Int { storage.fields.firstLine }
    /// Headings in document order, with unique ids.
    public var headings: [Heading] { storage.fields.headings }
    /// Fenced code blocks in document order (indented blocks are not included).
    public var codeBlocks: [CodeBlock] { storage.fields.codeBlocks }
    /// Link and image destinations in document order.
    public var links: [MarkdownLink] { storage.fields.links }
    /// The prose of the document split at its headings, for the search index:
    /// the text before the first heading, then one section per heading.
    /// Code blocks are left out; inline code is kept.
    public var sections: [DocumentSection] { storage.fields.sections }
    /// DocC directives (`@Row {`, `@Image(…)`) in document order, at their file lines.
    public var directives: [Directive] { storage.fields.directives }
    /// File lines of directives opened with `{` and never closed.
    public var unclosedDirectiveLines: [Int] { storage.fields.unclosedDirectiveLines }
    /// The text cmark parses: ``source`` with directives' lines replaced, line for line.
    package var cmarkSource: String { storage.fields.cmarkSource }
    /// Directive marker lines of ``cmarkSource`` (1-based, as cmark counts).
    package var directiveMarkers: [Int: DirectiveScanner.Marker] { storage.fields.directiveMarkers }
    /// The symbol a DocC symbol extension page documents: `Module/Symbol`
    /// for a page whose first heading is `# ``Module/Symbol```, else `nil`.
    public var symbolPath: String? { storage.fields.symbolPath }
    /// DocC symbol links (` ``Module/Type/method(_:)`` `), each with its
    /// position; the destination is the symbol path as written.
    public var symbolLinks: [MarkdownLink] { storage.fields.symbolLinks }
    /// For each code span's text that could be a symbol path, whether
    /// ``cmarkSource`` has it between double backticks: looked up once when
    /// the page is parsed, and again by the renderer, which parses the same
    /// text (one search of the whole page per literal).
    package var symbolLiterals: [String: Bool] { storage.fields.symbolLiterals }
    /// The position in ``headings`` of each heading id, for link checks in
    /// constant time (a page of 100,000 headings and as many links is linear).
    private var headingPositions: [String: Int] { storage.fields.headingPositions }
    /// The tree of this parse, for the first render (which would otherwise parse ``cmarkSource`` again).
    var parsedTree: ParsedTree { storage.fields.parsedTree }
    /// Whether ``cmarkSource`` has a double backtick at all (symbol links are looked for only then).
    package var mayHaveSymbolLinks: Bool { storage.fields.mayHaveSymbolLinks }

    /// Everything above, in one object: a document is copied (a `Page`
    /// read, a render's capture) with one reference count, not fifteen.
    private let storage: Storage

    /// The fields, stored once; `Fields`' memberwise initializer builds them.
    private final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private struct Fields: Sendable {
        let source: String
        let firstLine: Int
        let headings: [Heading]
        let codeBlocks: [CodeBlock]
        let links: [MarkdownLink]
        let sections: [DocumentSection]
        let directives: [Directive]
        let unclosedDirectiveLines: [Int]
        let cmarkSource: String
        let directiveMarkers: [Int: DirectiveScanner.Marker]
        let symbolPath: String?
        let symbolLinks: [MarkdownLink]
        let symbolLiterals: [String: Bool]
        let headingPositions: [String: Int]
        let parsedTree: ParsedTree
        let mayHaveSymbolLinks: Bool
    }

    /// The heading whose id is `id` (ids are lowercase), or `nil`.
    public func heading(withID id: String) -> Heading? {
        headingPositions[id].map { headings[$0] }
    }

    /// The heading a link's fragment names, written as DocC and GitHub
    /// authors write them: the id itself, or in any capitalisation, or the
    /// heading's text with `-` for spaces (`#Getting-Started`).
    public func heading(matchingFragment fragment: String) -> Heading? {
        heading(withID: fragment) ?? heading(withID: fragment.lowercased())
            ?? heading(withID: SlugGenerator.baseSlug(fragment.removingPercentEncodedSpaces))
    }

    /// Frees the parse's cmark tree now instead of at the first render, which
    /// then parses the text again: for documents made by the thousand long
    /// before they are rendered (an API reference's pages), whose trees
    /// would otherwise all be held at once.
    public func releaseParsedTree() {
        _ = parsedTree.take()
    }

    /// Parses `markdown`, whose first line is line `firstLine` of its file.
    public init(parsing markdown: String, firstLine: Int = 1) {
        let offset = firstLine - 1
        let scanner = DirectiveScanner(scanning: markdown)
        let cmarkSource = scanner.text
        let directiveMarkers = scanner.markers
        let directives = scanner.directives.map { directive in
            var directive = directive
            directive.line += offset
            directive.contentLines = directive.contentLines.map { ($0.lowerBound + offset)...($0.upperBound + offset) }
            return directive
        }
        let unclosedDirectiveLines = scanner.unclosed.map { $0 + offset }
        let tree = CmarkTree(parsing: scanner.text)
        var reading = TreeReading(markdown: markdown, cmarkSource: scanner.text, offset: offset)
        tree.withArena {
            tree.walk { node in reading.visit(node) }
        }
        var positions: [String: Int] = [:]
        for (position, heading) in reading.headings.enumerated() where positions[heading.id] == nil { positions[heading.id] = position }
        storage = Storage(
            Fields(
                source: markdown, firstLine: firstLine, headings: reading.headings, codeBlocks: reading.codeBlocks, links: reading.links,
                sections: reading.sections.map(\.section), directives: directives, unclosedDirectiveLines: unclosedDirectiveLines,
                cmarkSource: cmarkSource, directiveMarkers: directiveMarkers, symbolPath: reading.symbolPath,
                symbolLinks: reading.symbolLinks, symbolLiterals: reading.symbolLiterals, headingPositions: positions,
                parsedTree: ParsedTree(tree), mayHaveSymbolLinks: reading.mayHaveSymbolLinks
            ))
    }

    /// What parsing a document collects from its cmark tree, one node of
    /// the walk at a time: headings, code blocks, links, symbol links and
    /// the sections' text.
    private struct TreeReading {
        let markdown: String
        /// The text cmark parsed (the Markdown without directive lines).
        let cmarkSource: String
        /// Added to cmark's line numbers to make them the file's.
        let offset: Int
        /// Looked for once, not once per code span.
        let mayHaveSymbolLinks: Bool
        var symbolPath: String?
        var firstHeadingSeen = false
        var headings: [Heading] = []
        var codeBlocks: [CodeBlock] = []
        var links: [MarkdownLink] = []
        var symbolLinks: [MarkdownLink] = []
        var symbolLiterals: [String: Bool] = [:]
        var sections = [DocumentSection.Builder(headingIndex: nil)]
        var slugs = SlugGenerator()
        var lines: LineCursor

        init(markdown: String, cmarkSource: String, offset: Int) {
            self.markdown = markdown
            self.cmarkSource = cmarkSource
            self.offset = offset
            self.lines = LineCursor(markdown)
            self.mayHaveSymbolLinks = TextSearch.contains(cmarkSource, "``")
        }

        /// Takes in one node of the walk.
        mutating func visit(_ node: OpaquePointer) {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HEADING {
                sections.append(DocumentSection.Builder(headingIndex: headings.count))
            } else if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
                if !CmarkTree.isInsideHeading(node) { sections[sections.count - 1].append(cmark_node_get_literal(node)) }
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK || type == CMARK_NODE_PARAGRAPH {
                sections[sections.count - 1].appendSpace()
            }
            switch type {
            case CMARK_NODE_HEADING:
                addHeading(node)
            case CMARK_NODE_CODE_BLOCK:
                guard CmarkTree.isFenced(node) else { return }
                var block = MarkdownDocument.codeBlock(node, offset: offset, index: codeBlocks.count)
                block.isClosed = MarkdownDocument.hasClosingFence(node, in: markdown, lines: &lines)
                codeBlocks.append(block)
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                links.append(
                    MarkdownLink(
                        destination: .string(cmark_node_get_url(node)),
                        line: Int(cmark_node_get_start_line(node)) + offset,
                        column: Int(cmark_node_get_start_column(node)),
                        isImage: cmark_node_get_type(node) == CMARK_NODE_IMAGE
                    ))
            case CMARK_NODE_CODE where mayHaveSymbolLinks:
                addSymbolLink(node)
            default:
                break
            }
        }

        /// Takes in a heading (the first H1's symbol link is the page's symbol).
        private mutating func addHeading(_ node: OpaquePointer) {
            let text = CmarkTree.plainText(of: node)
            if !firstHeadingSeen, cmark_node_get_heading_level(node) == 1 {
                symbolPath = CmarkTree.symbolLink(in: node, source: cmarkSource)
            }
            firstHeadingSeen = true
            headings.append(
                Heading(
                    level: Int(cmark_node_get_heading_level(node)),
                    text: text,
                    id: slugs.slug(for: text),
                    line: Int(cmark_node_get_start_line(node)) + offset
                ))
        }

        /// Takes in a code span that is a symbol link (``` ``Name`` ```).
        private mutating func addSymbolLink(_ node: OpaquePointer) {
            let literal = String.string(cmark_node_get_literal(node))
            guard SymbolLink.isSymbolPath(literal) else { return }
            let isSymbol = symbolLiterals[literal] ?? TextSearch.contains(cmarkSource, "``\(literal)``")
            symbolLiterals[literal] = isSymbol
            guard isSymbol else { return }
            // Inline nodes may lack a position: their block's line then.
            var line = Int(cmark_node_get_start_line(node))
            var column = Int(cmark_node_get_start_column(node))
            var parent = cmark_node_parent(node)
            while line == 0, let block = parent {
                line = Int(cmark_node_get_start_line(block))
                column = Int(cmark_node_get_start_column(block))
                parent = cmark_node_parent(block)
            }
            symbolLinks.append(MarkdownLink(destination: literal, line: line + offset, column: column))
        }
    }

    /// The title a page takes when its front matter has none: its first H1.
    public var firstH1: String? {
        headings.first { $0.level == 1 }?.text
    }

    /// The title to show: the symbol's name on a symbol extension page
    /// (`# ``Module/Symbol``` → `Symbol`), else the first H1.
    public var displayTitle: String? {
        symbolPath.map(SymbolLink.displayName) ?? firstH1
    }

    /// Whether the fenced block `node` ends with a closing fence: its last
    /// line, past any indentation and block-quote markers, is a run of the
    /// opening fence's character at least as long as the opening fence.
    /// `lines` finds that line; blocks are asked about in document order.
    static func hasClosingFence(_ node: OpaquePointer, in markdown: String, lines: inout LineCursor) -> Bool {
        var length: Int32 = 0
        var offset: Int32 = 0
        var character: CChar = 0
        guard cmark_node_get_fenced(node, &length, &offset, &character) != 0 else { return true }
        let startLine = Int(cmark_node_get_start_line(node))
        let endLine = Int(cmark_node_get_end_line(node))
        guard endLine > startLine, let line = lines.line(endLine) else { return false }
        let fence = UInt8(bitPattern: character)
        var count = 0
        for byte in line {
            switch byte {
            case fence: count += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                continue
            case UInt8(ascii: ">") where count == 0: continue
            default: return false
            }
        }
        return count >= Int(length)
    }

    static func codeBlock(_ node: OpaquePointer, offset: Int, index: Int) -> CodeBlock {
        let info = InfoString(String.string(cmark_node_get_fence_info(node)))
        let fenceLine = Int(cmark_node_get_start_line(node)) + offset
        return CodeBlock(
            language: info.language,
            attributes: info.attributes,
            code: .string(cmark_node_get_literal(node)),
            fenceLine: fenceLine,
            fenceColumn: Int(cmark_node_get_start_column(node)),
            firstCodeLine: fenceLine + 1,
            endLine: Int(cmark_node_get_end_line(node)) + offset,
            index: index,
            infoProblem: info.problem,
            looksLikeSwift: info.looksLikeSwift
        )
    }
}

extension String {
    /// `%20` as a space (DocC anchors written from headings with spaces).
    var removingPercentEncodedSpaces: String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: "%20") {
            result += rest[..<range.lowerBound] + " "
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// A C string from cmark, or `""` for NULL.
    static func string(_ value: UnsafePointer<CChar>?) -> String {
        value.map { String(cString: $0) } ?? ""
    }
}

/// Finds lines of a text by number, moving forward from the last line
/// found (or starting over for an earlier one): lines asked for in order
/// cost one pass over the text, with nothing stored per line.
struct LineCursor {
    private let text: String
    /// The 1-based number of the line that starts at UTF-8 offset `start`.
    private var number = 1
    private var start = 0

    init(_ text: String) {
        self.text = text
    }

    /// The bytes of line `wanted` (1-based) with its `\n`, or `nil` past the end.
    mutating func line(_ wanted: Int) -> Substring.UTF8View? {
        guard wanted >= 1 else { return nil }
        if wanted < number {
            number = 1
            start = 0
        }
        var text = text
        let found: (start: Int, end: Int)? = text.withUTF8 { bytes in
            // The offset just past the next newline at or after `from`, or nil.
            func afterNewline(from: Int) -> Int? {
                guard from < bytes.count, let base = bytes.baseAddress,
                    let newline = memchr(base + from, Int32(UInt8(ascii: "\n")), bytes.count - from)
                else { return nil }
                return base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
            }
            while number < wanted {
                guard let next = afterNewline(from: start) else { return nil }
                start = next
                number += 1
            }
            guard start < bytes.count || wanted == 1 else { return nil }
            return (start, afterNewline(from: start) ?? bytes.count)
        }
        guard let found else { return nil }
        let utf8 = self.text.utf8
        return self.text[utf8.index(utf8.startIndex, offsetBy: found.start)..<utf8.index(utf8.startIndex, offsetBy: found.end)].utf8
    }
}
