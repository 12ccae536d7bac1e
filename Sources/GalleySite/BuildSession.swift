import Foundation
import GalleyCore
import GalleyOutput
import GalleyPackage
import GalleyProject
import GalleyRender
import GalleySamples
import GalleyVerify

/// A build that remembers the last successful one and redoes only what a
/// change affects: the engine of `galley build` (a first build does
/// everything) and of the preview server.
///
/// A build runs in named stages, each one function below:
/// ``loadConfiguration``, ``guardOutput``, ``loadTheme``, ``loadPages``,
/// ``collectFiles``, ``checkSite``, ``verifySamples``, ``applyBaseline``,
/// ``openStaging``, ``renderSite`` and ``writeOutput``. `galley verify` is
/// the same stages up to the samples, with rendering and output off
/// (``verify(_:options:)``).
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
/// var session = BuildSession(BuildSettings(layout: layout))
/// _ = try session.build(.all)
/// var edit = SiteChanges()
/// edit.content = ["index.md"]
/// let report = try session.build(edit)   // report.renderedPageCount == 1
/// ```
public struct BuildSession: Sendable {
    /// The folders and settings of every build of the session.
    public var settings: BuildSettings
    private var state: State?
    private var pending = SiteChanges()
    /// Whether no build follows (``build(_:)-swift.type.method``): what only a
    /// next build would reuse is not kept. Each page's HTML is dropped once
    /// it is written (on 5,000 pages, about 110 MB that need not stay in memory).
    private var isOneShot = false

    /// What the last successful build produced.
    struct State: Sendable {
        var configuration: SiteConfiguration
        var templates: TemplateSet
        var pages: [String: Page]
        var navigationKey: [String]
        var results: [String: [SampleResult]]
        var problems: [String: [Diagnostic]]
        var compilerVersion: String?
        var preparation: Verifier.Preparation?
        var generated: [String: Data]
        var copied: [String: URL]
        /// The Swift files whose doc comments' listings were verified (their results are in ``results``), and in how many modules.
        var listingFiles: [String] = []
        var docCommentModules: Int?
        /// The API reference made (its symbol pages kept while the library
        /// build they were made from is the same), with the graphs and trees
        /// it was made from and the texts of the files their symbols are declared in: a
        /// later edit of doc comments alone is read from the files
        /// (``DocCommentEdit``) and only its pages are made again.
        var reference: Build.MadeReference?
        /// The link checks' findings, kept by an edit of doc comments alone (the pages' links are the same).
        var links: Build.LinkFindings?
    }

    /// A session that has built nothing yet.
    public init(_ settings: BuildSettings) {
        self.settings = settings
    }

    /// Builds the site once, as `galley build` does: everything, into the output folder.
    ///
    /// ```swift
    /// let report = try BuildSession.build(BuildSettings(layout: SiteLayout(root: projectURL)))
    /// print(report.summary)   // Built 12 pages in 0.31 s → public/
    /// ```
    public static func build(_ settings: BuildSettings) throws(BuildFailure) -> BuildReport {
        var session = BuildSession(settings)
        session.isOneShot = true
        return try session.build(.all)
    }

    /// What the preview watches besides the content and templates folders
    /// and `galley.yml`: the sample library's sources and the folders the
    /// pages come from (a package's catalogs and `Snippets/`), as the last
    /// successful build's configuration names them, else as `galley.yml`
    /// (or the package's defaults) does now.
    public var watchedFolders: SiteChanges.Folders {
        let configuration = state?.configuration ?? (try? loadedConfiguration()) ?? settings.defaultConfiguration
        return SiteChanges.Folders(
            library: SampleVerification.librarySources(configuration: configuration, layout: settings.layout),
            pages: settings.pageSource(configuration, settings.layout).watchedFolders
        )
    }

    private func loadedConfiguration() throws(Diagnostic) -> SiteConfiguration {
        let layout = settings.layout
        return settings.applied(
            to: try SiteConfiguration.load(
                from: layout.configurationFile, displayPath: layout.displayPath(of: layout.configurationFile),
                defaults: settings.defaultConfiguration))
    }

    /// Builds what `changes` (and the changes of failed builds since the last
    /// success) affect, or everything the first time.
    public mutating func build(_ changes: SiteChanges = .all) throws(BuildFailure) -> BuildReport {
        let all = pending.union(changes)
        do {
            var build = Build(settings: settings, changes: all, written: state, keepsState: !isOneShot)
            let report = try build.run()
            state = build.next
            pending = SiteChanges()
            return report
        } catch {
            pending = all
            throw error
        }
    }
}

/// One build of a ``BuildSession``: its stages and what they hand on.
///
/// Every problem is collected before the build gives up: one page's (or the
/// theme's) problem never hides another's, and the samples of every page
/// that could be read are still verified.
struct Build {
    let settings: BuildSettings
    let changes: SiteChanges
    /// What is on disk: later builds write the difference from it, even when they recompute everything.
    let written: BuildSession.State?
    /// What may be reused: nothing when everything or the configuration changed.
    let previous: BuildSession.State?
    let start: ContinuousClock.Instant
    /// Whether a later build of the session may follow, and reuses what this one produced.
    let keepsState: Bool

    var errors: [Diagnostic] = []
    /// Broken links a preview renders anyway (``BuildSettings/previewsFailingSamples``), reported with its failing samples.
    var previewProblems: [Diagnostic] = []
    /// The paths of the standard library's symbols, when a symbol link
    /// needed them: the renderer links those links to Apple's pages for them.
    var standardLibraryPaths: [[String]]?
    var next: BuildSession.State?
    /// The library's files changed in their doc comments alone, read from
    /// them (a preview's edit): the library is not built again, and only the
    /// reference pages that changed are rendered.
    var commentEdit: DocCommentEdit.Applied?
    /// The reference pages a ``commentEdit`` changed (or whose listings' verdicts it may have), by URL.
    var editedReferencePages: Set<String> = []

