import Foundation
import GalleyMarkdown
import Testing

@testable import GalleyRender
@testable import GalleySamples
@testable import GalleySite

/// Samples with hand-made annotations (what the verifier's hover half will
/// produce, per `SampleAnnotation`'s contract) rendered by the real `SampleHTML`.
@Suite("Sample markup: popovers, type callouts, compiler messages")
struct SampleHTMLTests {
    /// The first sample of `markdown` (a page's text, line 1 first) with `annotations`.
    func result(_ markdown: String, _ annotations: [SampleAnnotation], status: SampleResult.Status = .passed) throws -> SampleResult {
        let (samples, problems) = SampleExtractor.samples(in: MarkdownDocument(parsing: markdown), page: "content/page.md")
        #expect(problems.isEmpty)
        let sample = try #require(samples.first)
        var result = SampleResult(
            sample: sample, status: status, failure: nil, failureLocation: nil, output: "", expectedErrors: [], crashMessage: nil,
            ranToCompletion: true, cached: false, merged: false
        )
        result.annotations = annotations
        return result
    }

    func declaration(
        _ line: Int, _ column: Int, _ length: Int, _ text: String, summary: String? = nil, at declarationLine: Int? = nil
    )
        -> SampleAnnotation
    {
        SampleAnnotation(
            kind: .declaration, line: line, column: column, length: length, text: text, summary: summary, declarationLine: declarationLine)
    }

