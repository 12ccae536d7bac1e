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

/// Every failure says whose it is: the docs', the context's they assume,
/// the environment's, or Galley's.
@Suite("Whose a failure is")
struct FailureCauseTests {
    func verify(_ markdown: String, pageProgram: Bool = false) throws -> VerificationReport {
        // The causes as classified, before any fragment is type-checked against assumed names (AssumedNamesTests).
        try verifyPage(markdown, pageProgram: pageProgram, assumesNames: false)
    }

    @Test("undeclared names are context, named; a wrong member, a typo the compiler corrects and a type error are the docs'")
    func contextAndDocs() throws {
        let report = try verify(
            """
            ```swift
            logger.info("started \\(requestID)")
            ```

            ```swift
            let numbers = [3, 1, 2]
            print(numbers.sortd())
            ```

            ```swift
            let total = 1
            print(totl)
            ```

            ```swift
            let count: Int = "three"
            ```

            ```swift
            @Test func adds() {}
            ```

            ```swift
            XCAssertEqual(1, 1)
            ```
            """)
        // `@Test` compiles with the Testing module imported for it; the last misspells XCTest's XCTAssertEqual: the docs'.
        #expect(report.results.map(\.cause) == [.context, .docs, .docs, .docs, nil, .docs], "\(report.failures)")
        #expect(report.results[4].status == .passed)
        #expect(report.results[0].undeclaredNames == ["logger", "requestID"])
        let summary =
            "Errors in the docs: 4. Needs context: 1 sample uses 2 names no sample declares — logger (1), requestID (1)."
            + " Declare them in galley.yml's verify: prelude."
        #expect(report.causeSummary == summary, "\(report.causeSummary ?? "")")
        #expect(ReportFormat.human.render(report).contains("Errors in the docs: 4. Needs context: 1 sample"))
    }

    @Test("a name of Apple's UI frameworks used without its import (a SwiftUI view, an ObservableObject) needs an Apple platform")
    func appleFrameworkNames() throws {
        let report = try verify(
            """
            ```swift
            final class Model: ObservableObject {
              @Published var count = 0
            }
            ```

            ```swift
            struct Row: View {
              var body: some View { Text("row") }
            }
            ```

            ```swift
            final class Store: Observable {}
            ```
            """)
        #expect(report.results.map(\.cause) == [.environment, .environment, .context], "\(report.failures)")
        #expect(report.results.map(\.needs) == ["an Apple platform (Combine)", "an Apple platform (SwiftUI)", nil])
    }

    @Test("errors that follow from an unknown name are no evidence (a SwiftUI view's need an Apple platform); on a line of known names, the docs'")
    func followOnErrors() throws {
        let report = try verify(
            """
            ```swift
            struct Counter: View {
                @State var count = 0
                var body: some View { Button("+") { count += 1 } }
                func reset() { count = 0 }
            }
            ```

            ```swift
            let names = undeclaredPlayers.map { $0 }
            let total: Int = "three"
            ```
            """)
        #expect(report.results.map(\.cause) == [.environment, .docs], "\(report.failures)")
        #expect(report.results.first?.needs == "an Apple platform (SwiftUI)")
    }

    @Test("a function shown alone (a test method without its test class) takes its isolation from around it: context; beside statements, the docs'")
    func isolationOfFunctionShownAlone() throws {
        let report = try verify(
            """
            ```swift
            @MainActor final class Counter { var count = 0 }
            ```

            ```swift
            func testCount() async {
                let counter = Counter()
                XCTAssertEqual(counter.count, 0)
            }
            ```

            ```swift
            let shared = 1
            func read() -> Int { Counter().count + shared }
            ```
            """, pageProgram: true)
        #expect(report.results.map(\.cause) == [nil, .context, .docs], "\(report.failures)")
        #expect(report.results[1].undeclaredNames == ["(the isolation of the type around it)"])
    }

