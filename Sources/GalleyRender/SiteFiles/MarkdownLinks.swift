import GalleyMarkdown
import GalleyProject

/// The links of a line of a page's Markdown, pointed at the site's Markdown
/// copies (``MarkdownPages``): a DocC link (`<doc:GettingStarted>`,
/// `[text](doc:Intro)`) to the `.md` of the page it names, a symbol link
/// (` ``Rectangle`` `) to its symbol page's `.md`, shown in code font, and a
/// relative link to an `.html` page to its `.md`. Links to sources (`.md`)
/// already name the copy; other links are left as written.
///
/// ```swift
/// MarkdownLinks.copyDestination("../guide/intro.html#setup")   // "../guide/intro.md#setup"
/// ```
struct MarkdownLinks {
    /// Resolves DocC and symbol links.
    let resolver: DocLinkResolver
    /// The page whose line it is.
    let page: Page

    /// `line` with its links rewritten.
    func rewrite(_ line: Substring) -> String {
        var text = String(line)
        if text.contains("``") { text = rewriteSymbolLinks(text) }
        if text.contains("<doc:") { text = rewriteAutolinks(text) }
        if text.contains("](") { text = rewriteInlineLinks(text) }
        return text
    }

    /// A relative link to an `.html` page made a link to its `.md` copy, its fragment kept; other destinations as they are.
    static func copyDestination(_ destination: String) -> String {
        let path = destination.prefix { $0 != "#" && $0 != "?" }
        // A scheme (`https:`, `mailto:`) is letters, digits, `+`, `-` or `.` before the first `:`.
        let scheme = path.prefix { $0.isLetter || $0.isNumber || "+-.".contains($0) }
        let isRelative = !path.hasPrefix("/") && !(path.dropFirst(scheme.count).hasPrefix(":") && !scheme.isEmpty)
        guard isRelative, path.hasSuffix(".html") else { return destination }
        return MarkdownPages.path(ofURL: String(path)) + destination.dropFirst(path.count)
    }

    /// Where a link's destination goes in the copy: a DocC link or a DocC URL path resolved to its page's `.md`.
    private func copyTarget(_ written: String) -> (destination: String, text: String?) {
        guard DocLinkResolver.mayRewrite(written, on: page), let rewritten = resolver.rewrite(written, from: page), !rewritten.removesLink
        else { return (Self.copyDestination(written), nil) }
        return (Self.copyDestination(rewritten.destination), rewritten.text)
    }

    /// ` ``Path`` ` made `` [`Name`](page.md) `` when the site has its page, else `` `Name` ``.
    private func rewriteSymbolLinks(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "``") {
            let after = rest[open.upperBound...]
            guard let close = after.range(of: "``"), !after[..<close.lowerBound].contains("`"), !after[..<close.lowerBound].isEmpty else {
                result += rest[..<open.upperBound]
                rest = after
                continue
            }
            let path = String(after[..<close.lowerBound])
            result += rest[..<open.lowerBound]
            let name = "`\(SymbolLink.displayName(path))`"
            if let target = resolver.symbolPage(path, from: page), target.url != page.url {
                result += "[\(name)](\(MarkdownPages.path(ofURL: RelativeURL.from(page.url, to: target.url))))"
            } else {
                result += name
            }
            rest = after[close.upperBound...]
        }
        return result + rest
    }

    /// `<doc:Name>` made `[Title](page.md)` where it names a page.
    private func rewriteAutolinks(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "<doc:"), let close = rest[open.upperBound...].firstIndex(of: ">") {
            let written = String(rest[rest.index(after: open.lowerBound)..<close])
            result += rest[..<open.lowerBound]
            let (destination, title) = copyTarget(written)
            result += destination == written ? "<\(written)>" : "[\(title ?? written)](\(destination))"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Each `](destination)` (or `](<destination>)`) given its copy's destination.
    private func rewriteInlineLinks(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            result += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            let angled = rest.hasPrefix("<")
            let body = angled ? rest.dropFirst() : rest
            let end = body.firstIndex { angled ? $0 == ">" : ($0 == ")" || $0 == " ") } ?? body.endIndex
            let written = String(body[..<end])
            result += (angled ? "<" : "") + copyTarget(written).destination
            rest = body[end...]
        }
        return result + rest
    }
}
