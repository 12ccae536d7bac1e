/// A twoslash type query: a comment line `// ^?` whose caret sits under the
/// expression, on the line above, whose type the page shows.
///
/// ```swift
/// let total = scores.reduce(0, +)
/// //  ^?
/// ```
///
/// The page shows `let total: Int` as a callout in place of the query line.
public enum TypeQuery {
    /// The 1-based column of the caret when `line` is a type query, else `nil`.
    /// Columns count characters, as the compiler's do for ASCII code.
    public static func caretColumn(in line: Substring) -> Int? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("//") else { return nil }
        let afterSlashes = trimmed.dropFirst(2)
        let caretPart = afterSlashes.drop { $0 == " " || $0 == "\t" }
        guard caretPart.hasPrefix("^?"), caretPart.dropFirst(2).allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { return nil }
        return line.distance(from: line.startIndex, to: caretPart.startIndex) + 1
    }
}
