/// Turns heading text into GitHub-style anchor ids, unique within one document.
///
/// ```swift
/// var slugs = SlugGenerator()
/// slugs.slug(for: "Overview")      // "overview"
/// slugs.slug(for: "Overview")      // "overview-1"
/// slugs.slug(for: "What's new?")   // "whats-new"
/// ```
package struct SlugGenerator: Sendable {
    private var used: [String: Int] = [:]

    /// Creates a generator with no ids taken.
    public init() {}

    /// The GitHub slug of `text`: lowercased, punctuation removed, spaces to hyphens.
    public static func baseSlug(_ text: String) -> String {
        // ASCII text (most headings) by bytes, with the same result.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Written straight into the new string (short ones need no allocation at all).
            return String(unsafeUninitializedCapacity: text.utf8.count) { slug in
                var count = 0
                for byte in text.utf8 {
                    switch byte {
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug[count] = byte | 0x20
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                        slug[count] = byte
                    case UInt8(ascii: " "): slug[count] = UInt8(ascii: "-")
                    default: continue
                    }
                    count += 1
                }
                return count
            }
        }
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character == " " {
                slug.append("-")
            }
        }
        return slug
    }

    /// The next unique id for `text`; repeats get `-1`, `-2`, … as on GitHub.
    public mutating func slug(for text: String) -> String {
        let stem = Self.baseSlug(text)
        let base = stem.isEmpty ? "section" : stem
        var candidate = base
        if var suffix = used[base] {
            repeat {
                suffix += 1
                candidate = "\(base)-\(suffix)"
            } while used[candidate] != nil
            used[base] = suffix
        }
        used[candidate] = used[candidate] ?? 0
        return candidate
    }
}
