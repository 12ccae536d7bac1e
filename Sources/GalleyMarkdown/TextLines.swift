/// Splitting text into lines the way cmark counts them.
public enum TextLines {
    /// The lines of `text`, split at every `\n` (so `\r\n` counts as one line
    /// ending, its `\r` kept at the end of the line — unlike splitting by
    /// `Character`, which treats `\r\n` as one character and merges lines).
    ///
    /// ```swift
    /// TextLines.split("a\r\nb\n")   // ["a\r", "b", ""]
    /// ```
    public static func split(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        // UTF-8 bytes, not scalars: a `\n` byte is always a whole scalar, and
        // scanning bytes keeps a 20 MB page's split to milliseconds.
        let utf8 = text.utf8
        while let newline = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(text[start..<newline])
            start = utf8.index(after: newline)
        }
        lines.append(text[start...])
        return lines
    }
}
