import Foundation

/// What a request's `Range` header asks of a representation, by RFC 9110 §14:
/// one byte range, or the whole representation when the header is absent or
/// is one this server ignores.
///
/// ```swift
/// ByteRange(header: "bytes=2-5", length: 8)    // .part(2...5)
/// ByteRange(header: "bytes=-3", length: 8)     // .part(5...7), the last three bytes
/// ByteRange(header: "bytes=8-", length: 8)     // .unsatisfiable: answer 416
/// ByteRange(header: "bytes=0-1,4-5", length: 8) // .whole: several ranges are not served
/// ```
enum ByteRange: Equatable, Sendable {
    /// Send every byte with 200: there is no range, or one the server may ignore
    /// (another unit, several ranges, a malformed or invalid value).
    case whole
    /// Send these bytes with 206 Partial Content.
    case part(ClosedRange<Int>)
    /// Answer 416 Range Not Satisfiable: the range starts at or after the end.
    case unsatisfiable

    /// The range that `header` (a `Range` field's value, or `nil`) selects of `length` bytes.
    init(header: String?, length: Int) {
        guard let header, let equals = header.firstIndex(of: "=") else {
            self = .whole
            return
        }
        let unit = header[..<equals].trimmingCharacters(in: .whitespaces)
        let specs = header[header.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
        guard unit.lowercased() == "bytes", specs.count == 1 else {
            self = .whole
            return
        }
        let spec = specs[0].trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let firstText = spec[..<dash]
        let lastText = spec[spec.index(after: dash)...]
        if firstText.isEmpty {
            // `-N`: the last N bytes.
            guard let suffix = Self.number(lastText) else {
                self = .whole
                return
            }
            if suffix == 0 {
                self = .unsatisfiable
            } else if length == 0 {
                // Nothing to slice: the empty representation, whole.
                self = .whole
            } else {
                self = .part(max(0, length - suffix)...(length - 1))
            }
            return
        }
        guard let first = Self.number(firstText) else {
            self = .whole
            return
        }
        let last: Int
        if lastText.isEmpty {
            last = Int.max
        } else {
            guard let value = Self.number(lastText), value >= first else {
                self = .whole
                return
            }
            last = value
        }
        guard first < length else {
            self = .unsatisfiable
            return
        }
        self = .part(first...min(last, length - 1))
    }

    /// The value of a run of ASCII digits (`Int.max` when it overflows), `nil` for anything else.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text) ?? Int.max
    }
}
