import Foundation

extension StringProtocol {
    /// Whether `other` occurs in the text, compared byte for byte in UTF-8.
    ///
    /// It takes the place of Foundation's `contains(_:)` wherever GalleyCore
    /// is imported (a concrete `String` argument is preferred to its generic
    /// one): on Linux, Foundation copies both strings to UTF-16 for every
    /// search, and searching code and compiler messages was a fifth of a warm
    /// `galley verify`. As with Foundation, nothing contains the empty string.
    ///
    /// ```swift
    /// "cannot find 'db' in scope".contains("cannot find")   // true
    /// ```
    public func contains(_ other: String) -> Bool {
        utf8Offset(of: other) != nil
    }

    /// Where `other` first occurs in the text, compared byte for byte in
    /// UTF-8; `nil` when it does not, or when it is empty (as with
    /// Foundation's `range(of:)`, which this takes the place of).
    public func range(of other: String) -> Range<Index>? {
        guard let offset = utf8Offset(of: other) else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: other.utf8.count)
    }

    private func utf8Offset(of other: String) -> Int? {
        var needle = other
        return needle.withUTF8 { needle -> Int? in
            guard let needleStart = needle.baseAddress, !needle.isEmpty else { return nil }
            func search(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
                guard let textStart = text.baseAddress, text.count >= needle.count else { return nil }
                let last = text.count - needle.count
                var from = 0
                while from <= last {
                    guard let found = memchr(textStart + from, Int32(needle[0]), last - from + 1) else { return nil }
                    let at = textStart.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(textStart + at, needleStart, needle.count) == 0 { return at }
                    from = at + 1
                }
                return nil
            }
            if let found = utf8.withContiguousStorageIfAvailable(search) { return found }
            var copy = String(self)
            return copy.withUTF8(search)
        }
    }
}
