#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// `String.contains(_:)` for the searches Galley runs over a page's Markdown
/// source (is there a "``" in it, is there "``Symbol``"), without the
/// Character-by-Character search's cost where it cannot change the answer.
///
/// When the text and the needle are both ASCII, every byte is a Character
/// (but for "\r\n", one Character, which no needle searched here contains)
/// and no other bytes are canonically equivalent to an ASCII needle, so a
/// byte search gives `String.contains`'s answer; otherwise (any non-ASCII
/// byte: combining marks, characters whose normal form is ASCII such as
/// U+1FEF) it is `String.contains` itself.
///
/// ```swift
/// TextSearch.contains(page.cmarkSource, "``")   // as page.cmarkSource.contains("``")
/// ```
enum TextSearch {
    /// Whether `text` contains `needle`, as `text.contains(needle)` answers.
    static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text
        var needle = needle
        let answer: Bool? = text.withUTF8 { text in
            needle.withUTF8 { needle in
                guard !needle.isEmpty, !needle.contains(UInt8(ascii: "\r")), !needle.contains(UInt8(ascii: "\n")),
                      isASCII(needle), isASCII(text) else { return nil }
                return find(needle, in: text)
            }
        }
        return answer ?? text.contains(needle)
    }

    /// Whether `text` has the byte `byte` (an ASCII character: then as `text.contains(Character)` answers for it alone).
    static func containsByte(_ text: String, _ byte: UInt8) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var any: UInt8 = 0
        for byte in bytes { any |= byte }
        return any < 0x80
    }

    private static func find(_ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        let last = text.count - needle.count
        while index <= last {
            if text[index] == first {
                var matched = 1
                while matched < needle.count && text[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}
