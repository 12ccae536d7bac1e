import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import Testing

@testable import GalleySamples
@testable import GalleyVerify

/// What a listing takes from the page around it, or from what the reader
/// has: the end of a declaration an earlier listing opens, the type a
/// string literal gets where it is used, the exit a `guard` comments, a key
/// with its middle left out, the documented type a value stands for — and
/// text that is not Swift (a formula, a `.env` file). Minimal reproductions
/// of docs of the local mirror (GRDB, routing-kit, jwt-kit, swift-metrics,
/// swift-numerics, vapor), each with a control that shows the docs' own
/// error is still the docs'.
@Suite("What a listing takes from around it")
struct SurroundingCodeTests {
    @Test("a function defined by an equation and a .env file are not Swift; Swift assignments stay Swift")
    func formulaAndEnvironment() {
        // swift-numerics' RealFunctions.swift, vapor's DotEnv.swift.
        #expect(TextListing.kind(of: "atan2(y,x) = atan(y/x) if x > 0\n") == "a formula")
        #expect(TextListing.kind(of: "FOO=BAR\nSTRING='Single Quote String'\n# Comment\nSTRING2=\"Double\"\n") == "environment variables")
        // Controls: an assignment to a variable with a syntax error, and Swift with spaces around `=`, are Swift.
        #expect(TextListing.kind(of: "x = atan(y) if x > 0\n") != "a formula")
        #expect(TextListing.kind(of: "FOO = BAR\nlet s = 'x'\n") == nil)
        #expect(!TextListing.isEnvironmentFile("FOO=1\nprint(FOO)\n"))
    }

