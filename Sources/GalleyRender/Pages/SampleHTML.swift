import GalleyMarkdown
import GalleyPackage
import GalleyProject
import GalleyReports
import GalleySamples

/// The markup of a verified sample: a badge with its verdict, its visible
/// code, its checked output, and what verification learned about the code
/// (``SampleAnnotation``): the real compiler message under each line a
/// `compile_fail` sample marks, a popover per identifier with its
/// declaration, and a callout in place of each `// ^?` type query.
///
/// Every line of code is a `<span class="ln" id="L12">` named after its
/// Markdown line, so a popover can link to the line declaring its
/// identifier. An identifier with a declaration is wrapped, around its
/// highlighting spans, in `<span class="hv" aria-describedby="hv-3">` (the
/// theme's script makes it focusable: without the script it opens nothing);
/// the popover bodies are written once per page and distinct declaration
/// (``PopoverTable``), hidden, and the theme's script shows them.
package enum SampleHTML {
    /// The markup of one sample with its verdict, followed by its popover bodies.
    package static func render(_ result: SampleResult) -> String {
        var popovers = PopoverTable()
        let html = render(result, popovers: &popovers)
        return html + popovers.html
    }

    /// The figure's class suffix and badge text for `result`'s verdict (a
    /// `@Snippet` file's too, in ``SnippetHTML``).
    package static func verdict(_ result: SampleResult) -> (kind: String, badge: String) {
        switch (result.sample.mode, result.status) {
        case (_, .skipped) where !result.assumed.isEmpty:
            // Compiled, never run, with names the docs do not declare given a type.
            ("assumed", "Type-checks, assuming " + HTMLEscaping.escape(result.assumed.joined(separator: ", ")))
        case (.ignore, _), (_, .skipped): ("not-verified", "Not verified")
        case (_, .knownFailure): ("known-failure", "⚠ Known failure")
        case (_, .failed): ("known-failure", "✗ Fails")
        case (.compileFail, _): ("expected-failure", "✗ Expected error")
        case (.crash, _): ("expected-crash", "⚡ Expected crash")
        case (.noRun, _): ("verified", "✓ Compiles")
        default: ("verified", "✓ Verified")
        }
    }

    /// The markup of one sample with its verdict; its identifiers' popover
    /// bodies are added to `popovers`, shared by the samples of a page.
    package static func render(_ result: SampleResult, popovers: inout PopoverTable) -> String {
        let sample = result.sample
        let (kind, badge) = verdict(result)
        let code = codeHTML(result, popovers: &popovers)
        let hasHidden = !sample.hiddenLines.isEmpty
        var html = "<figure class=\"sample sample-\(kind)\"\(hasHidden ? " data-hidden-lines=\"\(sample.hiddenLines.count)\"" : "")>\n"
        html += "<figcaption class=\"sample-badge\">\(badge)</figcaption>\n"
        // A sample with popovers takes focus (Tab), and the theme's arrow keys step through them.
        html += "<pre\(code.hasPopovers ? " tabindex=\"0\" class=\"has-hovers\"" : "")><code class=\"language-swift\">\(code.html)</code></pre>\n"
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
        if result.status == .failed, let failure = result.failure {
            // Only a preview renders a failing sample (`galley serve`): the author sees why under the code.
            let cause = result.causeLine.map { "<strong>\(HTMLEscaping.escape($0))</strong>: " } ?? ""
            html += "<div class=\"sample-diagnostic sample-failure\">\(cause)\(HTMLEscaping.escape(failure))</div>\n"
        }
        if let crash = result.crashMessage {
            html += "<div class=\"sample-diagnostic\">\(HTMLEscaping.escape(crash))</div>\n"
        }
        return html + "</figure>\n"
    }

    /// The code inside `<code>`: one line span per line (hidden lines
    /// marked), popover triggers, the compiler messages under their lines
    /// and the `// ^?` callouts in place of their query lines.
    private static func codeHTML(_ result: SampleResult, popovers: inout PopoverTable) -> (html: String, hasPopovers: Bool) {
        let sample = result.sample
        let messagesByLine = Dictionary(grouping: result.annotations.filter { $0.kind == .diagnostic }, by: \.line)
        let declarationsByLine = Dictionary(grouping: result.annotations.filter { $0.kind == .declaration && $0.length > 0 }, by: \.line)
        let typesByLine = Dictionary(grouping: result.annotations.filter { $0.kind == .type }, by: \.line)
        // Markdown columns count from the file's first column; the code's from the fence's
        // (cmark strips a list item's or block quote's indent and the fence's own).
        let indent = max(sample.block.fenceColumn - 1, 0)
        // Visible and hidden lines in source order, highlighted together so tokens stay right.
        let lines = (sample.displayedLines.map { ($0.line, $0.text, false) } + sample.hiddenLines.map { ($0.line, $0.text, true) })
            .sorted { $0.0 < $1.0 }
        let segmented = SwiftHighlighter.segmentedLines(lines.map(\.1).joined(separator: "\n"))
        var html = ""
        var hasPopovers = false
        for ((line, text, hidden), segments) in zip(lines, segmented) {
            if !hidden, let caret = TypeQuery.caretColumn(in: Substring(text)) {
                // A `// ^?` query is never shown: its answer is, under the line above.
                if let type = typesByLine[line]?.first {
                    html += callout(type.text, caret: caret, line: text)
                }
                continue
            }
            var spans: [(range: Range<Int>, annotation: SampleAnnotation)] = []
            let width = segments.reduce(0) { $0 + $1.text.count }
            for declaration in (declarationsByLine[line] ?? []).sorted(by: { $0.column < $1.column }) {
                let start = declaration.column - 1 - indent
                // Outside the line (a bad column) or overlapping the one before: no popover.
                guard start >= 0, start < width, start >= spans.last?.range.upperBound ?? 0 else { continue }
                spans.append((start..<(start + declaration.length), declaration))
            }
            var body = ""
            if spans.isEmpty {
                body = SwiftHighlighter.html(segments)
            } else {
                hasPopovers = true
                var triggers: [(range: Range<Int>, open: String)] = []
                let characters = Array(text)
                for span in spans {
                    // The name as the code spells it, for a link to its documentation.
                    let name = span.range.upperBound <= characters.count ? String(characters[span.range]) : ""
                    triggers.append((span.range, "<span class=\"hv\" aria-describedby=\"\(popovers.id(for: span.annotation, name: name))\">"))
                }
                body = wrap(segments, triggers)
            }
            if hidden {
                html += "<span class=\"ln sample-hidden-line\" id=\"L\(line)\">\(body)\n</span>"
            } else {
                html += "<span class=\"ln\" id=\"L\(line)\">\(body)</span>\n"
            }
            for message in messagesByLine[line] ?? [] {
                html += "<span class=\"sample-diagnostic\">\(HTMLEscaping.escape(message.text))</span>"
            }
        }
        return (html, hasPopovers)
    }

    /// `segments` as HTML with each character range (0-based, in order, not
    /// overlapping) wrapped in its opening tag and `</span>`; a segment a
    /// range starts or ends inside is split, its token class kept on both parts.
    static func wrap(_ segments: [SwiftHighlighter.Segment], _ ranges: [(range: Range<Int>, open: String)]) -> String {
        var html = ""
        var offset = 0
        var next = 0
        var open = false
        for segment in segments {
            var rest = Substring(segment.text)
            while !rest.isEmpty {
                // Where the current piece ends: the segment's end or the next range boundary.
                var boundary = offset + rest.count
                if open, ranges[next].range.upperBound < boundary { boundary = ranges[next].range.upperBound }
                if !open, next < ranges.count, ranges[next].range.lowerBound > offset, ranges[next].range.lowerBound < boundary {
                    boundary = ranges[next].range.lowerBound
                }
                if !open, next < ranges.count, ranges[next].range.lowerBound == offset {
                    html += ranges[next].open
                    open = true
                    if ranges[next].range.upperBound < boundary { boundary = ranges[next].range.upperBound }
                }
                let piece = rest.prefix(boundary - offset)
                html += SwiftHighlighter.html([SwiftHighlighter.Segment(text: String(piece), tokenClass: segment.tokenClass)])
                rest = rest.dropFirst(piece.count)
                offset = boundary
                if open, ranges[next].range.upperBound == offset {
                    html += "</span>"
                    open = false
                    next += 1
                }
            }
        }
        if open { html += "</span>" }
        return html
    }

    /// The callout that replaces a `// ^?` line: a caret under the column it
    /// points at, then the type, aligned with it (spaces, so tabs before the
    /// caret stay tabs and the caret lands where the code's column is).
    private static func callout(_ type: String, caret: Int, line: String) -> String {
        let pad = String(line.prefix(caret - 1).map { $0 == "\t" ? "\t" : " " })
        let highlighted = SwiftHighlighter.highlightedLines(type).joined(separator: " ")
        return "<span class=\"sample-callout\"><span class=\"sample-callout-caret\" aria-hidden=\"true\">\(pad)^</span>"
            + "\(pad)<span class=\"sample-callout-type\">\(highlighted)</span></span>"
    }

    /// The code blocks of a symbol's reference page (or of the lead shown
    /// around a catalog's extension file: `blocks`): a listing of the doc
    /// comment with its verdict where `listings` (the verdicts of the
    /// comment's file) has one for its code, every other block highlighted;
    /// the declaration (the first block) links each type it names to the
    /// type's page (``Page/typeLinks``), with a popover of the type's
    /// declaration and abstract where its page is in the site.
    package static func referenceCodeBlockHTML(
        for page: Page, blocks: [CodeBlock], listings: [SampleResult], documentation: DocumentationLinks? = nil
    ) -> (CodeBlock) -> String? {
        var byCode: [String: SampleResult] = [:]
        for result in listings where byCode[result.sample.block.code.trimmingTrailingNewlines()] == nil {
            byCode[result.sample.block.code.trimmingTrailingNewlines()] = result
        }
        var html: [Int: String] = [:]
        var popovers = PopoverTable(documentation: documentation)
        var last: Int?
        for block in blocks where block.index > 0 || page.symbolParts == nil {
            guard let result = byCode[block.code.trimmingTrailingNewlines()] else { continue }
            html[block.index] = render(result, popovers: &popovers)
            last = block.index
        }
        if html[0] == nil, let declaration = blocks.first(where: { $0.index == 0 }), declaration.language == "swift" || declaration.language.isEmpty {
            html[0] = declarationHTML(declaration, of: page, popovers: &popovers)
            last = max(last ?? 0, 0)
        }
        if let last, !popovers.isEmpty { html[last, default: ""] += popovers.html }
        return { block in
            if let made = html[block.index] { return made }
            guard block.language == "swift" || block.language.isEmpty else { return nil }
            let lines = SwiftHighlighter.highlightedLines(block.code.trimmingTrailingNewlines()).joined(separator: "\n")
            return "<pre tabindex=\"0\"><code class=\"language-swift\">\(lines)\n</code></pre>\n"
        }
    }

    /// A symbol's declaration, highlighted, each type it names linked to the
    /// type's page; a type documented in the site also opens a popover (its
    /// declaration, abstract and a link to its page), as a sample's names do.
    private static func declarationHTML(_ block: CodeBlock, of page: Page, popovers: inout PopoverTable) -> String {
        var hasPopovers = false
        let lines = SwiftHighlighter.segmentedLines(block.code.trimmingTrailingNewlines()).map { segments in
            segments.map { segment in
                let html = SwiftHighlighter.html([segment])
                guard segment.tokenClass == "type", let link = page.typeLinks[segment.text] else { return html }
                let href = HTMLEscaping.escape(link.isExternal ? link.url : RelativeURL.from(page.url, to: link.url))
                guard let declaration = link.declaration else { return "<a href=\"\(href)\">\(html)</a>" }
                hasPopovers = true
                let id = popovers.id(declaration: declaration, summary: link.abstract, link: (href, "Go to \(segment.text)"))
                return "<a href=\"\(href)\" class=\"hv\" aria-describedby=\"\(id)\">\(html)</a>"
            }.joined()
        }.joined(separator: "\n")
        return "<pre tabindex=\"0\"\(hasPopovers ? " class=\"has-hovers\"" : "")><code class=\"language-swift\">\(lines)\n</code></pre>\n"
    }

    /// The code-block markup of `page`: samples with their verdicts, and the
    /// output blocks they own left out (they show as the sample's output
    /// panel). The popover bodies of all the page's samples, each distinct
    /// declaration once, follow the last sample.
    /// `results` are the page's verdicts (by default looked up in `report`);
    /// on a reference page, `listings` are the verdicts of its doc comment's file.
    package static func codeBlockHTML(
        for page: Page, report: VerificationReport, results: [SampleResult]? = nil, listings: [SampleResult] = [],
        documentation: DocumentationLinks? = nil
    ) -> (CodeBlock) -> String? {
        // A reference page's declaration and listings are the graph's and the doc comment's, verified where they are written.
        if page.isSymbolPage {
            return referenceCodeBlockHTML(for: page, blocks: page.document.codeBlocks, listings: listings, documentation: documentation)
        }
        var byIndex: [Int: String] = [:]
        var popovers = PopoverTable(documentation: documentation)
        var last: Int?
        for result in results ?? report.results(forPage: page.displayPath) {
            byIndex[result.sample.block.index] = render(result, popovers: &popovers)
            last = max(last ?? result.sample.block.index, result.sample.block.index)
            if let output = result.sample.outputBlock, result.sample.mode == .run, result.status == .passed {
                byIndex[output.index] = ""
            }
        }
        if let last, !popovers.isEmpty { byIndex[last, default: ""] += popovers.html }
        return { byIndex[$0.index] }
    }

    /// The page footer line, e.g. `3 of 3 samples verified with Swift 6.3.1`, or `nil` without samples.
    /// `results` are the page's verdicts (by default looked up in `report`).
    package static func footer(for page: Page, report: VerificationReport, results: [SampleResult]? = nil) -> String? {
        let results = results ?? report.results(forPage: page.displayPath)
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

/// Where a declaration a sample names is documented: given its precise
/// identifier (USR) and the name the code spells (`Logger`), the address of
/// its page (relative to the page being rendered, or absolute), or `nil`.
package typealias DocumentationLinks = @Sendable (_ identifier: String, _ name: String) -> String?

/// The popover bodies of a page: one hidden element per distinct
/// declaration (its text, summary and declaring line), referenced by id from
/// every identifier that shows it, so a name used forty times costs forty
/// short attributes, not forty copies of its documentation.
package struct PopoverTable {
    private struct Key: Hashable {
        var text: String
        var summary: String?
        var link: String?
    }

    private var ids: [Key: String] = [:]
    private var bodies: [String] = []
    /// Where a declaration made elsewhere is documented (see ``DocumentationLinks``).
    let documentation: DocumentationLinks?

    /// An empty table; a declaration made elsewhere links to its page that `documentation` gives.
    package init(documentation: DocumentationLinks? = nil) {
        self.documentation = documentation
    }

    /// Whether no identifier asked for a popover.
    package var isEmpty: Bool { bodies.isEmpty }

    /// The id of the body of `declaration`'s popover, added on first use:
    /// it links to the line that declares it on the page, or else to its
    /// documentation, the name being `name` (`Logger`).
    package mutating func id(for declaration: SampleAnnotation, name: String = "") -> String {
        var link = declaration.declarationLine.map { ("#L\($0)", "Declared on line \($0)") }
        if link == nil, let symbol = declaration.symbol, !name.isEmpty, let href = documentation?(symbol, name) {
            link = (HTMLEscaping.escape(href), "Go to \(name)")
        }
        return id(declaration: declaration.text, summary: declaration.summary, link: link)
    }

    /// The id of the body of a popover showing `declaration`, `summary` and
    /// a link (`href` already escaped), added on first use.
    package mutating func id(declaration: String, summary: String?, link: (href: String, label: String)?) -> String {
        let key = Key(text: declaration, summary: summary, link: link?.href)
        if let id = ids[key] { return id }
        let id = "hv-\(bodies.count + 1)"
        ids[key] = id
        var body = "<div class=\"hv-body\" id=\"\(id)\"><code class=\"hv-decl\">"
        body += SwiftHighlighter.highlightedLines(declaration).joined(separator: "\n") + "</code>"
        if let summary, !summary.isEmpty {
            body += "<p class=\"hv-summary\">\(HTMLEscaping.escape(summary))</p>"
        }
        if let link {
            body += "<a class=\"hv-link\" href=\"\(link.href)\">\(HTMLEscaping.escape(link.label))</a>"
        }
        bodies.append(body + "</div>")
        return id
    }

    /// The bodies, in one hidden element (the theme's script copies a body
    /// into the visible popover; `aria-describedby` reads it where it is).
    package var html: String {
        bodies.isEmpty ? "" : "<div class=\"hv-defs\" hidden>" + bodies.joined() + "</div>\n"
    }
}