    /// Whether the library is built again and every sample verified: its
    /// sources changed in more than doc comments.
    var rebuildsLibrary: Bool { changes.library && commentEdit == nil }

    init(settings: BuildSettings, changes: SiteChanges, written: BuildSession.State?, keepsState: Bool = true) {
        self.settings = settings
        self.changes = changes
        self.keepsState = keepsState
        self.written = written
        self.previous = (changes.everything || changes.configuration) ? nil : written
        self.start = ContinuousClock.now
    }

    var layout: SiteLayout { settings.layout }

    mutating func run() throws(BuildFailure) -> BuildReport {
        let configuration = try loadConfiguration()
        try guardOutput(configuration)
        let templates = loadTheme(configuration)
        // Pages that need nothing of the site are rendered as they are parsed.
        let source = settings.pageSource(configuration, layout).prerendering(allowsRawHTML: configuration.allowsRawHTML)
        let (content, changedSources) = try loadPages(from: source)
        // The library is built (or kept from the last build) before the pages that need its symbol graphs.
        if changes.library, let previous, let reference = previous.reference, !reference.graphs.isEmpty,
            configuration.verification.docComments != .all
        {
            let files = Set(changes.libraryFiles.map { RealPath.of($0) ?? $0 })
            commentEdit = DocCommentEdit.apply(files: files, sources: reference.librarySources, to: reference.graphs)
        }
        var preparation = rebuildsLibrary ? nil : previous?.preparation
        let reference = makeReference(content.pages, configuration: configuration, preparation: &preparation)
        if let threshold = settings.coverageThreshold {
            errors += Self.coverageFailure(reference.coverage, threshold: threshold)
        }
        // The pages the build makes (404, all pages, the API reference) join the site before its navigation and link check;
        // a catalog's extension file of a symbol is at its reference page's address (the loaded pages stay as loaded, for the next build).
        let pages = GeneratedPages.adding(to: (reference.catalogPages ?? content.pages) + reference.pages)
        let navigation = Navigation(pages: pages)
        let files = collectFiles(content, source: source, templates: templates)
        // An edit of doc comments alone changes no page's links: the last build's findings hold.
        var links = commentEdit == nil ? nil : previous?.links
        var checker: LinkChecker?
        if links == nil {
            // One checker for the links between pages and for the symbol links (its tables are built once).
            let made = LinkChecker(pages: pages, files: Set(files.copied.keys).union(files.builtInAssets.keys), unreadable: content.unreadable)
            links = LinkFindings(
                pageLinks: checkSite(content, checker: made, files: files, templates: templates, configuration: configuration, source: source))
            checker = made
        }
        let pageLinks = links?.pageLinks ?? []
        // Every page's warnings, gathered once.
        let pageWarnings = content.warnings
        var verified = try verifySamples(
            navigation, changedSources: changedSources, configuration: configuration, warnings: pageWarnings + reference.warnings,
            preparation: preparation)
        if let checker {
            links?.symbolLinks = checkSymbolLinks(content, checker: checker, configuration: configuration, preparation: &verified.preparation)
        }
        let symbolLinks = links?.symbolLinks ?? (errors: [], warnings: [], notes: [])
        // Broken links and anchors go through the baseline like sample failures (an unedited
        // package's docs can be adopted with them recorded); those it does not list fail the build.
        verified.report.problems += pageLinks + symbolLinks.errors
        let baseline = try applyBaseline(to: &verified, warnings: pageWarnings)
        let brokenLinks = Set(pageLinks + symbolLinks.errors)
        if settings.previewsFailingSamples {
            previewProblems += verified.report.problems.filter { brokenLinks.contains($0) }
        } else {
            errors += verified.report.problems.filter { brokenLinks.contains($0) }
        }
        verified.report.problems.removeAll { brokenLinks.contains($0) }
        // Known broken links are counted apart: the samples' summary counts samples.
        let knownBrokenLinks = verified.report.knownProblems.filter { brokenLinks.contains($0) }
        verified.report.knownProblems.removeAll { brokenLinks.contains($0) }
        // A preview renders failing samples, marked on their pages; a build refuses to publish them.
        let sampleFailures = settings.previewsFailingSamples ? [] : Self.sampleFailures(verified.report)
        guard errors.isEmpty, sampleFailures.isEmpty, let templates else {
            var failure = BuildFailure(errors, sampleFailures: sampleFailures)
            failure.verification = verified.report.succeeded ? nil : verified.report
            failure.warnings = pageWarnings + reference.warnings + symbolLinks.warnings + verified.report.warnings + baseline.warnings
            failure.notes = baseline.notes + symbolLinks.notes + reference.notes
            throw failure
        }
        let staging = try openStaging()
        let rendered = renderSite(
            navigation, toVerify: verified.pages, report: verified.report, templates: templates, configuration: configuration,
            writingTo: staging
        )
        var generated = rendered.generated
        // Compared byte for byte with what is on disk like the pages, so they are rewritten only when they change.
        generated.merge(files.builtInAssets) { _, asset in asset }
        try writeOutput(generated: generated, copied: files.copied, staging: staging)

        var pagesBySource: [String: Page] = [:]
        for page in content.pages { pagesBySource[page.sourcePath] = page }
        next =
            !keepsState
            ? nil
            : BuildSession.State(
                configuration: configuration, templates: templates, pages: pagesBySource, navigationKey: rendered.navigationKey,
                results: verified.results, problems: verified.problems, compilerVersion: verified.report.compilerVersion,
                preparation: verified.preparation, generated: generated, copied: files.copied,
                listingFiles: verified.listingFiles, docCommentModules: verified.report.docCommentModules,
                reference: reference, links: links
            )
        var report = BuildReport(
            pageCount: navigation.pages.count, verification: verified.report,
            fileCount: generated.count + rendered.writtenOnly + files.copied.count,
            duration: ContinuousClock.now - start, outputDisplayPath: layout.displayPath(of: layout.outputDirectory)
        )
        report.renderedPageCount = rendered.pageCount
        let root = FolderPath.resolvingLinks(layout.root.path)
        report.editedDocCommentFiles = (commentEdit?.files ?? []).map { root?.relativePath(of: $0) ?? $0 }
        report.verifiedPageCount = verified.pages.count
        report.warnings = pageWarnings + reference.warnings + symbolLinks.warnings + verified.report.warnings + baseline.warnings
        report.notes = baseline.notes + symbolLinks.notes + reference.notes
        report.knownBrokenLinks = knownBrokenLinks
        report.coverage = reference.coverage
        if settings.previewsFailingSamples {
            report.previewProblems = Diagnostic.sorted(previewProblems)
            for page in navigation.pages {
                report.pageURLs[page.displayPath] = page.url
                for snippet in page.snippets.values where report.pageURLs[snippet.path] == nil { report.pageURLs[snippet.path] = page.url }
            }
        }
        if !keepsState { OneShotPages.keep(content.pages) }
        return report
    }

