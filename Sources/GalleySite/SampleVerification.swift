import Foundation
import GalleyCore
import GalleyHovers
import GalleyPackage
import GalleyProcess
import GalleyProject
import GalleyReports
import GalleySamples
import GalleyTutorials
import GalleyVerify

/// Connects a site to the verifier: settings from `galley.yml`, the cache
/// under `.build/galley/`, and what each page shows of its samples.
public struct SampleVerification: Sendable {
    /// The verifier as configured for the project.
    public var verifier: Verifier
    /// The site's sample settings (`galley.yml` → `verify:`), before each page's own.
    public var siteSettings: SampleSettings
    /// Whether a DocC catalog's page is one program (see
    /// ``SiteConfiguration/VerificationSettings/catalogPagesAreProgram``).
    public var catalogPagesAreProgram: Bool
    /// The modules whose doc comments' code listings are verified with the
    /// pages (``docCommentSources(pages:preparation:)``): a package root's
    /// product modules for `galley verify`; none by default.
    public var docCommentModules: [String] = []
    /// Which declarations of ``docCommentModules`` have their listings
    /// read: public ones (DocC's), or internal ones too.
    public var docCommentScope = DocCommentScope.public
    /// Modules whose doc comments are these rather than their symbol
    /// graph's (a preview's edit read from the source, ``DocCommentEdit``).
    var docCommentOverrides: [String: [SymbolGraphStore.Comment]] = [:]
    /// The project folder: doc comments of files outside it are not read.
    public var projectRoot: URL
    /// What fails the run (``VerificationReport/gate``).
    public var gate: VerifyGate
    /// Whether the packages tutorials' steps make are built (``SiteConfiguration/VerificationSettings/tutorialProjects``).
    public var buildsTutorialProjects = true

    /// The verifier for `configuration`, with its cache in `<root>/.build/galley/cache`;
    /// `hovers` is what the command needs of the compiler's answers (`galley
    /// build`: ``HoverMode/all``, `galley verify`: ``HoverMode/queries``),
    /// none when `galley.yml` says `hovers: false`.
    public init(configuration: SiteConfiguration, layout: SiteLayout, useCache: Bool = true, hovers: HoverMode = .off) {
        let settings = configuration.verification
        let package = Self.packageDirectory(configuration: configuration, layout: layout)
        var library = SampleLibrary(packageDirectory: package, products: settings.products, moduleAliases: settings.moduleAliases)
        library.linking = settings.linking
        library.modules = settings.modules
        library.traits = settings.traits
        library.unexposedTargets = settings.unexposedTargets
        if let folders = settings.sourceDirectories { library.sourceDirectories = folders }
        library.moduleDirectories = settings.moduleDirectories
        var verifier = Verifier(library: library, cacheDirectory: useCache ? layout.root.appendingPathComponent(".build/galley/cache") : nil)
        verifier.timeout = .seconds(settings.timeoutSeconds)
        verifier.sandboxMode = settings.sandbox
        verifier.hovers = configuration.hovers ? hovers : .off
        self.verifier = verifier
        self.siteSettings = settings.samples
        self.catalogPagesAreProgram = settings.catalogPagesAreProgram
        self.projectRoot = layout.root
        self.gate = settings.gate
        self.buildsTutorialProjects = settings.tutorialProjects
    }

    /// Verifies the samples of `pages`.
    public func verify(_ pages: [Page]) throws(Diagnostic) -> VerificationReport {
        var preparation: Verifier.Preparation?
        return try verify(pages, preparation: &preparation)
    }

    /// Every kind of sample the build reads, in the order they are
    /// reported: the pages' fences, the `@Snippet` files they show, the doc
    /// comments' listings of ``docCommentModules``. A new kind of sample is
    /// one new ``SampleSourceKind`` and one line here.
    static let sourceKinds: [any SampleSourceKind] = [
        PageFenceSources(), SnippetFileSources(), TutorialStepSources(), DocCommentListingSources(),
    ]

