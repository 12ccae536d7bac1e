import Foundation
import GalleyCore
import GalleyPackage
import GalleyProject
import GalleyReference
import GalleyVerify

/// The API reference of the package's library modules (``SymbolPages``),
/// and DocC's addresses of the catalogs' articles, when the site is a
/// package's (``BuildSettings/makesReference``), made from their symbol
/// graphs (the library is built first, and kept in the preparation for the
/// samples). A module whose graph cannot be read has no reference, with a
/// warning; the build goes on.
///
/// After an edit of doc comments alone (``BuildContext/commentEdit``), the
/// pages are made from the edited graphs, and ``editedPages`` names those
/// that changed.
struct ReferenceStage {
    let context: BuildContext
    /// The site's settings, their external documentation joined by the dependencies' (``DependencyDocumentation``).
    private(set) var configuration: SiteConfiguration
    /// Where the dependencies' modules are documented, read from the library's build.
    private(set) var dependencies: DependencyDocumentation?
    /// The reference pages an edit of doc comments changed (or whose listings' verdicts it may have), by URL.
    private(set) var editedPages: Set<String> = []
    /// The paths of the standard library's symbols, when a doc comment's
    /// link needed them: the renderer links those links to Apple's pages.
    private(set) var standardLibraryPaths: [[String]]?

    init(context: BuildContext, configuration: SiteConfiguration) {
        self.context = context
        self.configuration = configuration
    }

    private var verification: SampleVerification {
        SampleVerification(configuration: configuration, layout: context.layout, useCache: context.settings.usesCache)
    }

    mutating func run(_ pages: [Page], preparation: inout Verifier.Preparation?) -> MadeReference {
        let modules = configuration.verification.modules
        guard context.settings.makesReference, !modules.isEmpty else { return MadeReference() }
        if let reason = context.settings.unverifiedReason {
            return MadeReference(warnings: [.warning("the API reference was not made: \(reason)")])
        }
        let prepared: Verifier.Preparation
        do throws(Diagnostic) {
            prepared = try verification.verifier.ensurePrepared(&preparation)
        } catch {
            return MadeReference(warnings: [.warning("the API reference was not made: \(error.message)")])
        }
        if let plan = prepared.library.buildPlan {
            // A type or symbol link of a dependency links to its documentation at the resolved version; `external_docs:` wins.
            let found = DependencyDocumentation(buildPlan: plan)
            configuration.externalDocumentation = configuration.externalDocumentation.adding(defaults: found.roots)
            dependencies = found
        }
        let root = SampleVerification.packageDirectory(configuration: configuration, layout: context.layout).resolvingSymlinksInPath().path
        let maker = PageMaker(configuration: configuration, root: root)
        if let edit = context.commentEdit, let before = context.previous?.reference {
            // An edit of doc comments alone: its symbols' pages (and their parents') are made again in the last build's reference.
            if let patched = patched(before, edit: edit, root: RealPath.of(root) ?? root, maker: maker) { return patched }
        }
        var made = MadeReference()
        let symbols = symbolPages(maker: maker, prepared: prepared, made: &made)
        return finish(made, symbols: symbols, pages: pages, prepared: prepared)
    }

    /// Makes symbol pages from graphs and their trees (only the symbols in `only`, and the parents of `parentsOf`, when given).
    struct PageMaker {
        let configuration: SiteConfiguration
        let root: String

        func pages(_ graphs: [ModuleSymbolGraph], trees: [DocCPages], only: Set<String>? = nil, parentsOf: Set<String> = []) -> [Page] {
            SymbolPages.pages(
                for: graphs, trees: trees, sourceLinks: configuration.sourceURL.map { SymbolPages.SourceLinks(prefix: $0, root: root) },
                external: configuration.externalDocumentation, root: RealPath.of(root) ?? root, folder: configuration.referencePath,
                only: only, parentsOf: parentsOf)
        }
    }

