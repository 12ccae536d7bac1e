import GalleyMarkdown
import GalleyProject
import GalleyVerify

/// The markup of a verified sample: a badge with its verdict, its visible
/// code, its checked output, and the real compiler message under each line
/// a `compile_fail` sample marks.
package enum SampleHTML {
    /// The markup of one sample with its verdict.
    package static func render(_ result: SampleResult) -> String {
        let sample = result.sample
        let (kind, badge): (String, String) = switch (sample.mode, result.status) {
        case (.ignore, _), (_, .skipped): ("not-verified", "Not verified")
        case (_, .knownFailure): ("known-failure", "⚠ Known failure")
        case (.compileFail, _): ("expected-failure", "✗ Expected error")
        case (.crash, _): ("expected-crash", "⚡ Expected crash")
        case (.noRun, _): ("verified", "✓ Compiles")
        default: ("verified", "✓ Verified")
        }
        let messagesByLine = Dictionary(grouping: result.annotations.filter { $0.kind == .diagnostic }, by: \.line)
        var code = ""
        // Visible and hidden lines in source order, highlighted together so tokens stay right.
        let lines = (sample.displayedLines.map { ($0.line, $0.text, false) } + sample.hiddenLines.map { ($0.line, $0.text, true) })
            .sorted { $0.0 < $1.0 }
        let highlighted = SwiftHighlighter.highlightedLines(lines.map(\.1).joined(separator: "\n"))
        for ((line, _, hidden), html) in zip(lines, highlighted) {
            code += hidden ? "<span class=\"sample-hidden-line\">\(html)\n</span>" : html + "\n"
            for message in messagesByLine[line] ?? [] {
                code += "<span class=\"sample-diagnostic\">\(HTMLEscaping.escape(message.text))</span>"
            }
        }
        let hasHidden = !sample.hiddenLines.isEmpty
        var html = "<figure class=\"sample sample-\(kind)\"\(hasHidden ? " data-hidden-lines=\"\(sample.hiddenLines.count)\"" : "")>\n"
        html += "<figcaption class=\"sample-badge\">\(badge)</figcaption>\n"
        html += "<pre><code class=\"language-swift\">\(code)</code></pre>\n"
        let output = result.output.trimmingTrailingNewlines()
        if sample.mode == .run, result.status == .passed, !output.isEmpty {
            // Words after `output` in the output block's info string say whose output it is
            // (```output HeadlessSwiftUI's render log): shown after the label.
            let words = sample.outputBlock?.attributes ?? []
            let label = words.isEmpty ? "Output" : "Output · " + HTMLEscaping.escape(words.joined(separator: " "))
            html += "<div class=\"sample-output\"><div class=\"sample-output-label\">\(label)</div><pre>\(HTMLEscaping.escape(output))</pre></div>\n"
        }
        if result.status == .knownFailure, let failure = result.failure {
            // Listed in the baseline: the reader sees why the sample is not verified.
            html += "<div class=\"sample-diagnostic sample-known-failure\">\(HTMLEscaping.escape(failure))</div>\n"
        }
        if let crash = result.crashMessage {
            html += "<div class=\"sample-diagnostic\">\(HTMLEscaping.escape(crash))</div>\n"
        }
        return html + "</figure>\n"
    }

    /// The code-block markup of `page`: samples with their verdicts, and the
    /// output blocks they own left out (they show as the sample's output panel).
    package static func codeBlockHTML(for page: Page, report: VerificationReport) -> (CodeBlock) -> String? {
        var byIndex: [Int: String] = [:]
        for result in report.results(forPage: page.displayPath) {
            byIndex[result.sample.block.index] = render(result)
            if let output = result.sample.outputBlock, result.sample.mode == .run, result.status == .passed {
                byIndex[output.index] = ""
            }
        }
        return { byIndex[$0.index] }
    }

    /// The page footer line, e.g. `3 of 3 samples verified with Swift 6.3.1`, or `nil` without samples.
    package static func footer(for page: Page, report: VerificationReport) -> String? {
        let results = report.results(forPage: page.displayPath)
        guard !results.isEmpty else { return nil }
        let verified = results.filter { $0.status == .passed }.count
        let version = report.compilerVersion.map { "Swift " + Toolchain.shortVersion(of: $0) }
        return "\(verified) of \(results.count) sample\(results.count == 1 ? "" : "s") verified" + (version.map { " with \($0)" } ?? "")
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
