import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import Testing

@testable import GalleySamples
@testable import GalleyVerify

/// The context every reader assumes: the toolchain's modules a sample uses
/// without importing them are imported for it (issue 44: `XCTestCase` with
/// no `import XCTest` failed with "method does not override any method",
/// which was called an error in the docs).
@Suite("Toolchain imports a sample assumes")
struct ToolchainImportsTests {
    static func sample(_ code: String, page: String = "content/p.md") throws -> Sample {
        let markdown = "```swift\n" + code + "```\n"
        return try #require(MarkdownSampleSource(path: page, document: MarkdownDocument(parsing: markdown)).samples().samples.first)
    }

    @Test("names used in code give their module; names in strings and comments, members and imported modules do not")
    func missingModules() throws {
        let uses = try Self.sample("final class T: XCTestCase {\n    func testA() { XCTAssertEqual(1, 1) }\n}\n@Test func b() { #expect(true) }\n")
        #expect(ToolchainImports.missingModules(of: uses) == ["XCTest", "Testing"])
        let mentions = try Self.sample("// XCTestCase and @Test\nlet s = \"XCTAssertEqual #expect\"\nlet t = s.Date\n")
        #expect(ToolchainImports.missingModules(of: mentions) == [])
        let imports = try Self.sample("import XCTest\nfinal class T: XCTestCase {}\nlet d = Date()\n")
        #expect(ToolchainImports.missingModules(of: imports) == ["Foundation"])
    }

    @Test("the import joins the prelude, not the sample's lines; a group shares it")
    func prelude() throws {
        var first = try Self.sample("let n = 1\n")
        var second = try Self.sample("final class T: XCTestCase {}\n")
        first.group = "g"
        second.group = "g"
        let applied = ToolchainImports.applied(to: [first, second])
        #expect(applied.map(\.settings.prelude) == ["import XCTest", "import XCTest"])
        #expect(applied.map(\.compiledCode) == [first.compiledCode, second.compiledCode])
        #expect(applied[0].settings.preludeSource == "content/p.md")
        let alone = ToolchainImports.applied(to: [try Self.sample("let n = 1\n")])
        #expect(alone[0].settings.prelude.isEmpty)
    }

    @Test("a test class and a Swift Testing test shown without their imports compile and pass")
    func compiles() throws {
        let report = try verifyPage(
            """
            ```swift
            final class CounterTests: XCTestCase {
                override func setUp() { super.setUp() }
                func testIncrement() { XCTAssertEqual(1 + 1, 2) }
            }
            ```

            ```swift
            @Test func addition() { #expect(1 + 1 == 2) }
            ```
            """, pageProgram: false)
        #expect(report.results.map(\.status) == [.passed, .passed], "\(report.failures)")
    }
}
