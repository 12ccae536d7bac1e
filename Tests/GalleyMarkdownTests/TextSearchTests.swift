import Testing

@testable import GalleyMarkdown

@Suite("Text search")
struct TextSearchTests {
    static let texts = [
        "", "`", "``", "a ``Symbol`` b", "```swift\nlet x = 1\n```\n", "line\r\n``X``\r\n", "no backticks here",
        "\u{1FEF}\u{1FEF}Symbol\u{1FEF}\u{1FEF}",  // U+1FEF's normal form is "`"; its bytes are not
        "``\u{301}Symbol``", "`` Symbol``", "é ``Symbol`` →", "``Sym\u{301}bol``", "``Symbol`\u{301}`",
        "\u{600}``Symbol`` é", "é ``Symbol``\u{301}", "🇫🇷``Symbol``🇫🇷", "é ``Symbol\u{37E}``", "é \u{212A}``Symbol``",
    ]
    static let needles = ["``", "``Symbol``", "`", "Symbol", "``X``", "\r\n", "é", "``Symbol`\u{301}`", "``Symbol;``", "s ``", "``K``"]

    @Test("TextSearch.contains answers whether the needle's bytes occur, ASCII or not")
    func bytes() {
        for text in Self.texts {
            for needle in Self.needles {
                let haystack = Array(text.utf8)
                let wanted = Array(needle.utf8)
                let expected = haystack.indices.contains { haystack[$0...].starts(with: wanted) }
                #expect(TextSearch.contains(text, needle) == expected, "\(text.debugDescription) / \(needle.debugDescription)")
            }
        }
        #expect(TextSearch.contains("anything", ""))
    }

    @Test("bytes are what cmark reads: a double backtick made of U+1FEF is no symbol link, one beside a combining mark is")
    func asCmarkReads() {
        // String.contains compares Characters under canonical equivalence: it finds "``Symbol``" in both.
        let lookalike = "See \u{1FEF}\u{1FEF}Symbol\u{1FEF}\u{1FEF}.\n"
        #expect(lookalike.contains("``Symbol``"))
        #expect(!TextSearch.contains(lookalike, "``Symbol``"))
        #expect(MarkdownDocument(parsing: lookalike).symbolLinks.isEmpty)
        let marked = "See \u{600}``Symbol``\u{301} here.\n"
        #expect(TextSearch.contains(marked, "``Symbol``"))
        #expect(MarkdownDocument(parsing: marked).symbolLinks.map(\.destination) == ["Symbol"])
    }
}
