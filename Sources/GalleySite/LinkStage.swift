import GalleyCore
import GalleyPackage
import GalleyProject
import GalleyRender
import GalleyVerify

/// The link checks: the favicon and files that clash with the theme's,
/// links and anchors between pages, and DocC's links to symbols judged
/// against the modules' symbol graphs. An edit of doc comments alone
/// changes no page's links: the last build's findings hold.
struct LinkStage {
    let context: BuildContext
    let configuration: SiteConfiguration
    /// The paths of the standard library's symbols, when a symbol link
    /// needed them (the reference's, or read here).
    private(set) var standardLibraryPaths: [[String]]?
    /// The checker of this build's pages, when they are checked (its tables are built once).
    private var checker: LinkChecker?

    init(context: BuildContext, configuration: SiteConfiguration, standardLibraryPaths: [[String]]?) {
        self.context = context
        self.configuration = configuration
        self.standardLibraryPaths = standardLibraryPaths
    }

    /// The favicon, files that clash with the theme's, and the links between
    /// `pages`, whose broken ones go through the baseline.
    mutating func checkPages(
        _ pages: [Page], content: LoadedContent, files: SiteFiles, templates: TemplateSet?, source: any PageSource
    ) -> LinkFindings {
        if context.commentEdit != nil, var kept = context.previous?.links {
            kept.siteErrors = []
            return kept
        }
        let checker = LinkChecker(pages: pages, files: Set(files.copied.keys).union(files.builtInAssets.keys), unreadable: content.unreadable)
        self.checker = checker
        var findings = LinkFindings(pageLinks: checker.check())
        let layout = context.layout
        if templates != nil, files.copied[configuration.favicon] == nil, files.builtInAssets[configuration.favicon] == nil {
            findings.siteErrors.append(
                Diagnostic(
                    "the favicon '\(configuration.favicon)' is not a file of the site",
                    at: SourceLocation(path: layout.displayPath(of: layout.configurationFile)),
                    suggestion: "Put the icon in content/ (e.g. content/images/icon.png) and write `favicon: images/icon.png`"
                ))
        }
        let themeClashes = Set(content.assets).intersection(templates?.assets.keys.map { "assets/\($0)" } ?? [])
        findings.siteErrors += themeClashes.sorted().map {
            Diagnostic(
                "'\(source.displayPath)/\($0)' has the same path as a theme asset",
                at: SourceLocation(path: "\(source.displayPath)/\($0)"),
                suggestion: "Move it out of content/assets/ (to replace the theme's file, put it in templates/assets/)"
            )
        }
        return findings
    }

    /// DocC's links to symbols (` ``Type/member`` `, `<doc:Symbol>`, DocC URL
    /// paths such as `./module/type`) that name no page of the site, judged
    /// against their modules' symbol graphs (extracted once per built
    /// library): a symbol that exists is a warning (shown without a link), a
    /// link to nothing an error. Nothing when the pages were not checked again.
    mutating func checkSymbols(_ findings: inout LinkFindings, content: LoadedContent, preparation: inout Verifier.Preparation?) {
        guard let checker else { return }
        let references = checker.symbolReferences()
        guard !references.isEmpty else { return }
        var symbols: SymbolIndex?
        let unresolved = references.filter { $0.linkedPage == nil }
        if !unresolved.isEmpty, !configuration.verification.products.isEmpty {
            var paths: [String: [[String]]] = [:]
            var unavailable: [String: String] = [:]
            let store = symbolPaths(of: unresolved, content: content, preparation: &preparation, paths: &paths, unavailable: &unavailable)
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
        findings.symbolLinks.errors = judgement.diagnostics.filter { $0.severity != .warning }
        var warnings = judgement.diagnostics.filter { $0.severity == .warning }
        for (module, reason) in (symbols?.unavailable ?? [:]).sorted(by: { $0.key < $1.key }) {
            warnings.append(.warning("the symbol links of \(module)'s catalog were not checked: \(reason)"))
        }
        findings.symbolLinks.warnings = warnings
        findings.symbolLinks.notes = [judgement.summary]
    }

    /// The symbol paths of the catalogs' modules that `unresolved` links
    /// name (the library built once for them); the graphs' store, once read.
    private func symbolPaths(
        of unresolved: [SymbolReference], content: LoadedContent, preparation: inout Verifier.Preparation?,
        paths: inout [String: [[String]]], unavailable: inout [String: String]
    ) -> SymbolGraphStore? {
        var names: [String: String] = [:]
        for page in content.pages {
            if let module = page.catalogModule { names[module.lowercased()] = module }
        }
        let verification = SampleVerification(configuration: configuration, layout: context.layout, useCache: context.settings.usesCache)
        var store: SymbolGraphStore?
        for module in Set(unresolved.map { $0.module.lowercased() }).sorted() {
            guard let name = names[module] else { continue }
            if let reason = context.settings.unverifiedReason {
                unavailable[name] = reason
                continue
            }
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
        return store
    }
}

/// The findings of the link checks: between pages, and the symbol links.
struct LinkFindings {
    /// Broken links and anchors between pages (they go through the baseline).
    var pageLinks: [Diagnostic]
    /// The symbol links: broken ones, ones shown without a link, and the counts.
    var symbolLinks: (errors: [Diagnostic], warnings: [Diagnostic], notes: [String]) = ([], [], [])
    /// The favicon and the files that clash with the theme's: errors of this build, never kept.
    var siteErrors: [Diagnostic] = []

    /// Every broken link, to take out of the samples' failures after the baseline.
    var brokenLinks: Set<Diagnostic> { Set(pageLinks + symbolLinks.errors) }
}
