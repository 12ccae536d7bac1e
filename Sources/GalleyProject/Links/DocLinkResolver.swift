import Foundation
import GalleyMarkdown
import GalleyPackage

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
    /// Each catalog's root page, by its module's lowercased name.
    private let moduleRoots: [String: Page]
    /// Catalog pages by the lowercased path of DocC's URL for them under
    /// `documentation/`: `module/article-name` and `module/type/member`.
    private let doccPaths: [String: Page]
    /// The API reference's pages by their path under `documentation/`, as
    /// DocC writes it (`logging/logger/init(label:)-5n2o1`, ``Page/referencePath``):
    /// what a symbol link with a disambiguation suffix and a DocC URL path name.
    private let referencePaths: [String: Page]
    /// The pages of DocC tutorial files by their path as DocC gives it,
    /// lowercased (`tutorials/swiftsyntax/swiftsyntax-by-example`).
    private let tutorialPaths: [String: Page]

    /// Creates a resolver over the site's pages.
    public init(pages: [Page]) {
        var byName: [String: [Page]] = [:]
        for page in pages {
            let path = Page.stripMarkdownExtension(page.sourcePath).lowercased()
            byName[path, default: []].append(page)
            var names = [path]
            if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
                let name = String(path[path.utf8.index(after: slash)...])
                if !name.isEmpty { names.append(name) }
            }
            for name in names {
                if name != path { byName[name, default: []].append(page) }
                // DocC names `Getting Started.md` `<doc:Getting-Started>`.
                guard name.utf8.contains(UInt8(ascii: " ")) else { continue }
                let dashed = String(name.map { $0 == " " ? "-" : $0 })
                if dashed != name { byName[dashed, default: []].append(page) }
            }
        }
        pagesByName = byName
        var symbols: [String: Page] = [:]
        // Of overloads, a link without a suffix names the one DocC's path leaves bare (a requirement, not its default implementation).
        for page in pages.filter({ !Self.isDisambiguated($0) }) + pages.filter(Self.isDisambiguated) {
            guard let path = page.document.symbolPath else { continue }
            for key in SymbolLink.keys(path) where symbols[key] == nil { symbols[key] = page }
        }
        symbolPages = symbols
        var byModule: [String: [Page]] = [:]
        for page in pages {
            if let module = page.catalogModule { byModule[module, default: []].append(page) }
        }
        var roots: [String: Page] = [:]
        var doccPaths: [String: Page] = [:]
        for (module, modulePages) in byModule {
            let key = module.lowercased()
            roots[key] = CatalogPageSource.rootPage(of: modulePages, module: module)
            for page in modulePages {
                if let symbol = page.document.symbolPath {
                    doccPaths[([key] + Self.symbolComponents(symbol, module: module)).joined(separator: "/")] = page
                }
                let file = Page.stripMarkdownExtension(String(page.sourcePath.split(separator: "/").last ?? ""))
                let name = "\(key)/" + String(file.lowercased().map { $0 == " " ? "-" : $0 })
                if doccPaths[name] == nil { doccPaths[name] = page }
            }
        }
        moduleRoots = roots
        self.doccPaths = doccPaths
        var referencePaths: [String: Page] = [:]
        for page in pages {
            if let path = page.referencePath { referencePaths[path] = page }
        }
        self.referencePaths = referencePaths
        var tutorialPaths: [String: Page] = [:]
        for page in pages where page.tutorial != nil && page.url.hasSuffix("/index.html") {
            tutorialPaths[String(page.url.dropLast("/index.html".count)).lowercased()] = page
        }
        self.tutorialPaths = tutorialPaths
    }

    /// The tutorial page at DocC's path `path` (`/tutorials/mod/start`,
    /// `tutorials/table-of-contents`), with its fragment's section id.
    private func tutorialPage(atPath path: Substring) -> (page: Page, headingID: String?)? {
        var path = path
        var fragment: Substring?
        if let hash = path.firstIndex(of: "#") {
            fragment = path[path.index(after: hash)...]
            path = path[..<hash]
        }
        while path.hasPrefix("/") { path = path.dropFirst() }
        while path.hasSuffix("/") { path = path.dropLast() }
        guard path.lowercased().hasPrefix("tutorials/"), let page = tutorialPaths[path.lowercased()] else { return nil }
        return (page, fragment.map { SlugGenerator.baseSlug(String($0).split(separator: "-").joined(separator: " ")) })
    }

    /// Whether `page` is a reference page whose address DocC disambiguates
    /// (`…/init(count:)-4j5kz`, `…/keys-swift.property`): its last path
    /// component is more than its symbol's name.
    static func isDisambiguated(_ page: Page) -> Bool {
        guard page.symbolParts != nil, let name = page.document.symbolPath.map(SymbolLink.components)?.last else { return false }
        let last = page.url.dropLast("/index.html".count).split(separator: "/").last.map(String.init) ?? ""
        return last != DocCPath.fileName(name.lowercased())
    }

    /// The lowercased components of a symbol path, without a leading `module`.
    static func symbolComponents(_ path: String, module: String) -> [String] {
        var components = SymbolLink.components(path).map { $0.lowercased() }
        if components.count > 1, components.first == module.lowercased() { components.removeFirst() }
        return components
    }

    /// The symbol page of the symbol a symbol link (` ``Type/member`` `) names, if the site has one.
    public func symbolPage(_ path: String) -> Page? {
        SymbolLink.keys(path).lazy.compactMap { symbolPages[$0] }.first
    }

    /// The symbol page a symbol link on `page` names, looked up as DocC
    /// resolves it: in the page's symbol, then in each of its parents, then
    /// anywhere. A link with a disambiguation suffix
    /// (` ``Box/init(count:)-4j5kz`` `) names the overload of the reference
    /// at that path; without one, or where no page has it, the first symbol
    /// of that name.
    public func symbolPage(_ path: String, from page: Page?) -> Page? {
        var scope = page?.document.symbolPath.map { SymbolLink.components($0).map { $0.lowercased() } } ?? []
        let module = page?.catalogModule?.lowercased()
        let written = SymbolLink.writtenComponents(path).map { $0.lowercased() }
        if !referencePaths.isEmpty, written != SymbolLink.components(path).map({ $0.lowercased() }) {
            // DocC's paths: the module first, each component's characters as DocC writes them in a URL.
            let exact = written.map { DocCPath.fileName($0) }
            if let module, scope.first != module { scope.insert(module, at: 0) }
            for depth in stride(from: scope.count, through: 0, by: -1) {
                if let found = referencePaths[(scope[..<depth] + exact).joined(separator: "/")] { return found }
            }
            if let module, let found = referencePaths[([module] + exact).joined(separator: "/")] { return found }
        }
        let joined = SymbolLink.components(path).map { $0.lowercased() }.joined(separator: "/")
        // Names differ by case only (`Database.sqliteConnection`, the module's `SQLiteConnection`):
        // the nearest page whose name has the link's case, else the nearest in any case.
        let name = SymbolLink.components(path).last
        let sameCase = { (found: Page) in found.document.symbolPath.flatMap { SymbolLink.components($0).last } == name }
        var nearest: Page?
        for depth in stride(from: scope.count, through: 1, by: -1) {
            guard let found = symbolPages[(scope[..<depth] + [joined]).joined(separator: "/")] else { continue }
            if sameCase(found) { return found }
            nearest = nearest ?? found
        }
        if let anywhere = symbolPage(path), nearest == nil || sameCase(anywhere) { return anywhere }
        return nearest
    }

    /// Where a link of a catalog page written as a path of DocC's site goes:
    /// `./basiccontainers/uniquearray` from `documentation/collections` is
    /// `documentation/basiccontainers/uniquearray`, the symbol `UniqueArray`
    /// of `BasicContainers` (DocC's URLs are the symbol hierarchy's names,
    /// lowercased). `nil` when `destination` is not such a path: an external
    /// link, a fragment, a file with an extension, a page outside catalogs.
    public func resolveDocCPath(_ destination: String, from page: Page) -> DocCPathTarget? {
        guard let module = page.catalogModule else { return nil }
        var path = Substring(destination)
        if path.hasPrefix(Self.scheme) {
            // `<doc:./module/type>`: only a path written as one; `<doc:Name>` names an article or a symbol.
            path = path.dropFirst(Self.scheme.count)
            guard path.hasPrefix("./") || path.hasPrefix("../") || path.hasPrefix("/") else { return nil }
        }
        var fragment: String?
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[path.index(after: hash)...])
            path = path[..<hash]
        }
        if let query = path.firstIndex(of: "?") { path = path[..<query] }
        guard !path.isEmpty, !path.hasSuffix("/"), !MarkdownLink(destination: String(path), line: 0, column: 0).isExternal else { return nil }
        let parts = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        // A file has an extension; a symbol's name may have DocC's `-swift.kind` or parameters.
        guard let last = parts.last, !last.contains(".") || last.contains("(") || last.contains("-swift.") || last == "." || last == ".." else {
            return nil
        }
        // The folder DocC's URL of this page is in: the module's root is
        // `documentation/module`, an article `documentation/module/name`,
        // a symbol `documentation/module/type/member`.
        let key = module.lowercased()
        var folder: [String]
        if path.hasPrefix("/") {
            folder = []
        } else if moduleRoots[key]?.sourcePath == page.sourcePath {
            folder = ["documentation"]
        } else if let symbol = page.document.symbolPath {
            folder = ["documentation", key] + Self.symbolComponents(symbol, module: module).dropLast()
        } else {
            folder = ["documentation", key]
        }
        for part in parts {
            switch part {
            case ".": continue
            case "..": if !folder.isEmpty { folder.removeLast() }
            default: folder.append(part.lowercased())
            }
        }
        guard folder.first == "documentation", folder.count > 1 else { return nil }
        let components = Array(folder.dropFirst())
        // A catalog's page at that path, else the API reference's page there.
        let target =
            components.count == 1
            ? moduleRoots[components[0]] ?? referencePaths[components[0]]
            : doccPaths[components.joined(separator: "/")] ?? referencePaths[components.joined(separator: "/")]
        guard let target else { return .noPage(components) }
        let heading = fragment.flatMap { target.document.heading(matchingFragment: $0)?.id }
        return .page(target, headingID: heading)
    }

    /// What a DocC URL path names.
    public enum DocCPathTarget: Sendable {
        /// A page of the site (and a heading of it).
        case page(Page, headingID: String?)
        /// No page of the site: the path's components under `documentation/`,
        /// lowercased (a module, then a symbol's path in it).
        case noPage([String])
    }

    /// How a page's link is rendered: DocC links (`<doc:…>`) to the page they
    /// name, shown with its title; DocC URL paths to the page they name; links to
    /// symbols that have no page here (checked and warned about by ``LinkChecker``)
    /// as their text without a link. `nil` for links Galley rewrites as usual.
    public func rewrite(_ destination: String, from page: Page) -> MarkdownHTMLRenderer.RewrittenLink? {
        guard Self.mayRewrite(destination, on: page) else { return nil }
        let linked = { (target: Page, headingID: String?) -> MarkdownHTMLRenderer.RewrittenLink in
            let url = RelativeURL.from(page.url, to: target.url) + (headingID.map { "#\($0)" } ?? "")
            let text = headingID.flatMap { id in target.document.heading(withID: id)?.text } ?? target.title
            return MarkdownHTMLRenderer.RewrittenLink(destination: url, text: text)
        }
        if Self.isDocLink(destination) {
            if case .success(let (target, headingID)) = resolve(destination, from: page) { return linked(target, headingID) }
            if Self.isBundleLink(destination) { return nil }
            switch resolveDocCPath(destination, from: page) {
            case .page(let target, let headingID): return linked(target, headingID)
            case .noPage(let components): return .unlinked(code: components.last.map(SymbolLink.displayName))
            case nil: return .unlinked(code: SymbolLink.displayName(String(destination.dropFirst(Self.scheme.count).prefix { $0 != "#" })))
            }
        }
        switch resolveDocCPath(destination, from: page) {
        case .page(let target, let headingID)?:
            let url = RelativeURL.from(page.url, to: target.url) + (headingID.map { "#\($0)" } ?? "")
            return MarkdownHTMLRenderer.RewrittenLink(destination: url)
        case .noPage?: return .unlinked(code: nil)
        case nil: return nil
        }
    }

    /// Whether ``rewrite(_:from:)`` may change `destination` on `page`: a
    /// `doc:` link anywhere, any link of a DocC catalog's page (its URL paths
    /// resolve against the catalog). Any other link is left to the default
    /// rewrite whatever the site is (``PrerenderedContent`` relies on it).
    public static func mayRewrite(_ destination: String, on page: Page) -> Bool {
        isDocLink(destination) || page.catalogModule != nil
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
            if let tutorial = tutorialPage(atPath: path) { return .success(tutorial) }
            if path.hasPrefix("documentation/") { path = path.dropFirst("documentation/".count) }
            let parts = path.split(separator: "/")
            for start in parts.indices {
                let candidate = "doc:" + parts[start...].joined(separator: "/")
                if case .success(let found) = resolve(candidate) { return .success(found) }
            }
            return .failure(Problem(reason: "no page of the site is '\(path)'"))
        }
        if let tutorial = tutorialPage(atPath: destination.dropFirst(Self.scheme.count)) { return .success(tutorial) }
        let result = resolveName(destination)
        guard case .failure = result else { return result }
        if let page, !destination.contains("#"),
            let heading = page.document.heading(matchingFragment: String(destination.dropFirst(Self.scheme.count)))
        {
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
            return .failure(
                Problem(
                    reason:
                        "'\(name)' names several pages (\(paths)); write its path, e.g. <doc:\(Page.stripMarkdownExtension(candidates[0].sourcePath))>"
                ))
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
