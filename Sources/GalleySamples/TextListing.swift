/// Whether a listing without a language is text rather than Swift: DocC
/// shows every unlabeled block of a doc comment as a code listing, and
/// authors use them for diagrams, SQL, a program's output and formulas
/// too (`+------+`, `SELECT * FROM player`, `Error: Missing value`,
/// `cosh(x) = ------`). Those are not samples, as a ` ```json ` block is not.
///
/// Only a block that does not parse as Swift can be text, and only by
/// signs Swift code does not show outside its strings and comments, so a
/// Swift listing with a typo stays a listing (and a failure).
///
/// ```swift
/// TextListing.isText("+-----+\n| box |\n+-----+\n")   // true
/// TextListing.isText("for x in xs\n    print(x)\n}\n")   // false: Swift with a missing brace
/// ```
package enum TextListing {
    /// Whether `code`, a block without a language, is text.
    package static func isText(_ code: String) -> Bool {
        guard let tree = SwiftSource.parse(code), tree.hasError else { return false }
        let lines = codeLines(code)
        guard let first = lines.first else { return false }
        if lines.contains(where: isDiagram) || lines.contains(where: isSQL) { return true }
        // Lines numbered or a table of values, the way a tool prints them.
        if lines.count(where: { ($0.first?.isNumber ?? false) && $0.contains(" ") }) * 2 > lines.count { return true }
        return startsAsText(first) || (lines.count > 1 && isDump(first, lines[1]))
    }

    /// The lines outside comments and multi-line string literals, trimmed, not empty.
    private static func codeLines(_ code: String) -> [Substring] {
        var inString = false
        var lines: [Substring] = []
        for line in code.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let quotes = trimmed.components(separatedBy: "\"\"\"").count - 1
            if quotes % 2 == 1 {
                inString.toggle()
                continue
            }
            guard !inString, !trimmed.isEmpty, !trimmed.hasPrefix("//") else { continue }
            lines.append(trimmed)
        }
        return lines
    }

    /// A line of a drawing: box-drawing characters, or four of `-=+|~` in a row.
    private static func isDiagram(_ line: Substring) -> Bool {
        var run = 0
        for scalar in line.unicodeScalars {
            if (0x2500...0x259F).contains(scalar.value) || (0x25B2...0x25C4).contains(scalar.value) { return true }
            run = "-=+|~".unicodeScalars.contains(scalar) ? run + 1 : 0
            if run >= 4 { return true }
        }
        return false
    }

    /// A line of SQL: a statement's keyword first, or two capitalized keywords in a row (`NOT NULL`, `CREATE TABLE`).
    private static func isSQL(_ line: Substring) -> Bool {
        let words = line.split(separator: " ")
        let statements: Set<Substring> = ["SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "DROP", "ALTER", "PRAGMA", "EXPLAIN"]
        if let first = words.first, statements.contains(first) { return true }
        let capital = { (word: Substring) in word.count >= 2 && word.allSatisfy { $0.isUppercase && $0.isLetter } }
        return zip(words, words.dropFirst()).contains { capital($0) && capital($1) }
    }

    /// A first line no Swift statement starts with: `Error: Missing value`, `✅ host`, `[68656c6c6f](11 bytes)`.
    private static func startsAsText(_ line: Substring) -> Bool {
        guard let first = line.unicodeScalars.first else { return false }
        if !(first.properties.isAlphabetic || first.properties.numericType != nil || "_@#.[(\"\\`{}$!-&*<".unicodeScalars.contains(first)) {
            return true
        }
        // A capitalized word or phrase and a colon, then a space: a message's label, not a Swift label (`outer: for`).
        if first.properties.isUppercase, let colon = line.firstIndex(of: ":"), line[line.index(after: colon)...].first == " ",
            line[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " })
        {
            return true
        }
        return line.hasPrefix("[") && line.contains("](")
    }

    /// A value's description as a program prints it: `Name {` then `key: value,`.
    private static func isDump(_ first: Substring, _ second: Substring) -> Bool {
        guard first.hasSuffix(" {"), first.dropLast(2).allSatisfy({ $0.isLetter || $0.isNumber }), let colon = second.firstIndex(of: ":") else {
            return false
        }
        return second[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && second.hasSuffix(",")
    }
}
