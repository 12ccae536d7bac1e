/// A position in a source file, as shown in diagnostics (`content/intro.md:12:5`).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as the user should see it, usually relative to the
    /// working directory (`content/intro.md`).
    public var path: String
    /// The 1-based line, or `nil` when the whole file is meant.
    public var line: Int?
    /// The 1-based column, or `nil` when the whole line is meant.
    public var column: Int?

    /// Creates a location.
    public init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, leaving out what is unknown.
    public var description: String {
        var text = path
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }

    /// The location `description` wrote (`content/a.md:12`, `content/a.md:12:5`, `content/a.md`).
    public init?(parsing text: String) {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var numbers: [Int] = []
        while numbers.count < 2, parts.count > 1, let number = Int(parts[parts.count - 1]) {
            numbers.insert(number, at: 0)
            parts.removeLast()
        }
        guard !parts.joined(separator: ":").isEmpty else { return nil }
        self.init(path: parts.joined(separator: ":"), line: numbers.first, column: numbers.count > 1 ? numbers[1] : nil)
    }
}
