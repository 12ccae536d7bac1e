import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import GalleyTestSupport
import Synchronization
import Testing

@testable import GalleyPackage
@testable import GalleySamples
@testable import GalleyVerify

/// Runs the real compiler: each test verifies one small page.
@Suite("Verifying samples with swiftc")
struct VerifierTests {
    func verify(
        _ markdown: String, cache: URL? = nil, timeout: Duration = .seconds(10), merges: Bool = true,
        environment: [String: String]? = nil
    ) throws -> VerificationReport {
        var verifier = Verifier(library: SampleLibrary(packageDirectory: URL(fileURLWithPath: "/")), cacheDirectory: cache)
        verifier.timeout = timeout
        verifier.merges = merges
        if let environment { verifier.environment = environment }
        return try verifier.verify([("content/p.md", MarkdownDocument(parsing: markdown))])
    }

    func status(_ report: VerificationReport) -> [SampleResult.Status] { report.results.map(\.status) }

    @Test("runnable, no_run, compile_fail, crash, ignore and groups pass when they behave as declared")
    func contractHolds() throws {
        let report = try verify(
            """
            ```swift
            struct Counter { var count = 0 }
            var counter = Counter()
            counter.count += 2
            print(counter.count) // Prints "2"
            ```

            ```swift
            struct Counter { let name = "same name, other sample" }
            print(Counter().name)
            ```

            ```output
            same name, other sample
            ```

            ```swift no_run
            let neverRun: Int = 1
            ```

            ```swift compile_fail
            let wrong: Int = "text" // error: cannot convert value of type 'String'
            ```

            ```swift crash
            let values = [1]
            print(values[2])
            ```

            ```swift ignore
            not swift at all
            ```

            ```swift group=model
            final class Model { var items: [String] = [] }
            let model = Model()
            model.items.append("first")
            ```

            Prose between the samples of a group.

            ```swift group=model
            model.items.append("second")
            print(model.items) // Prints "[\\"first\\", \\"second\\"]"
            ```

            ```swift
            let total = await Task { 40 + 2 }.value
            print(total) // Prints "42"
            ```
            """)
        #expect(report.problems.isEmpty)
        #expect(status(report) == [.passed, .passed, .passed, .passed, .passed, .skipped, .passed, .passed, .passed], "\(report.failures)")
        #expect(report.summary == "8 passed, 0 failed, 1 skipped")
        #expect(report.results[3].expectedErrors.first?.line == 22)
        #expect(report.results[4].crashMessage?.contains("Fatal error: Index out of range") == true)
        #expect(report.results[0].merged && report.results[1].merged)
        #expect(!report.results[3].merged)
        #expect(report.compilerVersion?.contains("Swift version") == true)
    }

    @Test("a sample that breaks the merged module is compiled alone; the others still pass")
    func mergeFallback() throws {
        let report = try verify(
            """
            ```swift
            print("fine") // Prints "fine"
            ```

            ```swift
            let greeting = "hi"
            func greet() { print(greeting) }
            greet() // Prints "hi"
            ```

            ```swift
            let broken: Int = "x"
            ```
            """)
        #expect(status(report) == [.passed, .passed, .failed])
        #expect(report.results[0].merged)
        #expect(!report.results[1].merged, "top-level func using a top-level let needs main.swift semantics")
        #expect(report.results[2].failure?.hasPrefix("does not compile\ncontent/p.md:12:19: error: cannot convert") == true)
        #expect(report.results[2].failureLocation == SourceLocation(path: "content/p.md", line: 12, column: 19))
    }

