import Foundation
import GalleyMarkdown
import GalleyTestSupport
@testable import GalleyVerify
import Testing

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
        let (_, body, firstLine) = (text, String(text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3).joined(separator: "\n")), 4)
        let document = MarkdownDocument(parsing: body, firstLine: firstLine)
        let report = try Verifier(library: SampleLibrary(packageDirectory: folder.url)).verify([("content/p.md", document)])
        #expect(report.failed == 2)
        #expect(try Blesser.bless(report, root: folder.url) == 1)
        let expected = original
            .replacingOccurrences(of: "// Prints \"old\"", with: "// Prints \"a\\tb\"")
            .replacingOccurrences(of: "// Prints \"3\"", with: "// Prints \"2\"")
            .replacingOccurrences(of: "stale\nlines", with: "a\tb\n2")
            .replacingOccurrences(of: "// Prints \"z\"", with: "// Prints \"x\\ny\"")
        #expect(try folder.read("content/p.md") == expected)
        let again = try Verifier(library: SampleLibrary(packageDirectory: folder.url))
            .verify([("content/p.md", MarkdownDocument(parsing: String(try folder.read("content/p.md").split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3).joined(separator: "\n")), firstLine: 4))])
        #expect(again.succeeded, "\(again.failures)")
    }
}
