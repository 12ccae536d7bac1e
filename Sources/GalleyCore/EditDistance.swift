/// The Levenshtein distance between two words, for "did you mean …?" hints.
///
/// ```swift
/// EditDistance.between("titel", "title")   // 2
/// ```
public enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions that turn `a` into `b`.
    public static func between(_ a: String, _ b: String) -> Int {
        // ASCII words without `\r` (whose `\r\n` is one Character) by bytes: each byte is a Character.
        if isSingleByteCharacters(a), isSingleByteCharacters(b) {
            return distance(Array(a.utf8), Array(b.utf8))
        }
        return distance(Array(a), Array(b))
    }

    /// Whether `a` and `b` are at most `limit` edits apart: ``between(_:_:)``,
    /// skipped for ASCII words whose lengths alone differ by more.
    public static func isWithin(_ a: String, _ b: String, _ limit: Int) -> Bool {
        if abs(a.utf8.count - b.utf8.count) > limit, isSingleByteCharacters(a), isSingleByteCharacters(b) { return false }
        return between(a, b) <= limit
    }

    private static func isSingleByteCharacters(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
    }

    /// The distance between two sequences of characters, with two rows of the table.
    private static func distance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
