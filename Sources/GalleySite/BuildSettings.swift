import Foundation
import GalleyCore
import GalleyProject
import GalleyReference
import GalleyReports

/// What a build reads and writes, and how: the folders, whether sample
/// results may come from the cache, where progress goes, and where pages
/// come from.
///
/// ```swift
/// var settings = BuildSettings(layout: SiteLayout(root: projectURL))
/// settings.usesCache = false
/// let report = try BuildSession.build(settings)
/// print(report.summary)   // Built 12 pages in 0.31 s → public/
/// ```
public struct BuildSettings: Sendable {
    /// The folders to read and write.
    public var layout: SiteLayout
    /// Whether sample results may come from the cache.
    public var usesCache = true
    /// Receives progress lines while samples are verified.
    public var progress: @Sendable (String) -> Void = { _ in }
    /// Where the pages come from, given the site's settings and folders: by
    /// default the Markdown folder ``SiteLayout/contentDirectory``
    /// (``ContentLoader``). Another ``PageSource`` (a DocC catalog) plugs in here.
    public var pageSource: @Sendable (SiteConfiguration, SiteLayout) -> any PageSource = { configuration, layout in
        ContentLoader(layout: layout, configuration: configuration)
    }

    /// Receives the pages and other files of the source when a build has
    /// read them (every build; a package site announces what it found).
    public var pagesLoaded: @Sendable (LoadedContent) -> Void = { _ in }

    /// The site's settings when there is no configuration file (a package
    /// root's, made from its manifest by ``PackageSite``).
    public var defaultConfiguration = SiteConfiguration()

    /// The file of known failures (relative to the project folder, or
    /// absolute), as `galley verify --baseline` reads it: listed failures are
    /// shown on their pages as known failures and do not fail the build.
    public var baseline: String?
    /// Record every current failure in ``baseline`` (replacing it) before applying it.
    public var recordsBaseline = false
    /// Whether failing samples still let the pages render, each marked on
    /// its page with its cause and message (`galley serve`: a preview is
    /// where the author fixes them). Off for `galley build`, which refuses
    /// to publish a sample it could not verify.
    public var previewsFailingSamples = false
    /// Whether the build makes the API reference of the library's modules
    /// (``SymbolPages``): a package root's site, read from its catalogs.
    public var makesReference = false
    /// The least documentation coverage of the API reference, in percent
    /// (`galley build --coverage-threshold`): below it the build fails.
    public var coverageThreshold: Double?
    /// The sandbox of sample runs when the command line names one
    /// (`--sandbox on`): it wins over galley.yml's `verify.sandbox`.
    public var sandbox: SandboxMode?
    /// What fails the run when the command line says (`--strict`): it wins over galley.yml's `verify.gate`.
    public var gate: VerifyGate?
    /// Where the site is published when the command line says (`--base-url`,
    /// e.g. GitHub Pages' address in a workflow): it wins over galley.yml's `base_url`.
    public var baseURL: String?
    /// The folder of the version this build is, when it is one version of a
    /// versioned site (`5.8.0`): its pages keep the slot of the version
    /// switcher (``SiteConfiguration/isVersioned``), its base URL gets the
    /// folder, and the report carries the API's ``BuildReport/api``.
    public var versionFolder: String?
    /// Whether the build is one version of a versioned site (``versionFolder``).
    public var isVersion: Bool { versionFolder != nil }
    /// Why the samples are not verified, when they cannot be (a version
    /// whose library does not build with this toolchain): each is shown as
    /// skipped with this reason, and the library is not built.
    public var unverifiedReason: String?
    /// What each rendered page's HTML becomes before it is written, by the
    /// page's path (`galley serve --versions` fills the version switcher's
    /// slot of the checked-out version's pages); `nil` for none.
    public var pageTransform: (@Sendable (_ path: String, _ html: String) -> String)?

    /// `configuration` with the command line's settings applied over galley.yml's.
    func applied(to configuration: SiteConfiguration) -> SiteConfiguration {
        var configuration = configuration
        if let sandbox { configuration.verification.sandbox = sandbox }
        if let gate { configuration.verification.gate = gate }
        if let baseURL, !baseURL.isEmpty { configuration.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
        if let versionFolder {
            configuration.isVersioned = true
            configuration.baseURL = configuration.baseURL.map { $0 + versionFolder + "/" }
        }
        return configuration
    }

    /// Settings for the project at `layout`, with the cache on and no progress output.
    public init(layout: SiteLayout) {
        self.layout = layout
    }
}