    @Test("wrong output, exit(3), a crash, a compiling compile_fail and unmatched markers each fail clearly")
    func failures() throws {
        let report = try verify(
            """
            ```swift
            print("hello") // Prints "goodbye"
            ```

            ```swift
            import Foundation
            exit(3)
            ```

            ```swift
            let empty: [Int] = []
            print(empty[0])
            ```

            ```swift compile_fail
            let fine = 1
            ```

            ```swift compile_fail
            let a: Int = "x" // error: no such message
            let b: Int = "y"
            ```

            ```swift
            print(readLine() ?? "EOF") // Prints "EOF"
            ```
            """)
        #expect(status(report) == [.failed, .failed, .failed, .failed, .failed, .passed])
        #expect(report.results[0].failure == "printed output does not match its // Prints comments (- expected, + printed):\n- goodbye\n+ hello")
        #expect(report.results[1].failure?.hasPrefix("exited with status 3; a sample must exit with 0") == true)
        #expect(report.results[2].failure?.hasPrefix("crashed: ") == true)
        #expect(report.results[2].failure?.contains("Index out of range") == true)
        #expect(report.results[3].failure == "compiles, but a `compile_fail` sample must not")
        let markers = try #require(report.results[4].failure)
        #expect(
            markers.contains(
                "line 20: expected an error containing 'no such message', got 'cannot convert value of type 'String' to specified type 'Int''"))
        #expect(markers.contains("line 21: unexpected error 'cannot convert value of type 'String' to specified type 'Int''"))
    }

    @Test("a hanging sample is stopped at the timeout and one flooding output at the cap")
    func bounds() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let report = try verify(
            """
            ```swift
            while true {}
            ```

            ```swift
            let line = String(repeating: "x", count: 1023)
            for _ in 0..<100_000 { print(line) }
            ```
            """, timeout: .seconds(2))
        #expect(clock.now - start < .seconds(30))
        #expect(report.results[0].failure == "timed out after 2 s and was stopped; samples must end on their own")
        #expect(
            report.results[1].failure == "printed more than 1 MiB; output was cut and the sample stopped. Print less (samples are meant to be read)")
        #expect(report.results[1].output.utf8.count <= 1 << 20)
    }

    @Test("results are cached: an unchanged sample is not compiled again, a changed one is")
    func cache() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let page = "```swift\nprint(1) // Prints \"1\"\n```\n\n```swift\nprint(2) // Prints \"2\"\n```\n"
        let cold = try verify(page, cache: folder.url)
        #expect(cold.compiledPrograms == 2)
        let warm = try verify(page, cache: folder.url)
        #expect(warm.compiledPrograms == 0)
        #expect(warm.results.allSatisfy { $0.cached && $0.status == .passed })
        let edited = try verify(page.replacingOccurrences(of: "print(2) // Prints \"2\"", with: "print(3) // Prints \"3\""), cache: folder.url)
        #expect(edited.compiledPrograms == 1)
        #expect(edited.results.map(\.cached) == [true, false])
    }

    @Test("without swiftc on PATH verification stops with a clear error")
    func missingCompiler() {
        #expect {
            try verify("```swift\nprint(1)\n```\n", environment: ["PATH": "/nonexistent"])
        } throws: { error in
            (error as? Diagnostic)?.description.hasPrefix("swiftc was not found on PATH, so no sample can be compiled") == true
        }
    }

    @Test("a library that does not build stops verification with its build log")
    func brokenLibrary() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Broken", products: [.library(name: "Broken", type: .dynamic, targets: ["Broken"])],
                                  targets: [.target(name: "Broken")])
            """)
        try package.write("Sources/Broken/Broken.swift", "public let value: Int = \"not an int\"\n")
        let verifier = Verifier(library: SampleLibrary(packageDirectory: package.url, products: ["Broken"]))
        #expect {
            try verifier.verify([("content/p.md", MarkdownDocument(parsing: "```swift\nprint(1)\n```\n"))])
        } throws: { error in
            guard let error = error as? Diagnostic else { return false }
            // The first compiler error in the message, the package's own command in the suggestion, the log in the details.
            return error.message.hasPrefix("building the sample library (Broken) failed: ")
                && error.message.contains("Broken.swift:1:25: error: cannot convert value of type 'String' to specified type 'Int'")
                && error.suggestion?.contains("`swift build --product Broken`") == true && error.details?.contains("error:") == true
        }
    }

    @Test("a warm run reuses the built library; a changed source builds it again, a fixed one too")
    func warmLibrary() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Lib", products: [.library(name: "Lib", type: .dynamic, targets: ["Lib"])],
                                  targets: [.target(name: "Lib")])
            """)
        try package.write("Sources/Lib/Lib.swift", "public let greeting = \"one\"\n")
        let log = Mutex<[String]>([])
        var verifier = Verifier(library: SampleLibrary(packageDirectory: package.url, products: ["Lib"]))
        verifier.progress = { line in log.withLock { $0.append(line) } }
        let page = [("content/p.md", MarkdownDocument(parsing: "```swift\nimport Lib\nprint(greeting)\n```\n"))]
        func builds() throws -> (Int, String) {
            log.withLock { $0 = [] }
            let report = try verifier.verify(page)
            return (log.withLock { $0.filter { $0.hasPrefix("Building the sample library") }.count }, report.results[0].output)
        }
        #expect(try builds() == (1, "one\n"))
        #expect(try builds() == (0, "one\n"), "nothing changed: no swift build")
        try package.write("Sources/Lib/Lib.swift", "public let greeting = \"two\"\n")
        #expect(try builds() == (1, "two\n"))
        try FileManager.default.removeItem(at: package.url.appendingPathComponent(".build/debug/libLib.so"))
        #expect(try builds() == (1, "two\n"), "a missing product is built again")
    }

    @Test("the report formats carry every failure with its location")
    func formats() throws {
        let report = try verify("```swift\nprint(1) // Prints \"2\"\n```\n\n```swift bogus\n```\n")
        let human = ReportFormat.human.render(report)
        #expect(human.contains("error: content/p.md:2:10: printed output does not match"), "at the // Prints comment")
        #expect(human.contains("  2 | print(1) // Prints \"2\""))
        #expect(human.hasSuffix("0 passed, 2 failed, 0 skipped\n"))
        let github = ReportFormat.github.render(report)
        #expect(github.contains("::error file=content/p.md,line=5,col=1,title=Sample failed::unknown sample attribute 'bogus'"))
        let junit = ReportFormat.junit.render(report)
        #expect(junit.contains("<testsuite name=\"content/p.md\" tests=\"2\" failures=\"2\" skipped=\"0\">"))
        let json = ReportFormat.json.render(report)
        #expect(json.contains("\"failed\" : 2"))
        #expect(json.contains("\"id\" : \"content/p.md:1\""))
    }

    @Test("compiler columns of a sample in a list item or block quote are the Markdown file's columns")
    func columnsInContainers() throws {
        let report = try verify("- item\n\n  ```swift\n  let x: Int = \"no\"\n  ```\n\n> ```swift\n> let y: Int = \"no\"\n> ```\n")
        // `"no"` is at column 16 of line 4 and column 16 of line 8 of the file.
        #expect(report.results.map { $0.failureLocation?.description } == ["content/p.md:4:16", "content/p.md:8:16"])
        #expect(report.results[0].failure?.contains("content/p.md:4:16: error: ") == true, "\(report.results[0].failure ?? "")")
    }

    @Test("terminal escape codes a sample prints are shown escaped in the human report, raw in JSON")
    func escapeCodes() throws {
        let report = try verify("```swift\nprint(\"\\u{1B}[2J\\u{7}cleared\") // Prints \"cleared\"\n```\n")
        let human = ReportFormat.human.render(report)
        #expect(human.contains("\\u{1B}[2J\\u{07}cleared"), "\(human)")
        #expect(!human.contains("\u{1B}") && !human.contains("\u{7}"))
        let json = ReportFormat.json.render(report)
        #expect(json.contains("\\u001b[2J"))
        #expect(TerminalText.escaped("a\tb\nc\u{9B}d\u{7F}") == "a\tb\nc\\u{9B}d\\u{7F}")
    }
}

