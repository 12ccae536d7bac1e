import GalleyMarkdown
import Testing

@Suite("Parsing Markdown")
struct MarkdownDocumentTests {
    @Test("a fenced block's language, attributes, code and lines are exact")
    func codeBlockInfo() {
        let markdown = """
            # Title

            Some text.

            ```swift no_run group=intro
            let x = 1
            print(x)
            ```

            ~~~output
            1
            ~~~
            """
        let document = MarkdownDocument(parsing: markdown, firstLine: 5)
        #expect(document.codeBlocks.count == 2)
        let swift = document.codeBlocks[0]
        #expect(swift.language == "swift")
        #expect(swift.attributes == ["no_run", "group=intro"])
        #expect(swift.code == "let x = 1\nprint(x)\n")
        #expect(swift.fenceLine == 9)
        #expect(swift.firstCodeLine == 10)
        #expect(swift.endLine == 12)
        #expect(swift.index == 0)
        #expect(document.codeBlocks[1].language == "output")
        #expect(document.codeBlocks[1].attributes.isEmpty)
        #expect(document.codeBlocks[1].fenceLine == 14)
    }

    @Test("indented code blocks are not fenced samples")
    func indentedBlocksIgnored() {
        let document = MarkdownDocument(parsing: "Text\n\n    let x = 1\n")
        #expect(document.codeBlocks.isEmpty)
    }

    @Test("headings carry level, plain text, unique slug and line")
    func headings() {
        let document = MarkdownDocument(parsing: "# Overview\n\n## Overview\n\n### What's *new* in `Swift 6`?\n\n## Overview\n")
        #expect(document.headings.map(\.id) == ["overview", "overview-1", "whats-new-in-swift-6", "overview-2"])
        #expect(document.headings.map(\.level) == [1, 2, 3, 2])
        #expect(document.headings[2].text == "What's new in Swift 6?")
        #expect(document.headings.map(\.line) == [1, 3, 5, 7])
        #expect(document.firstH1 == "Overview")
    }

    @Test("links report destination and line; external ones are recognised")
    func links() {
        let document = MarkdownDocument(parsing: "Intro\n\nSee [a](a.md#x), ![img](logo.png)\nand <https://swift.org>.\n", firstLine: 3)
        #expect(document.links.map(\.destination) == ["a.md#x", "logo.png", "https://swift.org"])
        #expect(document.links.map(\.line) == [5, 5, 6])
        #expect(document.links.map(\.isImage) == [false, true, false])
        #expect(document.links.map(\.isExternal) == [false, false, true])
    }
}

@Suite("Slugs")
struct SlugGeneratorTests {
    @Test("repeats get -1, -2 and never collide with a literal -1 heading")
    func uniqueness() {
        var slugs = SlugGenerator()
        #expect(slugs.slug(for: "Setup") == "setup")
        #expect(slugs.slug(for: "Setup 1") == "setup-1")
        #expect(slugs.slug(for: "Setup") == "setup-2")
        #expect(slugs.slug(for: "Setup") == "setup-3")
        #expect(slugs.slug(for: "!!!") == "section")
    }
}

@Suite("Code fences left open")
struct OpenFenceTests {
    @Test(
        "a fence never closed is marked open; closed ones, in lists and quotes too, are not",
        arguments: [
            ("# T\n\n```swift\nlet x = 1\n", false),
            ("# T\n\n```swift\n", false),
            ("# T\n\n````text\nx\n```\n", false),
            ("# T\n\n```swift\nlet x = 1\n```\n", true),
            ("# T\n\n```swift\n```", true),
            ("# T\n\n~~~\nx\n~~~~\n", true),
            ("- a\n\n  ```swift\n  let x = 1\n  ```\n", true),
            ("> ```swift\n> let x = 1\n> ```\n", true),
            ("> ```swift\n> let x = 1\n\nafter\n", false),
            ("# T\r\n\r\n```swift\r\nlet x = 1\r\n```\r\n", true),
        ])
    func openFence(markdown: String, closed: Bool) {
        let document = MarkdownDocument(parsing: markdown)
        #expect(document.codeBlocks.count == 1)
        #expect(document.codeBlocks.first?.isClosed == closed)
    }
}
