/// A fenced code block of a Markdown document.
///
/// For the fence ```` ```swift no_run group=intro ````, `language` is
/// `swift` and `attributes` is `["no_run", "group=intro"]` (see
/// ``InfoString`` for the other ways an info string may be written).
public struct CodeBlock: Sendable, Hashable {
    /// The language of the info string, lowercased, or `""` when there is none.
    public var language: String
    /// The words after the language in the info string.
    public var attributes: [String]
    /// Why the info string cannot be read, when it cannot.
    public var infoProblem: String?
    /// Whether the block is meant as Swift, readable or not.
    public var looksLikeSwift: Bool
    /// The block's content, ending with a newline when non-empty.
    public var code: String
    /// The 1-based line of the opening fence in the Markdown file.
    public var fenceLine: Int
    /// The 1-based column of the opening fence in the Markdown file.
    public var fenceColumn: Int
    /// The 1-based line of the block's first code line in the Markdown file.
    public var firstCodeLine: Int
    /// The 1-based line of the closing fence (or of the last line when the
    /// fence is left open at the end of the document).
    public var endLine: Int
    /// The position of this block among the document's fenced code blocks.
    public var index: Int
    /// Whether a closing fence ends the block; `false` when the fence is left
    /// open and the block runs to the end of the page (or of its list item or
    /// block quote), swallowing everything after it.
    public var isClosed = true

    /// The complete info string, e.g. `swift no_run`.
    public var info: String {
        ([language] + attributes).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Creates a code block.
    public init(
        language: String, attributes: [String], code: String,
        fenceLine: Int, fenceColumn: Int = 1, firstCodeLine: Int, endLine: Int, index: Int,
        infoProblem: String? = nil, looksLikeSwift: Bool? = nil
    ) {
        self.language = language
        self.attributes = attributes
        self.infoProblem = infoProblem
        self.looksLikeSwift = looksLikeSwift ?? (language == "swift")
        self.code = code
        self.fenceLine = fenceLine
        self.fenceColumn = fenceColumn
        self.firstCodeLine = firstCodeLine
        self.endLine = endLine
        self.index = index
    }
}