    // MARK: - Stages

    /// `galley.yml`, or the previous build's when it did not change.
    func loadConfiguration() throws(BuildFailure) -> SiteConfiguration {
        if let previous { return previous.configuration }
        do {
            return settings.applied(
                to: try SiteConfiguration.load(
                    from: layout.configurationFile, displayPath: layout.displayPath(of: layout.configurationFile),
                    defaults: settings.defaultConfiguration))
        } catch {
            throw BuildFailure([error])
        }
    }

    /// Before any work: a build must never get as far as replacing the
    /// project, and a first build never replaces a folder Galley did not write.
    func guardOutput(_ configuration: SiteConfiguration) throws(BuildFailure) {
        let libraryPackage =
            configuration.verification.products.isEmpty
            ? nil : SampleVerification.packageDirectory(configuration: configuration, layout: layout)
        do {
            try OutputFolderGuard.check(layout: layout, libraryPackage: libraryPackage)
            if written == nil {
                try OutputWriter(directory: layout.outputDirectory, displayPath: layout.displayPath(of: layout.outputDirectory)).checkReplaceable()
            }
        } catch {
            throw BuildFailure([error])
        }
    }

    /// The theme: `templates/` over the built-in one; `nil` (with the errors recorded) when it cannot be read.
    mutating func loadTheme(_ configuration: SiteConfiguration) -> TemplateSet? {
        if let previous, !changes.templates { return previous.templates }
        do {
            return try TemplateSet.load(
                from: layout.templatesDirectory, displayPath: layout.displayPath(of: layout.templatesDirectory),
                requiresDirectory: layout.requiresTemplatesDirectory,
                containment: configuration.containment(layout: layout)
            )
        } catch {
            errors += error.diagnostics
            return nil
        }
    }

    /// The pages, re-parsing only those that changed; and the source paths of those that did.
    mutating func loadPages(from source: any PageSource) throws(BuildFailure) -> (LoadedContent, Set<String>) {
        let changedSources = Set(
            (previous?.pages.keys).map { keys in
                keys.filter { key in changes.content.contains { RelativePath.is(key, inside: $0) } }
            } ?? [])
        let content: LoadedContent
        do {
            content = try source.load(reusing: previous?.pages ?? [:], changed: changedSources)
        } catch {
            throw BuildFailure(error.diagnostics)
        }
        errors += content.problems
        settings.pagesLoaded(content)
        return (content, changedSources)
    }

    /// The files that are not pages: the source's assets and the theme's
    /// (a site's theme files are copied; the built-in theme's are bytes).
    func collectFiles(_ content: LoadedContent, source: any PageSource, templates: TemplateSet?) -> SiteFiles {
        var files = SiteFiles()
        for asset in content.assets { files.copied[asset] = source.assetFile(asset) }
        for (asset, origin) in templates?.assets ?? [:] {
            switch origin {
            case .file(let url): files.copied["assets/\(asset)"] = url
            case .builtIn(let data): files.builtInAssets["assets/\(asset)"] = data
            }
        }
        return files
    }

    /// The error of a documentation coverage below `threshold` percent
    /// (`--coverage-threshold`), or of a build that makes no reference to measure.
    static func coverageFailure(_ coverage: DocumentationCoverage?, threshold: Double) -> [Diagnostic] {
        guard let coverage else {
            return [
                Diagnostic(
                    "--coverage-threshold needs the API reference, which this build does not make",
                    suggestion: "Run galley build in the root of a Swift package with library targets, or drop --coverage-threshold")
            ]
        }
        guard coverage.percent < threshold else { return [] }
        let least = coverage.modules.filter { $0.percent < threshold }.map { "\($0.name) \(DocumentationCoverage.percent($0.percent))" }
        return [
            Diagnostic(
                "documentation coverage is \(DocumentationCoverage.percent(coverage.percent)), below the threshold of \(DocumentationCoverage.percent(threshold))"
                    + (least.isEmpty ? "" : " (below it: \(least.joined(separator: ", ")))"),
                suggestion: "Write doc comments for the symbols `galley build --coverage` lists, or lower --coverage-threshold")
        ]
    }

