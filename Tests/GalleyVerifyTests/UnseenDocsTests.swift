import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import Testing

@testable import GalleyPackage
@testable import GalleySamples
@testable import GalleyVerify

/// Verdicts that hold on docs Galley has never seen: each test is a minimal
/// reproduction of a kind of doc found on a package of the local mirror.
@Suite("Verdicts on unseen docs")
struct UnseenDocsTests {
    func listings(_ text: String) -> SampleReading {
        let comment = DocCommentSampleSource.Comment(text: text, firstLine: 10, column: 5)
        return DocCommentSampleSource(path: "Sources/M/File.swift", comments: [comment]).reading()
    }

    @Test("a listing the prose announces as output or another language is not Swift, and is counted; an announced code listing is")
    func announcedListings() {
        // swift-snapshot-testing's `Records:` after a tagged Swift listing: what a test recorded, valid Swift or not.
        let records = listings(
            """
            A strategy that captures a value's description.

            ``` swift
            assertSnapshot(of: user, as: .description)
            ```

            Records:

            ```
            User(bio: "Blobbed around the world.", id: 1, name: "Blobby")
            ```

            Records:

            ```
            POST http://localhost:8080/account
            Cookie: pf_session={"userId":"1"}
            ```
            """)
        #expect(records.samples.count == 1)
        #expect(records.notSwift.count == 2)
        #expect(records.notSwift.map(\.place.line) == [19, 25], "\(records.notSwift)")
        #expect(records.notSwift.allSatisfy { $0.severity == .warning && $0.message.contains("read as output") })
        // An indented block of SQL after the sentence that names it.
        let sql = listings("Filters.\n\nThe above code would result in the following SQL:\n\n    WHERE \"type\" = \"smallRocky\" AND …\n")
        #expect(sql.samples.isEmpty)
        #expect(sql.notSwift.first?.message.contains("read as SQL") == true, "\(sql.notSwift)")
        // A summary that happens to say "produced", and an example about HTTP codes, introduce Swift.
        let swift = listings(
            """
            Inserts the separator produced by the closure between each sequence.

                for x in [[1, 2], [3, 4]].joined(by: { $0.last! * $1.first! }) { print(x) }

            This example uses the subscript with a message to use in case an HTTP response code isn't recognized:

                let messages: [Int: String] = [200: "OK"]
            """)
        #expect(swift.samples.count == 2)
        #expect(swift.notSwift.isEmpty, "\(swift.notSwift)")
    }

    @Test("what the prose before a listing announces: output, a language, or code")
    func announcements() {
        #expect(TextListing.announcement(in: "Records:") == "output")
        #expect(TextListing.announcement(in: "Prints:") == "output")
        #expect(TextListing.announcement(in: "The above code would result in the following SQL:") == "SQL")
        #expect(TextListing.announcement(in: "The server answers with the following JSON.") == "JSON")
        #expect(TextListing.announcement(in: "An HTTP request:") == "HTTP")
        #expect(TextListing.announcement(in: "For example:") == nil)
        #expect(TextListing.announcement(in: "The following code prints the sum:") == nil)
        #expect(TextListing.announcement(in: "Use it to decode JSON:") == nil)
        #expect(TextListing.announcement(in: "The separator produced by the closure is inserted.") == nil)
    }

    @Test("a block's own lines: an HTTP message, JSON and SQL clauses are text; Swift with a typo is not")
    func textByLines() {
        #expect(TextListing.kind(of: "POST http://localhost:8080/account\nCookie: a=1\n") == "an HTTP message")
        #expect(TextListing.kind(of: "HTTP/1.1 200 OK\nContent-Length: 2\n") == "an HTTP message")
        #expect(TextListing.kind(of: "{\n  \"name\": \"Blob\",\n  \"id\": 1\n}\n") == "JSON")
        #expect(TextListing.kind(of: "WHERE \"type\" = 'rocky' AND \"mass\" > 1\n") == "SQL")
        #expect(TextListing.kind(of: "let user = User(name: \"Blob\"\nprint(user)\n") == nil)
        #expect(TextListing.kind(of: "[\"name\": 1, \"id\": 2]\n") == nil)
    }

