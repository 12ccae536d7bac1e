import GalleyMarkdown

/// Markdown → `MarkdownDocument` → HTML, with raw HTML suppressed and allowed.
///
/// Checks that suppressed raw HTML never reaches the page as a tag: with
/// `allowsRawHTML` off, no `<script` written in the Markdown survives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let document = MarkdownDocument(parsing: text, firstLine: 3)
    for heading in document.headings {
        fuzzCheck(heading.line >= 3, "heading '\(heading.text)' on line \(heading.line), above the first line")
    }
    for block in document.codeBlocks {
        fuzzCheck(block.fenceLine >= 3 && block.endLine >= block.fenceLine, "code block lines \(block.fenceLine)–\(block.endLine)")
    }
    _ = document.firstH1
    let safe = MarkdownHTMLRenderer(allowsRawHTML: false).render(document)
    fuzzCheck(!safe.lowercased().contains("<script"), "raw <script> passed through with unsafe_html off")
    _ = MarkdownHTMLRenderer(allowsRawHTML: true).render(document) { block in
        block.language == "swift" ? "<pre class=\"sample\">\(block.index)</pre>" : nil
    } rewriteLink: { destination in
        destination.hasPrefix("doc:") ? .init(destination: "page.html", text: "Page") : nil
    }
    return 0
}
