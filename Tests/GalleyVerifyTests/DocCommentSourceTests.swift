import Foundation
import GalleyMarkdown
import Testing

@testable import GalleySamples

/// Doc comments read as DocC reads them: which blocks are Swift listings, at which lines and columns.
@Suite("Doc comment listings")
struct DocCommentSourceTests {
    func samples(_ text: String, firstLine: Int = 10, column: Int = 5) -> [Sample] {
        let comment = DocCommentSampleSource.Comment(text: text, firstLine: firstLine, column: column)
        return DocCommentSampleSource(path: "Sources/M/File.swift", comments: [comment]).samples().samples
    }

    @Test("fenced swift and unlabelled blocks and indented ones are listings; other languages, shell sessions and a parameter's continuation are not")
    func whichBlocks() {
        let found = samples(
            """
            Sums.

                let total = [1, 2].reduce(0, +)

            - Parameter values: the values
                to add, indented as a continuation.

                still the parameter's text, not code

            ```
            print(1)
            ```

            ```json
            {"a": 1}
            ```

                $ swift run sums 1 2

            ```swift no_run
            print(2)
            ```
            """)
        #expect(found.map(\.block.firstCodeLine) == [12, 20, 30], "\(found.map(\.block.firstCodeLine))")
        #expect(found.map(\.mode) == [.run, .run, .noRun])
        // The file's column: the comment's text starts at column 5, the indented code 4 further in.
        #expect(found.first?.block.fenceColumn == 9)
    }

    @Test("one comment's listings are one program, unless one has its own entry point")
    func groups() {
        let together = samples("A.\n\n    let n = 2\n\nThen:\n\n    print(n)\n")
        #expect(together.count == 2)
        #expect(together[0].group != nil && together[0].group == together[1].group)
        let apart = samples("A.\n\n    @main struct Tool { static func main() {} }\n\nOr:\n\n    print(1)\n")
        #expect(apart.map(\.group) == [nil, nil])
        let alone = samples("A.\n\n    print(1)\n")
        #expect(alone.first?.group == nil)
        #expect(alone.first?.isDocCommentListing == true)
        #expect(alone.first?.isSnippetFile == false)
    }
}
