import GalleyMarkdown

/// Comparing printed output with what a sample expects, and showing the difference.
package enum OutputComparison {
    /// `text` split into lines. Trailing spaces are output and kept; only a
    /// missing final newline is forgiven (`"a"` and `"a\n"` are both `["a"]`).
    public static func lines(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var lines = TextLines.split(text).map { line in
            // A Markdown file with CRLF line endings gives output blocks CRLF lines.
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// How an expected line is compared with a printed one.
    public enum Matching: Sendable {
        /// Character for character (`// Prints "a "` keeps its trailing space).
        case exact
        /// Whitespace at line ends ignored, as Go's example tests and FileCheck
        /// do (` ```output ` blocks: a reader cannot see it, an author cannot type it).
        case ignoringTrailingWhitespace
        /// Whitespace at both ends ignored, `…` in the expected line standing for
        /// any text (`// Prints:` lines, `Captain(id: "alice", …)`), and a
        /// line that is the printed one in double quotes taken for it: doc
        /// comments show a string's value as its literal (`// "Hel"` where
        /// `print` writes `Hel`). Nothing else is lenient: another number,
        /// another element or another order is another output.
        case elided
        /// The values of the whole output compared, not its layout: the
        /// words and numbers of the expected lines in order against those
        /// printed (``CommentOutput``'s bare comments, which write `1, 2,
        /// 3` for three printed lines). A line alone always matches; the
        /// judge compares all lines at once with ``sameValues(_:_:)``.
        case values

        /// Whether the printed line `actual` is what `expected` asks for.
        public func matches(_ expected: String, _ actual: String) -> Bool {
            switch self {
            case .values: return OutputComparison.sameValues([expected], [actual])
            case .exact: return expected == actual
            case .ignoringTrailingWhitespace: return expected.trimmingTrailingWhitespace() == actual.trimmingTrailingWhitespace()
            case .elided:
                // A comment's `// ` and its indentation hide a printed line's leading spaces: neither side's count.
                let pattern = Substring(expected.trimmingTrailingWhitespace()).drop { $0 == " " || $0 == "\t" }
                let text = Substring(actual.trimmingTrailingWhitespace()).drop { $0 == " " || $0 == "\t" }
                if pattern.count == text.count + 2, pattern.hasPrefix("\""), pattern.hasSuffix("\""), pattern.dropFirst().dropLast() == text {
                    return true
                }
                guard pattern.contains("…") else { return pattern == text }
                return OutputComparison.matches(pattern.split(separator: "…", omittingEmptySubsequences: false), text)
            }
        }
    }

    /// Whether `expected` and `actual` hold the same words and numbers in
    /// the same order, whatever the punctuation, quotes and line breaks
    /// between them (`1, 2, 3` and `1\n2\n3`; `"Hel"` and `Hel`).
    public static func sameValues(_ expected: [String], _ actual: [String]) -> Bool {
        func values(_ lines: [String]) -> [Substring] {
            lines.flatMap { $0.split { !($0.isLetter || $0.isNumber) } }
        }
        return values(expected) == values(actual)
    }

    /// Whether `text` is the `parts` in order with anything between them.
    private static func matches(_ parts: [Substring], _ text: Substring) -> Bool {
        guard let first = parts.first, text.hasPrefix(first) else { return false }
        var rest = text.dropFirst(first.count)
        for (index, part) in parts.enumerated().dropFirst() {
            if index == parts.count - 1 { return rest.hasSuffix(part) && rest.count >= part.count }
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.isEmpty
    }

    /// The index of the first line where `expected` and `actual` differ, or `nil` when equal.
    public static func firstDifference(expected: [String], actual: [String], matching: Matching = .exact) -> Int? {
        firstDifference(expected: expected, actual: actual, matchings: Array(repeating: matching, count: expected.count))
    }

    /// The index of the first line where `expected` and `actual` differ, each expected line with its own matching.
    public static func firstDifference(expected: [String], actual: [String], matchings: [Matching]) -> Int? {
        guard !equal(expected, actual, matchings) else { return nil }
        return zip(expected, actual).enumerated().first { !matchings[$0.offset].matches($0.element.0, $0.element.1) }?.offset
            ?? min(expected.count, actual.count)
    }

    private static func equal(_ expected: [String], _ actual: [String], _ matchings: [Matching]) -> Bool {
        expected.count == actual.count && zip(expected, actual).enumerated().allSatisfy { matchings[$0.offset].matches($0.element.0, $0.element.1) }
    }

    /// `line` with what a reader cannot see made visible: trailing spaces as
    /// `·`, tabs as `→`, `\r` as `␍`, a no-break space as `⍽`, zero-width
    /// characters as `\u{200B}`; so two equal-looking lines show why they differ.
    public static func visible(_ line: String) -> String {
        var trailing = 0
        for scalar in line.unicodeScalars.reversed() {
            guard scalar == " " else { break }
            trailing += 1
        }
        var text = ""
        let scalars = Array(line.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case " " where index >= scalars.count - trailing: text += "·"
            case "\t": text += "→"
            case "\r": text += "␍"
            case "\u{A0}": text += "⍽"
            case "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}":
                text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// A line diff of `expected` against `actual` (`-` expected, `+` printed),
    /// or `nil` when they are equal. Invisible characters are shown (``visible(_:)``).
    public static func diff(expected: [String], actual: [String], matching: Matching = .exact) -> String? {
        diff(expected: expected, actual: actual, matchings: Array(repeating: matching, count: expected.count))
    }

    /// A line diff where each expected line has its own matching.
    public static func diff(expected: [String], actual: [String], matchings: [Matching]) -> String? {
        guard !equal(expected, actual, matchings) else { return nil }
        // Longest common subsequence, fine for sample-sized outputs.
        let n = expected.count
        let m = actual.count
        var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = matchings[i].matches(expected[i], actual[j]) ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, matchings[i].matches(expected[i], actual[j]) {
                lines.append("  \(visible(actual[j]))"); i += 1; j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                lines.append("- \(visible(expected[i]))"); i += 1
            } else {
                lines.append("+ \(visible(actual[j]))"); j += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    package func trimmingTrailingWhitespace() -> String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
