import Foundation
import GalleyCore
import GalleyOutput
import GalleyPackage
import GalleyProject
import GalleyReference
import GalleyRender
import GalleyReports
import GalleySamples
import GalleyVerify

/// A build that remembers the last successful one and redoes only what a
/// change affects: the engine of `galley build` (a first build does
/// everything) and of the preview server.
///
/// A build runs in named stages, each a type of its own (`Build` lists
/// them in order): ``ConfigurationStage``, ``ThemeStage``, ``PageStage``,
/// ``ReferenceStage``, ``LinkStage``, ``SampleStage``, ``BaselineStep``,
/// ``RenderStage`` and ``OutputStage``. `galley verify` is the same stages
/// up to the samples, with rendering and output off (``verify(_:options:)``).
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
        var reference: MadeReference?
        /// The link checks' findings, kept by an edit of doc comments alone (the pages' links are the same).
        var links: LinkFindings?
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
