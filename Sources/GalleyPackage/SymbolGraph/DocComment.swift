import Foundation
import GalleyCore
import SymbolKit

/// A symbol's documentation comment: its lines without the `///` markers, each
/// with where it stands in its source file, as SymbolKit's `LineList` gives them.
///
/// Positions are zero-based (line, and UTF-8 byte offset in the line), as in
/// the symbol graph; ``sourceLocation(ofLine:)`` turns one into the 1-based
/// `file:line:column` that diagnostics print.
///
/// ```swift
/// if let comment = symbol.docComment {
///     print(comment.text)                             // "A greeting.\n\nSays hello."
///     print(comment.sourceLocation(ofLine: 0)!)       // /src/Tiny.swift:3:5
/// }
/// ```
public struct DocComment: Hashable, Sendable {
    /// A zero-based place in a source file.
    public struct Position: Hashable, Sendable {
        /// The zero-based line.
        public var line: Int
        /// The zero-based UTF-8 byte offset in the line.
        public var character: Int

        /// Creates a position.
        public init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }
    }

    /// One line of the comment.
    public struct Line: Hashable, Sendable {
        /// The line's text, without the comment marker and its indentation.
        public var text: String
        /// Where the text starts in the file, when the compiler gave it.
        public var start: Position?
        /// Where the text ends (exclusive), when the compiler gave it.
        public var end: Position?

        /// Creates a line.
        public init(text: String, start: Position? = nil, end: Position? = nil) {
            self.text = text
            self.start = start
            self.end = end
        }
    }

    /// The lines, in order; empty lines of the comment are empty strings.
    public var lines: [Line]
    /// The `file://` URI of the source file the comment is in, when known.
    public var uri: String?
    /// The module the comment was written in, when the graph says (an inherited comment's module).
    public var moduleName: String?

    /// Creates a comment.
    public init(lines: [Line], uri: String? = nil, moduleName: String? = nil) {
        self.lines = lines
        self.uri = uri
        self.moduleName = moduleName
    }

    init(_ list: SymbolGraph.LineList) {
        lines = list.lines.map { line in
            Line(
                text: line.text,
                start: line.range.map { Position(line: $0.start.line, character: $0.start.character) },
                end: line.range.map { Position(line: $0.end.line, character: $0.end.character) })
        }
        uri = list.uri
        moduleName = list.moduleName
    }

    /// The comment's text: its lines joined with newlines, the Markdown DocC reads.
    public var text: String {
        lines.map(\.text).joined(separator: "\n")
    }

    /// The source file's path, from ``uri`` (`nil` when there is none or it is not a file URI).
    public var filePath: String? {
        uri.flatMap(Self.path(fromURI:))
    }

    /// Where line `index` of the comment starts, 1-based for diagnostics
    /// (column counts UTF-8 bytes); `nil` when the graph has no position for it.
    ///
    /// ```swift
    /// comment.sourceLocation(ofLine: 0)?.line   // 3 for a comment on line 3
    /// ```
    public func sourceLocation(ofLine index: Int) -> SourceLocation? {
        guard lines.indices.contains(index), let start = lines[index].start, let path = filePath else { return nil }
        return SourceLocation(path: path, line: start.line + 1, column: start.character + 1)
    }

    static func path(fromURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.path
    }
}