    @Test("an untagged fence that does not parse, in a comment whose author tags Swift fences, is text; alone it stays a sample")
    func untaggedBesideTagged() {
        let beside = listings("A.\n\n```swift\nlet a = 1\n```\n\n```\nvalue = 1 (cached\n```\n")
        #expect(beside.samples.count == 1)
        #expect(beside.notSwift.count == 1)
        let alone = listings("A.\n\n```\nlet a = (1\n```\n")
        #expect(alone.samples.count == 1, "a Swift listing with a syntax error is the docs' to fix, not text")
        #expect(alone.notSwift.isEmpty)
    }

    @Test("bare comments after a print are its expected output when they read as values; prose comments are not")
    func commentOutput() {
        // swift-algorithms' Chunked.swift.
        let chunks = CommentOutput.expected(
            in: "let numbers = [1, 2, 3, 4, 5, 6]\nfor chunk in numbers.chunks(ofCount: 3) {\n    print(chunk)\n}\n// [1, 2, 3]\n// [4, 5, 5]\n",
            firstLine: 20)
        #expect(chunks?.lines == ["[1, 2, 3]", "[4, 5, 5]"])
        #expect(chunks?.fileLines == [24, 25])
        // swift-dependencies' Lifetimes.md: a value per print line, printed in another order by a delayed task.
        #expect(CommentOutput.expected(in: "print(value)  // 1\nTask { print(value)  // 42\n}\n", firstLine: 1) == nil)
        #expect(CommentOutput.expected(in: "print(total)\n// Now add the rest of the values\n", firstLine: 1) == nil)
        // A print whose output is not shown, before one whose output is: not every output is shown, so none is compared.
        #expect(CommentOutput.expected(in: "print(1)\nprint(2)\n// 2\n", firstLine: 1) == nil)
        #expect(CommentOutput.expected(in: "let x = 1\n// 1\n", firstLine: 1) == nil)
        // Values, not layout: one line `1, 2, 3` for three printed lines, a string's value in quotes.
        #expect(OutputComparison.sameValues(["1, 2, 200, 300"], ["1", "2", "200", "300"]))
        #expect(OutputComparison.sameValues(["\"Hel\""], ["Hel"]))
        #expect(!OutputComparison.sameValues(["[4, 5, 5]"], ["[4, 5, 6]"]))
    }