    /// The symbol pages: made from the edited graphs, kept from the last
    /// build when its library is the same, or made from the graphs read now.
    private mutating func symbolPages(maker: PageMaker, prepared: Verifier.Preparation, made: inout MadeReference) -> [Page] {
        let previous = context.previous?.reference
        if let edit = context.commentEdit {
            // An edited symbol has a catalog's extension file: the whole reference is made again from the edited graphs.
            let trees = SymbolPages.trees(for: edit.graphs, folder: configuration.referencePath)
            let symbols = maker.pages(edit.graphs, trees: trees)
            made.typeLinks = TypeLinkCount(trees: trees, external: configuration.externalDocumentation)
            (made.graphs, made.trees, made.librarySources) = (edit.graphs, trees, edit.sources)
            editedPages = Set(symbols.map(\.url))
            return symbols
        }
        if let kept = previous?.symbolPages, kept.fingerprint == prepared.library.graphFingerprint {
            // A preview's rebuild with the same library keeps the pages of the last build (the graphs are not read again).
            (made.graphs, made.trees, made.librarySources) = (previous?.graphs ?? [], previous?.trees ?? [], previous?.librarySources ?? [:])
            made.typeLinks = previous?.typeLinks ?? TypeLinkCount()
            return kept.pages
        }
        let graphs = readGraphs(prepared: prepared, warnings: &made.warnings)
        context.settings.progress("Making the API reference of \(graphs.count) module\(graphs.count == 1 ? "" : "s")…")
        let trees = SymbolPages.trees(for: graphs, folder: configuration.referencePath)
        if context.settings.isVersion { made.api = APISnapshot(graphs: graphs, trees: trees) }
        // A preview keeps the graphs and its files' texts for the next edit; a one-time build frees the graphs early.
        if context.keepsState { (made.graphs, made.trees, made.librarySources) = (graphs, trees, DocCommentEdit.sources(of: graphs)) }
        made.typeLinks = TypeLinkCount(trees: trees, external: configuration.externalDocumentation)
        return maker.pages(graphs, trees: trees)
    }

    /// The graphs of the documented modules, read (or extracted) on all
    /// cores: a large package's are tens of megabytes of JSON. A target no
    /// product holds is built now, its graph read again.
    private func readGraphs(prepared: Verifier.Preparation, warnings: inout [Diagnostic]) -> [ModuleSymbolGraph] {
        let modules = configuration.verification.modules
        let store = verification.verifier.symbolGraphs(prepared)
        var graphs: [ModuleSymbolGraph] = []
        var unbuilt: [String] = []
        let documented = configuration.verification.referenceModules.isEmpty ? modules : configuration.verification.referenceModules
        let loaded = Concurrently.map(documented) { module -> Result<ModuleSymbolGraph, Diagnostic> in
            do throws(Diagnostic) { return .success(try store.graph(of: module)) } catch { return .failure(error) }
        }
        for (module, result) in zip(documented, loaded) {
            switch result {
            case .success(let graph): graphs.append(graph)
            case .failure(let error):
                if modules.contains(module) {
                    warnings.append(.warning("the API reference of \(module) was not made: \(error.message)"))
                } else {
                    unbuilt.append(module)
                }
            }
        }
        return graphs + builtTargets(unbuilt, prepared: prepared, store: store, warnings: &warnings)
    }

    /// The reference merged with the catalogs (a catalog's extension file of
    /// a symbol takes the place of the symbol's page), its doc comments'
    /// links judged, its coverage and its notes.
    private mutating func finish(_ made: MadeReference, symbols: [Page], pages: [Page], prepared: Verifier.Preparation) -> MadeReference {
        var made = made
        // One resolver (6,000 pages for swift-collections) serves the merge and the doc comments' links; the reference's pages
        // come first, so a symbol's link names its page of the reference, which an extension file may take the place of.
        let resolver = DocLinkResolver(pages: symbols + pages)
        let merged = SymbolPages.merging(catalogPages: pages, reference: symbols, resolver: resolver)
        // The catalogs' articles stay where Galley puts them; DocC's addresses for them send the reader there.
        let redirects = SymbolPages.articleRedirects(for: pages)
        made.symbolPages = (prepared.library.graphFingerprint, symbols)
        guard !symbols.isEmpty else {
            made.pages = redirects
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
            made.warnings += SymbolPages.warnings(forUnresolved: links.unresolved)
        }
        let note = Self.note(symbols: symbols, redirects: redirects.count, merged: merged.catalogPages, folder: configuration.referencePath)
        let coverage = DocumentationCoverage(pages: symbols)
        (made.pages, made.catalogPages) = (merged.reference + redirects, merged.catalogPages)
        let typeLinks = made.typeLinks.summary.map { "API reference: " + $0 }
        (made.notes, made.coverage) = (
            [note, links.summary] + [dependencies.flatMap(Self.note), typeLinks].compactMap { $0 } + [coverage.summary], coverage
        )
        return made
    }

