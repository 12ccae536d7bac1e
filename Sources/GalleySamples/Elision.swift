import SwiftSyntax

/// Elided code in a sample — `...` or `…` standing for omitted statements,
/// expressions, arguments or bodies, and editor placeholders `<#name#>` —
/// replaced by holes that type-check, so the rest of the sample is still
/// compiled. The page shows the code as written; a sample with holes is
/// compiled, never run.
///
/// | written | compiled as |
/// |---|---|
/// | `func mean() -> Double { ... }`, a line `...` alone | `fatalError()` (a statement of type `Never`) |
/// | `struct Model { … }` (a member) | `/*…*/` (its members are left out) |
/// | `let total = ...`, `[<#item#>]` | `_galleyHole()` (generic: `func _galleyHole<T>() -> T`) |
/// | `Foo(...)`, `Foo(id: 1, ...)` | `(_galleyHole() as Foo)`; a lowercase callee: `_galleyHole()` |
/// | `func f(...)` | `func f(   )` |
/// | `let x: <#Type#>` | `Any` |
/// | `try ...`, `... stuff ...` (code elided in words) | `fatalError()` |
/// | `if /* something */ {` | `if _galleyHole() /* something */ {` |
/// | `case .failure: // handle it` | `case .failure: break // handle it` (the sample still runs) |
/// | `guard let user else { // not found }` | `guard let user else { fatalError() // not found }` |
///
/// `...` that is Swift (`0...5`, `x...`, `...x`, `Int...`, `array[...]`) is
/// left alone: only a `...` with nothing to range over on either side is a hole.
/// Diagnostics keep pointing at the Markdown line and column: ``Hole`` records
/// where each replacement is, and ``mapColumn(_:line:)`` moves columns back.
package enum Elision {
    /// One replacement: where the elided text was and how long each side is.
    public struct Hole: Sendable, Hashable {
        /// The 1-based line in the sample's code.
        public var line: Int
        /// The 1-based UTF-8 column of the elided text in the code as written.
        public var column: Int
        /// The 1-based UTF-8 column of the replacement in the compiled code.
        public var compiledColumn: Int
        /// UTF-8 length of the elided text.
        public var length: Int
        /// UTF-8 length of its replacement.
        public var replacementLength: Int
        /// The elided text, e.g. `...`.
        public var text: String
        /// Whether the sample still runs with it: a `break` given to a
        /// `case` whose body is a comment (`case .failure: // handle the
        /// error`), which is what running it means. Other holes stand for
        /// code nobody wrote, and a sample with them is compiled, never run.
        public var keepsRun: Bool {
            length == 0 && replacementLength == Elision.commentedCaseFill.utf8.count
        }
    }

    /// Whether `code` may elide anything: an ellipsis, a placeholder, or a comment where code goes.
    private static func mayElide(_ code: String) -> Bool {
        code.contains("...") || code.contains("…") || code.contains("<#") || code.contains("= /*") || code.contains("= //")
            || ((code.contains("switch") || code.contains("guard")) && (code.contains("//") || code.contains("/*"))) || code.contains(" /*")
    }

    /// What a `case` whose body is only a comment is given: a statement
    /// that does what the comment's empty body does, nothing.
    static let commentedCaseFill = " break"

    /// `code` with its elisions replaced, and where; no holes when nothing is elided.
    public static func substitute(in code: String) -> (code: String, holes: [Hole]) {
        guard mayElide(code) else { return (code, []) }
        guard let tree = SwiftSource.parse(code) else { return (code, []) }
        let tokens = Array(tree.tokens(viewMode: .sourceAccurate)).filter { $0.tokenKind != .endOfFile }
        var edits: [(start: Int, end: Int, replacement: String, text: String)] = []
        for (index, token) in tokens.enumerated() {
            if let edit = commentElidedValue(after: token) ?? commentedCaseBody(after: token) ?? commentedCondition(after: token)
                ?? commentedGuardExit(after: token) ?? elidedInWords(at: index, in: tokens, code: code)
            {
                // `... stuff ...` is one hole over the ellipses it spans.
                edits.removeAll { edit.start <= $0.start && $0.end <= edit.end }
                edits.append(edit)
                continue
            }
            let text = token.text
            let isPlaceholder = text.hasPrefix("<#") && text.hasSuffix("#>") && text.count > 4
            let isEllipsis = text == "..." || text == "…"
            guard isPlaceholder || isEllipsis else { continue }
            let previous = index > 0 ? tokens[index - 1] : nil
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            let startsLine = previous == nil || token.leadingTrivia.contains { $0.isNewline }
            let endsLine = next == nil || next!.leadingTrivia.contains { $0.isNewline }
            if isEllipsis, !ellipsisElides(at: index, in: tokens, startsLine: startsLine, endsLine: endsLine) { continue }
            let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = token.endPositionBeforeTrailingTrivia.utf8Offset
            guard !edits.contains(where: { $0.start <= start && end <= $0.end }) else { continue }
            let opener = enclosingOpener(of: index, in: tokens)
            if isPlaceholder, token.parent?.is(IdentifierTypeSyntax.self) == true {
                edits.append((start, end, "Any", text))
                continue
            }
            if isEllipsis, let opener, opener.tokenKind == .leftParen,
                previous.map({ $0.text == "(" || $0.text == "," }) ?? false, next.map({ $0.text == ")" || $0.text == "," }) ?? false
            {
                if let call = opener.parent?.as(FunctionCallExprSyntax.self) {
                    let edit = elidedCall(call, through: token, in: code)
                    edits.removeAll { edit.start <= $0.start && $0.end <= edit.end }
                    edits.append(edit)
                    continue
                }
                if opener.parent?.is(FunctionParameterClauseSyntax.self) == true {
                    edits.append((start, end, "", text))
                    continue
                }
            }
            // `try ...` alone on its line is a statement too.
            let afterEffect = previous.map { ($0.text == "try" || $0.text == "await") && $0.leadingTrivia.contains(where: \.isNewline) } ?? false
            let statementPosition =
                (startsLine || afterEffect || previous.map { $0.text == "{" || $0.text == ";" } ?? true)
                && (endsLine || next.map { $0.text == "}" || $0.text == ";" } ?? true)
            if statementPosition, opener == nil || opener!.tokenKind == .leftBrace {
                edits.append((start, end, statementReplacement(inside: opener, text: text), text))
                continue
            }
            edits.append((start, end, "_galleyHole()", text))
        }
        return apply(edits, to: code, tree: tree)
    }

    /// Whether the `...` or `…` at `index` of `tokens` elides code: it has
    /// nothing to range over on either side (it starts or ends its line, or
    /// sits after an opener and before a closer) and is not `array[...]`.
    private static func ellipsisElides(at index: Int, in tokens: [TokenSyntax], startsLine: Bool, endsLine: Bool) -> Bool {
        let previous = index > 0 ? tokens[index - 1] : nil
        let next = index + 1 < tokens.count ? tokens[index + 1] : nil
        let openers: Set<String> = ["(", "[", "{", ",", ":", "=", "->", "return", "in", ";", "?", "??", "try", "await", "!"]
        let closers: Set<String> = [")", "]", "}", ",", ";"]
        guard startsLine || openers.contains(previous!.text), endsLine || closers.contains(next!.text) else { return false }
        // `array[...]` is Swift's unbounded range.
        if let previous, previous.text == "[", previous.leadingTrivia.isEmpty, index >= 2,
            endsOperand(tokens[index - 2]), next?.text == "]"
        {
            return false
        }
        return true
    }

    /// The edit for a call whose arguments elide some (`Foo(...)`, `Foo(id:
    /// 1, ...)`, up to the elision `token` when it has no `)`): the whole call
    /// becomes `fatalError()` as a statement, `(_galleyHole() as Foo)` for an
    /// uppercase callee (a type), or `_galleyHole()`.
    private static func elidedCall(
        _ call: FunctionCallExprSyntax, through token: TokenSyntax, in code: String
    ) -> (start: Int, end: Int, replacement: String, text: String) {
        let callStart = call.calledExpression.positionAfterSkippingLeadingTrivia.utf8Offset
        let callEnd = (call.rightParen ?? token).endPositionBeforeTrailingTrivia.utf8Offset
        let callee = call.calledExpression.trimmedDescription
        let statement = call.parent?.is(CodeBlockItemSyntax.self) == true
        let replacement: String
        if statement {
            replacement = "fatalError()"
        } else if let first = callee.unicodeScalars.first, first.properties.isUppercase,
            callee.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "<" || $0 == ">" || $0 == "," || $0 == " " }
            )
        {
            replacement = "(_galleyHole() as \(callee))"
        } else {
            replacement = "_galleyHole()"
        }
        return (callStart, callEnd, replacement, String(code.utf8Slice(callStart, callEnd)))
    }

    /// What elided statements `text` become in the braces `opener` (`nil` at
    /// the top level): a comment that still says so among a type's members
    /// (the type's members are left out, ``SketchedTypes``), a `default:`
    /// case in a `switch`, else `fatalError()`.
    private static func statementReplacement(inside opener: TokenSyntax?, text: String) -> String {
        if let brace = opener, brace.parent?.is(MemberBlockSyntax.self) == true {
            return text.contains("*/") ? "" : "/*\(text)*/"
        } else if let brace = opener, brace.parent?.is(SwitchExprSyntax.self) == true {
            return "default: fatalError()"
        } else {
            return "fatalError()"
        }
    }

    /// `code` with `edits` made (each replacing UTF-8 offsets `start..<end`
    /// of the elided `text`), and the holes they leave.
    private static func apply(
        _ edits: [(start: Int, end: Int, replacement: String, text: String)], to code: String, tree: SourceFileSyntax
    ) -> (code: String, holes: [Hole]) {
        var edits = edits
        guard !edits.isEmpty else { return (code, []) }
        edits.sort { $0.start < $1.start }
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var bytes = Array(code.utf8)
        var holes: [Hole] = []
        var shiftOnLine: [Int: Int] = [:]
        for edit in edits {
            let location = converter.location(for: AbsolutePosition(utf8Offset: edit.start))
            let shift = shiftOnLine[location.line, default: 0]
            holes.append(
                Hole(
                    line: location.line, column: location.column, compiledColumn: location.column + shift,
                    length: edit.end - edit.start, replacementLength: edit.replacement.utf8.count, text: edit.text
                ))
            shiftOnLine[location.line] = shift + edit.replacement.utf8.count - (edit.end - edit.start)
        }
        // A replacement of several lines keeps the line count: its newlines follow it.
        for edit in edits.reversed() {
            let newlines = edit.text.utf8.filter { $0 == UInt8(ascii: "\n") }.count
            bytes.replaceSubrange(edit.start..<edit.end, with: Array((edit.replacement + String(repeating: "\n", count: newlines)).utf8))
        }
        return (String(decoding: bytes, as: UTF8.self), holes)
    }

    /// The column in the code as written of a diagnostic at `column` of
    /// `line` (both 1-based, of the sample's code) in the compiled code.
    public static func mapColumn(_ column: Int, line: Int, holes: [Hole]) -> Int {
        var mapped = column
        for hole in holes where hole.line == line && hole.compiledColumn <= column {
            if column < hole.compiledColumn + max(hole.replacementLength, 1) { return hole.column }
            mapped -= hole.replacementLength - hole.length
        }
        return mapped
    }

    /// A value elided as a comment, `let service: Service = // ...` or `let
    /// config = /* a reader */`: an `=` that ends its line with a block
    /// comment, or a line comment that elides (`...`, `…`), gets a hole after
    /// it (the next line is the next statement, as the author means).
    private static func commentElidedValue(after token: TokenSyntax) -> (start: Int, end: Int, replacement: String, text: String)? {
        guard token.tokenKind == .equal else { return nil }
        // `= // ...`, `= // obtain a database from a driver`, `= /* a reader with providers that change */`: the author's
        // placeholder for the value, in any wording — unless the value follows on a line indented further (a continuation).
        let elides = token.trailingTrivia.pieces.contains { piece in
            if case .lineComment = piece { return true }
            if case .blockComment = piece { return true }
            return false
        }
        let next = token.nextToken(viewMode: .sourceAccurate)
        guard elides, next?.leadingTrivia.contains(where: \.isNewline) ?? true else { return nil }
        if let next, indentation(ofLineStartingBefore: next) > indentation(ofLineOf: token) { return nil }
        let end = token.endPositionBeforeTrailingTrivia.utf8Offset
        return (end, end, " _galleyHole()", "")
    }

    /// A `case` (or `default`) whose body is only a comment (`case
    /// .failure(let error): // handle the error`): the author's placeholder
    /// for the reader's code, given ``commentedCaseFill`` after its colon,
    /// where it changes no line and no column before it.
    private static func commentedCaseBody(after token: TokenSyntax) -> (start: Int, end: Int, replacement: String, text: String)? {
        guard token.tokenKind == .colon,
            let switchCase = token.parent?.parent?.as(SwitchCaseSyntax.self)
                ?? token.parent?.as(SwitchCaseSyntax.self), switchCase.statements.isEmpty,
            switchCase.label.lastToken(viewMode: .sourceAccurate) == token
        else { return nil }
        let trivia = Array(token.trailingTrivia.pieces) + Array(token.nextToken(viewMode: .sourceAccurate)?.leadingTrivia.pieces ?? [])
        let commented = trivia.contains { piece in
            switch piece {
            case .lineComment, .blockComment: return true
            default: return false
            }
        }
        guard commented else { return nil }
        let end = token.endPositionBeforeTrailingTrivia.utf8Offset
        return (end, end, commentedCaseFill, "")
    }

    /// A condition written as a comment, `if /* something */ {`: the
    /// author's placeholder for the reader's condition, given a hole.
    private static func commentedCondition(after token: TokenSyntax) -> (start: Int, end: Int, replacement: String, text: String)? {
        guard token.tokenKind == .keyword(.if) || token.tokenKind == .keyword(.while) || token.tokenKind == .keyword(.guard),
            token.trailingTrivia.pieces.contains(where: { if case .blockComment = $0 { return true } else { return false } }),
            let next = token.nextToken(viewMode: .sourceAccurate), next.tokenKind == .leftBrace || next.tokenKind == .keyword(.else)
        else { return nil }
        let end = token.endPositionBeforeTrailingTrivia.utf8Offset
        return (end, end, " _galleyHole()", "")
    }

    /// A `guard`'s `else` whose body is only a comment (`guard let user
    /// else { // not found }`): the author's placeholder for the reader's
    /// exit, given `fatalError()` after its `{`.
    private static func commentedGuardExit(after token: TokenSyntax) -> (start: Int, end: Int, replacement: String, text: String)? {
        guard token.tokenKind == .leftBrace, let body = token.parent?.as(CodeBlockSyntax.self), body.statements.isEmpty,
            body.parent?.is(GuardStmtSyntax.self) == true
        else { return nil }
        let trivia = Array(token.trailingTrivia.pieces) + Array(body.rightBrace.leadingTrivia.pieces)
        guard trivia.contains(where: { if case .lineComment = $0 { true } else if case .blockComment = $0 { true } else { false } }) else {
            return nil
        }
        let end = token.endPositionBeforeTrailingTrivia.utf8Offset
        return (end, end, " fatalError()", "")
    }

    /// Code elided in words between two ellipses on one line (`... stuff
    /// ...`, `{ ... a, b, c ... }`, `... parse network data ....`): the
    /// first starts its statement, the last ends it; the whole span is one hole.
    private static func elidedInWords(
        at index: Int, in tokens: [TokenSyntax], code: String
    ) -> (start: Int, end: Int, replacement: String, text: String)? {
        let isDots = { (token: TokenSyntax) in
            token.text == "…" || (token.text.count >= 3 && token.text.allSatisfy { $0 == "." })
        }
        guard isDots(tokens[index]), index + 2 < tokens.count else { return nil }
        let previous = index > 0 ? tokens[index - 1] : nil
        guard previous == nil || tokens[index].leadingTrivia.contains(where: \.isNewline) || previous!.text == "{" || previous!.text == ";"
        else { return nil }
        var last = index + 1
        while last < tokens.count, !tokens[last].leadingTrivia.contains(where: \.isNewline) {
            if isDots(tokens[last]) {
                let next = last + 1 < tokens.count ? tokens[last + 1] : nil
                guard next == nil || next!.leadingTrivia.contains(where: \.isNewline) || next!.text == "}" || next!.text == ";" else { return nil }
                let start = tokens[index].positionAfterSkippingLeadingTrivia.utf8Offset
                let end = tokens[last].endPositionBeforeTrailingTrivia.utf8Offset
                return (start, end, "fatalError()", String(code.utf8Slice(start, end)))
            }
            last += 1
        }
        return nil
    }

    /// The indentation of the line `token` is on: the spaces before the first token of that line.
    private static func indentation(ofLineOf token: TokenSyntax) -> Int {
        var first = token
        while !first.leadingTrivia.contains(where: \.isNewline), let previous = first.previousToken(viewMode: .sourceAccurate) {
            if previous.trailingTrivia.contains(where: \.isNewline) { break }
            first = previous
        }
        return indentation(ofLineStartingBefore: first)
    }

    /// The spaces (a tab as four) after the last newline of `token`'s leading trivia.
    private static func indentation(ofLineStartingBefore token: TokenSyntax) -> Int {
        var count = 0
        for piece in token.leadingTrivia.pieces {
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: count = 0
            case .spaces(let n): count += n
            case .tabs(let n): count += 4 * n
            default: break
            }
        }
        return count
    }

    /// Whether `token` ends an expression a subscript may follow (`array`, `f()`, `x?`, `"text"`).
    private static func endsOperand(_ token: TokenSyntax) -> Bool {
        switch token.tokenKind {
        case .identifier, .rightParen, .rightSquare, .postfixQuestionMark, .exclamationMark, .keyword(.self), .keyword(.Self),
            .stringQuote, .multilineStringQuote, .rawStringPoundDelimiter:
            return true
        default: return false
        }
    }

    /// The `(`, `[` or `{` that encloses the token at `index`, if any.
    private static func enclosingOpener(of index: Int, in tokens: [TokenSyntax]) -> TokenSyntax? {
        var depth = 0
        var position = index - 1
        while position >= 0 {
            switch tokens[position].tokenKind {
            case .rightParen, .rightSquare, .rightBrace: depth += 1
            case .leftParen, .leftSquare, .leftBrace:
                if depth == 0 { return tokens[position] }
                depth -= 1
            default: break
            }
            position -= 1
        }
        return nil
    }
}

extension String {
    /// The text of UTF-8 offsets `start..<end`.
    package func utf8Slice(_ start: Int, _ end: Int) -> Substring {
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        let to = utf8.index(utf8.startIndex, offsetBy: end)
        return self[from..<to]
    }
}
