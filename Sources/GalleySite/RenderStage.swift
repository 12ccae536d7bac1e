import Foundation
import GalleyCore
import GalleyOutput
import GalleyProject
import GalleyReference
import GalleyRender
import GalleyReports

/// Rendering: the pages a change affects (all of them when the navigation —
/// titles, order, the page set — the theme or the library changed), the
/// search index, and the 404 page, page list and sitemap when everything is
/// rendered; a first build writes each page into the staging folder as soon
/// as it is rendered.
struct RenderStage {
    let context: BuildContext
    /// The reference pages an edit of doc comments changed, rendered again.
    let editedPages: Set<String>
    /// The standard library's symbol paths, when a symbol link needed them.
    let standardLibrary: [[String]]?

    /// A first build's staging folder, opened (under the output lock) before
    /// rendering so that each page is written as soon as it is rendered;
    /// `nil` for a later build, which changes the output file by file.
    func openStaging() throws(BuildFailure) -> OutputWriter.Staging? {
        guard context.written == nil else { return nil }
        let layout = context.layout
        do {
            return try OutputWriter(directory: layout.outputDirectory, displayPath: layout.displayPath(of: layout.outputDirectory))
                .beginStaging()
        } catch {
            throw BuildFailure([error])
        }
    }

    /// The pages the change affects (all of them when the navigation —
    /// titles, order, the page set — or the theme changed), the search index,
    /// and the 404 page, page list and sitemap when everything is rendered.
    /// Opens a first build's staging folder, then renders into it.
    func run(
        _ navigation: Navigation, toVerify: [Page], report: VerificationReport, templates: TemplateSet, configuration: SiteConfiguration
    ) throws(BuildFailure) -> RenderedSite {
        let staging = try openStaging()
        var rendered = run(navigation, toVerify: toVerify, report: report, templates: templates, configuration: configuration, writingTo: staging)
        rendered.staging = staging
        return rendered
    }

    func run(
        _ navigation: Navigation, toVerify: [Page], report: VerificationReport, templates: TemplateSet,
        configuration: SiteConfiguration, writingTo staging: OutputWriter.Staging?
    ) -> RenderedSite {
        let previous = context.previous
        let navigationKey = navigation.pages.map { "\($0.url)\t\($0.title)" }
        let rendersAll = previous == nil || context.changes.templates || context.rebuildsLibrary || navigationKey != previous?.navigationKey
        // The generated pages (404, all pages) show the whole site: rendered whenever everything is.
        // An edit of doc comments renders the reference pages it changed.
        let edited = editedPages.isEmpty ? [] : (navigation.pages + navigation.unlisted).filter { editedPages.contains($0.url) }
        let toRender = rendersAll ? navigation.pages + navigation.unlisted : toVerify + edited
        let renderer = PageRenderer(
            templates: templates, configuration: configuration, navigation: navigation,
            standardLibrary: standardLibrary.map { SymbolIndex(symbols: ["Swift": $0]) })
        var generated: [String: Data] = [:]
        if let previous, !rendersAll {
            for page in navigation.pages + navigation.unlisted {
                generated[page.url] = previous.generated[page.url]
                // A page's Markdown copy is rendered with its HTML, so both are the same edit's.
                let copy = MarkdownPages.path(ofURL: page.url)
                if configuration.llms, MarkdownPages.hasCopy(page) { generated[copy] = previous.generated[copy] }
            }
            generated[Sitemap.path] = previous.generated[Sitemap.path]
        }
        let markdown = configuration.llms ? MarkdownPages(navigation: navigation, compilerVersion: report.compilerVersion) : nil
        let pages = renderPages(toRender, renderer: renderer, markdown: markdown, report: report, writingTo: staging)
        var writtenOnly: [String] = []
        for (url, html, copy) in pages {
            if let html { generated[url] = html } else { writtenOnly.append(url) }
            if let copy { generated[MarkdownPages.path(ofURL: url)] = copy }
        }
        if configuration.llms { addLLMsText(to: &generated, navigation: navigation, configuration: configuration) }
        if configuration.search {
            // Cheap to rebuild on every change: a prose edit changes the index.
            // The symbols: the reference's pages, and the extension files shown in their place.
            let reference = navigation.unlisted.filter { $0.symbolParts != nil } + navigation.pages.filter { $0.referenceFrame != nil }
            generated[SearchIndex.path] = Data(SearchIndex(pages: navigation.pages, reference: reference).script.utf8)
        }
        if rendersAll, let baseURL = configuration.baseURL {
            generated[Sitemap.path] = Data(Sitemap.xml(baseURL: baseURL, pageURLs: navigation.pages.map(\.url)).utf8)
        }
        // The pages counted are the site's own; the generated ones come with every full render.
        return RenderedSite(
            generated: generated, navigationKey: navigationKey, pageCount: toRender.count(where: \.isListed),
            writtenOnly: writtenOnly.count
        )
    }