    @Test("a wrong output in bare comments is the docs' error with both texts; the right one passes")
    func commentOutputRuns() throws {
        let report = try verifyPage(
            """
            ```swift
            for chunk in [[1, 2, 3], [4, 5, 6]] {
                print(chunk)
            }
            // [1, 2, 3]
            // [4, 5, 5]
            ```

            ```swift
            for x in [1, 2, 3] {
                print(x * 100)
            }
            // 100, 200, 300
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.status) == [.failed, .passed], "\(report.failures)")
        #expect(report.results[0].cause == .docs)
        #expect(report.results[0].failure?.contains("- [4, 5, 5]") == true)
        #expect(report.results[0].failure?.contains("+ [4, 5, 6]") == true)
        #expect(report.results[0].failureLocation?.line == 5)
    }

    @Test("a run the prose announces as failing (`will throw`, `// ERROR`) does what its docs say")
    func announcedFailure() {
        #expect(TextListing.announcesFailure(in: "The following will throw because the clock has an active suspension:"))
        #expect(TextListing.announcesFailure(in: "If the capacity is exceeded, this traps:"))
        // swift-async-algorithms: the type's behaviour, not the listing's.
        #expect(!TextListing.announcesFailure(in: "If the base sequence throws an error, the sequence will rethrow that error immediately."))
        #expect(!TextListing.announcesFailure(in: "If the deque is full this triggers an error. This example prepends the elements:"))
        let thrown = listings("Advances.\n\nThe following will throw because the clock has an active suspension:\n\n    print(1)\n")
        #expect(thrown.samples.first?.mode == .crash)
        let plain = listings("Advances.\n\nThis prepends the elements:\n\n    print(1)\n")
        #expect(plain.samples.first?.mode == .run)
        #expect(SampleKindReader.announcesTrap("let a = UInt8(300 as Int) // ERROR\n"))
        #expect(!SampleKindReader.announcesTrap("let a = UInt8(3) // no error here\n"))
        // Nimble's Require.md: `// throws` beside the line that throws; `// throws if …` only says when it may.
        #expect(SampleKindReader.announcesTrap("let value = try unwrap(nil as Int?) // throws\nlet other = try unwrap(1 as Int?) // returns 1\n"))
        #expect(!SampleKindReader.announcesTrap("let value = try load(path) // throws if the file is missing\n"))
    }

    @Test("a Package.swift fragment naming traits is a manifest fragment, not a program")
    func traitsFragment() {
        let code = "traits: [\n    .trait(name: \"MaxLogLevelDebug\", description: \"Debug and above\"),\n]\n"
        #expect(SampleKindReader.kind(of: code) == .manifestFragment)
    }

    @Test("a design proposal is told by its header or the template's sections; a guide is not")
    func proposals() {
        #expect(ProposalPage.isProposal("# SLG-0002: Traits\n\n## Overview\n\n- Proposal: SLG-0002\n- Status: **Approved**\n"))
        #expect(ProposalPage.isProposal("# Providers\n\n## Motivation\n\nx\n\n## Detailed design\n\ny\n\n## Alternatives considered\n\nz\n"))
        #expect(!ProposalPage.isProposal("# Getting started\n\n## Motivation\n\nWhy.\n\n## Usage\n\nHow.\n"))
    }
}

/// What the compiler says because a name is unknown is never evidence against the docs.
@Suite("Follow-on errors")
struct FollowOnErrorTests {
    @Test(
        "a value a toolchain macro captures (`error` outside a catch), an unknown attribute's members, a call's arguments shown alone, a lost contextual type: context"
    )
    func followOns() throws {
        let report = try verifyPage(
            """
            ```swift
            logger.error("failed", metadata: ["error": "\\(error)"])
            ```

            ```swift
            @CasePathable
            enum Action { case home(Int) }
            let home = Action.home(1)
            print(home[case: \\.home] as Any)
            ```

            ```swift
            action: \\.home
            ```

            ```swift
            logger.info(
                "nested",
                metadata: ["nested": .dictionary(["a": "b"])]
            )
            ```

            ```swift
            let numbers = [1, 2]
            numbers.append(3)
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.cause) == [.context, .context, .context, .context, .docs], "\(report.failures)")
        #expect(report.results[0].undeclaredNames.contains("error"), "\(report.results[0].undeclaredNames)")
        #expect(report.results[1].undeclaredNames == ["@CasePathable"], "\(report.results[1].undeclaredNames)")
        #expect(report.results[2].undeclaredNames.contains("(the call around its arguments)"), "\(report.results[2].undeclaredNames)")
    }

    @Test("a design proposal's failures are its design's context; the same code on a guide is the docs'")
    func proposalContext() throws {
        var settings = SampleSettings()
        settings.describesProposal = true
        var verifier = Verifier(library: SampleLibrary(packageDirectory: URL(fileURLWithPath: "/")), cacheDirectory: nil)
        verifier.assumesNames = false
        let code = "```swift\nlet numbers = [1, 2]\nprint(numbers.bootstrapMetadataProvider())\n```\n"
        var preparation: Verifier.Preparation?
        let proposal = try verifier.verify(
            [("content/SLG-0001.md", MarkdownDocument(parsing: code), settings)], preparation: &preparation)
        #expect(proposal.results.first?.cause == .context)
        #expect(proposal.results.first?.undeclaredNames == ["(the API a design proposal describes)"])
        let guide = try verifyPage(code, pageProgram: false, assumesNames: false)
        #expect(guide.results.first?.cause == .docs)
    }

    @Test("an error thrown with a file's URL in it needs files the sandbox does not give: the environment")
    func fileURLThrown() throws {
        let report = try verifyPage(
            """
            ```swift
            struct Failure: Error { var file: String }
            func open(_ path: String) throws { throw Failure(file: "file://" + path) }
            try open("/var/log/myapp.log")
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.first?.cause == .environment, "\(report.failures)")
    }
}

