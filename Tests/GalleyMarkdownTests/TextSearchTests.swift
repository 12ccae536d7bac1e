import Testing

@testable import GalleyMarkdown

@Suite("Text search")
struct TextSearchTests {
    @Test("TextSearch.contains answers as String.contains, ASCII or not")
    func sameAsStringContains() {
        let texts = [
            "", "`", "``", "a ``Symbol`` b", "```swift\nlet x = 1\n```\n", "line\r\n``X``\r\n", "no backticks here",
            "\u{1FEF}\u{1FEF}Symbol\u{1FEF}\u{1FEF}",  // U+1FEF's normal form is "`"
            "``\u{301}Symbol``", "`` Symbol``", "é ``Symbol`` →", "``Sym\u{301}bol``", "``Symbol`\u{301}`",
        ]
        let needles = ["``", "``Symbol``", "`", "Symbol", "``X``", "\r\n", "é", "``Symbol`\u{301}`"]
        for text in texts {
            for needle in needles {
                #expect(TextSearch.contains(text, needle) == text.contains(needle), "\(text.debugDescription) / \(needle.debugDescription)")
            }
        }
    }
}
