import Foundation
import GalleyMarkdown
import GalleyVerify
import Synchronization

/// Where a site's sources are and where it goes.
public struct SiteLayout: Sendable {
    /// The project folder; diagnostics name files relative to it.
    public var root: URL
    /// The Markdown pages, `content/`.
    public var contentDirectory: URL
    /// The theme, `templates/`.
    public var templatesDirectory: URL
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
        let clock = ContinuousClock()
        let start = clock.now
        let configuration: SiteConfiguration
        do {
            configuration = try SiteConfiguration.load(
                from: layout.configurationFile, displayPath: layout.displayPath(of: layout.configurationFile)
            )
        } catch {
            throw SiteErrors([error])
        }
        let templates = try TemplateSet.load(
            from: layout.templatesDirectory, displayPath: layout.displayPath(of: layout.templatesDirectory)
        )
        let loader = ContentLoader(
            directory: layout.contentDirectory, displayPath: layout.displayPath(of: layout.contentDirectory)
        )
        let content = try loader.load()
        let navigation = Navigation(pages: content.pages)

        var files: [OutputFile] = []
        files += content.assets.map { .copy($0, from: layout.contentDirectory.appendingPathComponent($0)) }
        files += templates.assets.map {
            .copy("assets/\($0)", from: layout.templatesDirectory.appendingPathComponent("assets/\($0)"))
        }
        let checker = LinkChecker(pages: content.pages, files: Set(files.map(\.path)))
        var errors = checker.check()
        let themeClashes = Set(content.assets).intersection(templates.assets.map { "assets/\($0)" })
        errors += themeClashes.sorted().map {
            SiteError(
                "'\(loader.displayPath)/\($0)' has the same path as a theme asset",
                at: SourceLocation(path: "\(loader.displayPath)/\($0)"),
                suggestion: "Move it out of content/assets/"
            )
        }
        if !errors.isEmpty { throw SiteErrors(errors) }

        var verification = SampleVerification(configuration: configuration, layout: layout, useCache: usesCache)
        verification.verifier.progress = progress
        let report: VerificationReport
        do {
            report = try verification.verify(navigation.pages)
        } catch {
            throw SiteErrors([SiteError(error.message, suggestion: error.suggestion + (error.details.map { "\n\($0)" } ?? ""))])
        }
        guard report.succeeded else {
            var failure = SiteErrors(report.failures.map { location, message, _ in
                SiteError("sample failed: " + (message.split(separator: "\n").first.map(String.init) ?? message), at: location)
            })
            failure.verification = report
            throw failure
        }

        let renderer = PageRenderer(templates: templates, configuration: configuration, navigation: navigation)
        files += Self.renderConcurrently(navigation.pages) { page in
            .text(page.url, renderer.render(
                page,
                codeBlockHTML: SampleVerification.codeBlockHTML(for: page, report: report),
                footer: SampleVerification.footer(for: page, report: report)
            ))
        }
        files.append(.text("404.html", renderer.renderNotFound()))
        if let baseURL = configuration.baseURL {
            files.append(.text("sitemap.xml", Sitemap.xml(baseURL: baseURL, pageURLs: navigation.pages.map(\.url))))
        }
        let outputDisplay = layout.displayPath(of: layout.outputDirectory)
        do {
            try OutputWriter(directory: layout.outputDirectory, displayPath: outputDisplay).write(files)
        } catch {
            throw SiteErrors([error])
        }
        return BuildReport(
            pageCount: navigation.pages.count, verification: report, fileCount: files.count,
            duration: clock.now - start, outputDisplayPath: outputDisplay
        )
    }

    /// `transform` applied to every page, spread over the machine's cores, in page order.
    /// (Each page lists every other page in its sidebar, so rendering grows with pages².)
    static func renderConcurrently(_ pages: [Page], _ transform: @Sendable (Page) -> OutputFile) -> [OutputFile] {
        let results = Mutex([OutputFile?](repeating: nil, count: pages.count))
        DispatchQueue.concurrentPerform(iterations: pages.count) { index in
            let file = transform(pages[index])
            results.withLock { $0[index] = file }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
