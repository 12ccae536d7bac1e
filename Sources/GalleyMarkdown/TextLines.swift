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
        var index = text.unicodeScalars.startIndex
        while index < text.unicodeScalars.endIndex {
            if text.unicodeScalars[index] == "\n" {
                lines.append(text[start..<index])
                start = text.unicodeScalars.index(after: index)
            }
            index = text.unicodeScalars.index(after: index)
        }
        lines.append(text[start...])
        return lines
    }
}
