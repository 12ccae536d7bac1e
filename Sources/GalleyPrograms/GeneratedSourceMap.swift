import Foundation

/// Where each line of a generated Swift file comes from: the Markdown file
/// and line its last `#sourceLocation(file:line:)` directive names, counted on,
/// as the compiler counts them for diagnostics; and back, the UTF-8 offset in
/// the generated file of a column of a page's line.
package struct GeneratedSourceMap: Sendable {
    /// The generated file's lines (without their line breaks).
    private(set) var lines: [Substring] = []
    /// The UTF-8 offset where each line starts.
    private(set) var lineStarts: [Int] = []
    /// The page and line each generated line stands for, `nil` for Galley's own code.
    private(set) var origins: [(file: String, line: Int)?] = []
    /// Every generated line that stands for a page's line: more than one when
    /// the page has several items on the line (`let a = 1; let b = a`).
    private var allLines: [String: [Int: [Int]]] = [:]

    /// Reads `text`, a file `ProgramSource` wrote.
    package init(_ text: String) {
        var offset = 0
        var current: (file: String, line: Int)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(line)
            lineStarts.append(offset)
            offset += line.utf8.count + 1
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("#sourceLocation(") {
                current = Self.directive(trimmed)
                origins.append(nil)
                continue
            }
            origins.append(current)
            if let here = current {
                allLines[here.file, default: [:]][here.line, default: []].append(lines.count - 1)
                current = (here.file, here.line + 1)
            }
        }
    }

    /// The UTF-8 offset in the generated file of the 0-based UTF-8 `column`
    /// of `line` of `file`, whose text is `original`: found on whichever of
    /// the generated lines standing for it has the token that is there.
    package func offset(file: String, line: Int, column: Int, original: Substring) -> Int? {
        guard let candidates = allLines[file]?[line], let first = candidates.first else { return nil }
        let source = Array(original.utf8)
        for index in candidates {
            if let offset = matchingOffset(ofColumn: column, inLine: index, source: source) { return offset }
        }
        return offset(ofColumn: column, inLine: first, original: original)
    }

    /// The offset of `column` on generated line `index` when the token at
    /// `column` of `source` is there, unmoved or moved by the access level
    /// ``ProgramSource`` gives declarations (`fileprivate ` added, or put in
    /// place of `public`, `internal`, `open` or `package`).
    private func matchingOffset(ofColumn column: Int, inLine index: Int, source: [UInt8]) -> Int? {
        guard column < source.count else { return nil }
        let generated = Array(lines[index].utf8)
        func isNamePart(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        var end = column + 1
        while end < source.count, isNamePart(source[end]), isNamePart(source[column]) { end += 1 }
        let token = source[column..<end]
        let fileprivateLength = "fileprivate".utf8.count
        for shift in [0, fileprivateLength + 1] + ["public", "internal", "open", "package"].map({ fileprivateLength - $0.utf8.count }) {
            let start = column + shift
            guard start + token.count <= generated.count, generated[start..<start + token.count].elementsEqual(token) else { continue }
            // A whole token, not the start of a longer name.
            if start + token.count < generated.count, isNamePart(token.last ?? 0), isNamePart(generated[start + token.count]) { continue }
            return lineStarts[index] + start
        }
        return nil
    }

    /// The page and line that the generated file's 1-based `line` stands for.
    package func origin(ofLine line: Int) -> (file: String, line: Int)? {
        origins.indices.contains(line - 1) ? origins[line - 1] : nil
    }

    /// The UTF-8 offset in the generated file of the 0-based UTF-8 `column`
    /// of a line whose text as the sample has it is `original`: the generated
    /// line may have a word added or replaced (`fileprivate`), so the column
    /// after the common prefix is moved by the difference in length.
    package func offset(ofColumn column: Int, inLine index: Int, original: Substring) -> Int {
        let generated = Array(lines[index].utf8)
        let source = Array(original.utf8)
        guard generated != source else { return lineStarts[index] + column }
        var prefix = 0
        while prefix < min(generated.count, source.count), generated[prefix] == source[prefix] { prefix += 1 }
        let moved = column < prefix ? column : column + generated.count - source.count
        return lineStarts[index] + max(0, moved)
    }

    /// `file` and `line` of a `#sourceLocation(file: "…", line: N)`; `nil` for `#sourceLocation()`.
    private static func directive(_ text: Substring) -> (file: String, line: Int)? {
        guard let open = text.firstIndex(of: "\""), let lineLabel = text.range(of: "\", line: ", options: .backwards) else { return nil }
        let name = text[text.index(after: open)..<lineLabel.lowerBound]
            .replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
        let number = text[lineLabel.upperBound...].prefix { $0.isNumber }
        return Int(number).map { (name, $0) }
    }
}
