import GalleyMarkdown

/// The YAML block between `---` lines at the top of a page.
///
/// ```markdown
/// ---
/// title: Migrating to @Observable
/// description: Step by step, with every sample verified.
/// order: 2
/// ---
/// ```
public struct FrontMatter: Sendable, Equatable {
    /// The keys a page may set.
    public static let knownKeys = ["title", "description", "order"]

    /// The page title; when absent the page's first H1 is used.
    public var title: String?
    /// A one-sentence summary for `<meta name="description">`.
    public var description: String?
    /// The page's position in navigation; lower comes first.
    public var order: Int?

    /// Creates front matter.
    public init(title: String? = nil, description: String? = nil, order: Int? = nil) {
        self.title = title
        self.description = description
        self.order = order
    }

    /// Splits `text` into front matter and the Markdown body after it.
    ///
    /// Returns the body and the file line it starts on. A file without a
    /// leading `---` line has empty front matter and a body starting at line 1.
    public static func split(
        _ text: String, file: String
    ) throws(SiteError) -> (frontMatter: FrontMatter, body: String, bodyFirstLine: Int) {
        var lines = TextLines.split(text)
        guard let first = lines.first, first.trimmingTrailingWhitespace() == "---" else {
            return (FrontMatter(), text, 1)
        }
        lines.removeFirst()
        guard let end = lines.firstIndex(where: { $0.trimmingTrailingWhitespace() == "---" }) else {
            throw SiteError(
                "front matter is not closed",
                at: .init(path: file, line: 1),
                suggestion: "Add a line `---` after the last front matter line"
            )
        }
        let yaml = lines[..<end].joined(separator: "\n")
        let mapping = try YAMLMapping(parsing: yaml, file: file, lineOffset: 1, what: "front matter")
        try mapping.rejectUnknownKeys(knownKeys, in: "front matter")
        let frontMatter = FrontMatter(
            title: try mapping.string("title"),
            description: try mapping.string("description"),
            order: try mapping.int("order")
        )
        let body = lines[(end + 1)...].joined(separator: "\n")
        return (frontMatter, body, end + 3)
    }
}

extension Substring {
    func trimmingTrailingWhitespace() -> Substring {
        var result = self
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