/// Red is the docs' fault: what the gate fails on, said the same in every report format.
@Suite("The verify gate")
struct VerifyGateTests {
    @Test("under the docs gate a context failure is a counted warning in every format; strict fails on it; a doc error always fails")
    func gate() throws {
        var report = try verifyPage("```swift\nlogger.info(\"started\")\n```\n", pageProgram: false, assumesNames: false)
        #expect(report.results.first?.cause == .context)
        #expect(report.gate == .docs)
        #expect(report.succeeded)
        #expect(report.summary.contains("1 failed (0 in the docs, 1 not the docs' error: warnings; --strict fails on them)"), "\(report.summary)")
        #expect(ReportFormat.human.render(report).contains("warning: content/p.md:2"))
        #expect(ReportFormat.github.render(report).contains("::warning file=content/p.md,line=2"))
        #expect(ReportFormat.junit.render(report).contains("failures=\"0\""))
        #expect(ReportFormat.junit.render(report).contains("<skipped message=\"warning (context, not the docs' error): does not compile\""))
        let json = try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render(report).utf8)) as? [String: Any]
        #expect(json?["succeeded"] as? Bool == true)
        #expect(json?["gate"] as? String == "docs")
        report.gate = .strict
        #expect(!report.succeeded)
        #expect(ReportFormat.human.render(report).contains("error: content/p.md:2"))
        #expect(ReportFormat.github.render(report).contains("::error file=content/p.md,line=2"))
        #expect(ReportFormat.junit.render(report).contains("failures=\"1\""))
        let strict = try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render(report).utf8)) as? [String: Any]
        #expect(strict?["succeeded"] as? Bool == false)
        // A shard's gate survives the merge.
        let merged = try JSONReport.merge([("a.json", Data(ReportFormat.json.render(report).utf8))])
        #expect(merged.gate == .strict)
        // The positive control: an error in the docs fails under the docs gate too.
        let docs = try verifyPage("```swift\nlet count: Int = \"three\"\n```\n", pageProgram: false, assumesNames: false)
        #expect(docs.results.first?.cause == .docs)
        #expect(!docs.succeeded)
    }

    @Test("listings read as not Swift are counted in the human and GitHub reports and kept in the JSON one")
    func notSwiftCounted() throws {
        let comment = DocCommentSampleSource.Comment(text: "A.\n\nRecords:\n\n```\nUser(id: 1)\n```\n", firstLine: 1, column: 5)
        var verifier = Verifier(library: SampleLibrary(packageDirectory: URL(fileURLWithPath: "/")), cacheDirectory: nil)
        verifier.assumesNames = false
        var preparation: Verifier.Preparation?
        let report = try verifier.verify(
            [DocCommentSampleSource(path: "Sources/M/File.swift", comments: [comment])], preparation: &preparation)
        #expect(report.results.isEmpty)
        #expect(report.notSwift.count == 1)
        #expect(
            report.notSwiftSummary
                == "Not Swift: 1 listing without a language read as output (1) — not compiled; tag a Swift one ```swift to verify it.")
        #expect(ReportFormat.human.render(report).contains("Not Swift: 1 listing"))
        #expect(ReportFormat.github.render(report).contains("Not Swift: 1 listing"))
        let merged = try JSONReport.merge([("a.json", Data(ReportFormat.json.render(report).utf8))])
        #expect(merged.notSwift.map(\.place.line) == [6])
    }
}

/// Expected output as docs of other packages write it.
@Suite("Output as docs write it")
struct OutputAsWrittenTests {
    @Test("`// Prints \"A\" \"-\" \"B\"` is one string per printed line; one string with quotes inside stays one line")
    func severalStrings() {
        #expect(PrintsComment.parse("// Prints \"A\" \"-\" \"B\"") == .expected(["A", "-", "B"]))
        #expect(PrintsComment.parse("// Prints \"begins with \"The\".\"") == .expected(["begins with \"The\"."]))
    }