@Suite("Link flags from SwiftPM's build plan")
struct LinkFlagTests {
    @Test("repeated flags are dropped by whole units: a -Xcc -I -Xcc path pair never loses its -I (swift-nio's C modules)")
    func deduplicatesUnits() {
        let flags = [
            "-I", "/m", "-Xcc", "-I", "-Xcc", "/a/include", "-Xcc", "-fmodule-map-file=/a/module.modulemap",
            "-Xcc", "-I", "-Xcc", "/b/include", "-I", "/m", "-Xcc", "-I", "-Xcc", "/a/include",
            "-Xlinker", "-rpath", "-Xlinker", "/lib", "-Xlinker", "-rpath", "-Xlinker", "/lib", "-lx", "-lx", "-lm",
        ]
        #expect(
            SampleLibrary.deduplicated(flags) == [
                "-I", "/m", "-Xcc", "-I", "-Xcc", "/a/include", "-Xcc", "-fmodule-map-file=/a/module.modulemap",
                "-Xcc", "-I", "-Xcc", "/b/include",
                "-Xlinker", "-rpath", "-Xlinker", "/lib", "-Xlinker", "-rpath", "-Xlinker", "/lib", "-lx", "-lm",
            ])
        // Every path a -Xcc carries is still preceded by what makes it a path.
        let result = SampleLibrary.deduplicated(flags)
        for (index, flag) in result.enumerated() where flag.hasSuffix("/include") {
            #expect(result[index - 1] == "-Xcc" && result[index - 2] == "-I", "\(result)")
        }
    }

    @Test("macro plugins are read in SwiftPM's four-token -Xfrontend form and the plain form, kept as written, each once")
    func macroPlugins() {
        // A compile command as SwiftPM writes it for a module whose target depends on a macro, plus the plain forms.
        let swiftPM = [
            "/usr/bin/swiftc", "-module-name", "CasePaths", "-I", "/d/Modules",
            "-Xfrontend", "-load-plugin-executable", "-Xfrontend", "/d/CasePathsMacros-tool#CasePathsMacros",
            "-Xfrontend", "-enable-experimental-feature", "-Xfrontend", "-I",
            "-load-plugin-executable", "/d/OtherMacros-tool#OtherMacros",
            "-Xfrontend", "-plugin-path", "-Xfrontend", "/d/plugins",
            "-external-plugin-path", "/e/plugins#/e/bin/swift-plugin-server",
            "-Xfrontend", "-external-plugin-path", "-Xfrontend", "/f/plugins#/f/bin/swift-plugin-server",
            "-plugin-path", "/g/plugins",
        ]
        // A second module that uses the same macros, one of them named in the other form.
        let other = [
            "/usr/bin/swiftc", "-module-name", "Other",
            "-Xfrontend", "-load-plugin-executable", "-Xfrontend", "/d/CasePathsMacros-tool#CasePathsMacros",
            "-Xfrontend", "-load-plugin-executable", "-Xfrontend", "/d/OtherMacros-tool#OtherMacros",
        ]
        let flags = SwiftPMBuildPlan.importFlags(swiftPM + other)
        #expect(
            flags == [
                "-I", "/d/Modules",
                "-Xfrontend", "-load-plugin-executable", "-Xfrontend", "/d/CasePathsMacros-tool#CasePathsMacros",
                "-load-plugin-executable", "/d/OtherMacros-tool#OtherMacros",
                "-Xfrontend", "-plugin-path", "-Xfrontend", "/d/plugins",
                "-external-plugin-path", "/e/plugins#/e/bin/swift-plugin-server",
                "-Xfrontend", "-external-plugin-path", "-Xfrontend", "/f/plugins#/f/bin/swift-plugin-server",
                "-plugin-path", "/g/plugins",
            ], "\(flags)")
        // The value of a -Xfrontend is never read as a flag of swiftc's own (the bug: '-Xfrontend' as the plugin's path).
        #expect(!flags.contains("-enable-experimental-feature"))
        for (index, flag) in flags.enumerated() where flag == "-load-plugin-executable" {
            let value = index > 0 && flags[index - 1] == "-Xfrontend" ? flags[index + 2] : flags[index + 1]
            #expect(value.contains("#"), "\(flags)")
        }

        // Joined with the library's other flags, a plugin repeated in either form is kept once, whole.
        let linked = SampleLibrary.deduplicated(
            ["-I", "/m"] + flags + [
                "-Xfrontend", "-load-plugin-executable", "-Xfrontend", "/d/CasePathsMacros-tool#CasePathsMacros", "-plugin-path", "/g/plugins",
            ])
        #expect(linked == ["-I", "/m"] + flags, "\(linked)")
    }
}