    /// `Dependencies' documentation: 9 modules of 3 packages linked on the Swift Package Index at their resolved versions; …`,
    /// `nil` without dependencies.
    static func note(_ dependencies: DependencyDocumentation) -> String? {
        guard !dependencies.roots.isEmpty || !dependencies.unplaced.isEmpty else { return nil }
        // A root is `https://swiftpackageindex.com/<owner>/<name>/<version>/documentation/<module>/`.
        let packages = Set(dependencies.roots.values.map { $0.split(separator: "/").dropLast(2).joined(separator: "/") })
        var note =
            "Dependencies' documentation: \(dependencies.roots.count) module\(dependencies.roots.count == 1 ? "" : "s") of \(packages.count) "
            + "package\(packages.count == 1 ? "" : "s") linked on the Swift Package Index at their resolved versions"
        if !dependencies.unplaced.isEmpty {
            note += "; \(dependencies.unplaced.count) not placed, their symbols shown as text (\(dependencies.unplaced.joined(separator: ", ")))"
        }
        return note
    }

    /// `API reference: 412 pages at DocC's addresses (documentation/shapes/…)`, with the redirects and extension files.
    static func note(symbols: [Page], redirects: Int, merged catalogPages: [Page], folder: String) -> String {
        let documented = Set(symbols.compactMap { $0.catalogModule ?? $0.title })
        let place = documented.count == 1 ? "\(folder)/\(documented.first!.lowercased())/…" : "\(folder)/…"
        var note = "API reference: \(symbols.count) page\(symbols.count == 1 ? "" : "s") "
        note += folder == "documentation" ? "at DocC's addresses (\(place))" : "at DocC's paths under \(folder)/ (\(place))"
        if redirects > 0 {
            note += ", \(redirects) article\(redirects == 1 ? "'s address" : "s' addresses") sent on to \(redirects == 1 ? "it" : "them")"
        }
        let count = catalogPages.count { $0.referenceFrame != nil }
        if count > 0 {
            note += "; \(count) catalog extension file\(count == 1 ? "" : "s") shown on \(count == 1 ? "its symbol's page" : "their symbols' pages")"
        }
        return note
    }

    /// `before` (the last build's reference) with the pages of `edit`'s
    /// symbols and of their parents made again from the edited graphs, and
    /// ``editedPages`` naming those that changed or show the edited
    /// files' listings; `nil` when one of those pages is a catalog's extension
    /// file's (merged with its catalog page: the reference is made again).
    private mutating func patched(
        _ before: MadeReference, edit: DocCommentEdit.Applied, root: String,
        maker: PageMaker
    ) -> MadeReference? {
        guard let symbolPages = before.symbolPages, before.trees.count == edit.graphs.count else { return nil }
        let trees = zip(before.trees, edit.graphs).map { tree, graph in
            edit.modules.contains(graph.moduleName) ? tree.replacingSymbols(edit.symbols) : tree
        }
        let remade = maker.pages(edit.graphs, trees: trees, only: Set(edit.symbols.keys), parentsOf: edit.abstractsChanged)
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
        editedPages = changed
        return made
    }

    /// The graphs of the library targets in `names`, which no product holds,
    /// after building them (with the library's traits, so that the products'
    /// build stays as it is); a target that does not build or whose graph
    /// cannot be read is left out of the reference with a warning.
    private func builtTargets(
        _ names: [String], prepared: Verifier.Preparation, store: SymbolGraphStore, warnings: inout [Diagnostic]
    ) -> [ModuleSymbolGraph] {
        guard !names.isEmpty else { return [] }
        let package = SampleVerification.packageDirectory(configuration: configuration, layout: context.layout)
        do throws(Diagnostic) {
            try SampleLibrary.swiftBuild(
                package, products: [], targets: names, traits: configuration.verification.traits, toolchain: prepared.toolchain,
                log: context.settings.progress, what: "the targets no product exposes, for the API reference")
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
}

/// What the ``ReferenceStage`` made.
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
    /// How the declarations' types of other modules were linked (kept with the symbol pages).
    var typeLinks = TypeLinkCount()
    var coverage: DocumentationCoverage?
    /// The symbols and their pages, for a versioned site (``BuildSettings/isVersion``).
    var api: APISnapshot?
    /// For a preview's next build: the graphs, their pages' trees, and
    /// their files' texts (``BuildSession/State/reference``).
    var graphs: [ModuleSymbolGraph] = []
    var trees: [DocCPages] = []
    var librarySources: [String: String] = [:]
}