    @Test("an identifier becomes a focusable trigger around its highlighting; lines get ids from the Markdown line")
    func triggers() throws {
        let html = SampleHTML.render(
            try result(
                "# P\n\n```swift\nlet board: Scoreboard = make()\n```\n",
                [
                    declaration(4, 5, 5, "let board: Scoreboard", summary: "The <board>.", at: 4),
                    declaration(4, 12, 10, "struct Scoreboard", summary: "A score."),
                    declaration(4, 25, 4, "func make() -> Scoreboard"),
                ]))
        #expect(
            html.contains(
                "<pre tabindex=\"0\" class=\"has-hovers\"><code class=\"language-swift\"><span class=\"ln\" id=\"L4\"><span class=\"tok-keyword\">let</span> "
                    + "<span class=\"hv\" aria-describedby=\"hv-1\">board</span>: "
                    + "<span class=\"hv\" aria-describedby=\"hv-2\"><span class=\"tok-type\">Scoreboard</span></span> = "
                    + "<span class=\"hv\" aria-describedby=\"hv-3\">make</span>()</span>\n</code></pre>"), "\(html)")
        #expect(
            html.contains(
                "<div class=\"hv-defs\" hidden><div class=\"hv-body\" id=\"hv-1\"><code class=\"hv-decl\"><span class=\"tok-keyword\">let</span> board: "
                    + "<span class=\"tok-type\">Scoreboard</span></code><p class=\"hv-summary\">The &lt;board&gt;.</p><a class=\"hv-link\" href=\"#L4\">Declared on line 4</a></div>"
            ))
        #expect(
            html.contains("<div class=\"hv-body\" id=\"hv-3\"><code class=\"hv-decl\"><span class=\"tok-keyword\">func</span> make() "),
            "no link without a declaring line")
        #expect(
            !html.contains(
                "id=\"hv-3\"><code class=\"hv-decl\"><span class=\"tok-keyword\">func</span> make() <span class=\"tok-operator\">-&gt;</span> <span class=\"tok-type\">Scoreboard</span></code><a"
            ))
    }

    @Test("a span that ends inside a token splits it, keeping its class on both parts; bad or overlapping spans are left out")
    func splitting() throws {
        let html = SampleHTML.render(
            try result(
                "```swift\nlet x: Scoreboard = 1\n```\n",
                [
                    declaration(2, 8, 5, "Score"),
                    declaration(2, 9, 3, "overlaps the one before"),
                    declaration(2, 90, 3, "past the line"),
                ]))
        #expect(
            html.contains(
                "<span class=\"hv\" aria-describedby=\"hv-1\"><span class=\"tok-type\">Score</span></span><span class=\"tok-type\">board</span>"))
        #expect(!html.contains("overlaps"))
        #expect(!html.contains("past the line"), "a span past the line's end gets no trigger and no body, and no crash")
        #expect(html.components(separatedBy: "class=\"hv-body\"").count == 2)
    }

    @Test("columns of a sample indented in a list item count from the file's first column")
    func indentedFence() throws {
        let markdown = "# P\n\n1. Item:\n\n   ```swift\n   let answer = 42\n   print(answer)\n   ```\n"
        let html = SampleHTML.render(
            try result(markdown, [declaration(6, 8, 6, "let answer: Int", at: 6), declaration(7, 10, 6, "let answer: Int", at: 6)]))
        #expect(
            html.contains(
                "<span class=\"ln\" id=\"L6\"><span class=\"tok-keyword\">let</span> <span class=\"hv\" aria-describedby=\"hv-1\">answer</span> = "))
        #expect(html.contains("<span class=\"ln\" id=\"L7\">print(<span class=\"hv\" aria-describedby=\"hv-1\">answer</span>)</span>"))
        #expect(html.components(separatedBy: "class=\"hv-body\"").count == 2, "one body for both uses")
    }

    @Test("a // ^? line is replaced by a callout with the type under the caret's column, or hidden without an answer")
    func typeQuery() throws {
        let markdown = "```swift\nlet total = [1, 2].reduce(0, +)\n//  ^?\nprint(total)\n```\n"
        let answered = SampleHTML.render(try result(markdown, [SampleAnnotation(kind: .type, line: 3, column: 5, text: "let total: Int")]))
        #expect(
            answered.contains(
                "</span>\n<span class=\"sample-callout\"><span class=\"sample-callout-caret\" aria-hidden=\"true\">    ^</span>    "
                    + "<span class=\"sample-callout-type\"><span class=\"tok-keyword\">let</span> total: <span class=\"tok-type\">Int</span></span></span>"
                    + "<span class=\"ln\" id=\"L4\">print"), "\(answered)")
        #expect(!answered.contains("^?"))
        #expect(!answered.contains("id=\"L3\""))
        let unanswered = SampleHTML.render(try result(markdown, []))
        #expect(!unanswered.contains("^?") && !unanswered.contains("sample-callout"))
        #expect(unanswered.contains("</span>\n<span class=\"ln\" id=\"L4\">"))
        #expect(!unanswered.contains("has-hovers"), "without popovers the code takes no focus")
    }

    @Test("a compile_fail error stays under its line, after the line's span")
    func compileFailure() throws {
        let markdown = "```swift compile_fail\nlet n: Int = \"x\" // error: cannot convert\nlet m = 1\n```\n"
        let html = SampleHTML.render(
            try result(
                markdown,
                [
                    SampleAnnotation(
                        kind: .diagnostic, line: 2, column: 14, text: "error: cannot convert value of type 'String' to specified type 'Int'"),
                    declaration(2, 5, 1, "let n: Int"),
                ], status: .passed))
        #expect(
            html.contains(
                "<span class=\"ln\" id=\"L2\"><span class=\"tok-keyword\">let</span> <span class=\"hv\" aria-describedby=\"hv-1\">n</span>: "
                    + "<span class=\"tok-type\">Int</span> = <span class=\"tok-string\">&quot;x&quot;</span></span>\n"
                    + "<span class=\"sample-diagnostic\">error: cannot convert value of type &#39;String&#39; to specified type &#39;Int&#39;</span>"
                    + "<span class=\"ln\" id=\"L3\">"), "\(html)")
    }

    @Test("popover bodies are written once per distinct declaration, shared by the samples of a page")
    func deduplication() {
        var table = PopoverTable()
        let first = table.id(for: declaration(3, 1, 5, "let board: Scoreboard", at: 3))
        let again = table.id(for: declaration(9, 7, 5, "let board: Scoreboard", at: 3))
        let other = table.id(for: declaration(9, 7, 5, "let board: Scoreboard", at: 20))
        #expect(first == again)
        #expect(first != other, "another declaring line is another declaration")
        #expect(table.html.components(separatedBy: "class=\"hv-body\"").count == 3)
        #expect(PopoverTable().html.isEmpty)
    }
}
