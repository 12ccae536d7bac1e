import Foundation
import GalleyMarkdown
import GalleyReports
import GalleyTestSupport
import Testing

@testable import GalleyPackage
@testable import GalleySamples
@testable import GalleyVerify

@Suite("Blessing expected output")
struct BlesserTests {
    @Test("--bless rewrites // Prints literals and output blocks, and no other byte")
    func rewritesOnlyExpectations() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let original = """
            ---
            title: Bless
            ---
            # Page\r
            Text with trailing spaces   

            ```swift
            print("a\\tb")   // Prints "old"
            print(1 + 1) // Prints "3"
            ```

            ```output
            stale
            lines
            ```

            ```swift
            print("x"); print("y") // Prints "z"
            ```
            """
        try folder.write("content/p.md", original)
        let text = try folder.read("content/p.md")
        let (_, body, firstLine) = (
            text, String(text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3).joined(separator: "\n")), 4
        )
        let document = MarkdownDocument(parsing: body, firstLine: firstLine)
        let report = try Verifier(library: SampleLibrary(packageDirectory: folder.url)).verify([("content/p.md", document)])
        #expect(report.failed == 2)
        #expect(try Blesser.bless(report, root: folder.url) == 1)
        let expected =
            original
            .replacingOccurrences(of: "// Prints \"old\"", with: "// Prints \"a\\tb\"")
            .replacingOccurrences(of: "// Prints \"3\"", with: "// Prints \"2\"")
            .replacingOccurrences(of: "stale\nlines", with: "a\tb\n2")
            .replacingOccurrences(of: "// Prints \"z\"", with: "// Prints \"x\\ny\"")
        #expect(try folder.read("content/p.md") == expected)
        let again = try Verifier(library: SampleLibrary(packageDirectory: folder.url))
            .verify([
                (
                    "content/p.md",
                    MarkdownDocument(
                        parsing: String(
                            try folder.read("content/p.md").split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3).joined(
                                separator: "\n")), firstLine: 4)
                )
            ])
        #expect(again.succeeded, "\(again.failures)")
    }

    @Test("--bless rewrites the comment lines after a failing // Prints: at their indentation, and leaves a passing one's … alone")
    func rewritesPrintsBlocks() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let original = """
            # Page

            ```swift
            for name in ["alice", "bob", "carol"] {
                print("Captain(id: \\"\\(name)\\")")
            }
            // Prints:
            //   Captain(id: "alice")
            //   Captain(id: "dave")
            print("done")
            ```

            ```swift
            print("Captain(id: \\"eve\\", rank: 3)")
            // Prints:
            //  Captain(id: "eve", …)
            ```
            """
        try folder.write("content/p.md", original)
        func verify() throws -> VerificationReport {
            try Verifier(library: SampleLibrary(packageDirectory: folder.url))
                .verify([("content/p.md", MarkdownDocument(parsing: try folder.read("content/p.md")))])
        }
        let report = try verify()
        #expect(report.failed == 1 && report.passed == 1, "\(report.failures)")
        #expect(try Blesser.bless(report, root: folder.url) == 1)
        let expected = original.replacingOccurrences(
            of: "//   Captain(id: \"alice\")\n//   Captain(id: \"dave\")",
            with: "//   Captain(id: \"alice\")\n//   Captain(id: \"bob\")\n//   Captain(id: \"carol\")\n//   done"
        )
        #expect(try folder.read("content/p.md") == expected)
        #expect(try verify().succeeded)
    }
}
