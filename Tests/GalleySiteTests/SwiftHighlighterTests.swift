import GalleySite
import Testing

@testable import GalleyRender

@Suite("Swift highlighting")
struct SwiftHighlighterTests {
    @Test("tokens get swift-syntax classes, text is escaped, spans never cross lines")
    func classes() {
        let lines = SwiftHighlighter.highlightedLines(
            """
            @MainActor struct A { let s = "<x>" } // note
            /* one
            two */ let n = 42
            """)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("<span class=\"tok-attribute\">@MainActor</span> <span class=\"tok-keyword\">struct</span> A"))
        #expect(lines[0].contains("<span class=\"tok-string\">&quot;&lt;x&gt;&quot;</span>"))
        #expect(lines[0].hasSuffix("<span class=\"tok-comment\">// note</span>"))
        #expect(lines[1] == "<span class=\"tok-comment\">/* one</span>")
        #expect(lines[2].hasPrefix("<span class=\"tok-comment\">two */</span> <span class=\"tok-keyword\">let</span>"))
        #expect(lines[2].hasSuffix("<span class=\"tok-number\">42</span>"))
    }
}
