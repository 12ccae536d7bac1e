import Foundation
import GalleyMarkdown
import GalleyReports
import Testing

@testable import GalleyPackage
@testable import GalleySamples
@testable import GalleyVerify

/// Site and page settings that let Galley take docs written for other tools as they are.
@Suite("Sample settings and outputs that are right")
struct SampleSettingsTests {
    func verify(_ markdown: String, settings: SampleSettings = SampleSettings(), timeout: Duration = .seconds(10)) throws -> VerificationReport {
        var verifier = Verifier(library: SampleLibrary(packageDirectory: URL(fileURLWithPath: "/")))
        verifier.timeout = timeout
        var preparation: Verifier.Preparation?
        return try verifier.verify([("content/p.md", MarkdownDocument(parsing: markdown), settings)], preparation: &preparation)
    }

    @Test("a prelude is compiled before every sample, never shown, and errors stay at the sample's line")
    func prelude() throws {
        let markdown = "Text.\n\n```swift\nprint(String(format: \"%.1f\", 2.25)) // Prints \"2.2\"\n```\n\n```swift\nlet wrong: Int = \"x\"\n```\n"
        let without = try verify(markdown)
        #expect(without.results[0].status == .failed, "String(format:) needs Foundation")
        var settings = SampleSettings()
        settings.prelude = "import Foundation"
        let with = try verify(markdown, settings: settings)
        #expect(with.results[0].status == .passed, "\(with.results[0].failure ?? "")")
        #expect(!with.results[0].sample.displayedLines.contains { $0.text.contains("import") })
        #expect(with.results[1].status == .failed)
        #expect(with.results[1].failureLocation?.line == 8, "the error is at the sample's own Markdown line")
    }

    @Test("swift_version 5 compiles Swift 5-only code; swift5 and swift6 attributes override it")
    func languageMode() throws {
        let legacy = "struct Counter { static var total = 0 }\nCounter.total += 1\nprint(Counter.total)\n"
        let six = try verify("```swift\n\(legacy)```\n")
        #expect(six.results[0].status == .failed, "Swift 6 rejects a mutable static var")
        #expect(six.results[0].failure?.contains("not concurrency-safe") == true, "\(six.results[0].failure ?? "")")
        var settings = SampleSettings()
        settings.swiftVersion = 5
        let five = try verify("```swift\n\(legacy)```\n\n```swift swift6\n\(legacy)```\n", settings: settings)
        #expect(five.results.map(\.status) == [.passed, .failed])
        let attribute = try verify("```swift swift5\n\(legacy)```\n")
        #expect(attribute.results[0].status == .passed)
    }

    @Test("flags reach swiftc and environment variables reach the sample")
    func flagsAndEnvironment() throws {
        var settings = SampleSettings()
        settings.flags = ["-D", "GALLEY_FEATURE"]
        settings.environment = ["GALLEY_GREETING": "hello"]
        settings.prelude = "import Foundation"
        let report = try verify(
            """
            ```swift
            #if GALLEY_FEATURE
            print("on") // Prints "on"
            #endif
            print(ProcessInfo.processInfo.environment["GALLEY_GREETING"] ?? "unset") // Prints "hello"
            ```
            """, settings: settings)
        #expect(report.results[0].status == .passed, "\(report.results[0].failure ?? "")")
        let without = try verify("```swift\n#if GALLEY_FEATURE\nprint(\"on\")\n#endif\nprint(\"end\") // Prints \"on\"\n```\n")
        #expect(without.results[0].status == .failed)
    }

    @Test("default: no_run compiles samples without running them, ignore skips them; attributes override")
    func defaultMode() throws {
        let markdown = "```swift\nfatalError(\"would trap\")\n```\n\n```swift crash\nfatalError(\"traps\")\n```\n"
        var settings = SampleSettings()
        settings.defaultMode = .noRun
        let noRun = try verify(markdown, settings: settings)
        #expect(noRun.results.map(\.sample.mode) == [.noRun, .crash])
        #expect(noRun.results.map(\.status) == [.passed, .passed])
        settings.defaultMode = .ignore
        let ignored = try verify(markdown, settings: settings)
        #expect(ignored.results.map(\.status) == [.skipped, .passed])
        let run = try verify(markdown)
        #expect(run.results[0].status == .failed)
    }

    @Test("Set and Dictionary print in one order in every run: 20 processes, one output")
    func deterministicHashing() throws {
        let sample = """
            ```swift
            let scores = ["Ada": 3, "Grace": 5, "Linus": 2, "Barbara": 4, "Edsger": 1, "Alan": 6, "Donald": 7]
            for (name, score) in scores { print(name, score) }
            print(Set(["red", "green", "blue", "cyan", "magenta"]))
            ```
            """
        // Twenty samples, each its own process (with its own hash seed unless hashing is deterministic).
        let report = try verify(Array(repeating: sample, count: 20).joined(separator: "\n\n"))
        #expect(report.results.count == 20)
        #expect(report.results.allSatisfy { $0.status == .passed })
        #expect(Set(report.results.map(\.output)).count == 1, "\(Set(report.results.map(\.output)))")
    }

    @Test("trailing spaces are output: the right expectation passes, a trimmed one fails")
    func trailingSpaces() throws {
        let report = try verify(
            """
            ```swift
            print("a ", terminator: "") // Prints "a "
            ```

            ```swift
            print("a ", terminator: "") // Prints "a"
            ```

            ```swift
            print("b  ")
            ```

            ```output
            b  
            ```
            """)
        #expect(report.results.map(\.status) == [.passed, .failed, .passed])
    }

    @Test("a mismatch points at the // Prints line or the output block's first line; a timeout at the first code line")
    func positions() throws {
        let report = try verify(
            """
            ```swift
            print(1) // Prints "1"
            print(2) // Prints "3"
            ```

            ```swift
            print("x")
            ```

            ```output
            y
            ```

            ```swift
            while true {}
            ```
            """, timeout: .seconds(1))
        #expect(report.results[0].failureLocation?.line == 3)
        #expect(report.results[1].failureLocation?.line == 11)
        #expect(report.results[2].failureLocation?.line == 15)
        #expect(report.results[2].failure?.hasPrefix("timed out after 1 s") == true)
    }
}
