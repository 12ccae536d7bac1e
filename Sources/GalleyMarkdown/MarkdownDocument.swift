internal import Ccmark

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
    public let source: String
    /// The file line on which `source` starts (1 unless front matter precedes it).
    public let firstLine: Int
    /// Headings in document order, with unique ids.
    public let headings: [Heading]
    /// Fenced code blocks in document order (indented blocks are not included).
    public let codeBlocks: [CodeBlock]
    /// Link and image destinations in document order.
    public let links: [MarkdownLink]
    /// The prose of the document split at its headings, for the search index:
    /// the text before the first heading, then one section per heading.
    /// Code blocks are left out; inline code is kept.
    public let sections: [DocumentSection]
    /// The position in ``headings`` of each heading id, for link checks in
    /// constant time (a page of 100,000 headings and as many links is linear).
    private let headingPositions: [String: Int]

    /// The heading whose id is `id` (ids are lowercase), or `nil`.
    public func heading(withID id: String) -> Heading? {
        headingPositions[id].map { headings[$0] }
    }

    /// Parses `markdown`, whose first line is line `firstLine` of its file.
    public init(parsing markdown: String, firstLine: Int = 1) {
        self.source = markdown
        self.firstLine = firstLine
        let tree = CmarkTree(parsing: markdown)
        let offset = firstLine - 1
        var headings: [Heading] = []
        var codeBlocks: [CodeBlock] = []
        var links: [MarkdownLink] = []
        var sections = [DocumentSection(headingIndex: nil, text: "")]
        var slugs = SlugGenerator()
        var lineStarts: [String.Index]? = nil
        tree.walk { node in
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HEADING {
                sections.append(DocumentSection(headingIndex: headings.count, text: ""))
            } else if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
                if !CmarkTree.isInsideHeading(node) { sections[sections.count - 1].append(String.string(cmark_node_get_literal(node))) }
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK || type == CMARK_NODE_PARAGRAPH {
                sections[sections.count - 1].append(" ")
            }
            switch type {
            case CMARK_NODE_HEADING:
                let text = CmarkTree.plainText(of: node)
                headings.append(Heading(
                    level: Int(cmark_node_get_heading_level(node)),
                    text: text,
                    id: slugs.slug(for: text),
                    line: Int(cmark_node_get_start_line(node)) + offset
                ))
            case CMARK_NODE_CODE_BLOCK:
                guard CmarkTree.isFenced(node) else { return }
                var block = Self.codeBlock(node, offset: offset, index: codeBlocks.count)
                block.isClosed = Self.hasClosingFence(node, in: markdown, lineStarts: &lineStarts)
                codeBlocks.append(block)
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                links.append(MarkdownLink(
                    destination: .string(cmark_node_get_url(node)),
                    line: Int(cmark_node_get_start_line(node)) + offset,
                    column: Int(cmark_node_get_start_column(node)),
                    isImage: cmark_node_get_type(node) == CMARK_NODE_IMAGE
                ))
            default:
                break
            }
        }
        self.headings = headings
        var positions: [String: Int] = [:]
        for (position, heading) in headings.enumerated() where positions[heading.id] == nil { positions[heading.id] = position }
        self.headingPositions = positions
        self.codeBlocks = codeBlocks
        self.links = links
        self.sections = sections.map(\.normalized)
    }

    /// The title a page takes when its front matter has none: its first H1.
    public var firstH1: String? {
        headings.first { $0.level == 1 }?.text
    }

    /// Whether the fenced block `node` ends with a closing fence: its last
    /// line, past any indentation and block-quote markers, is a run of the
    /// opening fence's character at least as long as the opening fence.
    /// `lineStarts` (the index of each line of `markdown`) is computed on first use.
    static func hasClosingFence(_ node: OpaquePointer, in markdown: String, lineStarts: inout [String.Index]?) -> Bool {
        var length: Int32 = 0
        var offset: Int32 = 0
        var character: CChar = 0
        guard cmark_node_get_fenced(node, &length, &offset, &character) != 0 else { return true }
        let starts = lineStarts ?? {
            var starts = [markdown.startIndex]
            var index = markdown.utf8.startIndex
            while let newline = markdown.utf8[index...].firstIndex(of: UInt8(ascii: "\n")) {
                index = markdown.utf8.index(after: newline)
                starts.append(index)
            }
            return starts
        }()
        lineStarts = starts
        let startLine = Int(cmark_node_get_start_line(node)), endLine = Int(cmark_node_get_end_line(node))
        guard endLine > startLine, endLine - 1 < starts.count else { return false }
        let lineEnd = endLine < starts.count ? starts[endLine] : markdown.endIndex
        let line = markdown.utf8[starts[endLine - 1]..<lineEnd]
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
    /// A C string from cmark, or `""` for NULL.
    static func string(_ value: UnsafePointer<CChar>?) -> String {
        value.map { String(cString: $0) } ?? ""
    }
}
