import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import GalleyTestSupport
import Testing

@testable import GalleyPackage
@testable import GalleyPrograms
@testable import GalleySamples
@testable import GalleyVerify

/// Code that real docs write and Galley once misread: each case is a
/// minimal reproduction of a block from a package's DocC catalog.
@Suite("Blocks Galley once misread")
struct MisreadTests {
    func extract(_ markdown: String) -> [Sample] {
        SampleExtractor.samples(in: MarkdownDocument(parsing: markdown), page: "content/p.md", settings: SampleSettings()).samples
    }

    func verify(_ markdown: String) throws -> VerificationReport {
        try verifyPage(markdown, pageProgram: false)
    }

    @Test("`// error:` alone on its line shows what the code prints (swift-parsing): the block runs, and the page keeps the comment")
    func errorCommentAsOutput() throws {
        let markdown = """
            ```swift
            struct ParsingError: Error, CustomStringConvertible { var description: String { "unexpected input" } }
            do {
              throw ParsingError()
            } catch {
              print(error)
              // error: unexpected input
            }
            ```
            """
        let sample = try #require(extract(markdown).first)
        #expect(sample.mode == .run)
        #expect(sample.errorMarkers.isEmpty)
        #expect(sample.displayedLines.contains { $0.text.contains("// error: unexpected input") }, "\(sample.displayedLines)")
        #expect(try verify(markdown).results.first?.status == .passed)
        // A block that neither throws nor prints the error it shows is an error in the docs.
        let silent = try verify(markdown.replacingOccurrences(of: "print(error)", with: "_ = error"))
        #expect(silent.results.first?.status == .failed)
        #expect(silent.results.first?.failure?.hasPrefix("neither throws nor prints the error") == true, "\(silent.failures)")
        // Control: on a line of code the marker still makes the block compile_fail.
        let marked = try #require(extract("```swift\nlet w: String = 1.0 // error: cannot convert value\n```\n").first)
        #expect(marked.mode == .compileFail)
    }

    @Test("`\"1234 Hello\"[...]` is Swift's unbounded range on a string literal, not elided code")
    func rangeOnStringLiteral() throws {
        let report = try verify(
            """
            ```swift
            var input = "1234 Hello"[...].utf8
            print(input.count) // Prints "10"
            ```
            """)
        #expect(report.results.first?.sample.holes.isEmpty == true)
        #expect(report.results.first?.status == .passed, "\(report.failures)")
        #expect(report.results.first?.output == "10\n")
    }

    @Test("a block that is only `// swift-tools-version: 6.0` and a manifest is a manifest fragment")
    func toolsVersionManifest() throws {
        let samples = extract(
            """
            ```swift
            // swift-tools-version: 6.0
            let package = Package(name: "Demo")
            ```

            ```swift
            // swift-tools-version:5.9
            ```
            """)
        #expect(samples.map(\.kind) == [.manifestFragment, .manifestFragment])
        // Control: a comment that only mentions a version is a program.
        #expect(extract("```swift\n// needs Swift 6.0\nprint(1)\n```\n").first?.kind == .program)
    }

    @Test("`let service: Service = // ...` elides the value: a hole that type-checks, never run")
    func valueElidedAsComment() throws {
        let report = try verify(
            """
            ```swift
            struct Service { func start() -> Int { 1 } }
            let service: Service = // ...
            print(service.start())
            ```
            """)
        let result = try #require(report.results.first)
        #expect(result.sample.holes.count == 1)
        #expect(result.sample.mode == .noRun)
        #expect(result.status == .passed, "\(report.failures)")
        // A block comment in its place is the author's placeholder too (swift-configuration).
        let described = try verify("```swift\nlet port: Int = /* the port your server listens on */\nprint(port + 1)\n```\n")
        #expect(described.results.first?.status == .passed, "\(described.failures)")
        #expect(described.results.first?.sample.holes.count == 1)
        // A placeholder in any wording (`= // obtain a database from an SQLKit driver`, sql-kit) is a hole too.
        let prose = try verify("```swift\nlet port: Int = // the port your server listens on\nprint(port + 1)\n```\n")
        #expect(prose.results.first?.status == .passed, "\(prose.failures)")
        #expect(prose.results.first?.sample.holes.count == 1)
        // Controls: a value on the next line indented further is the value, not a hole; no value and no comment is a syntax error.
        let continued = try verify("```swift\nlet port: Int = // the default\n    8080\nprint(port + 1) // Prints \"8081\"\n```\n")
        #expect(continued.results.first?.status == .passed, "\(continued.failures)")
        #expect(continued.results.first?.sample.holes.isEmpty == true)
        let missing = try verify("```swift\nlet service: Int =\nprint(service)\n```\n")
        #expect(missing.results.first?.status == .failed)
        // A real type error next to the hole is still found.
        let wrong = try verify("```swift\nlet service: Int = // ...\nlet name: String = service\n```\n")
        #expect(wrong.results.first?.failure?.contains("cannot convert value of type 'Int' to specified type 'String'") == true)
    }

