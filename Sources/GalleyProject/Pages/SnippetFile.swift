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
/// SwiftFileSampleSource(path: snippet.path, text: snippet.text).samples().samples.count   // 1: the whole file
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
}
