import GalleyCore
import GalleyMarkdown
import GalleySamples
import Testing

/// A verifier that passes what it did not check is worse than none.
@Suite("No false passes: unreadable expectations and info strings are errors")
struct NoFalsePassTests {
    func extract(_ markdown: String) -> (samples: [Sample], problems: [Diagnostic]) {
        SampleExtractor.samples(in: MarkdownDocument(parsing: markdown), page: "content/p.md")
    }

    @Test(
        "a malformed // Prints comment is an error at its line and column",
        arguments: [
            (#"print("x") // Prints "\u{ZZZ}""#, "'\\u{ZZZ}' is not a Unicode scalar"),
            (#"print("x") // Prints "unterminated"#, "has no closing quote"),
            (#"print("x") // Prints WRONG"#, "must be followed by one space and a string in quotes"),
            (#"print("x") //Prints "x""#, "with exactly one space after '//'"),
            (#"print("x") // prints "x""#, "'// prints' must be spelled '// Prints'"),
            (#"print("x") // Prints "x" and more"#, "unexpected text after the closing quote"),
            (#"print("x") // Prints "a\qb""#, "'\\q' is not a Swift string escape"),
        ])
    func malformedPrints(line: String, reason: String) throws {
        let (samples, problems) = extract("Text.\n\n```swift\nlet a = 1\n\(line)\n```\n")
        #expect(samples.isEmpty)
        let problem = try #require(problems.first)
        #expect(problem.location?.line == 5)
        #expect(problem.location?.column == 12)
        #expect(problem.message.contains(reason), "\(problem.message)")
    }

    @Test("prose that merely starts with 'prints' and /// doc comments are not expectations")
    func proseIsNotAnExpectation() {
        let (samples, problems) = extract("```swift\n// prints the total\n/// Prints \"x\" in a doc comment\nlet printsTotal = 1\n```\n")
        #expect(problems.isEmpty)
        #expect(samples.first?.expectedPrints == nil)
    }

    @Test("// Prints text runs from the first to the last quote; a final period is punctuation")
    func swiftBookConvention() {
        let (samples, problems) = extract(
            """
            ```swift
            print(#"begins with "The"."#) // Prints "begins with "The"."
            print("a ", terminator: "") // Prints "a "
            print("\\u{1F600}") // Prints "\\u{1F600}".
            ```
            """)
        #expect(problems.isEmpty)
        #expect(samples.first?.expectedPrints == [#"begins with "The"."#, "a ", "😀"])
    }

    @Test(
        "info strings that mean Swift are samples",
        arguments: [
            ("Swift", [String]()),
            ("swift,no_run", ["no_run"]),
            ("swift, no_run , group=a", ["no_run", "group=a"]),
            ("{.swift}", []),
            ("{.swift .no_run}", ["no_run"]),
            ("swift {.numberLines}", []),
            ("SWIFT no_run", ["no_run"]),
        ])
    func swiftInfoStrings(info: String, attributes: [String]) throws {
        let (samples, problems) = extract("```\(info)\nfatalError()\n```\n")
        #expect(problems.isEmpty, "\(problems)")
        let sample = try #require(samples.first, "'\(info)' was not taken as a sample")
        #expect(sample.block.attributes == attributes)
        #expect(sample.mode == (attributes.contains("no_run") ? .noRun : .run))
    }

    @Test(
        "an info string that looks like Swift but cannot be read is an error, never a silent skip",
        arguments: [
            "swift:no_run", "swift;no_run", "{.swift", "{.swift .no_run", "swift5", "Swift-6", "swift {.a}}",
        ])
    func unreadableInfoStrings(info: String) throws {
        let (samples, problems) = extract("Text.\n\n```\(info)\nfatalError()\n```\n")
        #expect(samples.isEmpty)
        let problem = try #require(problems.first, "'\(info)' was skipped silently")
        #expect(problem.location?.line == 3)
        #expect(problem.message.hasPrefix("cannot read the code block's info string"))
    }

    @Test("other languages stay code, not samples")
    func otherLanguages() {
        let (samples, problems) = extract("```text\nfatalError()\n```\n```python {.numberLines}\nx\n```\n```\nplain\n```\n")
        #expect(samples.isEmpty && problems.isEmpty)
    }
}
