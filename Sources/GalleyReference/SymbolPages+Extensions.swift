import GalleyCore
import GalleyMarkdown
import GalleyPackage
import GalleyProject

extension SymbolPages {
    /// The site's pages once each catalog extension file (`# ``Module/Symbol```)
    /// of a symbol that has a reference page has taken that page's place, as
    /// DocC merges a documentation extension into the symbol's page.
    ///
    /// The extension file keeps its text, its lines and its samples; it moves
    /// to the reference page's address (DocC's), and the renderer shows the
    /// symbol's kind, declaration and doc comment after its title
    /// (``ReferenceFrame/lead``), then, after its text, the members its own
    /// `## Topics` does not curate in DocC's automatic groups and the
    /// Relationships (``ReferenceFrame/trailer``). With
    /// `@DocumentationExtension(mergeBehavior: override)` the doc comment is
    /// left out. The file's former address sends the reader on.
    ///
    /// ```swift
    /// let merged = SymbolPages.merging(catalogPages: content.pages, reference: reference)
    /// merged.catalogPages.first { $0.sourcePath.hasSuffix("ParsableCommand.md") }?.url
    /// // "documentation/argumentparser/parsablecommand/index.html"
    /// ```
    ///
    /// `resolver` resolves the extension files' Topics links; by default one
    /// over `reference` is made (a build that has one passes it).
    public static func merging(
        catalogPages: [Page], reference: [Page], resolver given: DocLinkResolver? = nil
    ) -> (catalogPages: [Page], reference: [Page]) {
        var byPath: [String: Int] = [:]
        for (index, page) in reference.enumerated() where page.symbolParts != nil {
            if let path = page.referencePath { byPath[path] = index }
        }
        guard !byPath.isEmpty else { return (catalogPages, reference) }
        let resolver = given ?? DocLinkResolver(pages: reference)
        var merged: Set<Int> = []
        var redirects: [Page] = []
        var pages = catalogPages
        for position in pages.indices {
            let page = pages[position]
            guard let module = page.catalogModule, let symbolPath = page.document.symbolPath, page.isDocument,
                let index = documentationPath(of: symbolPath, module: module).flatMap({ byPath[$0] }), !merged.contains(index),
                let parts = reference[index].symbolParts
            else { continue }
            merged.insert(index)
            let symbolPage = reference[index]
            var redirect = Page(
                sourcePath: page.sourcePath + "#moved", displayPath: page.displayPath, frontMatter: FrontMatter(),
                document: MarkdownDocument(parsing: ""))
            redirect.kind = .redirect(to: symbolPage.url)
            redirect.url = page.url
            redirect.title = page.title
            redirects.append(redirect)

            var moved = page
            moved.url = symbolPage.url
            // At its symbol's place in DocC's tree from here on (the links it curates are resolved from there).
            let place = ReferencePage(path: symbolPage.referencePath ?? "", typeLinks: symbolPage.typeLinks)
            moved.kind = .extensionFile(place, ReferenceFrame(lead: "", trailer: ""))
            // Rendered at parse time for its former address, its relative links would be wrong here.
            moved.prerenderedContent = nil
            let curated = curatedURLs(on: moved, resolver: resolver)
            let hasTopics = topicsLines(of: moved.document) != nil
            let withDocComment = !overridesDocComment(moved.document)
            let frame = ReferenceFrame(
                lead: parts.lead(withDocComment: withDocComment),
                trailer: parts.topicsMarkdown(excluding: curated, withHeading: !hasTopics, withDocComment: withDocComment)
                    + parts.relationships,
                comment: withDocComment ? parts.comment : nil, symbol: parts)
            moved.kind = .extensionFile(place, frame)
            pages[position] = moved
        }
        let kept = reference.indices.filter { !merged.contains($0) }.map { reference[$0] }
        return (pages, kept + redirects)
    }

    /// The path under `documentation/` at which DocC writes the page of the
    /// symbol an extension file's title names (`logging/logger`), from the
    /// path as written, with or without the module's name.
    static func documentationPath(of symbolPath: String, module: String) -> String? {
        var components = SymbolLink.writtenComponents(symbolPath)
        guard !components.isEmpty else { return nil }
        if components.count > 1, components[0].lowercased() == module.lowercased() { components.removeFirst() }
        guard !(components.count == 1 && components[0].lowercased() == module.lowercased()) else { return nil }
        return ([module.lowercased()] + components.map { DocCPath.fileName($0.lowercased()) }).joined(separator: "/")
    }

    /// The line range of `document`'s `## Topics` section: from its heading to the next heading of level 2 or less.
    static func topicsLines(of document: MarkdownDocument) -> Range<Int>? {
        let headings = document.headings
        guard let start = headings.firstIndex(where: { $0.level == 2 && $0.text == "Topics" }) else { return nil }
        let end = headings[(start + 1)...].first { $0.level <= 2 }?.line ?? Int.max
        return headings[start].line..<end
    }

    /// The reference pages `page`'s Topics section links to, by URL: the members it curates.
    private static func curatedURLs(on page: Page, resolver: DocLinkResolver) -> Set<String> {
        guard let lines = topicsLines(of: page.document) else { return [] }
        var urls: Set<String> = []
        for link in page.document.symbolLinks where lines.contains(link.line) {
            if let target = resolver.symbolPage(link.destination, from: page) { urls.insert(target.url) }
        }
        for link in page.document.links where lines.contains(link.line) && DocLinkResolver.isDocLink(link.destination) {
            let name = String(link.destination.dropFirst(DocLinkResolver.scheme.count).prefix { $0 != "#" })
            if let target = resolver.symbolPage(name, from: page) { urls.insert(target.url) }
        }
        return urls
    }

    /// Whether the extension file replaces the doc comment (`@DocumentationExtension(mergeBehavior: override)`).
    static func overridesDocComment(_ document: MarkdownDocument) -> Bool {
        document.directives.contains { directive in
            directive.name == "DocumentationExtension" && directive.arguments.contains { $0.label == "mergeBehavior" && $0.value == "override" }
        }
    }
}