    /// Verifies the samples of `pages`, reusing (or setting) the built library.
    /// Each page's front matter `verify:` overrides the site's settings.
    /// The `@Snippet` files the pages show are verified too, each once, as
    /// programs of their own whose results are under the file's path.
    public func verify(_ pages: [Page], preparation: inout Verifier.Preparation?) throws(Diagnostic) -> VerificationReport {
        var found = FoundSampleSources()
        for kind in Self.sourceKinds {
            found.append(try kind.sources(for: pages, in: self, preparation: &preparation))
        }
        var report = try verifier.verify(found.sources, preparation: &preparation)
        if buildsTutorialProjects {
            report.results = TutorialProjectVerdicts.applied(to: report.results, pages: pages, builder: tutorialProjects())
        }
        report.gate = gate
        report.notices += found.warnings
        let listingFiles = Set(report.results.filter { $0.sample.origin == .docComment }.map(\.sample.page))
        if !listingFiles.isEmpty {
            report.docCommentModules = Set(listingFiles.compactMap { found.modules[$0] }).count
        }
        return report
    }

    /// What builds the projects of the pages' tutorials: against the sample
    /// library's package, kept under `.build/galley/tutorials`, run in the
    /// samples' sandbox.
    func tutorialProjects() -> TutorialProjectBuilder {
        var builder = TutorialProjectBuilder(
            packageRoot: verifier.library.packageDirectory, workDirectory: projectRoot.appendingPathComponent(".build/galley/tutorials"))
        builder.useCache = verifier.cacheDirectory != nil
        builder.sandbox = try? Sandbox.resolve(verifier.sandboxMode)
        builder.runTimeout = verifier.timeout
        builder.progress = verifier.progress
        return builder
    }

    /// The samples of `pages` (their fences and `@Snippet` files) without
    /// compiling any, each skipped with `reason`: a version of a versioned
    /// site whose library does not build here is published with its
    /// samples marked unverified, never shown as verified.
    public func unverified(_ pages: [Page], reason: String) -> VerificationReport {
        var found = FoundSampleSources()
        var preparation: Verifier.Preparation?
        for kind in [PageFenceSources(), SnippetFileSources()] as [any SampleSourceKind] {
            if let sources = try? kind.sources(for: pages, in: self, preparation: &preparation) { found.append(sources) }
        }
        let readings = found.sources.map { $0.reading() }
        let results = readings.flatMap(\.samples).map { sample in
            var result = SampleResult(
                sample: sample, status: .skipped, failure: nil, failureLocation: nil, output: "", expectedErrors: [], crashMessage: nil,
                ranToCompletion: false, cached: false, merged: false)
            result.skipReason = reason
            return result
        }
        return VerificationReport(
            results: results, problems: readings.flatMap(\.problems), compilerVersion: nil, duration: .zero, compiledPrograms: 0,
            mergedPrograms: 0)
    }

    /// The sample settings of `page`: the site's, with the page's `verify:`
    /// applied, and the page's implicit imports (a DocC catalog's module)
    /// after the prelude.
    public func settings(for page: Page) -> SampleSettings {
        var base = siteSettings
        // A DocC article tells one program over several blocks: its samples
        // accumulate in order (`standalone` opts a block out).
        if page.catalogModule != nil { base.pageProgram = catalogPagesAreProgram }
        var settings = page.frontMatter.verify?.applied(to: base) ?? base
        settings.hovers = page.frontMatter.hovers ?? true
        settings.describesProposal = ProposalPage.isProposal(page.document.source)
        if !page.implicitImports.isEmpty {
            let imports = page.implicitImports.map { "import \($0)" }.joined(separator: "\n")
            if settings.prelude.isEmpty {
                settings.prelude = imports
                settings.preludeSource = page.displayPath
            } else {
                // After it, so the prelude's lines keep their numbers.
                settings.prelude += "\n" + imports
            }
        }
        if let setup = page.setup {
            settings.setup = setup.text
            settings.setupSource = setup.path
        }
        return settings
    }

    /// The folders of the sample library's sources, whose changes mean the
    /// library must be built again: its targets' folders when known (a
    /// package root's), else the package's `Sources/`; none when samples
    /// link no library products.
    public static func librarySources(configuration: SiteConfiguration, layout: SiteLayout) -> [URL] {
        let settings = configuration.verification
        guard !settings.products.isEmpty else { return [] }
        let package = packageDirectory(configuration: configuration, layout: layout)
        return settings.sourceDirectories ?? [package.appendingPathComponent("Sources")]
    }

    /// The folder of the SwiftPM package `verify.package` names (default: the project folder).
    public static func packageDirectory(configuration: SiteConfiguration, layout: SiteLayout) -> URL {
        let package = configuration.verification.package
        return URL(userPath: package, relativeTo: layout.root)
    }
}