    /// The favicon, and files that clash with the theme's; returns the
    /// broken links and anchors between pages (which go through the baseline).
    mutating func checkSite(
        _ content: LoadedContent, checker: LinkChecker, files: SiteFiles, templates: TemplateSet?,
        configuration: SiteConfiguration, source: any PageSource
    ) -> [Diagnostic] {
        if templates != nil, files.copied[configuration.favicon] == nil, files.builtInAssets[configuration.favicon] == nil {
            errors.append(
                Diagnostic(
                    "the favicon '\(configuration.favicon)' is not a file of the site",
                    at: SourceLocation(path: layout.displayPath(of: layout.configurationFile)),
                    suggestion: "Put the icon in content/ (e.g. content/images/icon.png) and write `favicon: images/icon.png`"
                ))
        }
        let themeClashes = Set(content.assets).intersection(templates?.assets.keys.map { "assets/\($0)" } ?? [])
        errors += themeClashes.sorted().map {
            Diagnostic(
                "'\(source.displayPath)/\($0)' has the same path as a theme asset",
                at: SourceLocation(path: "\(source.displayPath)/\($0)"),
                suggestion: "Move it out of content/assets/ (to replace the theme's file, put it in templates/assets/)"
            )
        }
        // They go through the baseline; a preview renders their pages (the links shown as text), as pages whose samples fail.
        return checker.check()
    }

    /// DocC's links to symbols (` ``Type/member`` `, `<doc:Symbol>`, DocC URL
    /// paths such as `./module/type`) that name no page of the site, judged
    /// against their modules' symbol graphs (extracted once per built
    /// library): a symbol that exists is a warning (shown without a link), a
    /// link to nothing an error. Returns the errors, the warnings and a note of the counts.
    mutating func checkSymbolLinks(
        _ content: LoadedContent, checker: LinkChecker, configuration: SiteConfiguration, preparation: inout Verifier.Preparation?
    ) -> (errors: [Diagnostic], warnings: [Diagnostic], notes: [String]) {
        let references = checker.symbolReferences()
        guard !references.isEmpty else { return ([], [], []) }
        var symbols: SymbolIndex?
        let unresolved = references.filter { $0.linkedPage == nil }
        if !unresolved.isEmpty, !configuration.verification.products.isEmpty {
            var names: [String: String] = [:]
            for page in content.pages {
                if let module = page.catalogModule { names[module.lowercased()] = module }
            }
            let verification = SampleVerification(configuration: configuration, layout: layout, useCache: settings.usesCache)
            var paths: [String: [[String]]] = [:]
            var unavailable: [String: String] = [:]
            var store: SymbolGraphStore?
            for module in Set(unresolved.map { $0.module.lowercased() }).sorted() {
                guard let name = names[module] else { continue }
                do throws(Diagnostic) {
                    let graphs: SymbolGraphStore
                    if let store {
                        graphs = store
                    } else {
                        graphs = verification.verifier.symbolGraphs(try verification.verifier.ensurePrepared(&preparation))
                        store = graphs
                    }
                    paths[name] = try graphs.symbolPaths(of: name)
                } catch {
                    unavailable[name] = error.message
                }
            }
            symbols = SymbolIndex(symbols: paths, unavailable: unavailable)
            // Links to nothing of the module may name the standard library's symbols (``InlineArray``),
            // which exist though DocC does not link them either: its graph is read only then.
            if standardLibraryPaths == nil, checker.judge(references, symbols: symbols, external: configuration.externalDocumentation).broken > 0 {
                standardLibraryPaths = try? store?.symbolPaths(of: "Swift")
            }
            if let swift = standardLibraryPaths {
                paths["Swift"] = swift
                symbols = SymbolIndex(symbols: paths, unavailable: unavailable)
            }
        }
        let judgement = checker.judge(references, symbols: symbols, external: configuration.externalDocumentation)
        let broken = judgement.diagnostics.filter { $0.severity != .warning }
        var warnings = judgement.diagnostics.filter { $0.severity == .warning }
        for (module, reason) in (symbols?.unavailable ?? [:]).sorted(by: { $0.key < $1.key }) {
            warnings.append(.warning("the symbol links of \(module)'s catalog were not checked: \(reason)"))
        }
        return (broken, warnings, [judgement.summary])
    }

