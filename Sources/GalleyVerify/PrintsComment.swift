import Foundation
/// `// Prints "…"` comments, the Swift book's way to state a print's output.
enum PrintsComment {
    /// The lines a `// Prints "…"` comment on `line` expects, or `nil`.
    ///
    /// The string is a Swift string literal: `\n`, `\t`, `\"`, `\\` and
    /// `\u{…}` escapes work, and `\n` splits it into several lines.
    static func expected(in line: Substring) -> [String]? {
        guard let comment = line.range(of: "// Prints \"") else { return nil }
        let rest = line[comment.upperBound...]
        var text = ""
        var index = rest.startIndex
        while index < rest.endIndex {
            let character = rest[index]
            if character == "\"" {
                return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            if character == "\\" {
                index = rest.index(after: index)
                guard index < rest.endIndex else { return nil }
                switch rest[index] {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "0": text.append("\0")
                case "\"": text.append("\"")
                case "'": text.append("'")
                case "\\": text.append("\\")
                case "u":
                    guard let open = rest[index...].firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}"),
                          let value = UInt32(rest[rest.index(after: open)..<close], radix: 16),
                          let scalar = Unicode.Scalar(value) else { return nil }
                    text.unicodeScalars.append(scalar)
                    index = close
                default: return nil
                }
            } else {
                text.append(character)
            }
            index = rest.index(after: index)
        }
        return nil
    }

    /// `text` as the body of a Swift string literal.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            case "\0": escaped += "\\0"
            default:
                if scalar.value < 0x20 { escaped += "\\u{\(String(scalar.value, radix: 16))}" } else { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }
}

/// `// error: <text>` comments of `compile_fail` samples.
enum ErrorMarkerComment {
    /// The marker on `line`: where the comment starts and the expected text.
    static func parse(_ line: Substring) -> (start: Substring.Index, text: String)? {
        guard let range = line.range(of: "// error:") else { return nil }
        let text = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
        return (range.lowerBound, text)
    }
}
