import GalleyMarkdown

/// The output a listing shows the way most doc comments show it: bare
/// comment lines right after the code that prints, with no `// Prints`.
///
/// ```swift
/// for chunk in numbers.chunks(ofCount: 3) {
///     print(chunk)
/// }
/// // [1, 2, 3]
/// // [4, 5, 6]
/// ```
///
/// Such comments are expected output only when they are clearly output:
/// every line a value as Swift prints one (`[4, 5, 6]`, `"abc"`, `42`,
/// `Optional(1)`, `true`), and every statement that prints followed by its
/// comment lines. A comment that may be prose is not read at all, nor is a
/// listing that annotates a print on its own line (`print(x)  // 42` tells
/// what that call prints, not in which order). Doc comments write values in their own
/// layout (`// 1, 2, 3` for three printed lines, a string in quotes), so
/// the comparison is of the values — the words and numbers in order — not
/// of the layout (``OutputComparison/sameValues(_:_:)``).
package enum CommentOutput {
    /// The expected lines and the file line of each, or `nil` when the
    /// listing shows no output this way (or may show prose).
    package static func expected(in code: String, firstLine: Int) -> (lines: [String], fileLines: [Int])? {
        var lines: [String] = []
        var fileLines: [Int] = []
        var pendingPrint = false
        var inRun = false
        for (offset, raw) in TextLines.split(code).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("//") {
                guard !line.hasPrefix("///") else { return nil }
                let text = line.dropFirst(2).drop { $0 == " " }
                if pendingPrint || inRun {
                    // A comment that may be prose is no expectation, and neither is the rest.
                    guard isValue(text) else { return nil }
                    lines.append(String(text))
                    fileLines.append(firstLine + offset)
                    inRun = true
                    pendingPrint = false
                }
                continue
            }
            inRun = false
            guard !line.isEmpty else { continue }
            let (codePart, trailing) = split(line)
            if prints(codePart) {
                // A statement printing again before the last one's output was shown: not every output is shown.
                if pendingPrint { return nil }
                // `print(Locals.value)  // 42` says what that call prints, not when: asynchronous code prints in
                // another order, so a listing that annotates its prints line by line is not compared.
                guard trailing == nil else { return nil }
                pendingPrint = true
            }
        }
        return lines.isEmpty || pendingPrint ? nil : (lines, fileLines)
    }

    /// Whether a line of code calls `print` or `dump`.
    private static func prints(_ code: Substring) -> Bool {
        for name in ["print(", "dump("] {
            var search = code[...]
            while let range = search.range(of: name) {
                let before = range.lowerBound == code.startIndex ? nil : code[code.index(before: range.lowerBound)]
                if before.map({ !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) ?? true { return true }
                search = search[range.upperBound...]
            }
        }
        return false
    }

    /// The code of `line` and the text of its trailing `//` comment, when it
    /// has one outside a string.
    private static func split(_ line: Substring) -> (Substring, Substring?) {
        var inString = false
        var previous: Character?
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\"", previous != "\\" { inString.toggle() }
            if !inString, character == "/", previous == "/" {
                let start = line.index(before: index)
                return (line[..<start], line[line.index(after: index)...].drop { $0 == " " })
            }
            previous = character
            index = line.index(after: index)
        }
        return (line, nil)
    }

    /// Whether `text` reads as a value Swift prints: a collection, a tuple
    /// or a string (`[`, `(`, `"`), numbers (`42`, `1, 2, 3`, `-0.5`),
    /// `true`, `false`, `nil`, or a type's description (`Optional(1)`,
    /// `Point(x: 1, y: 2)`).
    static func isValue(_ text: Substring) -> Bool {
        let text = text.drop { $0 == " " }
        guard let first = text.first else { return false }
        if "[(\"".contains(first) { return true }
        if ["true", "false", "nil"].contains(text) { return true }
        if text.allSatisfy({ $0.isNumber || ".,-+_ e".contains($0) }), text.contains(where: \.isNumber) { return true }
        guard first.isLetter, text.hasSuffix(")"), let open = text.firstIndex(of: "(") else { return false }
        return text[..<open].allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "<" || $0 == ">" }
    }
}