    /// The API reference of the package's library modules (``SymbolPages``),
    /// and DocC's addresses of the articles of `pages`, when the site is a
    /// package's (``BuildSettings/makesReference``), made
    /// from their symbol graphs (the library is built first, and kept in
    /// `preparation` for the samples). A module whose graph cannot be read
    /// has no reference, with a warning; the build goes on.
    ///
    /// After an edit of doc comments alone (``commentEdit``), the pages are
    /// made from the edited graphs, and ``editedReferencePages`` names those
    /// that changed.
    mutating func makeReference(
        _ pages: [Page], configuration: SiteConfiguration, preparation: inout Verifier.Preparation?
    ) -> MadeReference {
        let modules = configuration.verification.modules
        guard settings.makesReference, !modules.isEmpty else { return MadeReference() }
        let verification = SampleVerification(configuration: configuration, layout: layout, useCache: settings.usesCache)
        let prepared: Verifier.Preparation
        do throws(Diagnostic) {
            prepared = try verification.verifier.ensurePrepared(&preparation)
        } catch {
            return MadeReference(warnings: [.warning("the API reference was not made: \(error.message)")])
        }
        let root = SampleVerification.packageDirectory(configuration: configuration, layout: layout).resolvingSymlinksInPath().path
        var warnings: [Diagnostic] = []
        let symbols: [Page]
        // A preview keeps the graphs and its files' texts for the next edit; a one-time build frees the graphs early.
        var made = MadeReference()
        let makePages = { (graphs: [ModuleSymbolGraph], trees: [DocCPages], only: Set<String>?, parentsOf: Set<String>) in
            SymbolPages.pages(
                for: graphs, trees: trees, sourceLinks: configuration.sourceURL.map { SymbolPages.SourceLinks(prefix: $0, root: root) },
                external: configuration.externalDocumentation, root: RealPath.of(root) ?? root, folder: configuration.referencePath,
                only: only, parentsOf: parentsOf)
        }
        if let edit = commentEdit, let before = previous?.reference {
            // An edit of doc comments alone: its symbols' pages (and their parents') are made again in the last build's reference.
            if let patched = patched(before, edit: edit, root: RealPath.of(root) ?? root, makePages: makePages) { return patched }
        }
        if let edit = commentEdit {
            // An edited symbol has a catalog's extension file: the whole reference is made again from the edited graphs.
            let trees = SymbolPages.trees(for: edit.graphs, folder: configuration.referencePath)
            symbols = makePages(edit.graphs, trees, nil, [])
            (made.graphs, made.trees, made.librarySources) = (edit.graphs, trees, edit.sources)
            editedReferencePages = Set(symbols.map(\.url))
        } else if let kept = previous?.reference?.symbolPages, kept.fingerprint == prepared.library.graphFingerprint {
            // A preview's rebuild with the same library keeps the pages of the last build (the graphs are not read again).
            symbols = kept.pages
            (made.graphs, made.trees, made.librarySources) = (
                previous?.reference?.graphs ?? [], previous?.reference?.trees ?? [], previous?.reference?.librarySources ?? [:]
            )
        } else {
            let store = verification.verifier.symbolGraphs(prepared)
            var graphs: [ModuleSymbolGraph] = []
            var unbuilt: [String] = []
            let documented = configuration.verification.referenceModules.isEmpty ? modules : configuration.verification.referenceModules
            // The graphs are read (or extracted) on all cores: a large package's are tens of megabytes of JSON.
            let loaded = Concurrently.map(documented) { module -> Result<ModuleSymbolGraph, Diagnostic> in
                do throws(Diagnostic) { return .success(try store.graph(of: module)) } catch { return .failure(error) }
            }
            for (module, result) in zip(documented, loaded) {
                switch result {
                case .success(let graph): graphs.append(graph)
                case .failure(let error):
                    // A target no product holds is not built with the library: built now, its graph read again.
                    if modules.contains(module) {
                        warnings.append(.warning("the API reference of \(module) was not made: \(error.message)"))
                    } else {
                        unbuilt.append(module)
                    }
                }
            }
            graphs += builtTargets(unbuilt, configuration: configuration, prepared: prepared, store: store, warnings: &warnings)
            settings.progress("Making the API reference of \(graphs.count) module\(graphs.count == 1 ? "" : "s")…")
            let trees = SymbolPages.trees(for: graphs, folder: configuration.referencePath)
            symbols = makePages(graphs, trees, nil, [])
            if keepsState { (made.graphs, made.trees, made.librarySources) = (graphs, trees, DocCommentEdit.sources(of: graphs)) }
        }
        // A catalog's extension file of a symbol takes the place of the symbol's page.
        // One resolver (6,000 pages for swift-collections) serves the merge and the doc comments' links; the reference's pages
        // come first, so a symbol's link names its page of the reference, which an extension file may take the place of.
        let resolver = DocLinkResolver(pages: symbols + pages)
        let merged = SymbolPages.merging(catalogPages: pages, reference: symbols, resolver: resolver)
        // The catalogs' articles stay where Galley puts them; DocC's addresses for them send the reader there.
        let redirects = SymbolPages.articleRedirects(for: pages)
        made.symbolPages = (prepared.library.graphFingerprint, symbols)
        guard !symbols.isEmpty else {
            (made.pages, made.warnings) = (redirects, warnings)
            return made
        }
        // The doc comments' symbol links, resolved as the renderer resolves them (the standard library's symbols read when one needs them).
        let commentLinks = SymbolPages.commentLinks(in: merged.catalogPages + merged.reference)
        let external = configuration.externalDocumentation
        var links = SymbolPages.judgeCommentLinks(commentLinks, resolver: resolver, external: external, standardLibrary: nil)
        if !links.unresolved.isEmpty {
            if standardLibraryPaths == nil { standardLibraryPaths = try? verification.verifier.symbolGraphs(prepared).symbolPaths(of: "Swift") }
            let standardLibrary = standardLibraryPaths.map { SymbolIndex(symbols: ["Swift": $0]) }
            links = SymbolPages.judgeCommentLinks(commentLinks, resolver: resolver, external: external, standardLibrary: standardLibrary)
            warnings += SymbolPages.warnings(forUnresolved: links.unresolved)
        }
        let documented = Set(symbols.compactMap { $0.catalogModule ?? $0.title })
        let folder = configuration.referencePath
        let place = documented.count == 1 ? "\(folder)/\(documented.first!.lowercased())/…" : "\(folder)/…"
        var note = "API reference: \(symbols.count) page\(symbols.count == 1 ? "" : "s") "
        note += folder == "documentation" ? "at DocC's addresses (\(place))" : "at DocC's paths under \(folder)/ (\(place))"
        if !redirects.isEmpty {
            note +=
                ", \(redirects.count) article\(redirects.count == 1 ? "'s address" : "s' addresses") sent on to \(redirects.count == 1 ? "it" : "them")"
        }
        let count = merged.catalogPages.count { $0.referenceFrame != nil }
        if count > 0 {
            note += "; \(count) catalog extension file\(count == 1 ? "" : "s") shown on \(count == 1 ? "its symbol's page" : "their symbols' pages")"
        }
        let coverage = DocumentationCoverage(pages: symbols)
        (made.pages, made.catalogPages, made.warnings) = (merged.reference + redirects, merged.catalogPages, warnings)
        (made.notes, made.coverage) = ([note, links.summary, coverage.summary], coverage)
        return made
    }