    @Test("the typo rule: one case away is a typo (SQlColumn), a word that extends a toolchain name is not (expected)")
    func typoRule() throws {
        let report = try verify(
            """
            ```swift
            struct SQLColumn { var name: String }
            let column = SQlColumn(name: "id")
            ```

            ```swift
            let result = 2
            print(result == expected)
            ```
            """)
        #expect(report.results.map(\.cause) == [.docs, .context], "\(report.failures)")
        #expect(report.results.last?.undeclaredNames == ["expected"])
        #expect(FailureClassifier.isTypo("SQlColumn", of: ["SQLColumn"]))
        #expect(!FailureClassifier.isTypo("logger", of: ["Logger"]))
        // swift-configuration's `let serverModes = config.stringArray(…, as: ServerMode.self)`: a type beside a value.
        #expect(!FailureClassifier.isTypo("ServerMode", of: ["serverModes"]))
        #expect(FailureClassifier.isTypo("ServerMdoe", of: ["ServerMode"]))
        #expect(!FailureClassifier.isTypo("expected", of: ["expect"]))
        #expect(FailureClassifier.isTypo("players", of: ["player"]))
    }

    @Test("an inference error that follows a missing name is the name's (context); alone it is the docs'")
    func inferenceAfterMissingName() throws {
        let report = try verify(
            """
            ```swift
            let byID = Dictionary(uniqueKeysWithValues: players.map { ($0.id, $0) })
            ```

            ```swift
            let empty = Dictionary(uniqueKeysWithValues: [])
            ```
            """)
        #expect(report.results.map(\.cause) == [.context, .docs], "\(report.failures)")
        #expect(report.results.first?.undeclaredNames == ["players"])
    }

    @Test("a type whose members a listing elides cannot conform to its protocols: a sketch (context); without the elision, the docs'")
    func elidedMembers() throws {
        let report = try verify(
            """
            ```swift
            struct Temperature: CustomStringConvertible { ... }
            ```

            ```swift
            struct Pressure: CustomStringConvertible { var value = 1 }
            ```
            """)
        #expect(report.results.map(\.cause) == [.context, .docs], "\(report.failures)")
        #expect(report.results.first?.undeclaredNames == ["(the members it elides)"])
    }

