import GalleyMarkdown
import GalleyProject
import GalleyReference
import GalleySamples

/// Renders pages through a theme's templates.
///
/// Builds the Mustache context every template sees:
/// `site`, `page`, `root`, `nav`, `hasTOC`, `toc`, `previous`, `next`, `generator`.
public struct PageRenderer: Sendable {
    /// The parsed theme.
    public let templates: TemplateSet
    /// The site settings.
    public let configuration: SiteConfiguration
    /// The reading order of all pages.
    public let navigation: Navigation
    /// Resolves `<doc:…>` links to pages and headings.
    let docLinks: DocLinkResolver
    /// The sidebar's page list, rendered once per site and folder depth.
    public let sidebar: SidebarNavigation
    /// Whether any page documents a symbol (a catalog's extension file, a reference page): symbol links are looked up only then.
    let hasSymbolPages: Bool
    /// The standard library's symbols, when the build read them: a symbol
    /// link to one of them that names no page here links to Apple's page for it.
    public let standardLibrary: SymbolIndex?
    /// `site` of every page's context: the same for all.
    private let site: TemplateValue
    /// The site's symbol pages by their symbol's precise identifier (an extension file's in its symbol's place).
    let symbolPages: [String: String]

    /// Creates a renderer; `standardLibrary` is what the build knows of the standard library's symbols.
    public init(templates: TemplateSet, configuration: SiteConfiguration, navigation: Navigation, standardLibrary: SymbolIndex? = nil) {
        self.standardLibrary = standardLibrary
        self.templates = templates
        self.configuration = configuration
        self.navigation = navigation
        // Links resolve to the reference pages too, which the navigation does not list.
        let linked = navigation.pages + navigation.unlisted.filter(\.isSymbolPage)
        self.docLinks = DocLinkResolver(pages: linked)
        self.sidebar = SidebarNavigation(navigation: navigation)
        self.hasSymbolPages = linked.contains { $0.document.symbolPath != nil }
        var symbolPages: [String: String] = [:]
        for page in linked {
            if let identifier = (page.symbolParts ?? page.referenceFrame?.symbol)?.identifier, !identifier.isEmpty {
                symbolPages[identifier] = page.url
            }
        }
        self.symbolPages = symbolPages
        self.site = [
            "title": .string(configuration.title),
            "baseURL": .string(configuration.baseURL ?? ""),
            "language": .string(configuration.language),
            "description": .string(configuration.description),
            "search": .bool(configuration.search),
            "favicon": .string(configuration.favicon),
            "versioned": .bool(configuration.isVersioned),
        ]
    }

    /// Where the declarations a page's samples name are documented: a
    /// symbol of the site at its page (relative to `pageURL`), a type of
    /// another module where its documentation is known (``ExternalDocumentation``:
    /// the standard library's and Apple's on Apple's site, a dependency's at
    /// its resolved version), else nowhere.
    package func documentationLinks(from pageURL: String) -> DocumentationLinks {
        let (symbolPages, external) = (symbolPages, configuration.externalDocumentation)
        return { identifier, name in
            if let url = symbolPages[identifier] { return RelativeURL.from(pageURL, to: url) }
            return external.url(forTypeIdentifier: identifier, spelling: name)
        }
    }

    /// The complete HTML document of `page`.
    ///
    /// - Parameters:
    ///   - codeBlockHTML: markup for a fenced code block, or `nil` for the default.
    ///   - snippetResult: the verdict on a `@Snippet` file, by its path, if it was verified.
    ///   - footer: a line for the page footer, e.g. how many samples were verified.
    ///   - commentListings: the verdicts of the doc comment's listings that a
    ///     catalog's extension file shows in its symbol's page's place (``Page/referenceFrame``).
    public func render(
        _ page: Page,
        codeBlockHTML: (CodeBlock) -> String? = { _ in nil },
        snippetResult: @escaping (String) -> SampleResult? = { _ in nil },
        footer: String? = nil,
        commentListings: [SampleResult] = []
    ) -> String {
        switch page.kind {
        case .notFound: return renderNotFound()
        case .allPages: return renderAllPages()
        case .redirect(let target): return Self.redirect(from: page.url, to: target, title: page.title)
        case .document, .reference, .extensionFile, .tutorial: break
        }
        let content = content(of: page, codeBlockHTML: codeBlockHTML, snippetResult: snippetResult, commentListings: commentListings)
        var pageContext: [String: TemplateValue] = [
            "title": .string(page.title),
            "content": .string(content),
            "url": .string(page.url),
            "isHome": .bool(page.isHome),
            "params": .object(page.frontMatter.params.mapValues(TemplateValue.init)),
        ]
        // Empty strings would still open a Mustache section, so absent values stay absent.
        if let description = page.frontMatter.description ?? Optional(configuration.description), !description.isEmpty {
            pageContext["description"] = .string(description)
        }
        if let link = EditLink(for: page, configuration: configuration) {
            pageContext["editURL"] = .string(link.url)
            pageContext["editLabel"] = .string(link.label)
        }
        if let footer { pageContext["footer"] = .string(footer) }
        var context = baseContext(at: page.url, current: page.url)
        context["page"] = .object(pageContext)
        let toc = page.tableOfContents
        context["hasTOC"] = .bool(!toc.isEmpty)
        context["toc"] = .list(
            toc.map {
                ["text": .string($0.text), "id": .string($0.id), "level": .int($0.level), "isSub": .bool($0.level == 3)]
            })
        if let previous = navigation.previous(of: page) {
            context["previous"] = ["title": .string(previous.title), "url": .string(RelativeURL.from(page.url, to: previous.url))]
        }
        if let next = navigation.next(of: page) {
            context["next"] = ["title": .string(next.title), "url": .string(RelativeURL.from(page.url, to: next.url))]
        }
        return templates.render(TemplateSet.layoutName, .object(context))
    }

