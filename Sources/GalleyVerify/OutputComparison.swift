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

    /// The index of the first line where `expected` and `actual` differ, or `nil` when equal.
    public static func firstDifference(expected: [String], actual: [String]) -> Int? {
        guard expected != actual else { return nil }
        return zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, actual.count)
    }

    /// A line diff of `expected` against `actual` (`-` expected, `+` printed),
    /// or `nil` when they are equal.
    public static func diff(expected: [String], actual: [String]) -> String? {
        guard expected != actual else { return nil }
        // Longest common subsequence, fine for sample-sized outputs.
        let n = expected.count, m = actual.count
        var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = expected[i] == actual[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                lines.append("  \(expected[i])"); i += 1; j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                lines.append("- \(expected[i])"); i += 1
            } else {
                lines.append("+ \(actual[j])"); j += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
