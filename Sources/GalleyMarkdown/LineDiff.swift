/// Which lines of a text are new since an earlier version of it: the lines
/// outside a longest common subsequence of the two texts' lines, as a
/// tutorial marks what a step changed in a file since the step before.
///
/// ```swift
/// LineDiff.changedLines(from: "a\nb\n", to: "a\nx\nb\n")   // [2]
/// ```
public enum LineDiff {
    /// The 1-based numbers of the lines of `new` that are not in `old`
    /// (added or changed); empty when `old` is `nil` (nothing to compare).
    public static func changedLines(from old: String?, to new: String) -> Set<Int> {
        guard let old else { return [] }
        // A file's last newline ends its last line; it does not start an empty one.
        let lines = { (text: String) -> [Substring] in
            var lines = TextLines.split(text)
            if lines.last?.isEmpty == true { lines.removeLast() }
            return lines
        }
        return Set(changedIndices(from: lines(old), to: lines(new)).map { $0 + 1 })
    }

    /// The indices of `new`'s elements outside a longest common subsequence
    /// with `old`. Quadratic in the lengths once the common head and tail
    /// are set aside, which for a tutorial's step files is small.
    public static func changedIndices<Element: Equatable>(from old: [Element], to new: [Element]) -> [Int] {
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let a = Array(old[head..<(old.count - tail)])
        let b = Array(new[head..<(new.count - tail)])
        guard !b.isEmpty else { return [] }
        guard !a.isEmpty else { return Array(head..<(head + b.count)) }
        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
        let width = b.count + 1
        var lengths = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    a[i] == b[j] ? lengths[(i + 1) * width + j + 1] + 1 : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var changed: [Int] = []
        var (i, j) = (0, 0)
        while j < b.count {
            if i < a.count, a[i] == b[j] {
                i += 1
                j += 1
            } else if i < a.count, lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                i += 1
            } else {
                changed.append(head + j)
                j += 1
            }
        }
        return changed
    }
}
