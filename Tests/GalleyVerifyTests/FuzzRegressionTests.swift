import GalleyMarkdown
import GalleySamples
import Testing

/// Inputs `make fuzz` found that broke GalleyVerify; each is also kept in
/// `Fuzz/Corpus/<target>/` under the name given.
@Suite("Fuzz regressions: GalleyVerify")
struct FuzzRegressionTests {
    /// `Fuzz/Corpus/prints/combining-mark-after-quote.txt`: a combining mark
    /// (U+0301) right after a quote or a backslash joins it into one
    /// `Character`, so reading the comment by characters hid the quote or
    /// broke the escape, and `--bless` wrote comments it could not read back.
    @Test(
        "what --bless writes for output with combining marks reads back as that output",
        arguments: [
            "\"\u{301}",  // a quote, escaped as \", then the mark
            "\\\u{301}",  // a backslash, escaped as \\, then the mark
            "a\n\u{301}b",  // \n, then the mark
            "\u{301}starts with a mark",
            "ends with a quote\"\u{301}",
            "\u{600}",  // a prepended mark (ARABIC NUMBER SIGN) before the closing quote
        ])
    func blessedCombiningMarksRoundTrip(output: String) {
        let line = "print(x) // Prints \"\(PrintsComment.escape(output))\""
        let expected = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(PrintsComment.parse(line[...]) == .expected(expected), "\(line.debugDescription)")
    }

    @Test("a written // Prints string is read by Unicode scalars, so an escape before a combining mark works")
    func combiningMarkAfterEscape() {
        let markdown = "```swift\nprint(\"\\\"\u{301}\") // Prints \"\\\"\u{301}\"\n```\n"
        let (samples, problems) = SampleExtractor.samples(in: MarkdownDocument(parsing: markdown), page: "content/p.md")
        #expect(problems.isEmpty, "\(problems.map(\.message))")
        #expect(samples.first?.expectedPrints == ["\"\u{301}"])
    }

    /// `Fuzz/Corpus/prints/prepended-mark-before-slashes.txt`: U+0600 (a
    /// prepended mark) joins the `/` after it into one character, so the `//`
    /// found in the line started inside a character and stepping back from
    /// it trapped: `galley verify` crashed on such a sample line.
    @Test(
        "a line with a prepended mark before // is read, not a crash",
        arguments: [
            ("\u{600}// Prints \"x\"", PrintsComment.Parsed.expected(["x"])),
            ("\u{600}/// Prints \"x\"", .none),
            ("let a = 1 \u{600}// Prints \"x\"", .expected(["x"])),
        ])
    func prependedMarkBeforeSlashes(line: String, parsed: PrintsComment.Parsed) {
        #expect(PrintsComment.parse(line[...]) == parsed)
        let markdown = "```swift\n\(line)\n```\n"
        _ = SampleExtractor.samples(in: MarkdownDocument(parsing: markdown), page: "content/p.md")
    }
    /// `Fuzz/Corpus/sample-attributes/deeply-nested-brackets.txt`: swift-syntax's
    /// lookahead does not bound its recursion, so a sample of a few thousand
    /// `[` overflowed the stack (CI's fuzz run: a timeout on a few hundred,
    /// a crash on more) and took the whole build with it.
    @Test(
        "code nested deeper than swift-syntax can look ahead is read as plain code, not a crash",
        arguments: [
            String(repeating: "[", count: 5_000),
            String(repeating: "a<", count: 3_000),
            String(repeating: "{[", count: 2_000),
        ])
    func deeplyNestedCode(code: String) {
        #expect(SwiftSource.nestingDepth(of: code) > SwiftSource.maximumDepth)
        #expect(SwiftSource.parse(code) == nil)
        #expect(SampleKindReader.kind(of: code) == .program)
        #expect(Elision.substitute(in: code + " ...").holes.isEmpty)
        let markdown = "```swift\n\(code)\n```\n"
        let (samples, _) = SampleExtractor.samples(in: MarkdownDocument(parsing: markdown), page: "content/p.md")
        #expect(samples.count == 1)
    }

    /// `Fuzz/Corpus/sample-attributes/nested-square-brackets.txt`: 54 `[`,
    /// under the general limit, but each `[` doubles swift-syntax's lookahead
    /// (an inline array type, then a collection type): CI's fuzz run timed out.
    @Test(
        "nested square brackets beyond their own limit are read as plain code, open or closed",
        arguments: [
            "withObser" + String(repeating: "[", count: 54) + " prfnt(\"x\") }",
            "let x = " + String(repeating: "[", count: 24) + "1" + String(repeating: "]", count: 24),
        ])
    func nestedSquareBrackets(code: String) {
        #expect(SwiftSource.nestingDepth(of: code) <= SwiftSource.maximumDepth)
        #expect(SwiftSource.squareBracketDepth(of: code) > SwiftSource.maximumSquareBracketDepth)
        #expect(SwiftSource.parse(code) == nil)
        let markdown = "```swift\n\(code)\n```\n"
        let (samples, _) = SampleExtractor.samples(in: MarkdownDocument(parsing: markdown), page: "content/p.md")
        #expect(samples.count == 1)
    }

    @Test(
        "real samples nest far less deep than the limit and are parsed",
        arguments: [
            "VStack { HStack { Button(action: { model.count += 1 }) { Text(\"\\(model.items[0])\") } } }",
            "let table: Dictionary<String, Array<Set<Int>>> = [:]\nif a < b, c<d { print([[1], [2]]) }",
            "let x = ...",
            "let cube = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]\nlet grid: [[String: [Int]]] = [[\"a\": [1]]]",
        ])
    func ordinaryCodeIsParsed(code: String) {
        #expect(SwiftSource.nestingDepth(of: code) < 10)
        #expect(SwiftSource.squareBracketDepth(of: code) <= 3)
        #expect(SwiftSource.parse(code) != nil)
    }
}
