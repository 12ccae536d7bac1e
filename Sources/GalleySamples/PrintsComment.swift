import Foundation

/// `// Prints "…"` comments, the Swift book's way to state a print's output.
///
/// The expected text runs from the first `"` after `// Prints ` to the last
/// `"` on the line, so quotes inside are part of it (`// Prints "begins with
/// "The"."` expects `begins with "The".`); one `.` after the closing quote is
/// punctuation. Swift escapes (`\n`, `\t`, `\"`, `\\`, `\u{…}`) work, and
/// `\n` splits the text into several lines.
///
/// A comment that looks like an expectation but cannot be read
/// (`// Prints WRONG`, `//Prints "x"`, `// prints "x"`, a bad escape, no
/// closing quote) is ``Parsed/malformed(_:column:)``: an error at its line,
/// never an expectation silently left unchecked.
///
/// As package docs write them: `// Prints:` (or `// Prints`) alone starts an
/// expectation of several lines, the comment lines after it
/// (``Parsed/multiLine(column:)``); `// Prints: "…"` is `// Prints "…"`;
/// `// Prints "hello, world", because …` (TSPL) expects `hello, world`. A
/// comment that is prose (`// Prints sensitive information in debug builds`,
/// `// prints "hi" and returns 12`) is ``Parsed/prose(_:column:)``: a warning,
/// not an expectation.
package enum PrintsComment {
    /// What a line says about expected output.
    package enum Parsed: Equatable {
        /// No `// Prints` comment.
        case none
        /// The lines the comment expects.
        case expected([String])
        /// A comment meant as an expectation that cannot be read: why, and its 1-based column.
        case malformed(String, column: Int)
        /// `// Prints:` with nothing after it: the comment lines that follow are the expected lines.
        case multiLine(column: Int)
        /// A comment that starts like an expectation but is prose: why it was not read as one.
        case prose(String, column: Int)
    }

    /// The lines a `// Prints "…"` comment on `line` expects, or `nil`
    /// (also for a malformed comment; see ``parse(_:)``).
    package static func expected(in line: Substring) -> [String]? {
        if case .expected(let lines) = parse(line) { return lines }
        return nil
    }

    /// Reads the `// Prints` comment of `line`, if it has one.
    package static func parse(_ line: Substring) -> Parsed {
        guard let (marker, spaces, word) = commentWord(in: line) else { return .none }
        let column = line.distance(from: line.startIndex, to: marker) + 1
        let afterWord = line[line.index(word, offsetBy: "Prints".count)...]
        let spelled = String(line[word..<line.index(word, offsetBy: "Prints".count)])
        if spelled != "Prints" {
            // `// prints "x"`: only a quote after it makes it an expectation; `// prints the sum` is prose.
            guard afterWord.drop(while: { $0 == " " || $0 == "\t" }).first == "\"" else { return .none }
            // TSPL: `// prints "hello, world" and returns a value of 12` describes a function.
            if let close = afterWord.lastIndex(of: "\""), isProse(afterWord[afterWord.index(after: close)...]) {
                return .prose("'// \(spelled) \"…\"' followed by prose describes the code", column: column)
            }
            return .malformed("'// \(spelled)' must be spelled '// Prints' to state expected output", column: column)
        }
        // `// Prints:` or a bare `// Prints` (swift-algorithms' doc comments): the comment lines after it.
        if (afterWord.trimmingCharacters(in: .whitespaces) == ":" || afterWord.trimmingCharacters(in: .whitespaces).isEmpty) && spaces == " " {
            return .multiLine(column: column)
        }
        // `// Prints '…'` (single quotes, as some doc comments write it): the text between them, as it is.
        let trimmedAfter = afterWord.trimmingCharacters(in: .whitespaces)
        if spaces == " ", afterWord.hasPrefix(" '"), trimmedAfter.count >= 2, trimmedAfter.hasSuffix("'") {
            return .expected([String(trimmedAfter.dropFirst().dropLast())])
        }
        // `// Prints: "…"` says what `// Prints "…"` says.
        if afterWord.hasPrefix(": \""), spaces == " " {
            let colon = line.index(word, offsetBy: "Prints".count)
            return parse(Substring(line[..<colon] + line[line.index(after: colon)...]))
        }
        if !afterWord.contains("\""), afterWord.split(whereSeparator: { $0 == " " || $0 == "\t" }).count >= 2,
            afterWord.first == " " || afterWord.first == "\t"
        {
            // `// Prints sensitive information in debug builds only`: words, no string.
            return .prose("'// Prints' followed by words and no string in quotes is prose", column: column)
        }
        guard spaces == " " else {
            return .malformed("write '// Prints \"…\"' with exactly one space after '//'", column: column)
        }
        // `// Prints "A" "-" "B"`: one string per printed line.
        if let strings = quotedStrings(afterWord), strings.count >= 2 { return .expected(strings) }
        return expectation(quoted: afterWord, column: column)
    }

    /// The strings of `text` when it is only strings in quotes with spaces
    /// between them (`"A" "-" "B"`), none with an escape; otherwise `nil`.
    static func quotedStrings(_ text: Substring) -> [String]? {
        var strings: [String] = []
        var rest = text.drop { $0 == " " || $0 == "\t" }
        while !rest.isEmpty {
            guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { return nil }
            let string = rest[rest.index(after: rest.startIndex)..<close]
            guard !string.contains("\\") else { return nil }
            strings.append(String(string))
            rest = rest[rest.index(after: close)...]
            let trimmed = rest.drop { $0 == " " || $0 == "\t" }
            // Strings are apart: `"A""B"` is one string with a quote in it, not two.
            if !trimmed.isEmpty, trimmed.startIndex == rest.startIndex { return nil }
            rest = trimmed
        }
        return strings
    }

    /// What `// Prints "…"` expects, read from `afterWord` (the text after
    /// `Prints`, which should be one space and a string in quotes), or why
    /// it cannot be read; `column` is the comment's.
    private static func expectation(quoted afterWord: Substring, column: Int) -> Parsed {
        // The string is read by Unicode scalars, not characters: a combining
        // mark after a quote or an escape (`"\u{301}`) joins it into one
        // character, which would hide the quote or break the escape.
        let scalars = afterWord.unicodeScalars
        guard scalars.starts(with: " \"".unicodeScalars) else {
            return .malformed("'// Prints' must be followed by one space and a string in quotes, e.g. // Prints \"42\"", column: column)
        }
        let literal = scalars.dropFirst(2)
        let proseAfter = proseComma(in: literal)
        guard let close = proseAfter ?? literal.lastIndex(of: "\"") else {
            return .malformed("the string after '// Prints' has no closing quote", column: column)
        }
        var trailing = literal[literal.index(after: close)...]
        if trailing.first == "." { trailing = trailing.dropFirst() }
        guard proseAfter != nil || trailing.allSatisfy({ $0 == " " || $0 == "\t" }) else {
            return .malformed(
                "unexpected text after the closing quote of '// Prints': '\(Substring(trailing).trimmingCharacters(in: .whitespaces))'",
                column: column)
        }
        switch unescape(literal[..<close]) {
        case .success(let text):
            return .expected(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        case .failure(let problem):
            return .malformed(problem.reason, column: column)
        }
    }

    /// Whether `text`, after a closing quote, is words of prose (`and returns a value of 12`).
    private static func isProse(_ text: Substring) -> Bool {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = words.first, text.first == " " || text.first == "\t" else { return false }
        return first.allSatisfy(\.isLetter) && first.count >= 2
    }

    /// The quote that closes the string in TSPL's `"hello, world", because name is …`:
    /// the first unescaped `"` followed by `,` or `;`, a space and a word of
    /// letters, when no quote follows that word (`"a", "b"` is one string).
    private static func proseComma(in literal: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView.Index? {
        var index = literal.startIndex
        while index < literal.endIndex {
            let scalar = literal[index]
            if scalar == "\\" {
                index = literal.index(after: index)
                if index < literal.endIndex { index = literal.index(after: index) }
                continue
            }
            if scalar == "\"" {
                let after = Substring(literal[literal.index(after: index)...])
                if let mark = after.first, mark == "," || mark == ";" {
                    let rest = after.dropFirst()
                    if rest.first == " ", isProse(rest) { return index }
                }
            }
            index = literal.index(after: index)
        }
        return nil
    }

    /// Where the comment's `//` is, the blanks after it, and where its first word starts,
    /// when that word is some spelling of `prints`. `///` doc comments are not expectations.
    private static func commentWord(in line: Substring) -> (Substring.Index, Substring, Substring.Index)? {
        // The slashes are looked at as Unicode scalars: `range(of:)` may find
        // them inside a character (after a prepended mark such as U+0600).
        let scalars = line.unicodeScalars
        var search = line.startIndex
        while let slashes = line[search...].range(of: "//") {
            defer { search = slashes.upperBound }
            if slashes.lowerBound > line.startIndex, scalars[scalars.index(before: slashes.lowerBound)] == "/" { continue }
            let rest = line[slashes.upperBound...]
            if rest.unicodeScalars.first == "/" { continue }
            let word = rest.firstIndex { $0 != " " && $0 != "\t" } ?? rest.endIndex
            let candidate = rest[word...]
            guard candidate.count >= "Prints".count,
                candidate.prefix("Prints".count).lowercased() == "prints"
            else { continue }
            let next = candidate.dropFirst("Prints".count).first
            if let next, next.isLetter || next.isNumber || next == "_" { continue }
            return (slashes.lowerBound, rest[..<word], word)
        }
        return nil
    }

    private struct EscapeProblem: Error {
        package var reason: String
    }

    /// The text of a string literal's body with its escapes applied, read by Unicode scalars.
    private static func unescape(_ body: Substring.UnicodeScalarView) -> Result<String, EscapeProblem> {
        var text = String.UnicodeScalarView()
        var index = body.startIndex
        while index < body.endIndex {
            let scalar = body[index]
            guard scalar == "\\" else {
                text.append(scalar)
                index = body.index(after: index)
                continue
            }
            index = body.index(after: index)
            guard index < body.endIndex else {
                return .failure(EscapeProblem(reason: "a '\\' ends the string after '// Prints'; write '\\\\' for a backslash"))
            }
            switch body[index] {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "0": text.append("\0")
            case "\"": text.append("\"")
            case "'": text.append("'")
            case "\\": text.append("\\")
            case "u":
                let after = body.index(after: index)
                guard after < body.endIndex, body[after] == "{", let close = body[after...].firstIndex(of: "}") else {
                    return .failure(EscapeProblem(reason: "'\\u' must be followed by '{hex digits}' in '// Prints'"))
                }
                let digits = Substring(body[body.index(after: after)..<close])
                guard (1...8).contains(digits.unicodeScalars.count), let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                    return .failure(EscapeProblem(reason: "'\\u{\(digits)}' is not a Unicode scalar (write 1 to 8 hex digits)"))
                }
                text.append(scalar)
                index = close
            default:
                return .failure(EscapeProblem(reason: "'\\\(body[index])' is not a Swift string escape; write '\\\\' for a backslash"))
            }
            index = body.index(after: index)
        }
        return .success(String(text))
    }

    /// `text` as the body of a Swift string literal.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            case "\0": escaped += "\\0"
            default:
                if scalar.value < 0x20 { escaped += "\\u{\(String(scalar.value, radix: 16))}" } else { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }
}

/// `// error: <text>` comments of `compile_fail` samples.
package enum ErrorMarkerComment {
    /// The marker on `line`: where the comment starts and the expected text.
    package static func parse(_ line: Substring) -> (start: Substring.Index, text: String)? {
        guard let range = line.range(of: "// error:") else { return nil }
        let text = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
        return (range.lowerBound, text)
    }

    /// Whether the compiler's `message` is what a marker's `text` says: it
    /// contains the text, ignoring case, with `...` or `…` in the text
    /// standing for anything (`Value of type 'Map<...>' has no member
    /// 'print'`); an empty text (`// 🛑`) stands for any error.
    package static func matches(_ message: String, _ text: String) -> Bool {
        let parts = text.lowercased().replacingOccurrences(of: "…", with: "...").components(separatedBy: "...")
        var rest = Substring(message.lowercased())
        for part in parts where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// The marker of a comment in the emoji style of some docs, `// 🛑` or
    /// `// ❌ Value of type 'X' has no member 'y'`: its text (empty for the
    /// sign alone), or `nil` when the comment is not one, or says something
    /// other than a compiler message (a compiler message quotes a name).
    package static func emoji(_ comment: Substring) -> String? {
        let text = comment.drop { $0 == " " || $0 == "/" }
        guard let sign = text.first, sign == "🛑" || sign == "❌" else { return nil }
        let message = text.dropFirst().trimmingCharacters(in: .whitespaces)
        return message.isEmpty || message.contains("'") ? message : nil
    }

    /// Whether a comment line of its own says the code under it does not
    /// compile (`// Does not compile:`, `// This won't compile`, `// Compiler
    /// error:`): a marker of any error there.
    package static func announcesCompileFailure(_ trimmedLine: String) -> Bool {
        guard trimmedLine.hasPrefix("//") else { return false }
        let comment = trimmedLine.dropFirst(2).lowercased().replacingOccurrences(of: "’", with: "'")
        let signs = [
            "does not compile", "doesn't compile", "won't compile", "will not compile", "would not compile", "wouldn't compile",
            "fails to compile", "compiler error", "compile error", "compile-time error",
        ]
        return signs.contains(where: comment.contains)
    }

    /// The expected text of a comment line drawn as the compiler draws a
    /// diagnostic under its line (`` //   `- error: 'items' used after consume ``,
    /// `// ^ error: …`), or `nil`. A plain `// error: …` is not drawn.
    package static func drawn(_ trimmedLine: String) -> String? {
        guard trimmedLine.hasPrefix("//") else { return nil }
        let comment = trimmedLine.dropFirst(2).drop { $0 == " " }
        guard let first = comment.first, "`^|".contains(first) else { return nil }
        let rest = comment.drop { "`^|-~ ".contains($0) }
        guard rest.hasPrefix("error:") else { return nil }
        return rest.dropFirst("error:".count).trimmingCharacters(in: .whitespaces)
    }
}
