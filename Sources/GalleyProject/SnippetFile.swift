import GalleyMarkdown

/// A Swift file of a package's `Snippets/` folder that a DocC page shows
/// with `@Snippet(path:)`.
///
/// SwiftPM builds each snippet as an executable linked against the
/// package's libraries, so Galley verifies it as the program it is: the
/// whole file (hidden parts included) compiled and run once, however many
/// pages and slices show it, its diagnostics at the file's own lines.
///
/// ```swift
/// let snippet = SnippetFile(path: "Snippets/Greeting.swift", text: "// snippet.greet\nprint(\"Hello\")\n// snippet.end\n")
/// snippet.sampleDocument.codeBlocks[0].firstCodeLine   // 1
/// ```
public struct SnippetFile: Sendable, Hashable {
    /// The file's path relative to the project folder (`Snippets/Greeting.swift`).
    public var path: String
    /// The file's text.
    public var text: String

    /// Creates a snippet of the file at `path` with `text`.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The file as a Markdown document of one Swift block whose lines are
    /// the file's lines, which is what the verifier reads. Slice markers
    /// (`// snippet.NAME`, `// snippet.end`) become plain comments, so they
    /// keep their lines; `// snippet.hide` and `// snippet.show` stay markers.
    public var sampleDocument: MarkdownDocument {
        var lines: [Substring] = []
        var longestTicks = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let isSliceMarker = trimmed.hasPrefix("// snippet.") && trimmed != "// snippet.hide" && trimmed != "// snippet.show"
            lines.append(isSliceMarker ? "//" : line)
            var run = 0
            for character in line {
                run = character == "`" ? run + 1 : 0
                longestTicks = max(longestTicks, run)
            }
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        // A fence longer than any run of backticks inside, on line 0, so the code starts at line 1.
        let fence = String(repeating: "`", count: max(3, longestTicks + 1))
        return MarkdownDocument(parsing: fence + "swift\n" + lines.joined(separator: "\n") + "\n" + fence + "\n", firstLine: 0)
    }
}
