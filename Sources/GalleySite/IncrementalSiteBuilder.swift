import Foundation
import GalleyMarkdown
import GalleyVerify

/// A build that remembers the last successful one and redoes only what a
/// change affects: the preview server's engine, and the engine of
/// `galley build` (a first build does everything).
///
/// - A prose edit re-parses and re-renders that page; a change of titles,
///   order or the page set (the navigation) re-renders every page.
/// - A sample edit re-verifies that page's samples (unchanged ones come from
///   the result cache).
/// - A template or `galley.yml` change re-renders everything.
/// - A library source change rebuilds the sample library and re-verifies
///   every sample.
///
/// The first build writes the output folder whole (staging folder, then
/// swap); later ones replace only the files whose bytes changed, each with
/// an atomic rename. A failed build changes nothing, and its changes are
/// redone by the next build.
///
/// ```swift
/// var session = IncrementalSiteBuilder(SiteBuilder(layout: layout))
/// _ = try session.build(.all)
/// var edit = SiteChanges()
/// edit.content = ["index.md"]
/// let report = try session.build(edit)   // report.renderedPageCount == 1
/// ```
public struct IncrementalSiteBuilder: Sendable {
    /// The folders and settings of the build.
    public var builder: SiteBuilder
    private var state: State?
    private var pending = SiteChanges()

    /// What the last successful build produced.
    private struct State: Sendable {
        var configuration: SiteConfiguration
        var templates: TemplateSet
        var pages: [String: Page]
        var navigationKey: [String]
        var results: [String: [SampleResult]]
        var problems: [String: [SampleProblem]]
        var compilerVersion: String?
        var preparation: Verifier.Preparation?
        var generated: [String: Data]
        var copied: [String: URL]
    }

    /// A session that has built nothing yet.
    public init(_ builder: SiteBuilder) {
        self.builder = builder
    }

    /// The sample library's `Sources/` as the last successful build's
    /// `galley.yml` names it; `nil` when samples link no library or nothing was built.
    public var librarySources: URL? {
        state.flatMap { SampleVerification.librarySources(configuration: $0.configuration, layout: builder.layout) }
    }

    /// Builds what `changes` (and the changes of failed builds since the last
    /// success) affect, or everything the first time.
    public mutating func build(_ changes: SiteChanges) throws(SiteErrors) -> BuildReport {
        let all = pending.union(changes)
        do {
            let (report, next) = try Self.build(all, after: state, builder: builder)
            state = next
            pending = SiteChanges()
            return report
        } catch {
            pending = all
            throw error
        }
    }

