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
                    isASCII(needle), isASCII(text)
                else { return nil }
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

    /// Whether every byte is below 0x80, eight at a time.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var any: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            any |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            any |= UInt64(bytes[offset])
            offset += 1
        }
        return any & 0x8080_8080_8080_8080 == 0
    }

    private static func find(_ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= needle.count, let base = text.baseAddress, let wanted = needle.baseAddress else { return false }
        // Each occurrence of the needle's first byte, found with memchr, compared with the needle.
        let last = text.count - needle.count
        var offset = 0
        while offset <= last, let hit = memchr(base + offset, Int32(wanted.pointee), last - offset + 1) {
            let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + position, wanted, needle.count) == 0 { return true }
            offset = position + 1
        }
        return false
    }
}
