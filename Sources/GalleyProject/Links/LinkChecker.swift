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
        } + tutorialReferences(of: page)
    }

    /// A tutorial page's `@TutorialReference(tutorial:)`s that name no page.
    private func tutorialReferences(of page: Page) -> [Diagnostic] {
        guard page.tutorial != nil else { return [] }
        return page.document.directives.filter { $0.name == "TutorialReference" }.compactMap { directive in
            let destination = directive.argument("tutorial") ?? directive.arguments.first?.value ?? ""
            guard case .failure(let problem) = docLinks.resolve(destination, from: page) else { return nil }
            return Diagnostic(
                "broken tutorial reference '\(destination)': \(problem.reason)", at: SourceLocation(path: page.displayPath, line: directive.line),
                suggestion: "Name a tutorial file of the catalog by its name, e.g. <doc:Getting-Started> for Getting Started.tutorial")
        }
    }

    private func problem(with link: MarkdownLink, on page: Page) -> String? {
        let destination = link.destination
        if DocLinkResolver.isDocLink(destination) {
            // A `doc://` link to another bundle is external: accepted as it is.
            // In a catalog, a `doc:` link that names no page may name a symbol: ``symbolReferences()``.
            if case .failure(let problem) = docLinks.resolve(destination, from: page), !DocLinkResolver.isBundleLink(destination),
                page.catalogModule == nil, !DocLinkResolver.namesSymbol(destination)
            {
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
            } else if !link.isImage, docLinks.resolveDocCPath(destination, from: page) != nil {
                // A path of DocC's site: a page, or a symbol (``symbolReferences()``).
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

    /// The links of catalog pages that name a symbol rather than a page, or
    /// may: symbol links (` ``Type/member`` `), `<doc:Name>` links that name
    /// no article and DocC URL paths (`./module/type`), each with the page
    /// it links to when the site has one. Whether the others name symbols
    /// that exist needs the module's symbol graph: ``judge(_:symbols:)``.
    public func symbolReferences() -> [SymbolReference] {
        pagesBySource.values.sorted { $0.sourcePath < $1.sourcePath }.flatMap(symbolReferences)
    }

    private func symbolReferences(on page: Page) -> [SymbolReference] {
        // A reference page's links are its doc comment's: shown linked where they resolve, as code where not (DocC only warns).
        guard let module = page.catalogModule, !page.isSymbolPage else { return [] }
        let scope = page.document.symbolPath.map { DocLinkResolver.symbolComponents($0, module: module) } ?? []
        let at = { (link: MarkdownLink) in SourceLocation(path: page.displayPath, line: link.line, column: link.column) }
        var references: [SymbolReference] = []
        // The page's own title (`# ``Module/Symbol```) is no link.
        for link in page.document.symbolLinks where !(link.destination == page.document.symbolPath && link.line == page.document.headings.first?.line)
        {
            references.append(
                SymbolReference(
                    kind: .symbolLink, written: "``\(link.destination)``", path: link.destination, module: module, scope: scope,
                    location: at(link), linkedPage: docLinks.symbolPage(link.destination, from: page)?.url
                ))
        }
        for link in page.document.links where !link.isImage {
            let destination = link.destination
            if DocLinkResolver.isDocLink(destination) {
                if let reference = docLinkReference(destination, on: page, module: module, scope: scope, location: at(link)) {
                    references.append(reference)
                }
                continue
            }
            guard !link.isExternal, !destination.isEmpty, !destination.hasPrefix("#") else { continue }
            let (path, _) = Self.split(destination)
            if let resolved = RelativeURL.resolve(path, against: page.sourcePath),
                findPage(resolved) != nil || files.contains(resolved) || unreadable.contains(resolved)
            {
                continue
            }
            switch docLinks.resolveDocCPath(destination, from: page) {
            case .page(let target, _)?:
                references.append(
                    SymbolReference(
                        kind: .urlPath, written: destination, path: "", module: module, scope: [],
                        location: at(link), linkedPage: target.url))
            case .noPage(let components)?:
                references.append(
                    SymbolReference(
                        kind: .urlPath, written: destination, path: components.dropFirst().joined(separator: "/"),
                        module: components[0], scope: [], location: at(link), linkedPage: nil))
            case nil:
                continue
            }
        }
        return references
    }

    /// The reference a `<doc:Name>` link `destination` of `page` makes, at
    /// `location`: to the article or symbol page it resolves to, or to a
    /// symbol (or a DocC URL path) the symbol graph must have; `nil` for a
    /// link into another bundle.
    private func docLinkReference(
        _ destination: String, on page: Page, module: String, scope: [String], location: SourceLocation
    ) -> SymbolReference? {
        guard !DocLinkResolver.isBundleLink(destination) else { return nil }
        let name = String(destination.dropFirst(DocLinkResolver.scheme.count).prefix { $0 != "#" })
        switch docLinks.resolve(destination, from: page) {
        case .success(let (target, _)):
            return SymbolReference(
                kind: .docLink, written: "<\(destination)>", path: name, module: module, scope: scope,
                location: location, linkedPage: target.url)
        case .failure(let problem):
            var reference = SymbolReference(
                kind: .docLink, written: "<\(destination)>", path: name, module: module, scope: scope,
                location: location, linkedPage: nil)
            reference.pageProblem = problem.reason
            if case .page(let target, _)? = docLinks.resolveDocCPath(destination, from: page) {
                reference.linkedPage = target.url
            } else if case .noPage(let components)? = docLinks.resolveDocCPath(destination, from: page) {
                reference.kind = .urlPath
                reference.module = components[0]
                reference.path = components.dropFirst().joined(separator: "/")
                reference.scope = []
            }
            return reference
        }
    }

    /// The article whose name (`<doc:Name>`) is closest to `name`, for "did you mean".
    func closestArticle(to name: String) -> String? {
        let wanted = name.lowercased()
        var best: (distance: Int, name: String)?
        for page in pagesBySource.values.sorted(by: { $0.sourcePath < $1.sourcePath }) {
            let file = Page.stripMarkdownExtension(String(page.sourcePath.split(separator: "/").last ?? ""))
            let article = String(file.map { $0 == " " ? "-" : $0 })
            let distance = EditDistance.between(wanted, article.lowercased())
            if distance < (best?.distance ?? Int.max) { best = (distance, article) }
        }
        guard let best, best.distance <= max(2, wanted.count / 3) else { return nil }
        return best.name
    }

    /// `path#fragment?query` → (path, fragment), query dropped.
    private static func split(_ destination: String) -> (String, String) {
        // `#` and `?` found by bytes (ASCII: each byte that is one is a whole scalar).
        let utf8 = destination.utf8
        var path = Substring(destination)
        var fragment = Substring("")
        if let hash = utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = destination[utf8.index(after: hash)...]
            path = destination[..<hash]
        }
        if let query = path.utf8.firstIndex(of: UInt8(ascii: "?")) { path = path[..<query] }
        return (String(path.removingPercentEncodingIfPossible), String(fragment))
    }
}

private extension Substring {
    var removingPercentEncodingIfPossible: String {
        guard utf8.contains(UInt8(ascii: "%")) else { return String(self) }
        return String(self).removingPercentEncoding ?? String(self)
    }
}
