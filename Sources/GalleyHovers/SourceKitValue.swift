/// A value of a sourcekitd response, read from the text
/// `sourcekitd_response_description_copy` prints:
///
/// ```
/// {
///   key.kind: source.lang.swift.decl.var.local,
///   key.name: "board",
///   key.line: 6,
///   key.secondary_symbols: [ { … } ]
/// }
/// ```
///
/// The description, not the variant API: a `sourcekitd_variant_t` is a
/// 24-byte struct passed by value, which a `@convention(c)` function type
/// cannot express, and a C target only for that would be one more module to
/// build. The description of a cursor-info response is a few kilobytes.
package enum SourceKitValue: Equatable, Sendable {
    case dictionary([String: SourceKitValue])
    case array([SourceKitValue])
    case string(String)
    case integer(Int)
    /// A UID such as `source.lang.swift.decl.var.local`.
    case uid(String)

    /// The value of `key` when this is a dictionary.
    package subscript(_ key: String) -> SourceKitValue? {
        if case .dictionary(let entries) = self { return entries[key] }
        return nil
    }

    /// The string or UID.
    package var string: String? {
        switch self {
        case .string(let text), .uid(let text): return text
        default: return nil
        }
    }

    /// The integer.
    package var integer: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// Parses a description; `nil` when it is not one.
    package static func parse(_ text: String) -> SourceKitValue? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let value = reader.value() else { return nil }
        reader.skipSpace()
        return reader.index == reader.bytes.count ? value : nil
    }

    private struct Reader {
        package var bytes: [UInt8]
        package var index = 0
        package var depth = 0

        package mutating func skipSpace() {
            while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[index]) {
                index += 1
            }
        }

        package mutating func value() -> SourceKitValue? {
            skipSpace()
            guard index < bytes.count, depth < 64 else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return dictionary()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""): return string().map(SourceKitValue.string)
            default:
                let word = bareWord()
                guard !word.isEmpty else { return nil }
                return Int(word).map(SourceKitValue.integer) ?? .uid(word)
            }
        }

        mutating func dictionary() -> SourceKitValue? {
            index += 1
            depth += 1
            defer { depth -= 1 }
            var entries: [String: SourceKitValue] = [:]
            while true {
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .dictionary(entries)
                }
                let key = bareWord()
                skipSpace()
                guard !key.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let value = value() else { return nil }
                entries[key] = value
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
        }

        package mutating func array() -> SourceKitValue? {
            index += 1
            depth += 1
            defer { depth -= 1 }
            var items: [SourceKitValue] = []
            while true {
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
                guard let item = value() else { return nil }
                items.append(item)
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
        }

        /// A word up to a space, `,`, `:` followed by a space, or a bracket.
        package mutating func bareWord() -> String {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(byte) { break }
                if byte == UInt8(ascii: ":"), index + 1 >= bytes.count || bytes[index + 1] == UInt8(ascii: " ") { break }
                index += 1
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A double-quoted string with C escapes (`\"`, `\\`, `\n`, `\t`).
        package mutating func string() -> String? {
            index += 1
            var result: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: result, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\"), index < bytes.count else {
                    result.append(byte)
                    continue
                }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "r"): result.append(UInt8(ascii: "\r"))
                default: result.append(escaped)
                }
            }
            return nil
        }
    }
}
