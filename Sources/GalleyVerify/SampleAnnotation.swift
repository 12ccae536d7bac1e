/// What verification learned about a place in a sample's code, carried to
/// the page as a plain value: the builder passes annotations through, a
/// renderer shows them, and producers add kinds without either changing.
///
/// Today the verifier annotates a `compile_fail` sample with each compiler
/// error at its line; hovers (an identifier's declaration) and type queries
/// (`// ^?`) are kinds for the compiler's other answers.
///
/// ```swift
/// SampleAnnotation(kind: .diagnostic, line: 14, column: 9, text: "error: cannot find 'x' in scope")
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

    /// Creates an annotation.
    public init(kind: Kind, line: Int, column: Int, length: Int = 0, text: String, summary: String? = nil) {
        self.kind = kind
        self.line = line
        self.column = column
        self.length = length
        self.text = text
        self.summary = summary
    }
}
