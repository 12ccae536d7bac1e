import GalleyMarkdown

/// Resolves DocC-style links, as Swift authors write them: `<doc:Page>` and
/// `<doc:Page#Heading-Name>`.
///
/// A page is named by its file name without `.md` (`<doc:Migration>` →
/// `content/guides/Migration.md`) or its path under `content/`
/// (`<doc:guides/Migration>`), case-insensitively. A heading is named by
/// DocC's anchor, its text with spaces as `-`, matched case-insensitively
/// against the page's GitHub-style ids (`#Heading-Name` → `heading-name`).
///
/// ```swift
/// let resolver = DocLinkResolver(pages: pages)
/// try resolver.resolve("doc:Migration#Before-and-after")   // (page, "before-and-after")
/// ```
public struct DocLinkResolver: Sendable {
    /// The prefix of a DocC link destination.
    public static let scheme = "doc:"

    private let pagesByName: [String: [Page]]

    /// Creates a resolver over the site's pages.
    public init(pages: [Page]) {
        var byName: [String: [Page]] = [:]
        for page in pages {
            let path = Page.stripMarkdownExtension(page.sourcePath).lowercased()
            byName[path, default: []].append(page)
            if let name = path.split(separator: "/").last.map(String.init), name != path {
                byName[name, default: []].append(page)
            }
        }
        pagesByName = byName
    }

    /// Whether `destination` is a DocC link.
    public static func isDocLink(_ destination: String) -> Bool {
        destination.hasPrefix(scheme)
    }

    /// The page and heading id `destination` names, or why it names none.
    public func resolve(_ destination: String) -> Result<(page: Page, headingID: String?), Problem> {
        var name = Substring(destination.dropFirst(Self.scheme.count))
        var fragment: Substring?
        if let hash = name.firstIndex(of: "#") {
            fragment = name[name.index(after: hash)...]
            name = name[..<hash]
        }
        let key = String(name).trimmingCharacters(in: "/").lowercased()
        let candidates = pagesByName[key] ?? []
        guard let page = candidates.first else {
            return .failure(Problem(reason: "no page is named '\(name)' (a file name without .md, or a path under content/)"))
        }
        guard candidates.count == 1 else {
            let paths = candidates.map(\.displayPath).sorted().joined(separator: ", ")
            return .failure(Problem(reason: "'\(name)' names several pages (\(paths)); write its path, e.g. <doc:\(Page.stripMarkdownExtension(candidates[0].sourcePath))>"))
        }
        guard let fragment, !fragment.isEmpty else { return .success((page, nil)) }
        let wanted = fragment.lowercased()
        guard let heading = page.document.heading(withID: wanted) else {
            let ids = page.document.headings.prefix(8).map(\.id).joined(separator: ", ")
            return .failure(Problem(reason: "'\(page.sourcePath)' has no heading '\(fragment)'" + (ids.isEmpty ? "" : " (ids: \(ids))")))
        }
        return .success((page, heading.id))
    }

    /// Why a DocC link names no page or heading.
    public struct Problem: Error, Sendable {
        /// One phrase.
        public var reason: String
    }
}

private extension String {
    func trimmingCharacters(in characters: String) -> String {
        var text = Substring(self)
        while let first = text.first, characters.contains(first) { text.removeFirst() }
        while let last = text.last, characters.contains(last) { text.removeLast() }
        return String(text)
    }
}
