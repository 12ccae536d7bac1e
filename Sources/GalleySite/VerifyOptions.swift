import GalleyCore
import GalleyProject
import GalleyReports
import GalleySamples

/// What `galley verify` asks of a build besides its ``BuildSettings``: which
/// pages, how samples compile and run, and whether expected outputs are
/// rewritten first. Rendering and output are off.
///
/// ```swift
/// var options = VerifyOptions()
/// options.pages = ["content/migrating.md"]
/// let outcome = try BuildSession.verify(BuildSettings(layout: layout), options: options)
/// print(ReportFormat.human.render(outcome.report, colour: false))
/// ```
public struct VerifyOptions: Sendable {
    /// Pages to verify, as `content/<page>.md` or a path under the content
    /// folder; empty for every page.
    public var pages: [String] = []
    /// Whether runnable samples are compiled into one module.
    public var merges = true
    /// Seconds one sample program may run; `nil` for `galley.yml`'s setting.
    public var timeoutSeconds: Int?
    /// Rewrite expected outputs from what the samples print, then verify again.
    public var bless = false
    /// Only this shard of the pages.
    public var shard: PageSharding?
    /// Whether fragments that fail only for names nothing declares are
    /// type-checked assuming those names (``Verifier/assumesNames``).
    public var assumesNames = true
    /// Which declarations' doc comments have their code listings verified
    /// in a package root; `nil` for `galley.yml`'s setting (public ones by default).
    public var docComments: DocCommentScope?
    /// Write a starting setup for each catalog whose samples use names
    /// nothing declares (``SetupSuggestion``); the guides' is a note.
    public var suggestsSetup = false

    /// Every page, merged, with `galley.yml`'s timeout, nothing rewritten.
    public init() {}
}

/// What `galley verify` found: the report, and what it found besides.
public struct VerifyOutcome: Sendable {
    /// The verdicts, with unreadable pages as problems and the baseline applied.
    public var report: VerificationReport
    /// Pages' warnings (a misspelt front-matter key) and stale baseline entries.
    public var warnings: [Diagnostic] = []
    /// What the run changed, one line each: `Blessed 2 files.`, `Recorded 3 known failures in known.json.`
    public var notes: [String] = []

    /// An outcome with `report` and nothing else yet.
    public init(report: VerificationReport) {
        self.report = report
    }
}
