import GalleyCore
import GalleyMarkdown
import GalleyProject
import GalleySite

/// A page's text → `FrontMatter.split` → the body parsed as Markdown, as the loader does.
///
/// Errors are expected (`Diagnostic`); a crash, a hang or a body that starts
/// above the front matter's end is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    do {
        let (frontMatter, body, firstLine) = try FrontMatter.split(text, file: "content/page.md")
        fuzzCheck(firstLine >= 1, "body first line \(firstLine)")
        for warning in frontMatter.warnings { _ = warning.description }
        for (_, value) in frontMatter.params { _ = value.templateValue }
        _ = MarkdownDocument(parsing: body, firstLine: firstLine).headings
    } catch {
        _ = error.description
    }
    return 0
}
