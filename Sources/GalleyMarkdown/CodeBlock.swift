/// A fenced code block of a Markdown document.
///
/// For the fence ```` ```swift no_run group=intro ````, `language` is
/// `swift` and `attributes` is `["no_run", "group=intro"]`.
public struct CodeBlock: Sendable, Hashable {
    /// The first word of the info string, or `""` when there is none.
    public var language: String
    /// The words after the language in the info string.
    public var attributes: [String]
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

    /// The complete info string, e.g. `swift no_run`.
    public var info: String {
        ([language] + attributes).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Creates a code block.
    public init(
        language: String, attributes: [String], code: String,
        fenceLine: Int, fenceColumn: Int = 1, firstCodeLine: Int, endLine: Int, index: Int
    ) {
        self.language = language
        self.attributes = attributes
        self.code = code
        self.fenceLine = fenceLine
        self.fenceColumn = fenceColumn
        self.firstCodeLine = firstCodeLine
        self.endLine = endLine
        self.index = index
    }
}