    @Test(
        "a type declared with protocols and no instance member is a sketch (context), with what needs its conformance; one with members is the docs'"
    )
    func sketchedTypes() throws {
        let report = try verify(
            """
            ```swift
            protocol Record { init(row: [String: Int]) }
            extension Record where Self: Decodable { init(row: [String: Int]) { fatalError() } }
            func fetch<T: Record & Decodable>(_ type: T.Type) {}
            struct Book: Record {
                static let table = "book"
            }
            struct Shelf: Record { }
            fetch(Book.self)
            ```

            ```swift
            struct Pressure: CustomStringConvertible { var value = 1 }
            ```
            """)
        #expect(report.results.map(\.cause) == [.context, .docs], "\(report.failures)")
        #expect(
            report.results.first?.undeclaredNames == ["(the members of Book it leaves out)", "(the members of Shelf it leaves out)"],
            "\(report.failures)")
        #expect(
            report.causeSummary
                == "Errors in the docs: 1. Needs context: 1 sample leaves out what its code needs — (the members of Book it leaves out) (1),"
                + " (the members of Shelf it leaves out) (1).", "\(report.causeSummary ?? "")")
        #expect(SketchedTypes.names(in: "struct A: P { static let x = 1 }\nenum B: P { case one }\nclass C: P { }\nstruct D { }") == ["A", "C"])
    }

    @Test("a module that is not there is the environment: an Apple platform's, or another package's")
    func environmentModules() throws {
        let report = try verify(
            """
            ```swift
            import SwiftUI
            ```

            ```swift
            import NIOCore
            ```
            """)
        #expect(report.results.map(\.cause) == [.environment, .environment])
        #expect(report.results.map(\.needs) == ["an Apple platform (SwiftUI)", "module NIOCore"])
    }

    @Test("a value elided with ... leaves nothing to infer its type from: the reader's context; a syntax error beside it is the docs'")
    func elidedValue() throws {
        let report = try verify(
            """
            ```swift
            let buffer = ...
            print(buffer)
            ```

            ```swift
            let total = ...
            print(total +)
            ```
            """)
        #expect(report.results.map(\.status) == [.failed, .failed])
        #expect(report.results.map(\.cause) == [.context, .docs], "\(report.failures)")
        #expect(report.results[0].undeclaredNames == ["(the value it elides with ...)"])
    }

    @Test("a constant declared without a value, a handler whose associated type is missing, Glibc's group as a value: context, not the docs'")
    func givenValues() throws {
        let report = try verify(
            """
            ```swift
            let count: Int

            print(count + 1)
            ```

            ```swift
            protocol Handler { associatedtype In }
            final class SandwichHandler: Handler {
                typealias In = Bacon
            }
            ```

            ```swift
            func start(_ group: any Sequence) {}
            start(group)
            ```

            ```swift
            let count: Int = 1
            print(count + "1")
            ```
            """)
        #expect(report.results.map(\.cause) == [.context, .context, .context, .docs], "\(report.failures)")
        #expect(report.results.map(\.undeclaredNames) == [["count"], ["Bacon"], ["group"], []])
    }

    @Test("a trap reading a file that is not there is the environment; another trap is the docs'")
    func traps() throws {
        let report = try verify(
            """
            ```swift
            import Foundation
            let text = try String(contentsOfFile: "/etc/galley-no-such-config.json", encoding: .utf8)
            ```

            ```swift
            let values: [Int] = []
            print(values[1])
            ```

            ```swift
            struct DatabaseError: Error, CustomStringConvertible { var description: String }
            // What GRDB's `DatabaseQueue(path: "/path/to/database.sqlite")` throws.
            func open() throws { throw DatabaseError(description: "SQLite error 14: unable to open database file") }
            try open()
            ```

            ```swift
            import Glibc
            // What a client's connect throws for a host no resolver answers for (swift-nio's SocketAddressError.unknown).
            var hints = addrinfo()
            var found: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo("my-service.default.svc.cluster.local", "8080", &hints, &found)
            precondition(status == 0, String(cString: gai_strerror(status)))
            ```
            """)
        #expect(report.results.map(\.status) == [.failed, .failed, .failed, .failed])
        #expect(report.results.map(\.cause) == [.environment, .docs, .environment, .environment], "\(report.failures)")
        #expect(report.results[0].needs == "a file that is not there")
        #expect(report.results[2].needs == "a database file it can open")
        #expect(report.results[3].needs == "the network")
        // What to do fits the cause: `no_run` for what needs the environment, `crash` for the docs' own trap.
        #expect(report.results[2].failure?.contains("It needs a database file it can open: mark it `no_run`") == true, "\(report.failures)")
        #expect(report.results[1].failure?.contains("Mark the sample `crash` if the trap is what it shows") == true)
    }

    @Test("a block blocked by a block that needs context needs that context too; the JSON report keeps the cause")
    func blockedInheritsCause() throws {
        let report = try verify(
            """
            ```swift
            let client = APIClient(baseURL: server)
            ```

            ```swift
            print(client)
            ```
            """, pageProgram: true)
        #expect(report.results.map(\.failureKind) == [.compile, .blocked])
        #expect(report.results.map(\.cause) == [.context, .context])
        #expect(report.results[1].undeclaredNames == ["APIClient", "server"])
        let merged = try JSONReport.merge([("a.json", Data(ReportFormat.json.render(report).utf8))])
        #expect(merged.results.map(\.cause) == [.context, .context])
        #expect(merged.results[0].undeclaredNames == ["APIClient", "server"])
    }

    @Test("a member shown alone, or a declaration shown without its body, needs the declaration around it: context, not a doc error")
    func fragments() throws {
        let report = try verify(
            """
            ```swift
            @available(*, deprecated) public var total: Int { 0 }
            override func viewDidLoad() {}
            ```

            ```swift
            public struct Box<Value: Sendable>
            ```
            """)
        #expect(report.results.map(\.cause) == [.context, .context], "\(report.failures)")
        #expect(report.results[0].undeclaredNames == ["(the type around a member)"])
        #expect(report.results[1].undeclaredNames == ["(a declaration's body)"])
    }
}
