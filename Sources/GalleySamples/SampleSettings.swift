/// How the samples of a page are compiled and run, from `galley.yml`'s
/// `verify:` section, overridden per page by front matter `verify:`; a
/// sample's own attributes (`swift5`, `no_run`, …) override both.
///
/// ```yaml
/// verify:
///   prelude: import SwiftUI          # compiled before every sample, never shown
///   swift_version: 5                 # 5 or 6 (default 6)
///   flags: [-enable-upcoming-feature, BareSlashRegexLiterals]
///   default: no_run                  # run | no_run | ignore, for samples with no attribute
///   environment: { API_URL: http://localhost }
///   page: program                    # each page's samples are one program, in order
/// ```
public struct SampleSettings: Sendable, Hashable {
    /// Swift source compiled before every program's samples and never shown.
    public var prelude = ""
    /// How diagnostics name where the prelude comes from (`galley.yml`, or a page).
    public var preludeSource = "galley.yml"
    /// A DocC catalog's setup file (`galley-setup.swift` in the catalog),
    /// compiled after the prelude and before every sample of the catalog's
    /// pages, never shown: the context its docs assume. Empty: none.
    public var setup = ""
    /// The setup file's path as diagnostics name it.
    public var setupSource = ""
    /// The language mode samples compile in unless they say `swift5` or `swift6`.
    public var swiftVersion = 6
    /// Extra `swiftc` flags.
    public var flags: [String] = []
    /// What a sample with no mode attribute does: `run`, `noRun` or `ignore`.
    public var defaultMode = Sample.Mode.run
    /// Extra environment variables of sample runs.
    public var environment: [String: String] = [:]

    /// Whether each page's samples are one program (`page: program`): in
    /// page order, declarations accumulating, as a tutorial or a DocC article
    /// splits one program over several blocks. A sample marked `standalone`
    /// (or in a `group=`, or `compile_fail`/`crash`) stays on its own.
    /// Off by default (`page: samples`); the default for DocC catalogs.
    public var pageProgram = false

    /// Whether the compiler is asked about the samples' identifiers and
    /// `// ^?` queries for the page (`hovers: false` in `galley.yml` or the
    /// page's front matter turns it off).
    public var hovers = true

    /// Whether the page is a design proposal (an evolution proposal:
    /// `Proposal:` and `Status:` at its top): its code shows API under
    /// discussion, alternatives never built and the API before the change,
    /// so a failure there is the proposal's context, never an error in the
    /// library's docs (``ProposalPage``).
    public var describesProposal = false

    /// The defaults: no prelude, Swift 6, no flags, run, no extra environment.
    public init() {}

    /// The modes `default:` may name.
    public static let defaultModes: [Sample.Mode] = [.run, .noRun, .ignore]
}
