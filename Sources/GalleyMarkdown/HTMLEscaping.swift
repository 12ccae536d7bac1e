/// HTML escaping for text and attribute values.
public enum HTMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities.
    ///
    /// ```swift
    /// HTMLEscaping.escape("a < b")   // "a &lt; b"
    /// ```
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
