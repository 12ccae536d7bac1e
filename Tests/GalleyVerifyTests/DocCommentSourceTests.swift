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
        #expect(alone.first?.origin == .docComment)
        #expect(alone.first?.origin.isWholeFile == false)
    }
}

@Suite("Listings without a language that are text")
struct TextListingTests {
    @Test("diagrams, SQL, output, numbered lines and dumps from real doc comments are text, not Swift")
    func text() {
        let texts = [
            // swift-nio's ByteBuffer layout and a pipeline drawn with box characters.
            "+-------------------+------------------+\n| discardable bytes |  readable bytes  |\n",
            "                     ┌────────────────────┐\n                     │ FileHandleProtocol │\n",
            // GRDB's SQL and its errors.
            "SELECT * FROM main.player;\n              ~~~~\n",
            "SQLite error 19: NOT NULL constraint failed: player.score\n- while executing `UPDATE player SET score = ?`\n",
            "sqlite_master\nCREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)\n",
            // swift-argument-parser's error output, swift-configuration's log line, swift-nio's description.
            "Error: Missing value for '--foo <foo>'\nUsage: command [--foo <foo>]\n",
            "✅ database.host -> \"localhost\" - provided by EnvironmentVariablesProvider\n",
            "[68656c6c6f20776f726c64](11 bytes)\n",
            // swift-numerics' formula, SymbolKit's numbered lines, a value's dump.
            "           e^x + e^-x\ncosh(x) = ------------\n               2\n",
            "   0123456789ABCDEFGHI\n68 /// This is\n69 /// a doc comment.\n70 func foo() {}\n",
            "WebSocketFrame {\nmaskKey: Optional(NIOWebSocket.WebSocketMaskingKey(_key: (187, 28, 185, 79))),\nfin: true,\n",
        ]
        for text in texts { #expect(TextListing.isText(text), "\(text)") }
    }

    @Test("Swift, and Swift with a mistake (the docs' to fix), is not text")
    func swift() {
        let swift = [
            "let numbers = [1, 2, 3]\nprint(numbers.count)\n",
            // swift-algorithms' `for` without its brace, swift-case-paths' missing parenthesis, swift-log's.
            "for perm in numbers.permutations(ofCount: 2)\n    print(perm)\n}\n",
            "extract(case: Result<Int, Error>.success, from: .failure(MyError())\n// nil\n",
            "logger.info(\n    \"user selected colors\",\n    metadata: [\"colors\": .array([.string(\"a\")]\n)\n",
            // SQL inside a Swift string, and a separator comment.
            "let sql = \"\"\"\n    CREATE TABLE player (id INTEGER PRIMARY KEY)\n    \"\"\"\ntry db.execute(sql: sql\n",
            "// ----------------\nlet x = (1\n",
        ]
        for code in swift { #expect(!TextListing.isText(code), "\(code)") }
    }
}