    @Test("a line commented `// runtime error: …` shows a trap: the block is a crash sample, and passes when it traps there")
    func announcedTrap() throws {
        let report = try verify(
            """
            ```swift
            var items = [1, 2, 3]
            items.removeAll()
            print(items[0]) // runtime error: index out of range
            ```
            """)
        let result = try #require(report.results.first)
        #expect(result.sample.mode == .crash)
        #expect(result.status == .passed, "\(report.failures)")
        #expect(result.crashMessage?.contains("Index out of range") == true, "\(result.crashMessage ?? "")")
        // Control: a comment that only talks about errors does not make a crash sample.
        #expect(extract("```swift\nlet x = 1 // no runtime errors here\nprint(x)\n```\n").first?.mode == .run)
    }

    @Test("an error drawn as the compiler draws it under its line (swift-collections) marks that line: the block is compile_fail")
    func drawnErrorMarker() throws {
        let markdown = """
            ```swift
            let limit: Int = "ten"
            //               `- error: cannot convert value of type 'String'
            print(limit)
            ```
            """
        let sample = try #require(extract(markdown).first)
        #expect(sample.mode == .compileFail)
        #expect(sample.errorMarkers == [Sample.ErrorMarker(line: 2, text: "cannot convert value of type 'String'", loose: true)])
        #expect(try verify(markdown).results.first?.status == .passed)
        #expect(ErrorMarkerComment.drawn("// ^ error: x") == "x")
        #expect(ErrorMarkerComment.drawn("// error: unexpected input") == nil)
    }

    @Test("`// error:` lines after code that throws show the error it throws (swift-parsing): it passes when that error ends the program")
    func thrownErrorShown() throws {
        let page = """
            ```swift
            struct ParseError: Error, CustomStringConvertible {
                var description: String { "error: unexpected input\\n --> input:1:2" }
            }
            func parse(_ input: String) throws -> Int { throw ParseError() }
            print("parsing")
            try parse("+Hello")
            // error: unexpected input
            //  --> input:1:2
            ```
            """
        let sample = try #require(extract(page).first)
        #expect(sample.expectedError == Sample.ExpectedError(line: 8, lines: ["error: unexpected input", " --> input:1:2"]))
        let report = try verify(page)
        #expect(report.results.first?.status == .passed, "\(report.failures)")
        // A doc whose shown error has drifted from the one thrown fails, with the difference.
        let drifted = try verify(page.replacingOccurrences(of: "//  --> input:1:2", with: "//  --> input:3:11"))
        let failure = try #require(drifted.results.first?.failure)
        #expect(failure.hasPrefix("the error it throws does not match its // error: comment"), "\(failure)")
        #expect(failure.contains("-  --> input:3:11") || failure.contains("- --> input:3:11"), "\(failure)")
        #expect(drifted.results.first?.failureLocation?.line == 8)
        // Control: a block that throws with no such comment still fails as a trap.
        let bare = try verify(page.replacingOccurrences(of: "// error: unexpected input\n//  --> input:1:2\n", with: ""))
        #expect(bare.results.first?.failureKind == .trap, "\(bare.failures)")
    }

    @Test("errors marked in the emoji style (`// 🛑`, `// ❌ Value of type 'Map<...>' …`) make the block compile_fail, matched loosely")
    func emojiMarkers() throws {
        let page = """
            ```swift
            struct Field { var name = "" }
            let field = Field()
            field.print("Blob")
            // ❌ Value of type 'Field' has no member 'print'
            field.height  // 🛑
            ```
            """
        let sample = try #require(extract(page).first)
        #expect(sample.mode == .compileFail)
        #expect(sample.errorMarkers.map(\.line) == [4, 6])
        let report = try verify(page)
        #expect(report.results.first?.status == .passed, "\(report.failures)")
        #expect(
            ErrorMarkerComment.matches(
                "value of type 'Map<OneOf<Substring>, String>' has no member 'print'", "Value of type 'Map<...>' has no member 'print'"))
        #expect(!ErrorMarkerComment.matches("value of type 'Map' has no member 'parse'", "has no member 'print'"))
        // Control: an emoji that says something other than a compiler message is a comment.
        #expect(extract("```swift\nlet x = 1 // ❌ slow on large inputs\nprint(x)\n```\n").first?.mode == .run)
    }
}
