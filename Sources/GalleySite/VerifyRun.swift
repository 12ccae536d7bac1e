import Foundation
import GalleyCore
import GalleyProject
import GalleySamples
import GalleyVerify

/// `galley verify` as a library: the samples of a project's pages (all, some,
/// or one CI shard), blessed and verified again when asked, with a baseline
/// of known failures applied — everything but printing.
///
/// ```swift
/// var options = VerifyRun.Options()
/// options.pages = ["content/migrating.md"]
/// let outcome = try VerifyRun(layout: layout, options: options).run()
/// print(ReportFormat.human.render(outcome.report, colour: false))
/// ```
public struct VerifyRun: Sendable {
    /// What to verify and how.
    public struct Options: Sendable {
        /// Pages to verify, as `content/<page>.md` or a path under the
        /// content folder; empty for every page.
        public var pages: [String] = []
        /// Whether results may come from the cache.
        public var usesCache = true
        /// Whether runnable samples are compiled into one module (see ``Verifier/merges``).
        public var merges = true
        /// Seconds one sample program may run; `nil` for `galley.yml`'s setting.
        public var timeoutSeconds: Int?
        /// Rewrite expected outputs from what the samples print, then verify again.
        public var bless = false
        /// Only this shard of the pages.
        public var shard: PageSharding?
        /// The file of known failures (relative to the project folder, or absolute).
        public var baseline: String?
        /// Record every current failure in ``baseline`` (replacing it) before applying it.
        public var recordsBaseline = false
        /// Receives progress lines while samples are verified.
        public var progress: @Sendable (String) -> Void = { _ in }

        /// Every page, cached, merged, no baseline.
        public init() {}
    }

    /// What a run found besides the report.
    public struct Outcome: Sendable {
        /// The verdicts, with unreadable pages as problems and the baseline applied.
        public var report: VerificationReport
        /// Pages' warnings (a misspelt front-matter key) and stale baseline entries.
        public var warnings: [Diagnostic] = []
        /// What the run changed, one line each: `Blessed 2 files.`, `Recorded 3 known failures in known.json.`
        public var notes: [String] = []
    }

    /// The project's folders.
    public var layout: SiteLayout
    /// What to verify and how.
    public var options: Options
    /// The site's settings when there is no configuration file (see ``BuildSettings/defaultConfiguration``).
    public var defaultConfiguration = SiteConfiguration()
    /// Where the pages come from (see ``BuildSettings/pageSource``): by default the content folder.
    public var pageSource: @Sendable (SiteConfiguration, SiteLayout) -> any PageSource = { configuration, layout in
        ContentLoader(layout: layout, configuration: configuration)
    }

    /// A run over the project at `layout`.
    public init(layout: SiteLayout, options: Options = Options()) {
        self.layout = layout
        self.options = options
    }

    /// Verifies the selected pages' samples. Throws when the run cannot
    /// happen (no such page, no compiler, an unreadable baseline); failed
    /// samples are in the outcome's report.
    public func run() throws(DiagnosticList) -> Outcome {
        let configuration: SiteConfiguration
        do {
            configuration = try SiteConfiguration.load(
                from: layout.configurationFile, displayPath: layout.displayPath(of: layout.configurationFile),
                defaults: defaultConfiguration
            )
        } catch {
            throw DiagnosticList([error])
        }
        let source = pageSource(configuration, layout)
        var (selected, pageProblems) = try select(from: source)
        if let shard = options.shard {
            selected = shard.pages(of: selected)
            // A page that could not be read belongs to the first shard, so exactly one reports it.
            pageProblems = shard.index == 1 ? pageProblems : []
        }
        var verification = SampleVerification(configuration: configuration, layout: layout, useCache: options.usesCache, hovers: .queries)
        verification.verifier.merges = options.merges
        if let seconds = options.timeoutSeconds { verification.verifier.timeout = .seconds(max(1, seconds)) }
        verification.verifier.progress = options.progress
        var outcome: Outcome
        var blessed = 0
        do throws(Diagnostic) {
            outcome = Outcome(report: try verification.verify(selected))
            if options.bless {
                blessed = try Blesser.bless(outcome.report, root: layout.root)
                outcome.notes.append("Blessed \(blessed) file\(blessed == 1 ? "" : "s").")
            }
        } catch {
            throw DiagnosticList([error])
        }
        if blessed > 0 {
            // Report what the pages say now: failures blessing cannot fix still fail the run.
            (selected, pageProblems) = try select(from: source)
            do {
                outcome.report = try verification.verify(selected)
            } catch {
                throw DiagnosticList([error])
            }
        }
        outcome.warnings = selected.flatMap(\.warnings) + outcome.report.warnings
        // Pages that could not be read are failures of the run, in every report format.
        outcome.report.problems = Diagnostic.sorted(
            pageProblems.map { problem in
                var problem = problem
                problem.location = problem.location ?? SourceLocation(path: layout.displayPath(of: layout.contentDirectory))
                problem.suggestion = problem.suggestion ?? "Fix the page"
                return problem
            } + outcome.report.problems)
        if options.baseline != nil {
            try applyBaseline(to: &outcome)
        }
        return outcome
    }

    /// One report from the JSON reports of shards (`--format json`), with
    /// the baseline applied when ``Options/baseline`` names one.
    public func merge(reports paths: [String]) throws(DiagnosticList) -> Outcome {
        var documents: [(name: String, data: Data)] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: resolve(path).path) else {
                throw DiagnosticList([
                    Diagnostic(
                        "cannot read the report '\(path)'", suggestion: "Check the path; shards write theirs with --format json > shard.json"
                    )
                ])
            }
            documents.append((path, data))
        }
        var outcome: Outcome
        do {
            outcome = Outcome(report: try JSONReport.merge(documents))
        } catch {
            throw DiagnosticList([error])
        }
        if options.baseline != nil {
            try applyBaseline(to: &outcome)
        }
        return outcome
    }

    /// Records (``Options/recordsBaseline``) or reads the baseline and applies it.
    private func applyBaseline(to outcome: inout Outcome) throws(DiagnosticList) {
        guard let path = options.baseline else { return }
        do {
            let applied = try BaselineStep(path: path, records: options.recordsBaseline, layout: layout).apply(to: outcome.report)
            outcome.report = applied.report
            outcome.notes += applied.notes
            outcome.warnings += applied.warnings
        } catch {
            throw DiagnosticList([error])
        }
    }

    /// The pages named in the options (or all pages), and the problems of
    /// pages that could not be read: they are reported, and every other
    /// page is still verified.
    private func select(from source: any PageSource) throws(DiagnosticList) -> (pages: [Page], problems: [Diagnostic]) {
        let content = try source.load()
        guard !options.pages.isEmpty else { return (content.pages, content.problems) }
        var selected: [Page] = []
        var problems: [Diagnostic] = []
        for name in options.pages {
            let normalized = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
            if let page = content.pages.first(where: { $0.displayPath == normalized || $0.sourcePath == normalized }) {
                selected.append(page)
            } else if let problem = content.problems.first(where: { $0.location?.path == normalized }) {
                problems.append(problem)
            } else {
                throw DiagnosticList([
                    Diagnostic(
                        "no page '\(name)' under '\(source.displayPath)'", suggestion: "Name pages as content/<page>.md"
                    )
                ])
            }
        }
        return (selected, problems)
    }

    /// `path` as the user wrote it: absolute, or relative to the project folder.
    private func resolve(_ path: String) -> URL {
        URL(userPath: path, relativeTo: layout.root)
    }
}