    /// What ``makeReference(_:configuration:preparation:)`` made.
    struct MadeReference {
        /// The reference's pages, with the redirects from the former
        /// addresses of the extension files that took symbols' places.
        var pages: [Page] = []
        /// The loaded pages with those extension files moved; `nil` when nothing was made.
        var catalogPages: [Page]?
        /// Warnings: modules without a reference, doc comments' links.
        var warnings: [Diagnostic] = []
        /// Counts, doc comments' links, coverage.
        var notes: [String] = []
        /// The symbol pages to keep for the next build, and the graphs' key.
        var symbolPages: (fingerprint: String, pages: [Page])?
        var coverage: DocumentationCoverage?
        /// For a preview's next build: the graphs, their pages' trees, and
        /// their files' texts (``BuildSession/State/reference``).
        var graphs: [ModuleSymbolGraph] = []
        var trees: [DocCPages] = []
        var librarySources: [String: String] = [:]
    }

    /// The findings of the link checks: between pages, and the symbol links.
    struct LinkFindings {
        var pageLinks: [Diagnostic]
        var symbolLinks: (errors: [Diagnostic], warnings: [Diagnostic], notes: [String]) = ([], [], [])
    }

    /// `before` (the last build's reference) with the pages of `edit`'s
    /// symbols and of their parents made again from the edited graphs, and
    /// ``editedReferencePages`` naming those that changed or show the edited
    /// files' listings; `nil` when one of those pages is a catalog's extension
    /// file's (merged with its catalog page: the reference is made again).
    private mutating func patched(
        _ before: MadeReference, edit: DocCommentEdit.Applied, root: String,
        makePages: ([ModuleSymbolGraph], [DocCPages], Set<String>?, Set<String>) -> [Page]
    ) -> MadeReference? {
        guard let symbolPages = before.symbolPages, before.trees.count == edit.graphs.count else { return nil }
        let trees = zip(before.trees, edit.graphs).map { tree, graph in
            edit.modules.contains(graph.moduleName) ? tree.replacingSymbols(edit.symbols) : tree
        }
        let remade = makePages(edit.graphs, trees, Set(edit.symbols.keys), edit.abstractsChanged)
        var made = before
        var symbols = symbolPages.pages
        var atURL: [String: Int] = [:]
        for (index, page) in made.pages.enumerated() { atURL[page.url] = index }
        var symbolAtURL: [String: Int] = [:]
        for (index, page) in symbols.enumerated() { symbolAtURL[page.url] = index }
        var changed: Set<String> = []
        for page in remade {
            guard let index = atURL[page.url], let symbolIndex = symbolAtURL[page.url] else { return nil }
            if made.pages[index].document.source != page.document.source { changed.insert(page.url) }
            made.pages[index] = page
            symbols[symbolIndex] = page
        }
        // The pages that show the edited files' listings (a code block besides the declaration), whose verdicts may have changed.
        let files = Set(edit.files)
        for page in made.pages + (made.catalogPages ?? []) {
            if let comment = page.symbolParts?.comment ?? page.referenceFrame?.comment, files.contains(root + "/" + comment.path),
                page.document.codeBlocks.count > 1
            {
                changed.insert(page.url)
            }
        }
        made.symbolPages = (symbolPages.fingerprint, symbols)
        (made.graphs, made.trees, made.librarySources) = (edit.graphs, trees, edit.sources)
        let coverage = DocumentationCoverage(pages: symbols)
        made.coverage = coverage
        if !made.notes.isEmpty { made.notes[made.notes.count - 1] = coverage.summary }
        editedReferencePages = changed
        return made
    }

    /// The graphs of the library targets in `names`, which no product holds,
    /// after building them (with the library's traits, so that the products'
    /// build stays as it is); a target that does not build or whose graph
    /// cannot be read is left out of the reference with a warning.
    func builtTargets(
        _ names: [String], configuration: SiteConfiguration, prepared: Verifier.Preparation, store: SymbolGraphStore,
        warnings: inout [Diagnostic]
    ) -> [ModuleSymbolGraph] {
        guard !names.isEmpty else { return [] }
        let package = SampleVerification.packageDirectory(configuration: configuration, layout: layout)
        do throws(Diagnostic) {
            try SampleLibrary.swiftBuild(
                package, products: [], targets: names, traits: configuration.verification.traits, toolchain: prepared.toolchain,
                log: settings.progress, what: "the targets no product exposes, for the API reference")
        } catch {
            warnings.append(.warning("the API reference of \(names.joined(separator: ", ")) was not made: \(error.message)"))
            return []
        }
        // Their modules are in the package's own build folder, beside the library's search paths.
        var library = prepared.library
        library.flags += ["-I", ScratchPath(package: package).debugFolder.appendingPathComponent("Modules").path]
        var targets = SymbolGraphStore(toolchain: prepared.toolchain, library: library, cache: store.cache)
        targets.prunesOtherBuilds = store.prunesOtherBuilds
        var graphs: [ModuleSymbolGraph] = []
        for name in names {
            do throws(Diagnostic) {
                graphs.append(try targets.graph(of: name))
            } catch {
                warnings.append(.warning("the API reference of \(name) was not made: \(error.message)"))
            }
        }
        return graphs
    }

