import GalleyCore
import GalleyMarkdown
import Testing

@testable import GalleyPrograms
@testable import GalleySamples

@Suite("The sample contract: attributes and markers")
struct SampleExtractorTests {
    func extract(_ markdown: String) -> (samples: [Sample], problems: [Diagnostic]) {
        SampleExtractor.samples(in: MarkdownDocument(parsing: markdown), page: "content/p.md")
    }

    @Test("only swift blocks are samples, with their attributes; a swift-like language is an error")
    func attributes() {
        let (samples, problems) = extract(
            """
            ```swift
            a
            ```
            ```swift no_run
            b
            ```
            ```swift compile_fail
            c
            ```
            ```swift crash
            d
            ```
            ```swift ignore
            e
            ```
            ```swift group=intro swift5
            f
            ```
            ```python
            g
            ```
            ```swiftui
            h
            ```
            """)
        #expect(problems.map(\.location?.line) == [22])
        #expect(problems.first?.message.contains("'swiftui' is not a language Galley knows") == true)
        #expect(samples.map(\.mode) == [.run, .noRun, .compileFail, .crash, .ignore, .run])
        #expect(samples[5].group == "intro")
        #expect(samples[5].swift5)
        #expect(samples.map(\.block.fenceLine) == [1, 4, 7, 10, 13, 16])
    }

    @Test("an unknown or misspelled attribute is an error at its line, with a suggestion")
    func unknownAttribute() {
        let (samples, problems) = extract("text\n\n```swift no-run\nlet x = 1\n```\n\n```swift compile-fail\n```\n\n```swift fast\n```\n")
        #expect(samples.isEmpty)
        #expect(
            problems.map(\.description) == [
                "content/p.md:3:1: unknown sample attribute 'no-run'. Did you mean 'no_run'? Known attributes: no_run, compile_fail, crash, ignore, swift5, swift6, standalone, group=<name>, args=<argument>",
                "content/p.md:7:1: unknown sample attribute 'compile-fail'. Did you mean 'compile_fail'? Known attributes: no_run, compile_fail, crash, ignore, swift5, swift6, standalone, group=<name>, args=<argument>",
                "content/p.md:10:1: unknown sample attribute 'fast'. Known attributes: no_run, compile_fail, crash, ignore, swift5, swift6, standalone, group=<name>, args=<argument>",
            ])
    }

    @Test("hidden lines compile but are not displayed; other snippet markers and unbalanced ones are errors")
    func snippetMarkers() {
        let (samples, _) = extract("```swift\n// snippet.hide\nimport Foundation\n// snippet.show\nprint(1)\n```\n")
        #expect(samples[0].compiledCode == "\nimport Foundation\n\nprint(1)\n")
        #expect(samples[0].displayedLines.map(\.text) == ["print(1)"])
        #expect(samples[0].displayedLines.map(\.line) == [5])
        let unclosed = extract("```swift\nlet a = 1\n// snippet.hide\nlet b = 2\n```\n").problems
        #expect(
            unclosed.map(\.description) == ["content/p.md:3: '// snippet.hide' is never closed. Add '// snippet.show' where the visible code resumes"]
        )
        let unopened = extract("```swift\n// snippet.show\n```\n").problems
        #expect(unopened.first?.description.hasPrefix("content/p.md:2: '// snippet.show' without") == true)
        let other = extract("```swift\n// snippet.skip\n```\n").problems
        #expect(other.first?.description.hasPrefix("content/p.md:2: unknown marker '// snippet.skip'") == true)
    }

    @Test("// Prints comments decode Swift escapes; an output block right after belongs to the sample")
    func expectations() {
        let (samples, _) = extract(
            """
            ```swift
            print("a\\tb") // Prints "a\\tb"
            print("q") // Prints "\\"q\\" \\u{1F600}"
            print(1); print(2) // Prints "1\\n2"
            ```

            ```output
            x
            ```

            ```swift
            ```
            Some text.
            ```output
            y
            ```
            """)
        #expect(samples[0].expectedPrints == ["a\tb", "\"q\" 😀", "1", "2"])
        #expect(samples[0].expectedOutputBlock == ["x"])
        #expect(samples[1].outputBlock == nil)
    }

    @Test("// error: markers of compile_fail samples are collected and hidden from display")
    func errorMarkers() {
        let (samples, _) = extract("```swift compile_fail\nlet a: Int = \"s\" // error: cannot convert\n```\n")
        #expect(samples[0].errorMarkers == [Sample.ErrorMarker(line: 2, text: "cannot convert")])
        #expect(samples[0].displayedLines.map(\.text) == ["let a: Int = \"s\""])
    }

    @Test("groups collect samples of one page in order; compile_fail cannot join a group")
    func groups() {
        let (samples, problems) = extract("```swift group=a\n1\n```\n```swift\n2\n```\n```swift group=a\n3\n```\n```swift crash group=a\n```\n")
        let programs = SampleProgram.programs(for: samples)
        #expect(programs.map { $0.samples.map(\.block.fenceLine) } == [[1, 7], [4]])
        #expect(problems.first?.message == "a 'crash' sample cannot be in a group")
    }

    @Test("a line diff shows expected and printed lines")
    func diff() {
        #expect(OutputComparison.diff(expected: ["a", "b"], actual: ["a", "b"]) == nil)
        #expect(OutputComparison.diff(expected: ["a", "b", "c"], actual: ["a", "x", "c"]) == "  a\n- b\n+ x\n  c")
        #expect(OutputComparison.lines(of: "a  \nb\n\n") == ["a  ", "b", ""], "trailing spaces and blank lines are output")
        #expect(OutputComparison.lines(of: "a") == ["a"], "only a missing final newline is forgiven")
        #expect(OutputComparison.lines(of: "a\r\nb\r\n") == ["a", "b"], "CRLF output blocks")
    }
}
