import GalleyMarkdown
import GalleyVerify

/// The markup of a verified sample: a badge with its verdict, its visible
/// code, its checked output, and the real compiler message under each line
/// a `compile_fail` sample marks.
enum SampleHTML {
    static func render(_ result: SampleResult) -> String {
        let sample = result.sample
        let (kind, badge): (String, String) = switch (sample.mode, result.status) {
        case (.ignore, _), (_, .skipped): ("not-verified", "Not verified")
        case (.compileFail, _): ("expected-failure", "✗ Expected error")
        case (.crash, _): ("expected-crash", "⚡ Expected crash")
        case (.noRun, _): ("verified", "✓ Compiles")
        default: ("verified", "✓ Verified")
        }
        let errorsByLine = Dictionary(grouping: result.expectedErrors.filter { $0.severity == "error" }, by: \.line)
        var code = ""
        // Visible and hidden lines in source order, highlighted together so tokens stay right.
        let lines = (sample.displayedLines.map { ($0.line, $0.text, false) } + sample.hiddenLines.map { ($0.line, $0.text, true) })
            .sorted { $0.0 < $1.0 }
        let highlighted = SwiftHighlighter.highlightedLines(lines.map(\.1).joined(separator: "\n"))
        for ((line, _, hidden), html) in zip(lines, highlighted) {
            code += hidden ? "<span class=\"sample-hidden-line\">\(html)\n</span>" : html + "\n"
            for error in errorsByLine[line] ?? [] {
                code += "<span class=\"sample-diagnostic\">error: \(HTMLEscaping.escape(error.message))</span>"
            }
        }
        let hasHidden = !sample.hiddenLines.isEmpty
        var html = "<figure class=\"sample sample-\(kind)\"\(hasHidden ? " data-hidden-lines=\"\(sample.hiddenLines.count)\"" : "")>\n"
        html += "<figcaption class=\"sample-badge\">\(badge)</figcaption>\n"
        html += "<pre><code class=\"language-swift\">\(code)</code></pre>\n"
        let output = result.output.trimmingTrailingNewlines()
        if sample.mode == .run, result.status == .passed, !output.isEmpty {
            html += "<div class=\"sample-output\"><div class=\"sample-output-label\">Output</div><pre>\(HTMLEscaping.escape(output))</pre></div>\n"
        }
        if let crash = result.crashMessage {
            html += "<div class=\"sample-diagnostic\">\(HTMLEscaping.escape(crash))</div>\n"
        }
        return html + "</figure>\n"
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
