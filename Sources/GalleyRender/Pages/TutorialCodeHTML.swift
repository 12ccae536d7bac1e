import GalleyMarkdown
import GalleyProject
import GalleySamples

/// The markup of a tutorial step's `@Code(name:file:)`: the file under its
/// name, highlighted when it is Swift, each line the step changed since the
/// section's previous step of that file marked (`<mark>` around the line,
/// so the marking reads without CSS too), with the verdict on the file.
///
/// ```swift
/// var code = TutorialPage.Code(name: "main.swift", file: "main.1.swift", line: 12, section: 0)
/// code.text = "let a = 1\nprint(a)\n"
/// code.changedLines = [2]
/// TutorialCodeHTML.render(code, result: nil)   // "<figure class=\"tutorial-code …\">…<mark class=\"line-changed\">…"
/// ```
package enum TutorialCodeHTML {
    /// The figure of `code`; `result` is the verdict on its file, `nil` when it was not verified.
    package static func render(_ code: TutorialPage.Code, result: SampleResult?) -> String {
        let escape = HTMLEscaping.escape
        guard let text = code.text else {
            return "<p class=\"docc-snippet-missing\">The step's file <code>\(escape(code.file))</code> was not found in the catalog.</p>"
        }
        var lines = TextLines.split(text).map(String.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let shown = lines.joined(separator: "\n")
        let rendered = code.isSwift ? SwiftHighlighter.highlightedLines(shown) : lines.map { escape($0) }
        var body = ""
        for (index, line) in rendered.enumerated() {
            // The newline stays outside the mark: inside, the marked box would be two lines tall and cover the next.
            body += code.changedLines.contains(index + 1) ? "<mark class=\"line-changed\">\(line)</mark>\n" : line + "\n"
        }
        let (kind, badge) = verdict(result, code: code)
        let language = code.isSwift ? "swift" : String(code.file.split(separator: ".").last ?? "text").lowercased()
        var figure = "<figure class=\"tutorial-code sample sample-\(kind)\">\n"
        figure += "<figcaption class=\"sample-badge\"><span class=\"tutorial-code-name\">\(escape(code.name))</span> · \(badge)</figcaption>\n"
        figure += "<pre><code class=\"language-\(escape(language))\">\(body)</code></pre>\n"
        if let result, result.status == .failed, let failure = result.failure {
            figure += "<pre class=\"sample-failure\">\(escape(failure))</pre>\n"
        }
        return figure + "</figure>"
    }

    /// The figure's class suffix and badge for a step file: the sample's
    /// verdict, said for what was done to the file.
    static func verdict(_ result: SampleResult?, code: TutorialPage.Code) -> (kind: String, badge: String) {
        guard let result else { return code.isSwift ? ("not-verified", "Not verified") : ("plain", HTMLEscaping.escape(code.file)) }
        if result.sample.kind == .stepFile {
            // Judged by the project its section ends with (`TutorialProjectVerdicts`), or only parsed.
            switch result.status {
            case .skipped: return ("parsed", "Parses · not compiled")
            case .passed: return ("verified", result.ranToCompletion ? "✓ Builds · prints what the section shows" : "✓ Builds")
            case .failed where result.cause == .environment:
                // It built, and its program stopped here (a server it needs, a file): the output is not compared.
                return ("not-verified", result.failureKind == .compile ? "Not verified here" : "✓ Builds · not run here")
            default: break
            }
        }
        return SampleHTML.verdict(result)
    }
}
