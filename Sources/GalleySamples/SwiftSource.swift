import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// The one door to swift-syntax's parser for code taken from a page.
///
/// swift-syntax (603) bounds the nesting of what it parses but not of its
/// lookahead: `[[[[…` or `a<a<a<…` a few thousand deep recurses until the
/// stack overflows (a crash, taking the whole build with it) and a few
/// hundred deep takes seconds. No sample nests that deep, so code whose
/// brackets nest deeper than ``maximumDepth`` is not parsed: callers treat it
/// as plain code (no highlighting, no elision, one block of statements) and
/// the compiler, which has its own limits, reports what is wrong with it.
///
/// Square brackets have a limit of their own: at each `[` the lookahead tries
/// an inline array type (`[3 of Int]`) and then a collection type, each
/// looking at the brackets inside, so its time doubles with every level —
/// 20 nested `[` took 23 s (debug build), 14 took 0.3 s, closed or not.
package enum SwiftSource {
    /// The deepest bracket nesting parsed. SwiftUI samples nest about 12 deep.
    package static let maximumDepth = 64
    /// The deepest nesting of `[` parsed. Real code nests a few
    /// (`[[String: [Int]]]` is 3); 10 levels cost the parser about 0.05 s.
    package static let maximumSquareBracketDepth = 10

    /// `code`'s syntax tree, or `nil` when it nests deeper than
    /// ``maximumDepth``, or its `[` deeper than ``maximumSquareBracketDepth``.
    package static func parse(_ code: String) -> SourceFileSyntax? {
        guard nestingDepth(of: code) <= maximumDepth, squareBracketDepth(of: code) <= maximumSquareBracketDepth else { return nil }
        return Parser.parse(source: code)
    }

    /// A syntax error of a Swift file, as the compiler words it.
    package struct SyntaxError: Sendable, Hashable {
        /// The 1-based line.
        package var line: Int
        /// The 1-based column.
        package var column: Int
        /// The message (`expected '}' to end function`).
        package var message: String

        /// The error `message` at `line` and `column`.
        package init(line: Int, column: Int, message: String) {
            (self.line, self.column, self.message) = (line, column, message)
        }
    }

    /// The syntax errors of `code`, a whole Swift file, in order; empty
    /// when it parses, or when it nests too deep to be parsed here.
    package static func syntaxErrors(_ code: String) -> [SyntaxError] {
        guard let tree = parse(code), tree.hasError else { return [] }
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        return ParseDiagnosticsGenerator.diagnostics(for: tree).filter { $0.diagMessage.severity == .error }.map { diagnostic in
            let location = diagnostic.location(converter: converter)
            return SyntaxError(line: location.line, column: location.column, message: diagnostic.message)
        }
    }

    /// The lines (1-based) of `code`'s top-level statement that holds its
    /// `line`, or `nil` when no statement does.
    package static func statementLines(containing line: Int, in code: String) -> ClosedRange<Int>? {
        guard let tree = parse(code) else { return nil }
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        return tree.statements.lazy.map { $0.startLocation(converter: converter).line...$0.endLocation(converter: converter).line }
            .first { $0.contains(line) }
    }

    /// Whether `code` closes every brace it opens and opens every one it
    /// closes: a block that shows an initializer's first line with `{` and
    /// nothing after it does not, and merged into a program with others it
    /// would take every block after it into its body.
    package static func closesItsBraces(_ code: String) -> Bool {
        // Equal counts on the text (strings and comments included) are the usual case: no parse.
        let opening = code.utf8.count { $0 == UInt8(ascii: "{") }
        let closing = code.utf8.count { $0 == UInt8(ascii: "}") }
        guard opening != closing, let tree = parse(code), tree.hasError else { return true }
        for token in tree.tokens(viewMode: .all) where token.tokenKind == .rightBrace || token.tokenKind == .leftBrace {
            if token.presence == .missing || token.parent?.is(UnexpectedNodesSyntax.self) == true { return false }
        }
        return true
    }

    /// How deep `[` nest in `code`, counted on the text like ``nestingDepth(of:)``.
    package static func squareBracketDepth(of code: String) -> Int {
        var depth = 0
        var deepest = 0
        for byte in code.utf8 {
            if byte == UInt8(ascii: "[") {
                depth += 1
                deepest = max(deepest, depth)
            } else if byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            }
        }
        return deepest
    }

    /// How deep `(`, `[`, `{` and generic `<` nest in `code`, counted on the
    /// text (strings and comments included, which only over-counts). A `<`
    /// counts when it follows a name or `>` without a space, as in `Array<Int>`
    /// and not `a < b`, and its count ends with the line.
    package static func nestingDepth(of code: String) -> Int {
        var brackets = 0
        var angles = 0
        var deepest = 0
        var previous: UInt8 = 0
        for byte in code.utf8 {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): brackets += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): brackets = max(0, brackets - 1)
            case UInt8(ascii: "<") where isNameEnd(previous): angles += 1
            case UInt8(ascii: ">"): angles = max(0, angles - 1)
            case UInt8(ascii: "\n"): angles = 0
            default: break
            }
            deepest = max(deepest, brackets + angles)
            previous = byte
        }
        return deepest
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: ">"), UInt8(ascii: "<"), 0x80...0xFF:
            true
        default: false
        }
    }
}