    /// The HTML of `page`'s Markdown: the one rendered when it was parsed, if
    /// it was (with the same raw HTML setting), else rendered now with the
    /// site. A catalog's extension file in its symbol's reference page's
    /// place has the page's lead after its title and the rest after it.
    func content(
        of page: Page, codeBlockHTML: (CodeBlock) -> String?, snippetResult: @escaping (String) -> SampleResult?,
        commentListings: [SampleResult] = []
    ) -> String {
        let html: String
        if let prerendered = page.prerenderedContent, prerendered.allowsRawHTML == configuration.allowsRawHTML {
            html = prerendered.html
        } else {
            html = render(page.document, of: page, codeBlockHTML: codeBlockHTML, snippetResult: snippetResult)
        }
        guard let frame = page.referenceFrame else { return html }
        let leadDocument = MarkdownDocument(parsing: frame.lead)
        let leadBlocks = SampleHTML.referenceCodeBlockHTML(
            for: page, blocks: leadDocument.codeBlocks, listings: commentListings, documentation: documentationLinks(from: page.url))
        let lead = render(leadDocument, of: page, codeBlockHTML: leadBlocks, snippetResult: snippetResult)
        let trailerBlocks = SampleHTML.referenceCodeBlockHTML(for: page, blocks: [], listings: [])
        let trailer = render(MarkdownDocument(parsing: frame.trailer), of: page, codeBlockHTML: trailerBlocks, snippetResult: snippetResult)
        // The title is the document's first heading (`# ``Module/Symbol```): the lead follows it.
        guard let titleEnd = html.range(of: "</h1>\n") else { return lead + html + trailer }
        return String(html[..<titleEnd.upperBound]) + lead + String(html[titleEnd.upperBound...]) + trailer
    }

    /// `document`'s HTML as a part of `page`: its links and symbol links resolved from the page.
    private func render(
        _ document: MarkdownDocument, of page: Page, codeBlockHTML: (CodeBlock) -> String?,
        snippetResult: @escaping (String) -> SampleResult?
    ) -> String {
        let markdown = MarkdownHTMLRenderer(allowsRawHTML: configuration.allowsRawHTML)
        let docc = docc(for: page, snippetResult: snippetResult)
        return markdown.render(document, codeBlockHTML: codeBlockHTML, docc: docc) { destination in
            if destination.hasPrefix("#") { return MarkdownHTMLRenderer.fragmentLink(destination, in: document) }
            // DocC links and DocC URL paths: to their page, or unlinked when it names a symbol with no page here.
            return docLinks.rewrite(destination, from: page)
        }
    }

    /// What DocC Markdown needs of the site to render `page`: its catalog's
    /// images, the symbol pages, its snippets (with their verdicts).
    func docc(for page: Page, snippetResult: @escaping (String) -> SampleResult? = { _ in nil }) -> DocCRendering {
        var docc = DocCRendering()
        let images = page.images
        if !images.isEmpty {
            docc.imageHTML = { source, alt in
                guard let image = images[source] else { return nil }
                let escape = HTMLEscaping.escape
                let img = "<img src=\"\(escape(RelativeURL.from(page.url, to: image.path)))\" alt=\"\(escape(alt))\">"
                guard let dark = image.darkPath else { return img }
                return
                    "<picture><source srcset=\"\(escape(RelativeURL.from(page.url, to: dark)))\" media=\"(prefers-color-scheme: dark)\">\(img)</picture>"
            }
        }
        // Symbol links are DocC's: on a catalog's page, or where a page documents a symbol.
        if hasSymbolPages || page.catalogModule != nil {
            docc.symbolURL = symbolURL(from: page)
        }
        if let tutorial = page.tutorial {
            docc.tutorialCodeHTML = { directive in
                guard let code = tutorial.code(atLine: directive.line) else { return nil }
                return TutorialCodeHTML.render(code, result: code.path.flatMap(snippetResult))
            }
        }
        if page.tutorial != nil || page.catalogModule != nil {
            let docLinks = docLinks
            docc.tutorialLink = { destination in
                guard DocLinkResolver.isDocLink(destination), case .success(let (target, heading)) = docLinks.resolve(destination, from: page)
                else { return nil }
                return (RelativeURL.from(page.url, to: target.url) + (heading.map { "#\($0)" } ?? ""), target.title)
            }
        }
        let snippets = page.snippets
        if !snippets.isEmpty {
            docc.snippetHTML = { directive in
                guard let path = directive.argument("path"), let snippet = snippets[path] else { return nil }
                return SnippetHTML.render(snippet.text, slice: directive.argument("slice"), path: path, result: snippetResult(snippet.path))
            }
        }
        return docc
    }

