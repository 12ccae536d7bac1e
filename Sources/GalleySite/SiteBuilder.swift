import Foundation
import GalleyMarkdown
import GalleyVerify

/// Where a site's sources are and where it goes.
public struct SiteLayout: Sendable {
    /// The project folder; diagnostics name files relative to it.
    public var root: URL
    /// The Markdown pages, `content/`.
    public var contentDirectory: URL
    /// The site's theme folder, `templates/`: its files override the built-in
    /// theme's (``DefaultTheme``) file by file. It need not exist.
    public var templatesDirectory: URL
    /// Whether a missing ``templatesDirectory`` is an error rather than the
    /// built-in theme alone (set when the folder was named with `--templates`).
    public var requiresTemplatesDirectory = false
    /// The built site, `public/`.
    public var outputDirectory: URL
    /// The optional settings file, `galley.yml`.
    public var configurationFile: URL

    /// The conventional layout under `root`: `content/`, `templates/`, `public/`, `galley.yml`.
    public init(root: URL) {
        self.root = root
        self.contentDirectory = root.appendingPathComponent("content")
        self.templatesDirectory = root.appendingPathComponent("templates")
        self.outputDirectory = root.appendingPathComponent("public")
        self.configurationFile = root.appendingPathComponent("galley.yml")
    }

    /// How diagnostics name `url`: relative to the project folder when
    /// inside it (`content/intro.md`), absolute otherwise.
    public func displayPath(of url: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        if path == base { return "." }
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        return path
    }
}

/// What a successful build did.
public struct BuildReport: Sendable {
    /// Pages rendered.
    public var pageCount: Int
    /// The verdicts on the site's samples.
    public var verification: VerificationReport
    /// Files written, pages included.
    public var fileCount: Int
    /// Wall-clock time of the whole build.
    public var duration: Duration
    /// The output folder as the user names it.
    public var outputDisplayPath: String
    /// Pages rendered by this build (fewer than ``pageCount`` after an incremental change).
    public var renderedPageCount = 0
    /// Pages whose samples this build verified (the others kept their verdicts).
    public var verifiedPageCount = 0
    /// Warnings that did not stop the build (a misspelt front-matter key).
    public var warnings: [SiteError] = []

    /// `Built 12 pages in 0.31 s → public/`
    public var summary: String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let noun = pageCount == 1 ? "page" : "pages"
        return "Built \(pageCount) \(noun) in \(String(format: "%.2f", seconds)) s → \(outputDisplayPath)/"
    }
}

/// Builds a site: load, check, render, write. Nothing is written unless every step succeeds.
///
/// ```swift
/// let report = try SiteBuilder(layout: SiteLayout(root: projectURL)).build()
/// print(report.summary)   // Built 12 pages in 0.31 s → public/
/// ```
public struct SiteBuilder: Sendable {
    /// The folders to read and write.
    public var layout: SiteLayout
    /// Whether sample results may come from the cache.
    public var usesCache = true
    /// Receives progress lines while samples are verified.
    public var progress: @Sendable (String) -> Void = { _ in }

    /// Creates a builder.
    public init(layout: SiteLayout) {
        self.layout = layout
    }

    /// Builds the site into the output folder, or throws every problem found.
    public func build() throws(SiteErrors) -> BuildReport {
        var session = IncrementalSiteBuilder(self)
        return try session.build(.all)
    }

    /// `transform` applied to every page, spread over the machine's cores, in
    /// page order; each generated file is also written into `staging` (when
    /// given) on the thread that rendered it, so writing overlaps rendering.
    static func renderConcurrently(
        _ pages: [Page], writingTo staging: OutputWriter.Staging? = nil, _ transform: @Sendable (Page) -> OutputFile
    ) -> [OutputFile] {
        Concurrently.map(pages) { page in
            let file = transform(page)
            if let staging, case .data(let data) = file.content { staging.add(file.path, data) }
            return file
        }
    }
}
