/// What verification learned about a place in a sample's code, carried to
/// the page as a plain value: the builder passes annotations through, a
/// renderer shows them, and producers add kinds without either changing.
///
/// Kinds and what their fields mean:
///
/// | kind | `line`, `column`, `length` | `text` | `summary` | `declarationLine` |
/// |---|---|---|---|---|
/// | `diagnostic` | the line a `compile_fail` error is on | the compiler's message | – | – |
/// | `declaration` | an identifier's span in the Markdown file | its declaration as Quick Help shows it (`var count: Int { get set }`) | the first paragraph of its doc comment | the Markdown line declaring it, when on the same page |
/// | `type` | a `// ^?` line and its caret's column | the type of what the caret points at (`let total: Int`) | – | – |
///
/// ```swift
/// SampleAnnotation(kind: .diagnostic, line: 14, column: 9, text: "error: cannot find 'x' in scope")
/// SampleAnnotation(kind: .declaration, line: 20, column: 5, length: 5, text: "let board: Scoreboard", declarationLine: 12)
/// ```
public struct SampleAnnotation: Sendable, Hashable, Codable {
    /// What an annotation says.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A compiler message, shown under its line.
        case diagnostic
        /// An identifier's declaration (as Quick Help shows it), with its summary.
        case declaration
        /// The type of the expression at the place.
        case type
    }

    /// What it says.
    public var kind: Kind
    /// The Markdown line it is about.
    public var line: Int
    /// The 1-based column in the Markdown file where the span starts.
    public var column: Int
    /// The span's length in characters (0: the whole line or a point).
    public var length: Int
    /// The text shown: a message, a declaration or a type.
    public var text: String
    /// More text, such as a declaration's documentation summary.
    public var summary: String?
    /// For a declaration: the Markdown line on the same page where the
    /// identifier is declared, so the page can link to it.
    public var declarationLine: Int?
    /// For a declaration made elsewhere: its precise identifier (USR), so
    /// that the page can link to its documentation (the site's own page of
    /// it, or its module's documentation outside the site).
    public var symbol: String?

    /// Creates an annotation.
    public init(
        kind: Kind, line: Int, column: Int, length: Int = 0, text: String, summary: String? = nil, declarationLine: Int? = nil,
        symbol: String? = nil
    ) {
        self.declarationLine = declarationLine
        self.symbol = symbol
        self.kind = kind
        self.line = line
        self.column = column
        self.length = length
        self.text = text
        self.summary = summary
    }
}
