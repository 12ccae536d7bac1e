import GalleyMarkdown
import GalleyPackage
import GalleyProject
import GalleyReference
import GalleySamples

/// The Markdown copy of a page, written beside its HTML (`guide/intro.html`
/// → `guide/intro.md`) for readers that are programs (``LLMsText``).
///
/// An article, guide or tutorial file is given as written, each Swift
/// sample followed by its verdict (`> ✓ Verified: compiled and ran, with
/// Swift 6.3.1`) and each `@Snippet` replaced by the snippet's code and
/// verdict. A symbol's page is its Markdown: the declaration in a ```` ```swift ````
/// fence, the discussion, the Topics. Links to the site's pages (DocC links,
/// symbol links, relative links to `.html` files) lead to their `.md` copies.
///
/// ```swift
/// MarkdownPages.path(ofURL: "documentation/shapes/rectangle/index.html")   // "documentation/shapes/rectangle/index.md"
/// ```
package struct MarkdownPages: Sendable {
    /// Resolves DocC and symbol links to the site's pages.
    let docLinks: DocLinkResolver
    /// The compiler that verified the samples, as its verdicts name it (`Swift 6.3.1`).
    let compiler: String?

    /// The copies of `navigation`'s pages; `compilerVersion` is the report's.
    package init(navigation: Navigation, compilerVersion: String?) {
        docLinks = DocLinkResolver(pages: navigation.pages + navigation.unlisted.filter(\.isSymbolPage))
        compiler = compilerVersion.map { "Swift " + Toolchain.shortVersion(of: $0) }
    }

    /// Whether `page` has a Markdown copy: articles, guides, tutorial files
    /// and the API reference's pages; not the 404 page, the list of all pages
    /// or a redirect.
    package static func hasCopy(_ page: Page) -> Bool {
        switch page.kind {
        case .document, .reference, .extensionFile, .tutorial: true
        case .notFound, .allPages, .redirect: false
        }
    }

    /// The path of the Markdown copy of the page at `url`: `.html` replaced by `.md`.
    package static func path(ofURL url: String) -> String {
        guard url.hasSuffix(".html") else { return url + ".md" }
        return String(url.dropLast(".html".count)) + ".md"
    }

    /// The one-line verdict on a sample, as its copy shows it after the code.
    package func verdict(_ result: SampleResult) -> String {
        let sample = result.sample
        let firstLine = { (text: String?) in text.flatMap { $0.split(separator: "\n").first.map { ": " + $0 } } ?? "" }
        let with = compiler.map { ", with " + $0 } ?? ""
        switch (sample.mode, result.status) {
        case (_, .skipped) where !result.assumed.isEmpty:
            return "✓ Type-checks, assuming " + result.assumed.joined(separator: ", ") + with
        case (.ignore, _), (_, .skipped): return "Not verified"
        case (_, .knownFailure): return "⚠ Known failure" + firstLine(result.failure)
        case (_, .failed): return "✗ Fails" + firstLine(result.failure)
        case (.compileFail, _): return "✓ Verified: fails to compile, as expected" + with
        case (.crash, _): return "✓ Verified: compiles, then traps at run time, as expected" + with
        case (.noRun, _): return "✓ Verified: compiles (not run)" + with
        case (.run, _):
            let checked = sample.expectedPrints != nil || sample.outputBlock != nil
            return "✓ Verified: compiled and ran" + (checked ? ", output checked" : "") + with
        }
    }

    /// The Markdown copy of `page`: `results` are its samples' verdicts,
    /// `listings` its doc comment's listings' (on a reference page), and
    /// `snippetResult` a `@Snippet` file's verdict by its path.
    package func markdown(
        for page: Page, results: [SampleResult], listings: [SampleResult] = [], snippetResult: (String) -> SampleResult? = { _ in nil }
    ) -> String {
        let document = page.document
        // A document's own samples are found by their lines; a doc comment's listings by their code.
        var after: [Int: [String]] = [:]
        for result in results where result.sample.block.fenceLine >= document.firstLine {
            let end = max(result.sample.block.endLine, result.sample.outputBlock?.endLine ?? 0)
            after[end, default: []].append(verdict(result))
        }
        for directive in document.directives where directive.name == "Snippet" {
            guard let path = directive.argument("path"), let snippet = page.snippets[path] else { continue }
            let code = SnippetHTML.code(snippet.text, slice: directive.argument("slice"))
            let verdict = snippetResult(snippet.path).map(verdict) ?? "Not verified"
            after[directive.line, default: []].append("```swift\n\(code)\n```\n\n> \(verdict)")
        }
        var text = body(document, page: page, after: after, replacing: Set(after.keys.filter { isSnippetLine($0, in: document) }))
        let h1 = document.headings.first { $0.level == 1 }
        if h1 == nil { text = "# \(page.title)\n\n" + text }
        if let frame = page.referenceFrame {
            let lead = framePart(frame.lead, page: page, listings: listings)
            let trailer = framePart(frame.trailer, page: page, listings: listings)
            text = insert(lead, afterTitleOf: text)
            if !trailer.isEmpty { text += (text.hasSuffix("\n") ? "\n" : "\n\n") + trailer }
        } else if page.isSymbolPage, !listings.isEmpty {
            text = framePart(text, page: page, listings: listings, rewritesLinks: false)
        }
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    /// Whether the line `line` of `document` is a `@Snippet` directive (replaced by its code).
    private func isSnippetLine(_ line: Int, in document: MarkdownDocument) -> Bool {
        document.directives.contains { $0.name == "Snippet" && $0.line == line }
    }

    /// Markdown made around a page's document (an extension file's lead and
    /// trailer, a symbol page's text), each doc comment listing followed by its verdict.
    private func framePart(_ markdown: String, page: Page, listings: [SampleResult], rewritesLinks: Bool = true) -> String {
        let document = MarkdownDocument(parsing: markdown)
        var after: [Int: [String]] = [:]
        for block in document.codeBlocks {
            if let result = listings.first(where: { $0.sample.block.code == block.code }) {
                after[block.endLine, default: []].append(verdict(result))
            }
        }
        return body(document, page: page, after: after, replacing: [], rewritesLinks: rewritesLinks)
    }

    /// `text` with `insertion` after its first line (the title), a blank line between.
    private func insert(_ insertion: String, afterTitleOf text: String) -> String {
        guard !insertion.isEmpty, let newline = text.firstIndex(of: "\n") else { return text + insertion }
        return String(text[...newline]) + "\n" + insertion + (insertion.hasSuffix("\n") ? "" : "\n") + String(text[text.index(after: newline)...])
    }

    /// `document`'s lines, its first H1 made the page's title when it is a
    /// symbol link (`# ``Shapes/Rectangle```), links outside
    /// code rewritten to the `.md` copies, and after each line of `after` its
    /// block quotes (the line itself dropped when in `replacing`).
    private func body(
        _ document: MarkdownDocument, page: Page, after: [Int: [String]], replacing: Set<Int>, rewritesLinks: Bool = true
    ) -> String {
        let codeLines = Set(document.codeBlocks.flatMap { $0.fenceLine...max($0.fenceLine, $0.endLine) })
        let titleLine = document.headings.first { $0.level == 1 }?.line
        var lines: [String] = []
        let source = document.source.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, text) in source.enumerated() {
            let number = document.firstLine + offset
            if number == titleLine, text.contains("``") {
                lines.append("# " + page.title)
            } else if !replacing.contains(number) {
                lines.append(
                    codeLines.contains(number) || !rewritesLinks ? String(text) : MarkdownLinks(resolver: docLinks, page: page).rewrite(text))
            }
            for insertion in after[number] ?? [] {
                // Inside a list item or block quote, the verdict keeps the fence's indent.
                let prefix = replacing.contains(number) ? "" : String(text.prefix { $0 == " " || $0 == ">" || $0 == "\t" })
                let quoted = insertion.hasPrefix("```") ? insertion : "> " + insertion
                lines.append("")
                lines += quoted.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? prefix : prefix + $0 }
                // A blank line ends the block quote, unless the next line is one.
                if offset + 1 < source.count, !source[offset + 1].allSatisfy(\.isWhitespace) { lines.append("") }
            }
        }
        return lines.joined(separator: "\n")
    }
}
