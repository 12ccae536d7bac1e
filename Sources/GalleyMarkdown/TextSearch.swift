#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The searches Galley runs over a page's Markdown source (is there a "``"
/// in it, is there "``Symbol``"), as cmark reads the source: bytes.
///
/// Markdown's syntax is bytes: cmark opens a code span with a run of
/// backtick bytes, whatever Characters they belong to. So a byte search is
/// the answer, and `String.contains`, which compares Characters under
/// canonical equivalence, is not: it finds "``Symbol``" in
/// "\u{1FEF}\u{1FEF}Symbol\u{1FEF}\u{1FEF}" (U+1FEF's normal form is "`"),
/// where cmark sees no code span, and costs a Character-by-Character walk of
/// the page for every literal of a page that is not ASCII.
///
/// ```swift
/// TextSearch.contains(page.cmarkSource, "``")   // whether the bytes "``" occur
/// ```
enum TextSearch {
    /// Whether `needle`'s UTF-8 bytes occur in `text`'s.
    static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text
        var needle = needle
        return text.withUTF8 { text in needle.withUTF8 { needle in needle.isEmpty || find(needle, in: text) } }
    }

    /// Whether `text` has the byte `byte` (an ASCII character: then as `text.contains(Character)` answers for it alone).
    static func containsByte(_ text: String, _ byte: UInt8) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }

    /// Whether `needle`'s bytes occur in `text`.
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
