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
    /// Symbol extension pages by ``SymbolLink/keys(_:)`` of their symbol.
    private let symbolPages: [String: Page]

    /// Creates a resolver over the site's pages.
    public init(pages: [Page]) {
        var byName: [String: [Page]] = [:]
        for page in pages {
            let path = Page.stripMarkdownExtension(page.sourcePath).lowercased()
            byName[path, default: []].append(page)
            var names = [path]
            if let name = path.split(separator: "/").last.map(String.init), name != path { names.append(name) }
            for name in names {
                if name != path { byName[name, default: []].append(page) }
                // DocC names `Getting Started.md` `<doc:Getting-Started>`.
                let dashed = String(name.map { $0 == " " ? "-" : $0 })
                if dashed != name { byName[dashed, default: []].append(page) }
            }
        }
        pagesByName = byName
        var symbols: [String: Page] = [:]
        for page in pages {
            guard let path = page.document.symbolPath else { continue }
            for key in SymbolLink.keys(path) where symbols[key] == nil { symbols[key] = page }
        }
        symbolPages = symbols
    }

    /// Whether a `doc:` link that names no page names a symbol (`<doc:Type/method(_:)>`,
    /// `<doc:Type-swift.struct>`), which DocC links to its reference page and
    /// Galley, having no symbol graph, accepts as it is.
    public static func namesSymbol(_ destination: String) -> Bool {
        let name = destination.dropFirst(scheme.count)
        return name.contains("(") || name.contains("-swift.") || name.contains("/")
    }

    /// Whether `destination` is a DocC link.
    public static func isDocLink(_ destination: String) -> Bool {
        destination.hasPrefix(scheme)
    }

    /// Whether `destination` is a `doc://bundle/documentation/…` link.
    public static func isBundleLink(_ destination: String) -> Bool {
        destination.hasPrefix("doc://")
    }

    /// The page and heading id `destination` names, or why it names none.
    /// From `page`, `<doc:Heading>` may name a heading of that page, and
    /// `doc://com.example.Module/documentation/Module/Article` names the
    /// catalog's page `Module/Article` (or `Article`).
    public func resolve(_ destination: String, from page: Page? = nil) -> Result<(page: Page, headingID: String?), Problem> {
        if Self.isBundleLink(destination) {
            var path = Substring(destination.dropFirst("doc://".count))
            path = path.firstIndex(of: "/").map { path[path.index(after: $0)...] } ?? ""
            if path.hasPrefix("documentation/") { path = path.dropFirst("documentation/".count) }
            let parts = path.split(separator: "/")
            for start in parts.indices {
                let candidate = "doc:" + parts[start...].joined(separator: "/")
                if case .success(let found) = resolve(candidate) { return .success(found) }
            }
            return .failure(Problem(reason: "no page of the site is '\(path)'"))
        }
        let result = resolveName(destination)
        guard case .failure = result else { return result }
        if let page, !destination.contains("#"),
           let heading = page.document.heading(matchingFragment: String(destination.dropFirst(Self.scheme.count))) {
            return .success((page, heading.id))
        }
        let name = String(destination.dropFirst(Self.scheme.count).prefix { $0 != "#" })
        if let symbol = SymbolLink.keys(name).lazy.compactMap({ symbolPages[$0] }).first {
            return .success((symbol, nil))
        }
        return result
    }

    private func resolveName(_ destination: String) -> Result<(page: Page, headingID: String?), Problem> {
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
        guard let heading = page.document.heading(matchingFragment: String(fragment)) else {
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