    private static func build(
        _ changes: SiteChanges, after previous: State?, builder: SiteBuilder
    ) throws(SiteErrors) -> (BuildReport, State) {
        let layout = builder.layout
        let clock = ContinuousClock()
        let start = clock.now
        // What is on disk: later builds write the difference from it, even when they recompute everything.
        let written = previous
        let previous = (changes.everything || changes.configuration) ? nil : previous

        let configuration: SiteConfiguration
        if let previous {
            configuration = previous.configuration
        } else {
            do {
                configuration = try SiteConfiguration.load(
                    from: layout.configurationFile, displayPath: layout.displayPath(of: layout.configurationFile)
                )
            } catch {
                throw SiteErrors([error])
            }
        }
        // Before any work: a build must never get as far as replacing the project.
        let libraryPackage = configuration.verification.products.isEmpty
            ? nil : SampleVerification.packageDirectory(configuration: configuration, layout: layout)
        try rethrowing { () throws(SiteError) in
            try OutputFolderGuard.check(layout: layout, libraryPackage: libraryPackage)
            if written == nil {
                try OutputWriter(directory: layout.outputDirectory, displayPath: layout.displayPath(of: layout.outputDirectory)).checkReplaceable()
            }
        }
        // Every problem is collected before the build gives up: one page's (or
        // the theme's) problem never hides another's, and the samples of every
        // page that could be read are still verified.
        var errors: [SiteError] = []
        var templates: TemplateSet?
        if let previous, !changes.templates {
            templates = previous.templates
        } else {
            do {
                templates = try TemplateSet.load(
                    from: layout.templatesDirectory, displayPath: layout.displayPath(of: layout.templatesDirectory),
                    requiresDirectory: layout.requiresTemplatesDirectory,
                    containment: configuration.containment(root: layout.root)
                )
            } catch {
                errors += error.errors
            }
        }
        var loader = ContentLoader(
            directory: layout.contentDirectory, displayPath: layout.displayPath(of: layout.contentDirectory)
        )
        loader.containment = configuration.containment(root: layout.root)
        let changedSources = Set((previous?.pages.keys).map { keys in
            keys.filter { key in changes.content.contains { key == $0 || key.hasPrefix($0 + "/") } }
        } ?? [])
        let content = try loader.load(reusing: previous?.pages ?? [:], changed: changedSources)
        errors += content.problems
        let warnings = content.warnings
        let navigation = Navigation(pages: content.pages)

        var copied: [String: URL] = [:]
        for asset in content.assets { copied[asset] = layout.contentDirectory.appendingPathComponent(asset) }
        // The site's theme files are copied; the built-in theme's are written as bytes (see `generated`).
        var builtInAssets: [String: Data] = [:]
        for (asset, source) in templates?.assets ?? [:] {
            switch source {
            case .copy(let url): copied["assets/\(asset)"] = url
            case .data(let data): builtInAssets["assets/\(asset)"] = data
            }
        }
        let checker = LinkChecker(pages: content.pages, files: Set(copied.keys).union(builtInAssets.keys), unreadable: content.unreadable)
        if templates != nil, copied[configuration.favicon] == nil, builtInAssets[configuration.favicon] == nil {
            errors.append(SiteError(
                "the favicon '\(configuration.favicon)' is not a file of the site",
                at: SourceLocation(path: layout.displayPath(of: layout.configurationFile)),
                suggestion: "Put the icon in content/ (e.g. content/images/icon.png) and write `favicon: images/icon.png`"
            ))
        }
        errors += checker.check()
        let themeClashes = Set(content.assets).intersection(templates?.assets.keys.map { "assets/\($0)" } ?? [])
        errors += themeClashes.sorted().map {
            SiteError(
                "'\(loader.displayPath)/\($0)' has the same path as a theme asset",
                at: SourceLocation(path: "\(loader.displayPath)/\($0)"),
                suggestion: "Move it out of content/assets/ (to replace the theme's file, put it in templates/assets/)"
            )
        }

        // Verify the pages that are new or changed; the others keep their verdicts.
        let reverifiesAll = previous == nil || changes.library
        let stale: (Page) -> Bool = { page in
            reverifiesAll || changedSources.contains(page.sourcePath) || previous?.pages[page.sourcePath] == nil
        }
        let toVerify = navigation.pages.filter(stale)
        var verification = SampleVerification(configuration: configuration, layout: layout, useCache: builder.usesCache)
        verification.verifier.progress = builder.progress
        var preparation = changes.library ? nil : previous?.preparation
        let fresh: VerificationReport
        do {
            fresh = try verification.verify(toVerify, preparation: &preparation)
        } catch {
            var failure = SiteErrors(errors + [SiteError(error.message, suggestion: error.suggestion + (error.details.map { "\n\($0)" } ?? ""))])
            failure.warnings = warnings
            throw failure
        }
        var results: [String: [SampleResult]] = [:]
        var problems: [String: [SampleProblem]] = [:]
        for page in navigation.pages where !stale(page) {
            results[page.displayPath] = previous?.results[page.displayPath] ?? []
            problems[page.displayPath] = previous?.problems[page.displayPath] ?? []
        }
        for page in toVerify {
            results[page.displayPath] = fresh.results(forPage: page.displayPath)
            problems[page.displayPath] = fresh.problems.filter { $0.location.path == page.displayPath }
        }
        var combined = VerificationReport(
            results: navigation.pages.flatMap { results[$0.displayPath] ?? [] },
            problems: navigation.pages.flatMap { problems[$0.displayPath] ?? [] },
            compilerVersion: fresh.compilerVersion ?? previous?.compilerVersion,
            duration: fresh.duration, compiledPrograms: fresh.compiledPrograms, mergedPrograms: fresh.mergedPrograms
        )
        combined.sandboxed = fresh.sandboxed
        let report = combined
        errors += report.failures.map { location, message, _ in
            var error = SiteError("sample failed: " + (message.split(separator: "\n").first.map(String.init) ?? message), at: location)
            error.isSampleFailure = true
            return error
        }
        guard errors.isEmpty, let templates else {
            var failure = SiteErrors(errors)
            failure.verification = report.succeeded ? nil : report
            failure.warnings = warnings
            throw failure
        }

        // Render the pages the change affects: all of them when the navigation
        // (titles, order, the page set) or the theme changed.
        let navigationKey = navigation.pages.map { "\($0.url)\t\($0.title)" }
        let rendersAll = previous == nil || changes.templates || changes.library || navigationKey != previous?.navigationKey
        let toRender = rendersAll ? navigation.pages : toVerify
        let renderer = PageRenderer(templates: templates, configuration: configuration, navigation: navigation)
        var generated: [String: Data] = [:]
        if let previous, !rendersAll {
            for page in navigation.pages { generated[page.url] = previous.generated[page.url] }
            for extra in ["404.html", "sitemap.xml", SidebarNavigation.allPagesURL] { generated[extra] = previous.generated[extra] }
        }
        // A first build writes each page into the staging folder as soon as it is rendered.
        var staging: OutputWriter.Staging?
        if written == nil {
            try rethrowing { () throws(SiteError) in
                staging = try OutputWriter(directory: layout.outputDirectory, displayPath: layout.displayPath(of: layout.outputDirectory)).beginStaging()
            }
        }
        let rendered = SiteBuilder.renderConcurrently(toRender, writingTo: staging) { page in
            .text(page.url, renderer.render(
                page,
                codeBlockHTML: SampleVerification.codeBlockHTML(for: page, report: report),
                footer: SampleVerification.footer(for: page, report: report)
            ))
        }
        for file in rendered { if case .data(let data) = file.content { generated[file.path] = data } }
        if configuration.search {
            // Cheap to rebuild on every change: a prose edit changes the index.
            generated[SearchIndex.path] = Data(SearchIndex(pages: navigation.pages).script.utf8)
        }
        if rendersAll {
            generated["404.html"] = Data(renderer.renderNotFound().utf8)
            if renderer.sidebar.isSectioned {
                generated[SidebarNavigation.allPagesURL] = Data(renderer.renderAllPages().utf8)
            }
            if let baseURL = configuration.baseURL {
                generated["sitemap.xml"] = Data(Sitemap.xml(baseURL: baseURL, pageURLs: navigation.pages.map(\.url)).utf8)
            }
        }
        // Compared byte for byte with what is on disk like the pages, so they are rewritten only when they change.
        generated.merge(builtInAssets) { _, asset in asset }

        let outputDisplay = layout.displayPath(of: layout.outputDirectory)
        let writer = OutputWriter(directory: layout.outputDirectory, displayPath: outputDisplay)
        let fileCount = generated.count + copied.count
        if let written {
            var changed: [OutputFile] = []
            for (path, data) in generated.sorted(by: { $0.key < $1.key }) where written.generated[path] != data {
                changed.append(OutputFile(path: path, content: .data(data)))
            }
            for (path, source) in copied.sorted(by: { $0.key < $1.key }) {
                let isTheme = path.hasPrefix("assets/") && source.path.hasPrefix(layout.templatesDirectory.standardizedFileURL.path)
                let touched = changes.everything || written.copied[path] != source
                    || (isTheme ? changes.templates : changes.content.contains { path == $0 || path.hasPrefix($0 + "/") })
                if touched { changed.append(.copy(path, from: source)) }
            }
            let removed = Set(written.generated.keys).union(written.copied.keys)
                .subtracting(generated.keys).subtracting(copied.keys)
            try rethrowing { () throws(SiteError) in try writer.update(changed, removing: removed.sorted()) }
        } else {
            var files = generated.sorted { $0.key < $1.key }.map { OutputFile(path: $0.key, content: .data($0.value)) }
            files += copied.sorted { $0.key < $1.key }.map { OutputFile.copy($0.key, from: $0.value) }
            try rethrowing { () throws(SiteError) in if let staging { try staging.finish(files) } else { try writer.write(files) } }
        }
        var pagesBySource: [String: Page] = [:]
        for page in content.pages { pagesBySource[page.sourcePath] = page }
        let state = State(
            configuration: configuration, templates: templates, pages: pagesBySource, navigationKey: navigationKey,
            results: results, problems: problems, compilerVersion: report.compilerVersion, preparation: preparation,
            generated: generated, copied: copied
        )
        var buildReport = BuildReport(
            pageCount: navigation.pages.count, verification: report, fileCount: fileCount,
            duration: clock.now - start, outputDisplayPath: outputDisplay
        )
        buildReport.renderedPageCount = toRender.count
        buildReport.verifiedPageCount = toVerify.count
        buildReport.warnings = warnings
        return (buildReport, state)
    }

    private static func rethrowing(_ body: () throws(SiteError) -> Void) throws(SiteErrors) {
        do { try body() } catch { throw SiteErrors([error]) }
    }
}
