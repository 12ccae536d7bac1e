/// HTML escaping for text and attribute values.
public enum HTMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities.
    ///
    /// ```swift
    /// HTMLEscaping.escape("a < b")   // "a &lt; b"
    /// ```
    public static func escape(_ text: String) -> String {
        // By bytes: the five characters are ASCII, and an ASCII byte in UTF-8
        // is always a whole scalar. Most text (ids, titles, URLs) has none
        // of them and is returned as it is.
        let utf8 = text.utf8
        guard var next = utf8.firstIndex(where: needsEscaping) else { return text }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 16)
        var start = utf8.startIndex
        while true {
            escaped += text[start..<next]
            switch utf8[next] {
            case UInt8(ascii: "&"): escaped += "&amp;"
            case UInt8(ascii: "<"): escaped += "&lt;"
            case UInt8(ascii: ">"): escaped += "&gt;"
            case UInt8(ascii: "\""): escaped += "&quot;"
            default: escaped += "&#39;"
            }
            start = utf8.index(after: next)
            guard let found = utf8[start...].firstIndex(where: needsEscaping) else { break }
            next = found
        }
        escaped += text[start...]
        return escaped
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
