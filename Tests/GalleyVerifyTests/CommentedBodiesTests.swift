import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import Testing

@testable import GalleySamples
@testable import GalleyVerify

/// A body that is only a comment — `case .failure(let error): // handle the
/// error`, `.custom { db in /* return some Date */ }` — is the author's
/// placeholder for code the reader writes: never an error of the docs, and
/// the rest of the sample is still verified. Minimal reproductions of
/// doc comments of the local mirror (GRDB, postgres-nio, swift-async-algorithms).
@Suite("Bodies left to the reader")
struct CommentedBodiesTests {
    @Test("a case whose body is a comment gets a break after its colon: no line or column moves, and the sample still runs")
    func caseFilled() {
        let code = "switch result {\ncase .success:\n    // handle success\ncase .failure: /* handle it */\ndefault:\n    print(1)\n}\n"
        let elided = Elision.substitute(in: code)
        #expect(
            elided.code
                == "switch result {\ncase .success: break\n    // handle success\ncase .failure: break /* handle it */\ndefault:\n    print(1)\n}\n")
        #expect(elided.holes.map(\.line) == [2, 4])
        #expect(elided.holes.allSatisfy { $0.keepsRun })
        // Control: an elision is a hole that stops the run.
        #expect(Elision.substitute(in: "let total = ...\n").holes.map(\.keepsRun) == [false])
        // A case with code, or an empty case without a comment (the docs' own error), is left as written.
        #expect(Elision.substitute(in: "switch x {\ncase 1:\n    print(1) // one\ncase 2:\ndefault: break\n}\n").holes.isEmpty)
    }

    @Test("`try ...`, a condition written as a comment and code elided in words between ellipses are holes; ranges stay Swift")
    func elidedInWords() {
        // GRDB's Transactions.md, vapor's AnyResponse.swift, swift-nio's EventLoopFuture.swift.
        #expect(Elision.substitute(in: "do {\n    try ...\n} catch {}\n").code == "do {\n    try fatalError()\n} catch {}\n")
        let condition = Elision.substitute(in: "if /* something */ {\n    print(1)\n}\n")
        #expect(condition.code == "if _galleyHole() /* something */ {\n    print(1)\n}\n")
        #expect(condition.holes.map(\.keepsRun) == [false])
        #expect(Elision.substitute(in: "future.map {\n    ... stuff ...\n}\n").code == "future.map {\n    fatalError()\n}\n")
        #expect(Elision.substitute(in: "let x = 1\n... parse network data ....\n").code == "let x = 1\nfatalError()\n")
        #expect(Elision.substitute(in: "app.post(\"foo\") { ... a, b, c ... }\n").code == "app.post(\"foo\") { fatalError() }\n")
        // Controls: ranges and a comment beside a real condition are Swift.
        #expect(Elision.substitute(in: "let r = 0...5\nlet s = r.count...\n").holes.isEmpty)
        #expect(Elision.substitute(in: "if ok /* checked */ {\n    print(1)\n}\n").holes.isEmpty)
    }

    @Test(
        "a switch with commented cases runs and passes; a case that names no member is still the docs' error; a placeholder closure body is context")
    func verdicts() throws {
        let report = try verifyPage(
            """
            ```swift
            enum Outcome { case success(Int), failure(String) }
            let outcome = Outcome.success(2)
            switch outcome {
            case .success(let value):
                print(value)  // Prints "2"
            case .failure(let error):
                // handle the error
            }
            ```

            ```swift
            enum Outcome { case success(Int), failure(String) }
            let outcome = Outcome.success(2)
            switch outcome {
            case .success(let value):
                print(value)
            case .failed(let error):
                // handle the error
            }
            ```

            ```swift
            struct Clock { static func custom(_ now: () -> Double) -> Clock { Clock() } }
            let clock = Clock.custom { /* return the time */ }
            ```

            ```swift
            struct Clock { static func custom(_ now: () -> Double) -> Clock { Clock() } }
            let clock = Clock.custom { print("now") }
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.status) == [.passed, .failed, .failed, .failed], "\(report.failures)")
        #expect(report.results[0].sample.mode == .run, "the filled case keeps the sample running")
        #expect(report.results[1].cause == .docs, "\(report.results[1].failure ?? "")")
        #expect(report.results[1].failure?.contains("failed") == true)
        #expect(report.results[2].cause == .context)
        #expect(report.results[2].undeclaredNames == ["(the body it leaves out)"], "\(report.results[2].undeclaredNames)")
        // Control: a closure body with code that gives the wrong type is the docs' error.
        #expect(report.results[3].cause == .docs, "\(report.results[3].failure ?? "")")
    }

    @Test(
        "a closure left with comments where its argument is used, and members shown at top level, are context; a closure that ignores its argument with code is the docs'"
    )
    func membersAndClosures() throws {
        // swift-dependencies' OverridingDependencies.md, swift-distributed-tracing's InstrumentYourLibrary.md.
        let report = try verifyPage(
            """
            ```swift
            func with(_ body: (inout Int) -> Void) {}
            with {
                // Override what the test needs
                // ...
            }
            ```

            ```swift
            func with(_ body: (inout Int) -> Void) {}
            with { print("no argument") }
            ```

            ```swift
            var count = 0
            func bump() async { count += 1 }
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.cause) == [.context, .docs, .context], "\(report.failures)")
        #expect(report.results[0].undeclaredNames == ["(the body it leaves out)"], "\(report.results[0].undeclaredNames)")
        #expect(report.results[2].undeclaredNames == ["(the isolation of the type around it)"], "\(report.results[2].failure ?? "")")
        let error = CompilerDiagnostic(
            severity: "error", file: "a.md", line: 1, column: 1,
            message: "main actor-isolated var 'span' can not be referenced from a nonisolated context")
        #expect(FailureClassifier.isolatesTopLevelMember(error, in: "var span: Int?\nfunc end() { print(span) }\n"))
        #expect(!FailureClassifier.isolatesTopLevelMember(error, in: "var span: Int?\nspan = 1\n"), "a statement makes it a program, not members")
    }
}