@Suite("Finding the compiler")
struct ToolchainTests {
    @Test("the version is asked once and read from the cache while the compiler's files are unchanged; a changed compiler is asked again")
    func versionCache() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // A stand-in swiftc that counts how often it is asked.
        func writeCompiler(_ version: String) throws {
            try folder.write("bin/swiftc", "#!/bin/sh\necho run >> \"\(folder.url.path)/asked\"\necho 'Swift version \(version) (test)'\n")
            chmod(folder.url.appendingPathComponent("bin/swiftc").path, 0o755)
        }
        try writeCompiler("9.0")
        try folder.write("bin/swift-frontend", "")
        let environment = ["SWIFTC": folder.url.appendingPathComponent("bin/swiftc").path, "PATH": "/usr/bin:/bin"]
        let cache = folder.url.appendingPathComponent("cache/toolchain.json")
        func askedCount() -> Int { ((try? folder.read("asked")) ?? "").split(separator: "\n").count }

        #expect(try Toolchain.locate(environment: environment, cache: cache).version == "Swift version 9.0 (test)")
        #expect(askedCount() == 1)
        #expect(try Toolchain.locate(environment: environment, cache: cache).version == "Swift version 9.0 (test)")
        #expect(askedCount() == 1, "the second run read the cache")
        #expect(try Toolchain.locate(environment: environment).version == "Swift version 9.0 (test)")
        #expect(askedCount() == 2, "without a cache it is asked")

        try writeCompiler("9.1-longer")  // another size: another compiler
        #expect(try Toolchain.locate(environment: environment, cache: cache).version == "Swift version 9.1-longer (test)")
        #expect(askedCount() == 3)
    }
}