    @Test("a call of a name nothing declares that Glibc declares (`write(packet)`) is that name's context, not the docs'")
    func glibcCall() throws {
        let report = try verifyPage(
            """
            ```swift
            let packets = [[1, 2], [3]]
            for packet in packets {
              write(packet)
            }
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.first?.cause == .context, "\(report.failures)")
        #expect(report.results.first?.undeclaredNames == ["write"])
        #expect(FailureClassifier.callee(at: 9, in: "  write(packet)") == "write")
        #expect(FailureClassifier.callee(at: 14, in: "  stream.write(packet)") == nil)
    }
}

/// Omissions a listing announces, and what follows from names it lacks.
@Suite("Omissions and their follow-ons")
struct OmissionTests {
    @Test("a type whose body says it leaves members out, and a type whose stored properties' types are unknown: context, not the docs'")
    func omissions() throws {
        let report = try verifyPage(
            """
            ```swift
            protocol Span { var name: String { get }; func end() }
            struct MySpan: Span {
                // ... implement all protocol requirements of Span ...
                func end() { print(self.tracer) }
            }
            ```

            ```swift
            actor Server {
                let headers: HTTPHeaders
            }
            ```

            ```swift
            struct Plain: Equatable {
                func end() { print(self.tracer) }
            }
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.cause) == [.context, .context, .docs], "\(report.failures)")
        #expect(report.results[0].undeclaredNames.contains("(the members of MySpan it leaves out)"), "\(report.results[0].undeclaredNames)")
    }
}

/// What the language mode and Galley's own imports cause is not the docs' error.
@Suite("Mode and imports")
struct ModeAndImportsTests {
    @Test("Swift 6's checking of a static var shown alone is context; an ambiguity the page's implicit Foundation brings is context")
    func modeAndImports() throws {
        let report = try verifyPage(
            """
            ```swift
            struct Client {
                static var liveValue = Client()
            }
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.first?.cause == .context, "\(report.failures)")
        #expect(report.results.first?.undeclaredNames == ["(Swift 6 concurrency checking)"])
    }
}

/// Code elided in words, and programs a sample runs.
@Suite("Elided in words")
struct ElidedInWordsTests {
    @Test("`. . . do some work . . .` and `{ ... a, b, c ... }` stand for code; Swift's own ranges and a real typo do not")
    func words() {
        #expect(FailureClassifier.elidesInWords("        . . . do some work . . ."))
        #expect(FailureClassifier.elidesInWords("app.get(\"foo\") { ... a, b, c ... }"))
        #expect(!FailureClassifier.elidesInWords("for i in 0...5 {"))
        #expect(!FailureClassifier.elidesInWords("let x = (1"))
    }

    @Test("a listing that elides code in words fails on it as context, not the docs' error")
    func elidedListing() throws {
        let report = try verifyPage(
            """
            ```swift
            func work() {
                . . . do some work . . .
            }
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.first?.cause == .context, "\(report.failures)")
    }
}

/// Names the C library captures.
@Suite("C library names")
struct CLibraryNameTests {
    @Test("a `user` nothing declares, passed as a value, is Glibc's `struct user`: context; declared, its errors are the docs'")
    func user() throws {
        let report = try verifyPage(
            """
            ```swift
            func assertSnapshot<T>(of value: T, as name: String) {}
            assertSnapshot(of: user, as: "description")
            ```

            ```swift
            struct User { var name: String }
            let user = User(name: "Blob")
            print(user.nam)
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.cause) == [.context, .docs], "\(report.failures)")
        #expect(report.results[0].undeclaredNames == ["user"], "\(report.results[0].undeclaredNames)")
    }
}

/// Conditional compilation around declarations (swift-syntax's
/// `SwiftParser.md`: `#if compiler(>=6)` around `internal import SwiftSyntax`
/// was compiled inside the program function: "declaration is only valid at
/// file scope", an error in the docs that was Galley's).
@Suite("#if at file scope")
struct ConditionalDeclarationTests {
    @Test("an #if of imports stays at file scope; an #if of types or statements still compiles and runs where it is")
    func fileScope() throws {
        let report = try verifyPage(
            """
            ```swift
            #if compiler(>=6)
            internal import Foundation
            #else
            import Foundation
            #endif
            #if os(Linux) || os(macOS)
            struct Point { var x: Int }
            #endif

            let point = Point(x: 2)
            #if os(Linux) || os(macOS)
            print(point.x * 21)
            #endif
            ```

            ```swift
            #if compiler(>=6)
            internal import Foundation
            #endif
            let broken: Int = "text"
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.status) == [.passed, .failed], "\(report.failures)")
        #expect(report.results[0].output.contains("42"), "the #if of statements ran: \(report.results[0].output)")
        #expect(report.results[1].cause == .docs, "the control: the docs' own error stays theirs")
        #expect(report.results[1].failure?.contains("cannot convert value") == true, "\(report.results[1].failure ?? "")")
    }
}