    @Test("a guard whose else is only a comment gets an exit, and the sample is compiled, not run")
    func commentedGuardExit() throws {
        let elided = Elision.substitute(in: "guard ok else {\n    // not hit\n}\n")
        #expect(elided.code == "guard ok else { fatalError()\n    // not hit\n}\n")
        #expect(elided.holes.map(\.keepsRun) == [false])
        // Controls: an else with code, or an empty else without a comment (the docs' own error), is left as written.
        #expect(Elision.substitute(in: "guard ok else { return } // checked\n").holes.isEmpty)
        #expect(Elision.substitute(in: "guard ok else {\n}\n// done\n").holes.isEmpty)
        let report = try verifyPage(
            """
            ```swift
            let matched = [1, 2]
            guard matched.count != 0 else {
                // not hit
            }
            print(matched.count)
            ```

            ```swift
            let matched = [1, 2]
            guard matched.count != 0 else {
            }
            // the exit is missing
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.status) == [.passed, .failed], "\(report.failures)")
        #expect(report.results[0].sample.mode == .noRun)
        #expect(report.results[1].cause == .docs)
    }

    @Test("a listing that closes a declaration an earlier one opens is context; a brace too many at its own indentation is the docs'")
    func declarationTail() throws {
        // GRDB's SingleRowTables.md: the end of `extension AppConfiguration {` shown after prose.
        #expect(FailureClassifier.startsInsideDeclaration("    static func find() -> Int {\n        1\n    }\n}\n"))
        #expect(!FailureClassifier.startsInsideDeclaration("func find() -> Int {\n    1\n}\n}\n"))
        #expect(!FailureClassifier.startsInsideDeclaration("    func find() -> Int {\n        1\n    }\n"))
        let report = try verifyPage(
            """
            ```swift
                /// The saved value.
                static func find() -> Int {
                    1
                }
            }
            ```

            ```swift
            func find() -> Int {
                1
            }
            }
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.cause) == [.context, .docs], "\(report.failures)")
        #expect(report.results[0].undeclaredNames.contains("(the declaration an earlier listing opens)"), "\(report.results[0].undeclaredNames)")
    }

    @Test("a string literal with a labeled interpolation alone is context; a wrong label of a declared interpolation is the docs'")
    func labeledInterpolation() throws {
        // GRDB's SQLInterpolation.swift: `"SELECT * FROM player WHERE \(literal: …)"` on `appendInterpolation(literal:)`.
        let sql = """
            struct SQL: ExpressibleByStringInterpolation {
                struct StringInterpolation: StringInterpolationProtocol {
                    init(literalCapacity: Int, interpolationCount: Int) {}
                    mutating func appendLiteral(_ literal: String) {}
                    mutating func appendInterpolation(literal: String) {}
                }
                init(stringLiteral: String) {}
                init(stringInterpolation: StringInterpolation) {}
            }
            """
        let report = try verifyPage(
            """
            ```swift
            "SELECT * FROM player WHERE \\(literal: "name = 'O''Brien'")"
            ```

            ```swift
            \(sql)
            let query: SQL = "SELECT * FROM player WHERE \\(sql: "name = 1")"
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.cause) == [.context, .docs], "\(report.failures)")
    }

    @Test("a key shown with its middle left out makes its sample compiled, not run; a literal with dots that is a value still runs")
    func placeholderValue() throws {
        // jwt-kit's JWTKitExamples.swift snippet.
        #expect(PlaceholderValue.isPresent(in: #"let pem = "-----BEGIN PUBLIC KEY----- ... -----END PUBLIC KEY-----""#))
        #expect(PlaceholderValue.isPresent(in: #"let token = "eyJhbGciOiJIUzI1NiIs...""#))
        #expect(!PlaceholderValue.isPresent(in: #"print("Loading...")"#))
        #expect(!PlaceholderValue.isPresent(in: "let range = 1...5\n"))
        let report = try verifyPage(
            """
            ```swift
            let pem = "-----BEGIN PUBLIC KEY----- ... -----END PUBLIC KEY-----"
            precondition(!pem.contains(" ... "), "a placeholder")
            ```

            ```swift
            let pem = "-----BEGIN PUBLIC KEY-----"
            precondition(pem.contains(" ... "), "no placeholder")
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.status) == [.passed, .failed], "\(report.failures)")
        #expect(report.results[0].sample.mode == .noRun)
        #expect(report.results[1].sample.mode == .run)
    }

    @Test("a docs verdict leads with the error that decides it, not a name the code takes as given, and names those")
    func decidingErrorFirst() throws {
        // swift-log's Logger.swift, GRDB's Statement.md: `cannot find 'logger' in scope` came before the real error.
        let report = try verifyPage(
            """
            ```swift
            let total = values.count
            let label: Int = "text"
            ```
            """, pageProgram: false, assumesNames: false)
        let result = try #require(report.results.first)
        #expect(result.cause == .docs, "\(result.failure ?? "")")
        let lines = result.failure?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count >= 3 && lines[1].contains("cannot convert") && lines[2].contains("cannot find 'values'"), "\(lines)")
        #expect(lines.last == "note: 'values' is a name the code takes as given; the first error is the docs' own", "\(lines)")
        #expect(result.failureLocation?.line == result.sample.block.firstCodeLine + 1)
    }

    @Test("a protocol the compiler falls back to for a type a missing name hid cannot be constructed: that follows from the name")
    func protocolFallback() throws {
        // swift-nio's NIOHTTP1TestServer.swift: `XCTAssertEqual(head, .init(…))` with NIOHTTP1 not imported.
        let report = try verifyPage(
            """
            ```swift
            func check<T: Equatable>(_ a: T, _ b: @autoclosure () throws -> T) {}
            let value = Missing()
            check(value,
                  .init(version: 1))
            ```

            ```swift
            func check<T: Equatable>(_ a: T, _ b: @autoclosure () throws -> T) {}
            check(1,
                  .init(version: 1))
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.cause) == [.context, .docs], "\(report.failures)")
        #expect(report.results[0].undeclaredNames == ["Missing"])
    }

    @Test("an operator in an API listing is found by its title without labels; another type is still another signature")
    func operatorListing() {
        // swift-protobuf's API.md lists `public func -(operand: Google_Protobuf_Duration) -> Google_Protobuf_Duration`.
        let library = [
            APIListing.Symbol(path: ["-(_:)"], declaration: "func - (operand: Duration) -> Duration"),
            APIListing.Symbol(path: ["+(_:_:)"], declaration: "func + (lhs: Duration, rhs: Duration) -> Duration"),
        ]
        #expect(
            APIListing.check("public func -(operand: Duration) -> Duration\nfunc +(lhs: Duration, rhs: Duration) -> Duration\n", against: library)
                == nil)
        #expect(
            APIListing.check("func +(lhs: Duration, rhs: Duration) -> Int\n", against: library)?.message.contains("with another signature") == true)
        #expect(
            APIListing.check("func *(lhs: Duration, rhs: Duration) -> Duration\n", against: library)?.message.contains("has no '*(_:_:)'") == true)
    }

    @Test("a YAML document is not Swift; a throw at the top level shows throwing; the receiver of the documented member is its type")
    func yamlThrowAndReceiver() {
        // swift-protobuf's api.pb.swift (a service config), vapor's Abort.swift and ContentConfiguration.swift.
        #expect(
            TextListing.kind(of: "apis:\n- name: google.storage.v2.Storage\n  mixins:\n  - name: google.acl.v1.AccessControl\n    root: acls\n")
                == "YAML")
        #expect(!TextListing.isYAML(["case .a:", "- value"]))
        #expect(!TextListing.isYAML(["name: value"]), "a key alone is no document")
        #expect(SampleKindReader.announcesTrap("throw Abort(.badRequest, reason: \"Something's not quite right...\")\n"))
        #expect(!SampleKindReader.announcesTrap("do {\n    throw Abort(.badRequest)\n} catch {\n    print(error)\n}\n"))
        #expect(!SampleKindReader.announcesTrap("func check() throws {\n    throw Abort(.badRequest)\n}\n"))
        let member = ["ContentConfiguration", "requireURLEncoder()"]
        #expect(AssumedNames.receives(member, name: "coders", in: "let coder = try coders.requireURLEncoder()\n"))
        #expect(!AssumedNames.receives(member, name: "coders", in: "let coder = try coders.requireJSONEncoder()\n"))
        #expect(!AssumedNames.receives(member, name: "coders", in: "let coder = try mycoders.requireURLEncoder()\n"))
        // A type's name receives a static member on the reader's own type (GRDB's `Player.fetchOne(db)`).
        #expect(!AssumedNames.receives(["ColumnInfo", "fetchOne(_:)"], name: "Player", in: "let player = try Player.fetchOne(db)\n"))
        let typing = NameTyping(types: [
            .init(name: "ContentConfiguration", module: "Vapor", spelled: "ContentConfiguration", construction: nil),
            .init(name: "AsyncResponseEncodable", module: "Vapor", spelled: "any AsyncResponseEncodable", construction: nil),
        ])
        #expect(typing.owner(of: member)?.name == "ContentConfiguration")
        #expect(typing.owner(of: ["AsyncResponseEncodable", "encodeResponse(for:)"]) == nil, "a protocol's values are the reader's types")
        #expect(typing.type(for: "coders") == nil, "the name alone fits no type")
    }

    @Test("a synthesized conformance another block's sketch cannot give is context; a type the block declares without it is the docs'")
    func sketchedConformance() throws {
        // GRDB's AssociationAggregate.swift: `struct TeamInfo: FetchableRecord, Decodable { var team: Team }`, `Team` sketched before.
        let report = try verifyPage(
            """
            ```swift
            struct Team { static let table = "team" }
            ```

            ```swift
            struct TeamInfo: Decodable {
                var team: Team
                var score: Double
            }
            ```

            ```swift
            struct Member { static let table = "member" }
            struct MemberInfo: Decodable {
                var member: Member
                var score: Double
            }
            ```
            """, pageProgram: true, assumesNames: false)
        #expect(report.results.map(\.cause) == [nil, .context, .docs], "\(report.failures)")
        #expect(report.results[1].undeclaredNames == ["(the conformances of Team, declared in another block)"])
    }

    @Test("an ambiguity is the page's implicit imports' only when Foundation has a candidate; among the code's own, the docs'")
    func ambiguityCandidates() throws {
        var settings = SampleSettings()
        settings.prelude = "import Foundation"
        let markdown = "```swift\nfunc make() -> Int { 1 }\nfunc make() -> String { \"a\" }\nlet value = make()\n```\n"
        let sample = try #require(
            SampleExtractor.samples(in: MarkdownDocument(parsing: markdown), page: "content/p.md", settings: settings).samples.first)
        let error = CompilerDiagnostic(severity: "error", file: "content/p.md", line: 4, column: 13, message: "ambiguous use of 'make()'")
        let own = FailureClassifier.candidateModules(in: [
            error, CompilerDiagnostic(severity: "note", file: "content/p.md", line: 2, column: 6, message: "found this candidate"),
        ])
        #expect(own == [""])
        #expect(FailureClassifier.omittedInWriting(in: error, of: sample, candidates: own) == nil)
        let foundation = FailureClassifier.candidateModules(in: [
            CompilerDiagnostic(
                severity: "note", file: "FoundationEssentials.Data.init", line: 2, column: 19,
                message: "found this candidate in module 'FoundationEssentials'")
        ])
        #expect(FailureClassifier.omittedInWriting(in: error, of: sample, candidates: foundation) == "(the imports the page is compiled with)")
        // A type's candidates name no module: the interface they are in does (Nimble's `Expression` beside Foundation's).
        let type = FailureClassifier.candidateModules(in: [
            CompilerDiagnostic(severity: "note", file: "/src/Nimble/Expression.swift", line: 1, column: 15, message: "found this candidate"),
            CompilerDiagnostic(severity: "note", file: "FoundationEssentials.Expression", line: 2, column: 23, message: "found this candidate"),
        ])
        #expect(type == ["", "FoundationEssentials"])
        // With no candidate named, the imports keep the benefit of the doubt.
        #expect(FailureClassifier.omittedInWriting(in: error, of: sample, candidates: []) == "(the imports the page is compiled with)")
    }

    @Test("a type the docs declare that is ambiguous beside the library's restates the library's declaration; another ambiguity is not this")
    func restatedDeclaration() throws {
        // swift-case-paths' CasePathable.swift shows how the library itself extends `Result` with `AllCasePaths`;
        // swift-parsing's Design.md shows `Parsers.Map` in one listing and uses it in the next.
        let markdown =
            "```swift\nextension Result {\n  public struct AllCasePaths {}\n  public static var allCasePaths: AllCasePaths { AllCasePaths() }\n}\n```\n"
        let sample = try #require(SampleExtractor.samples(in: MarkdownDocument(parsing: markdown), page: "content/p.md").samples.first)
        let error = CompilerDiagnostic(
            severity: "error", file: "content/p.md", line: 4, column: 39, message: "'AllCasePaths' is ambiguous for type lookup in this context")
        func context(_ error: CompilerDiagnostic, declared: Set<String> = []) -> String? {
            FailureClassifier.declarationContext(
                of: error, notes: [], sample: sample, declared: declared, elsewhere: ExtensionMembers(),
                own: { AssumedNames.declaredNames(in: sample.compiledCode) })
        }
        #expect(context(error) == "(the library's own declaration of AllCasePaths, which the docs restate)")
        var other = error
        other.message = "ambiguous type name 'Map' in 'Parsers'"
        #expect(context(other, declared: ["Map"]) == "(the library's own declaration of Map, which the docs restate)")
        #expect(context(other) == nil, "a name no listing of the page declares")
        other.message = "'Expression' is ambiguous for type lookup in this context"
        #expect(context(other) == nil, "a name the listing does not declare")
    }

    @Test("a value in a type's doc comment named by the type's last words is that type, not another the name fits better")
    func documentedType() {
        // swift-metrics' FloatingPointCounter: `counter.increment(by: 5.1)`.
        let typing = NameTyping(types: [
            .init(name: "Counter", module: "CoreMetrics", spelled: "Counter", construction: nil),
            .init(name: "FloatingPointCounter", module: "CoreMetrics", spelled: "FloatingPointCounter", construction: nil),
            .init(name: "Timer", module: "CoreMetrics", spelled: "Timer", construction: nil),
            .init(name: "FetchRequest", module: "GRDB", spelled: "any FetchRequest", construction: nil),
        ])
        #expect(typing.type(for: "counter")?.name == "Counter")
        #expect(typing.type(for: "counter", documenting: ["FloatingPointCounter", "increment(by:)"])?.name == "FloatingPointCounter")
        // Controls: another type's doc comment, or a name the documented type does not end with, keep the best fit.
        #expect(typing.type(for: "counter", documenting: ["Timer"])?.name == "Counter")
        #expect(typing.type(for: "timer", documenting: ["FloatingPointCounter"])?.name == "Timer")
        // A protocol's page: the reader's value is their own conforming type, not the existential (GRDB's `request`).
        #expect(typing.type(for: "request", documenting: ["FetchRequest"]) == nil)
        let comment = DocCommentSampleSource.Comment(
            text: "A counter.\n\n```swift\ncounter.increment(by: 5.1)\n```\n", firstLine: 10, column: 5, symbol: ["FloatingPointCounter"])
        let samples = DocCommentSampleSource(path: "Sources/M/Metrics.swift", comments: [comment]).samples().samples
        #expect(samples.map(\.documentedSymbol) == [["FloatingPointCounter"]])
    }

    @Test("a type whose members a line '...' elides: the members and the memberwise initializer it uses are context; a complete type's are not")
    func elidedStoredProperties() throws {
        // swift-custom-dump's CustomDumpReflectable.swift: `struct LoginState: CustomDumpReflectable {` then `...`.
        let report = try verifyPage(
            """
            ```swift
            struct LoginState {
                ...
                var summary: String { self.email + "!" }
            }
            print(LoginState(email: "a", password: "b").summary)
            ```

            ```swift
            struct Account {
                var email: String
                var summary: String { self.email + "!" }
            }
            print(Account(email: "a", password: "b").summary)
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.status) == [.failed, .failed], "\(report.failures)")
        #expect(report.results[0].cause == .context, "\(report.failures)")
        #expect(report.results[1].cause == .docs, "\(report.failures)")
    }

    @Test("a value name a C function has (Glibc's clock) is context; a Swift closure without the member is the docs'; @objc is an Apple platform's")
    func cFunctionAndObjectiveC() throws {
        // swift-dependencies' QuickStart.md (`clock.sleep(for:)` in a model whose members `// ...` elides), Nimble's
        // PollingExpectations.md (`@objc class TestSetup: NSObject`).
        let report = try verifyPage(
            """
            ```swift
            import Foundation
            final class Model {
                func tick() async throws {
                    try await clock.sleep(for: .seconds(1))
                }
            }
            ```

            ```swift
            let stamp: () -> Int = { 1 }
            print(stamp.value)
            ```

            ```swift
            @objc
            class TestSetup {
                @objc func run() {}
            }
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.status) == [.failed, .failed, .failed], "\(report.failures)")
        #expect(report.results[0].cause == .context, "\(report.failures)")
        #expect(report.results[0].undeclaredNames.contains("clock"), "\(report.results[0].undeclaredNames)")
        #expect(report.results[1].cause == .docs, "\(report.failures)")
        #expect(report.results[2].cause == .environment, "\(report.failures)")
        #expect(report.results[2].needs?.contains("Objective-C") == true)
    }

    @Test("a reader's type two edits from a toolchain name (Timeline, TimeZone) is context; one edit (XCAssertEqual) is a typo")
    func readerTypeBesideToolchainName() throws {
        // swift-dependencies' URLSession.swift: `var fetchTimeline: () async throws -> Timeline`.
        let report = try verifyPage(
            """
            ```swift
            struct APIClient {
                var fetchTimeline: () async throws -> Timeline
            }
            ```

            ```swift
            import XCTest
            XCAssertEqual(1, 1)
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.status) == [.failed, .failed], "\(report.failures)")
        #expect(report.results[0].cause == .context, "\(report.failures)")
        #expect(report.results[1].cause == .docs, "\(report.failures)")
    }

    @Test("a generic type alone is checked as a type and attributes alone over a declaration; a wrong one of either stays the docs'")
    func typeOrAttributesAlone() throws {
        // swift-parsing's Design.md ("The type of this parser is:" `Prefix<Substring>`), swift-macro-testing's
        // MacroTesting.md (`@Suite(.macros(…))` to put over a suite).
        #expect(SampleKindReader.completingShownFragment("Prefix<Substring>\n") == "typealias _GalleyShownType = Prefix<Substring>\n")
        #expect(SampleKindReader.completingShownFragment("@MainActor\n") == "@MainActor\nstruct _GalleyAttributed {}\n")
        #expect(SampleKindReader.completingShownFragment("let x = Array<Int>()\n") == nil)
        #expect(SampleKindReader.completingShownFragment("print(a < b)\n") == nil)
        let report = try verifyPage(
            """
            ```swift
            Array<Substring>
            ```

            ```swift
            Dictionary<Int>
            ```

            ```swift
            @available(*, deprecated)
            ```

            ```swift
            @MainActor(.bogus)
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.status) == [.passed, .failed, .passed, .failed], "\(report.failures)")
        #expect(report.results[1].cause == .docs && report.results[3].cause == .docs, "\(report.failures)")
    }
}