    /// Verifies the samples of the pages that are new or changed; the others keep their verdicts.
    mutating func verifySamples(
        _ navigation: Navigation, changedSources: Set<String>, configuration: SiteConfiguration, warnings: [Diagnostic],
        preparation: Verifier.Preparation?
    ) throws(BuildFailure) -> VerifiedSamples {
        let previous = previous
        let reverifiesAll = previous == nil || rebuildsLibrary
        // A page the build makes (a module's reference page, the 404 page) is not new when the last build made it too.
        let made = Set(previous?.navigationKey ?? [])
        let stale: (Page) -> Bool = { page in
            reverifiesAll || changedSources.contains(page.sourcePath)
                || (previous?.pages[page.sourcePath] == nil && !made.contains("\(page.url)\t\(page.title)"))
        }
        let toVerify = navigation.pages.filter(stale)
        var verification = SampleVerification(configuration: configuration, layout: layout, useCache: settings.usesCache, hovers: .all)
        verification.verifier.progress = settings.progress
        // A package's reference shows its doc comments' listings with their verdicts: verified with the pages when
        // the library (whose sources hold them) is built again, else kept from the last build.
        let docComments = settings.makesReference ? configuration.verification.docComments : .none
        // An edit of doc comments alone verifies the listings again (those of unchanged comments are cached), the edited
        // modules' comments read from their files.
        let readsListings = reverifiesAll || commentEdit != nil
        if docComments != .none, readsListings {
            verification.docCommentModules = configuration.verification.modules
            verification.docCommentScope = docComments
            for graph in commentEdit?.graphs ?? [] where commentEdit?.modules.contains(graph.moduleName) == true {
                verification.docCommentOverrides[graph.moduleName] = SymbolGraphStore.docComments(in: graph)
            }
        }
        var preparation = preparation
        let fresh: VerificationReport
        do {
            fresh = try verification.verify(toVerify, preparation: &preparation)
        } catch {
            var failure = BuildFailure(errors + [error])
            failure.warnings = warnings
            throw failure
        }
        var verified = VerifiedSamples(pages: toVerify, preparation: preparation)
        for page in navigation.pages where !stale(page) {
            verified.results[page.displayPath] = previous?.results[page.displayPath] ?? []
            verified.problems[page.displayPath] = previous?.problems[page.displayPath] ?? []
        }
        for page in toVerify {
            // A page's results include those of the snippet files it shows.
            let paths = Set([page.displayPath] + page.snippets.values.map(\.path))
            verified.results[page.displayPath] = fresh.results.filter { paths.contains($0.sample.page) }
            verified.problems[page.displayPath] = fresh.problems.filter { $0.location.map { paths.contains($0.path) } ?? false }
        }
        // The doc comments' listings, by their Swift file.
        var listingFiles: [String] = []
        if docComments != .none {
            if readsListings {
                for result in fresh.results where result.sample.isDocCommentListing {
                    if verified.results[result.sample.page] == nil { listingFiles.append(result.sample.page) }
                    verified.results[result.sample.page, default: []].append(result)
                }
                let files = Set(listingFiles)
                for problem in fresh.problems {
                    guard let path = problem.location?.path, files.contains(path) else { continue }
                    verified.problems[path, default: []].append(problem)
                }
            } else if let previous {
                listingFiles = previous.listingFiles
                for file in listingFiles {
                    verified.results[file] = previous.results[file] ?? []
                    verified.problems[file] = previous.problems[file] ?? []
                }
            }
        }
        verified.listingFiles = listingFiles
        // A snippet two pages show is one sample: reported once.
        var reported: Set<String> = []
        var reportedProblems: Set<Diagnostic> = []
        let reportedPaths = navigation.pages.map(\.displayPath) + listingFiles
        verified.report = VerificationReport(
            results: reportedPaths.flatMap { verified.results[$0] ?? [] }.filter { reported.insert($0.sample.id).inserted },
            problems: reportedPaths.flatMap { verified.problems[$0] ?? [] }.filter { reportedProblems.insert($0).inserted },
            compilerVersion: fresh.compilerVersion ?? previous?.compilerVersion,
            duration: fresh.duration, compiledPrograms: fresh.compiledPrograms, mergedPrograms: fresh.mergedPrograms
        )
        verified.report.sandboxed = fresh.sandboxed
        verified.report.docCommentModules = readsListings ? fresh.docCommentModules : previous?.docCommentModules
        return verified
    }

    /// With `--baseline`: today's failures recorded when asked, then listed
    /// failures marked known (shown on their pages as such, not failing the
    /// build) and listed samples that pass now turned into failures. Only the
    /// report changes: the verdicts kept for the next build stay as verified.
    func applyBaseline(to verified: inout VerifiedSamples, warnings: [Diagnostic]) throws(BuildFailure) -> BaselineStep.Outcome {
        guard let path = settings.baseline else { return BaselineStep.Outcome(report: verified.report) }
        do {
            let outcome = try BaselineStep(path: path, records: settings.recordsBaseline, layout: layout).apply(to: verified.report)
            verified.report = outcome.report
            return outcome
        } catch {
            var failure = BuildFailure(errors + [error])
            failure.warnings = warnings
            throw failure
        }
    }

