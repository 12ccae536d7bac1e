/// A link (or image) destination found in a Markdown document.
public struct MarkdownLink: Sendable, Hashable {
    /// The destination exactly as written, e.g. `other.md#part`.
    public var destination: String
    /// The 1-based line of the link in the Markdown file.
    public var line: Int
    /// The 1-based column of the link in the Markdown file.
    public var column: Int
    /// Whether this is an image (`![alt](src)`) rather than a link.
    public var isImage: Bool

    /// Creates a link.
    public init(destination: String, line: Int, column: Int, isImage: Bool = false) {
        self.destination = destination
        self.line = line
        self.column = column
        self.isImage = isImage
    }

    /// Whether the destination names a scheme (`https:`, `mailto:`) or is
    /// protocol-relative (`//host`), i.e. points outside the site.
    public var isExternal: Bool {
        if destination.hasPrefix("//") { return true }
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
            && scheme.first!.isLetter
    }
}