    /// Where a symbol link of `page` goes: the page of the site it names
    /// (`nil` for the page itself), else the documentation of the module
    /// outside the site that has the symbol (as ``LinkChecker/judge(_:symbols:external:)`` counts them).
    private func symbolURL(from page: Page) -> (String) -> String? {
        let docLinks = docLinks
        let external = configuration.externalDocumentation
        let standardLibrary = standardLibrary
        return { path in
            guard let target = docLinks.symbolPage(path, from: page) else {
                return external.url(forSymbolLink: path, standardLibrary: standardLibrary)
            }
            return target.url == page.url ? nil : RelativeURL.from(page.url, to: target.url)
        }
    }

    /// The site's `404.html`. Its links are root-relative to the base URL's
    /// path when one is set, since a 404 page is served at any depth.
    /// A page at `url` that sends the browser on to the page at `target` at once (and offers the link).
    static func redirect(from url: String, to target: String, title: String) -> String {
        let href = HTMLEscaping.escape(RelativeURL.from(url, to: target))
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(HTMLEscaping.escape(title))</title>
            <meta http-equiv="refresh" content="0; url=\(href)"><link rel="canonical" href="\(href)"></head>
            <body><p>This page is now at <a href="\(href)">\(HTMLEscaping.escape(title))</a>.</p></body></html>

            """
    }

    private func renderNotFound() -> String {
        var context = baseContext(at: GeneratedPages.notFoundURL, current: nil)
        var root = RelativeURL.from(GeneratedPages.notFoundURL, to: "")
        if let base = configuration.baseURL, let path = Self.path(ofURL: base) {
            root = path
            context["root"] = .string(path)
            context["navigation"] = .string(sidebar.html(current: nil, prefix: path))
            if templates.usesNavList {
                context["nav"] = .list(
                    navigation.pages.map {
                        ["title": .string($0.title), "url": .string(path + RelativeURL.encoded($0.url)), "current": false]
                    })
            }
        }
        let message =
            "<h1 id=\"page-not-found\">Page not found</h1>\n<p>There is no page at this address. "
            + "Start again from the <a href=\"\(HTMLEscaping.escape(root))index.html\">home page</a>.</p>\n"
        context["page"] = ["title": "Page not found", "content": .string(message), "url": .string(GeneratedPages.notFoundURL), "isHome": false]
        context["hasTOC"] = false
        let name = templates.hasNotFoundTemplate ? TemplateSet.notFoundName : TemplateSet.layoutName
        return templates.render(name, .object(context))
    }

    private func baseContext(at url: String, current: String?) -> [String: TemplateValue] {
        var context: [String: TemplateValue] = [
            "site": site,
            "root": .string(RelativeURL.from(url, to: "")),
            "navigation": .string(sidebar.html(current: current.flatMap { navigation.page(at: $0) }, at: url)),
            "generator": "Galley",
        ]
        // The list of every page, for themes that walk it: linear per page, so only when used.
        if templates.usesNavList {
            context["nav"] = .list(
                navigation.pages.map { page in
                    ["title": .string(page.title), "url": .string(RelativeURL.from(url, to: page.url)), "current": .bool(page.url == current)]
                })
        }
        return context
    }

    /// `all-pages.html` of a sectioned site: every page, grouped by section.
    private func renderAllPages() -> String {
        let url = GeneratedPages.allPagesURL
        var context = baseContext(at: url, current: nil)
        context["page"] = ["title": "All pages", "content": .string(sidebar.allPagesHTML(prefix: "")), "url": .string(url), "isHome": false]
        context["hasTOC"] = false
        return templates.render(TemplateSet.layoutName, .object(context))
    }

    /// `/docs/` for `https://example.org/docs/`.
    static func path(ofURL url: String) -> String? {
        guard let scheme = url.range(of: "://") else { return nil }
        let afterHost = url[scheme.upperBound...].firstIndex(of: "/").map { url[$0...] } ?? "/"
        return String(afterHost)
    }
}