    /// `llms.txt` and `llms-full.txt`, made again on every build from the
    /// pages' Markdown copies in `generated` (those kept from the last build
    /// and those rendered now), so they always hold the site as written.
    private func addLLMsText(to generated: inout [String: Data], navigation: Navigation, configuration: SiteConfiguration) {
        let listed = LLMsText.pages(of: navigation)
        let index = LLMsText.index(
            title: configuration.title, description: configuration.description, baseURL: configuration.baseURL, pages: listed)
        let copies = generated
        let full = LLMsText.full(title: configuration.title, pages: listed) { url in
            copies[MarkdownPages.path(ofURL: url)].map { String(decoding: $0, as: UTF8.self) }
        }
        generated[LLMsText.indexPath] = Data(index.utf8)
        generated[LLMsText.fullPath] = Data(full.utf8)
    }

    /// `pages` rendered on all cores; each written into the staging folder on
    /// the thread that rendered it and, in a build no other follows, dropped
    /// then (its memory serves the next page): its HTML is `nil` then.
    /// A page's Markdown copy (`markdown` set: the site has them) is
    /// rendered with it and always kept: `llms-full.txt` is made of them.
    private func renderPages(
        _ pages: [Page], renderer: PageRenderer, markdown: MarkdownPages?, report: VerificationReport, writingTo staging: OutputWriter.Staging?
    ) -> [(url: String, html: Data?, markdown: Data?)] {
        let keepsPages = context.keepsState || staging == nil
        // Each page's verdicts, and a reference page's doc comment's listings (by its file), looked up once.
        let resultsByPage = Dictionary(grouping: report.results, by: \.sample.page)
        return Concurrently.map(pages) { page -> (url: String, html: Data?, markdown: Data?) in
            let listings = (page.symbolParts?.comment ?? page.referenceFrame?.comment).flatMap { resultsByPage[$0.path] } ?? []
            let results = resultsByPage[page.displayPath] ?? []
            var text = renderer.render(
                page,
                codeBlockHTML: SampleHTML.codeBlockHTML(
                    for: page, report: report, results: results, listings: listings, documentation: renderer.documentationLinks(from: page.url)),
                snippetResult: { path in resultsByPage[path]?.first },
                footer: SampleHTML.footer(for: page, report: report, results: results),
                commentListings: listings
            )
            if let transform = context.settings.pageTransform { text = transform(page.url, text) }
            let html = Data(text.utf8)
            staging?.add(page.url, html, keepingBytes: keepsPages)
            let copy = markdown.flatMap { markdown -> Data? in
                guard MarkdownPages.hasCopy(page) else { return nil }
                return Data(
                    markdown.markdown(for: page, results: results, listings: listings, snippetResult: { resultsByPage[$0]?.first }).utf8)
            }
            return (page.url, keepsPages ? html : nil, copy)
        }
    }
}

/// What the rendering stage hands on.
struct RenderedSite {
    /// Generated files by output path.
    var generated: [String: Data]
    /// The navigation this render used (a change re-renders every page).
    var navigationKey: [String]
    /// Pages rendered.
    var pageCount: Int
    /// Pages written into the staging folder and not kept in ``generated`` (a build no other follows).
    var writtenOnly = 0
    /// A first build's staging folder, which the output stage finishes.
    var staging: OutputWriter.Staging?
}
