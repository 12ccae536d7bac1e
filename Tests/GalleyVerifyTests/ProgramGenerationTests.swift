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

/// A page's blocks compiled as the author would have written them in one
/// `main.swift`: no access-control errors the author's code would not have,
/// declarations that see each other, types printed as named.
@Suite("Program generation")
struct ProgramGenerationTests {
    func verify(_ markdown: String, pageProgram: Bool = true) throws -> VerificationReport {
        try verifyPage(markdown, pageProgram: pageProgram)
    }

    @Test("a block holding only an attribute (no declaration after it) gets its own verdict; the merged program is still generated")
    func attributeAlone() throws {
        // swift-macro-testing 0.7.0's catalog crashed Galley here (Array replace past the end in makeFilePrivate).
        // An attribute alone is now completed with a declaration (``SampleKindReader/completingShownFragment(_:)``);
        // after a statement it still reaches the generator alone.
        let report = try verify(
            """
            ```swift
            print(0)
            @MainActor
            ```

            ```swift
            print(1 + 1) // Prints "2"
            ```
            """, pageProgram: false)
        #expect(report.results.count == 2)
        #expect(report.results.first?.status == .failed)
        #expect(report.results.last?.status == .passed, "\(report.failures)")
    }

    @Test("a top-level constant whose type the page declares, with its type written out, compiles (no 'fileprivate type' error)")
    func constantOfPageType() throws {
        let report = try verify(
            """
            ```swift
            struct Item { var price: Int }
            let apple: Item = Item(price: 3)
            ```

            ```swift
            let pear: Item = Item(price: 5)
            print(apple.price + pear.price) // Prints "8"
            ```
            """)
        #expect(report.results.map(\.status) == [.passed, .passed], "\(report.failures)")
    }

    @Test("types see functions and variables of later blocks, and later blocks may declare public and private members, as in main.swift")
    func declarationsSeeEachOther() throws {
        let report = try verify(
            """
            ```swift
            struct Greeter {
                func greet() -> String { format(greeting) }
            }
            ```

            ```swift
            let greeting = "hello"
            private func format(_ text: String) -> String { text.uppercased() }
            public struct Counter { public var count = 0 }
            ```

            ```swift
            print(Greeter().greet(), Counter().count) // Prints "HELLO 0"
            ```
            """)
        #expect(report.results.map(\.status) == [.passed, .passed, .passed], "\(report.failures)")
    }

    @Test("a page's type prints as the author named it, never as '(unknown context at $…)'")
    func typeNames() throws {
        let report = try verify(
            """
            ```swift
            struct Captain { var name: String }
            print([Captain(name: "Kirk")])
            print(type(of: Captain(name: "Kirk")))
            ```
            """, pageProgram: false)
        #expect(report.results.first?.status == .passed, "\(report.failures)")
        let output = report.results.first?.output ?? ""
        #expect(!output.contains("unknown context"), "\(output)")
        #expect(output.contains("Captain(name: \"Kirk\")]\nCaptain\n"), "\(output)")
    }

    @Test("a block that declares a name again still shadows it, and the names that open a scope are variables and functions")
    func shadowingScopes() throws {
        #expect(ProgramSource.valueNames("let (a, b) = (1, 2)\nvar c = 3\nfunc d() {}\nstruct E {}") == ["a", "b", "c", "d"])
        let report = try verify(
            """
            ```swift
            let total = 1
            ```

            ```swift
            let total = 2
            print(total) // Prints "2"
            ```
            """)
        #expect(report.results.map(\.status) == [.passed, .passed], "\(report.failures)")
    }

    @Test("an error in code Galley generates (a block left open) is at the block's fence in the Markdown, never at a temporary main.swift")
    func errorsAtMarkdownLines() throws {
        let report = try verify(
            """
            # Open

            ```swift
            func f() {
              print(1)
            ```
            """, pageProgram: false)
        let result = try #require(report.results.first)
        #expect(result.status == .failed)
        #expect(result.failureLocation == SourceLocation(path: "content/p.md", line: 3, column: 1), "\(result.failure ?? "")")
        #expect(result.failure?.contains("expected '}'") == true && result.failure?.contains("main.swift") == false, "\(result.failure ?? "")")
        #expect(ProgramSource.parseDirective("#sourceLocation(file: \"a \\\"b\\\".md\", line: 12)")! == ("a \"b\".md", 12))
    }

    @Test("a block that uses a variable a later block declares fails to compile, as in the author's order (never reads it uninitialized)")
    func useBeforeDeclaration() throws {
        let used = """
            ```swift
            print(greeting.count)
            ```
            """
        let declared = """
            ```swift
            var greeting = "hello"
            print(greeting) // Prints "hello"
            ```
            """
        let report = try verify(used + "\n\n" + declared)
        #expect(report.results.map(\.status) == [.failed, .passed], "\(report.failures)")
        #expect(report.results[0].failure?.contains("cannot find 'greeting' in scope") == true, "\(report.results[0].failure ?? "")")
        #expect(ProgramSource.forwardReferences(report.results.map(\.sample)) == ["greeting"])
        // Control: in the page's order the same blocks both pass.
        let ordered = try verify(declared + "\n\n" + used.replacingOccurrences(of: "count)", with: "count) // Prints \"5\""))
        #expect(ordered.results.map(\.status) == [.passed, .passed], "\(ordered.failures)")
    }
}
