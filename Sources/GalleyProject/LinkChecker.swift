import Foundation
import GalleyCore
import GalleyMarkdown

/// Checks every internal link and image of a site before anything is written.
///
/// A link to a missing page, a missing heading (`page.md#nope`) or a missing
/// file is an error at the link's line. External links are not fetched.
public struct LinkChecker: Sendable {
    private let pagesBySource: [String: Page]
    private let pagesByURL: [String: Page]
    private let files: Set<String>
    private let unreadable: Set<String>
    private let docLinks: DocLinkResolver

    /// Creates a checker for `pages`, plus the other files the site will hold
    /// (site-relative paths, e.g. `images/logo.png`, `assets/galley.css`) and
    /// Markdown files that could not be read (links to them are not reported:
    /// their own error is).
    public init(pages: [Page], files: Set<String>, unreadable: Set<String> = []) {
        self.unreadable = unreadable
        self.docLinks = DocLinkResolver(pages: pages)
        var bySource: [String: Page] = [:]
        var byURL: [String: Page] = [:]
        for page in pages {
            bySource[page.sourcePath] = page
            byURL[page.url] = page
        }
        self.pagesBySource = bySource
        self.pagesByURL = byURL
        self.files = files
    }

    /// Every broken link of every page, in page and line order.
    public func check() -> [Diagnostic] {
        pagesBySource.values.sorted { $0.sourcePath < $1.sourcePath }.flatMap(check)
    }

    /// The broken links of one page.
    public func check(_ page: Page) -> [Diagnostic] {
        page.document.links.compactMap { link in
            problem(with: link, on: page).map { message in
                Diagnostic(
                    "broken \(link.isImage ? "image" : "link") '\(link.destination)': \(message)",
                    at: SourceLocation(path: page.displayPath, line: link.line, column: link.column),
                    suggestion: "Fix the link or create its target"
                )
            }
        }
    }

    private func problem(with link: MarkdownLink, on page: Page) -> String? {
        let destination = link.destination
        if DocLinkResolver.isDocLink(destination) {
            // A `doc://` link to another bundle is external: accepted as it is.
            if case .failure(let problem) = docLinks.resolve(destination, from: page), !DocLinkResolver.isBundleLink(destination),
               !DocLinkResolver.namesSymbol(destination) {
                return problem.reason
            }
            return nil
        }
        guard !link.isExternal, !destination.isEmpty else { return nil }
        if link.isImage, page.images[destination] != nil { return nil }
        let (path, fragment) = Self.split(destination)
        let target: Page
        if path.isEmpty {
            target = page
        } else {
            guard let resolved = RelativeURL.resolve(path, against: page.sourcePath) else {
                return "it leads outside the site"
            }
            if let page = findPage(resolved) {
                target = page
            } else if files.contains(resolved) || unreadable.contains(resolved) {
                return nil
            } else {
                return "no page or file '\(resolved)' exists"
            }
        }
        guard !fragment.isEmpty else { return nil }
        guard target.document.heading(matchingFragment: fragment) != nil else {
            let ids = target.document.headings.prefix(8).map(\.id).joined(separator: ", ")
            let page = target.sourcePath == page.sourcePath ? "this page" : "'\(target.sourcePath)'"
            return "\(page) has no heading with id '\(fragment)'" + (ids.isEmpty ? "" : " (ids: \(ids))")
        }
        return nil
    }

    /// The page a resolved site path names: a Markdown source, an output
    /// `.html` path, or a folder (`guide/` → `guide/index.md`).
    private func findPage(_ path: String) -> Page? {
        if path.isEmpty || path.hasSuffix("/") {
            return pagesBySource[path + "index.md"] ?? pagesBySource[path + "index.markdown"]
        }
        return pagesBySource[path] ?? pagesByURL[path]
            ?? pagesBySource[path + "/index.md"] ?? pagesBySource[path + "/index.markdown"]
    }

    /// `path#fragment?query` → (path, fragment), query dropped.
    private static func split(_ destination: String) -> (String, String) {
        var path = Substring(destination)
        var fragment = Substring("")
        if let hash = path.firstIndex(of: "#") {
            fragment = path[path.index(after: hash)...]
            path = path[..<hash]
        }
        if let query = path.firstIndex(of: "?") { path = path[..<query] }
        return (String(path.removingPercentEncodingIfPossible), String(fragment))
    }
}

private extension Substring {
    var removingPercentEncodingIfPossible: String {
        String(self).removingPercentEncoding ?? String(self)
    }
}
