import Dispatch
import Foundation
import GalleyMarkdown
import Synchronization
import Testing

@Suite("Rendering HTML")
struct MarkdownHTMLRendererTests {
    func html(_ markdown: String, rawHTML: Bool = false) -> String {
        MarkdownHTMLRenderer(allowsRawHTML: rawHTML).render(MarkdownDocument(parsing: markdown))
    }

    @Test("a GFM table renders as <table>")
    func table() {
        let output = html("| a | b |\n|---|:-:|\n| 1 | 2 |\n")
        #expect(output.contains("<table>"))
        #expect(output.contains("<th>a</th>"))
        #expect(output.contains("<td align=\"center\">2</td>"))
    }

    @Test("strikethrough, autolinks and task lists render")
    func otherExtensions() {
        let output = html("~~old~~ www.swift.org\n\n- [x] done\n- [ ] todo\n")
        #expect(output.contains("<del>old</del>"))
        #expect(output.contains("<a href=\"http://www.swift.org\">www.swift.org</a>"))
        #expect(output.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> done"))
    }

    @Test("pages parsed and rendered on many threads at once keep their strikethrough and autolinks")
    func concurrentParses() {
        // cmark-gfm keeps the extensions' special characters in a process-wide
        // table that every finishing parse adds to and then clears.
        let markdown = (1...40).map { "Paragraph \($0): ~~old~~ new, see https://swift.org.\n" }.joined(separator: "\n")
        let broken = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            let output = MarkdownHTMLRenderer(allowsRawHTML: false).render(MarkdownDocument(parsing: markdown))
            let dels = output.components(separatedBy: "<del>old</del>").count - 1
            let links = output.components(separatedBy: "<a href=\"https://swift.org\">").count - 1
            if dels != 40 || links != 40 { broken.withLock { $0 += 1 } }
        }
        #expect(broken.withLock { $0 } == 0)
    }

    @Test("headings get their unique ids and an anchor")
    func headingIDs() {
        let output = html("## Overview\n\n## Overview *again*\n")
        #expect(output.contains("<h2 id=\"overview\">Overview<a class=\"anchor\" href=\"#overview\""))
        #expect(output.contains("<h2 id=\"overview-again\">Overview <em>again</em><a class=\"anchor\" href=\"#overview-again\""))
    }

    @Test(".md links become .html, external ones stay")
    func linkRewrite() {
        let output = html("[a](other.md) [b](guide/p.md#part) [c](https://x.org/a.md) [d](notes.txt)")
        #expect(output.contains("href=\"other.html\""))
        #expect(output.contains("href=\"guide/p.html#part\""))
        #expect(output.contains("href=\"https://x.org/a.md\""))
        #expect(output.contains("href=\"notes.txt\""))
    }

    @Test("code blocks keep language-… and can be replaced by the caller")
    func codeBlocks() {
        let markdown = "```swift no_run\nlet a = 1\n```\n\n```text\n<b>\n```\n"
        #expect(html(markdown).contains("<pre><code class=\"language-swift\">let a = 1\n</code></pre>"))
        let replaced = MarkdownHTMLRenderer().render(MarkdownDocument(parsing: markdown)) { block in
            block.language == "swift" ? "<figure class=\"sample\">\(block.attributes.joined())</figure>" : nil
        }
        #expect(replaced.contains("<figure class=\"sample\">no_run</figure>"))
        #expect(replaced.contains("<code class=\"language-text\">&lt;b&gt;\n</code>"))
    }

    @Test("raw HTML is omitted by default and passed through when allowed, generated nodes always render")
    func rawHTML() {
        let markdown = "# Title\n\n<div class=\"x\">raw</div>\n"
        let safe = html(markdown)
        #expect(!safe.contains("<div class=\"x\">"))
        #expect(safe.contains("raw HTML omitted"))
        #expect(safe.contains("<h1 id=\"title\">"))
        #expect(html(markdown, rawHTML: true).contains("<div class=\"x\">raw</div>"))
    }

    @Test("htmlDestination handles fragments, queries and non-Markdown targets")
    func destinations() {
        #expect(MarkdownHTMLRenderer.htmlDestination(for: "a.markdown?x=1#y") == "a.html?x=1#y")
        #expect(MarkdownHTMLRenderer.htmlDestination(for: "mailto:a@b.md") == nil)
        #expect(MarkdownHTMLRenderer.htmlDestination(for: "#local") == nil)
    }
}
