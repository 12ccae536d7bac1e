/// A heading of a Markdown document.
///
/// ```swift
/// let doc = MarkdownDocument(parsing: "## Overview")
/// doc.headings[0].id   // "overview"
/// ```
public struct Heading: Sendable, Hashable {
    /// 1 for `#`, 2 for `##`, up to 6.
    public var level: Int
    /// The heading's text without markup.
    public var text: String
    /// The GitHub-style anchor id, unique within its document.
    public var id: String
    /// The 1-based line of the heading in the Markdown file.
    public var line: Int

    /// Creates a heading.
    public init(level: Int, text: String, id: String, line: Int) {
        self.level = level
        self.text = text
        self.id = id
        self.line = line
    }
}