    /// A first build's staging folder, opened (under the output lock) before
    /// rendering so that each page is written as soon as it is rendered;
    /// `nil` for a later build, which changes the output file by file.
    func openStaging() throws(BuildFailure) -> OutputWriter.Staging? {
        guard written == nil else { return nil }
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
    func renderSite(
        _ navigation: Navigation, toVerify: [Page], report: VerificationReport, templates: TemplateSet,
        configuration: SiteConfiguration, writingTo staging: OutputWriter.Staging?
    ) -> RenderedSite {
        let navigationKey = navigation.pages.map { "\($0.url)\t\($0.title)" }
        let rendersAll = previous == nil || changes.templates || rebuildsLibrary || navigationKey != previous?.navigationKey
        // The generated pages (404, all pages) show the whole site: rendered whenever everything is.
        // An edit of doc comments renders the reference pages it changed.
        let edited = editedReferencePages.isEmpty ? [] : (navigation.pages + navigation.unlisted).filter { editedReferencePages.contains($0.url) }
        let toRender = rendersAll ? navigation.pages + navigation.unlisted : toVerify + edited
        let renderer = PageRenderer(
            templates: templates, configuration: configuration, navigation: navigation,
            standardLibrary: standardLibraryPaths.map { SymbolIndex(symbols: ["Swift": $0]) })
        var generated: [String: Data] = [:]
        if let previous, !rendersAll {
            for page in navigation.pages + navigation.unlisted { generated[page.url] = previous.generated[page.url] }
            generated[Sitemap.path] = previous.generated[Sitemap.path]
        }
        // Pages on all cores; each written into the staging folder on the thread that rendered it,
        // and, in a build no other follows, dropped then: its memory serves the next page.
        let keepsPages = keepsState || staging == nil
        // Each page's verdicts, and a reference page's doc comment's listings (by its file), looked up once.
        let resultsByPage = Dictionary(grouping: report.results, by: \.sample.page)
        let pages = Concurrently.map(toRender) { page -> (String, Data?) in
            let listings = (page.symbolParts?.comment ?? page.referenceFrame?.comment).flatMap { resultsByPage[$0.path] } ?? []
            let results = resultsByPage[page.displayPath] ?? []
            let html = Data(
                renderer.render(
                    page,
                    codeBlockHTML: SampleHTML.codeBlockHTML(for: page, report: report, results: results, listings: listings),
                    snippetResult: { path in resultsByPage[path]?.first },
                    footer: SampleHTML.footer(for: page, report: report, results: results),
                    commentListings: listings
                ).utf8)
            staging?.add(page.url, html, keepingBytes: keepsPages)
            return (page.url, keepsPages ? html : nil)
        }
        var writtenOnly: [String] = []
        for (url, html) in pages {
            if let html { generated[url] = html } else { writtenOnly.append(url) }
        }
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

    /// The first build finishes the staging folder (the files not written
    /// yet, one flush, the swap); later ones replace only the files whose
    /// bytes or sources changed.
    func writeOutput(generated: [String: Data], copied: [String: URL], staging: OutputWriter.Staging?) throws(BuildFailure) {
        let writer = OutputWriter(directory: layout.outputDirectory, displayPath: layout.displayPath(of: layout.outputDirectory))
        do throws(Diagnostic) {
            if let written {
                var changed: [OutputFile] = []
                for (path, data) in generated.sorted(by: { $0.key < $1.key }) where written.generated[path] != data {
                    changed.append(OutputFile(path: path, content: .data(data)))
                }
                let templates = FolderPath(layout.templatesDirectory)
                for (path, source) in copied.sorted(by: { $0.key < $1.key }) {
                    let isTheme = path.hasPrefix("assets/") && templates.contains(source.path)
                    let touched =
                        changes.everything || written.copied[path] != source
                        || (isTheme ? changes.templates : changes.content.contains { RelativePath.is(path, inside: $0) })
                    if touched { changed.append(.copy(path, from: source)) }
                }
                let removed = Set(written.generated.keys).union(written.copied.keys)
                    .subtracting(generated.keys).subtracting(copied.keys)
                try writer.update(changed, removing: removed.sorted())
            } else {
                var files = generated.sorted { $0.key < $1.key }.map { OutputFile(path: $0.key, content: .data($0.value)) }
                files += copied.sorted { $0.key < $1.key }.map { OutputFile.copy($0.key, from: $0.value) }
                if let staging { try staging.finish(files) } else { try writer.write(files) }
            }
        } catch {
            throw BuildFailure([error])
        }
    }

    /// One error line per failed sample, for the failure's list.
    static func sampleFailures(_ report: VerificationReport) -> [Diagnostic] {
        report.failures.map { location, message, _ in
            Diagnostic("sample failed: " + (message.split(separator: "\n").first.map(String.init) ?? message), at: location)
        }
    }
}

/// The files of a site that are not rendered pages.
struct SiteFiles {
    /// Copied as they are, by output path.
    var copied: [String: URL] = [:]
    /// The built-in theme's assets, written as bytes.
    var builtInAssets: [String: Data] = [:]
}

/// What the verification stage hands on.
struct VerifiedSamples {
    /// The pages verified by this build.
    var pages: [Page]
    /// The built sample library, for the next build.
    var preparation: Verifier.Preparation?
    /// Every page's verdicts, fresh or kept.
    var results: [String: [SampleResult]] = [:]
    /// Every page's sample problems, fresh or kept.
    var problems: [String: [Diagnostic]] = [:]
    /// The Swift files whose doc comments' listings were verified (their results are under their paths).
    var listingFiles: [String] = []
    /// All of them as one report, in page order.
    var report = VerificationReport(results: [], problems: [], compilerVersion: nil, duration: .zero, compiledPrograms: 0, mergedPrograms: 0)
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
}
