import ArgumentParser
import Foundation
import GalleyCore
import GalleyProject
import GalleyReports
import GalleySite
import GalleyVerify

extension ReportFormat: ExpressibleByArgument {}
extension DocCommentScope: ExpressibleByArgument {}

/// `galley verify`: compile and run the samples only — the CI gate.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Compile and run every Swift sample, and report failures at their Markdown lines.",
        discussion: """
            A fenced block whose info string starts with `swift` is a sample. Attributes after \
            `swift`: no_run (compile only), compile_fail (must not compile; mark expected errors \
            with `// error: <text>`), crash (must trap), ignore (not compiled), group=<name> \
            (samples of a group on one page run as one program), swift5 / swift6 (language mode). \
            Expected output comes from `// Prints "…"` comments and from an ```output block right \
            after the sample. galley.yml's verify: section (and a page's front matter verify:) sets \
            prelude, swift_version, flags, default (run, no_run or ignore) and environment for every \
            sample. A DocC catalog's galley-setup.swift is compiled before each of its articles' samples \
            and never shown: the context the articles assume. Every failure says whose it is: an error \
            in the docs, context (names nothing declares), the environment, or Galley's. A fragment \
            whose only problem is undeclared names is type-checked with each given the library type \
            it fits (logger: Logger), never run: skipped when it type-checks, an error in the docs \
            when it does not (--no-assume turns this off). In a package root, the code listings of the \
            library's public doc comments are verified too, at their Swift lines (--doc-comments all \
            takes internal declarations too, with @testable import; --no-doc-comments none). Results are cached in .build/galley/cache.

            Examples:
              galley verify                          Verify every page
              galley verify content/migration.md     Verify one page
              galley verify --format github          Annotations for GitHub Actions
              galley verify --bless                  Rewrite expected outputs in place
              galley verify --baseline known.json --bless-baseline
                                                     Record today's failures (adopting Galley on existing docs)
              galley verify --baseline known.json    Only new failures fail; fixed ones must leave the list
              galley verify --shard 1/2 --format json > shard1.json
                                                     Half of the pages, for a CI matrix
              galley verify --merge-reports shard1.json shard2.json
                                                     One report from the shards
              galley verify --suggest-setup          Write each catalog's galley-setup.swift from the
                                                     names its samples use and nothing declares
            """
    )

    @OptionGroup var paths: ProjectPaths
    @OptionGroup var sandboxOption: SandboxOption
    @OptionGroup var gateOption: GateOption

    @Argument(help: ArgumentHelp("Pages to verify (default: all).", valueName: "page"))
    var pages: [String] = []

    @Option(help: ArgumentHelp("Report format: human, github, junit or json.", valueName: "format"))
    var format: ReportFormat = .human

    @Flag(help: "Rewrite `// Prints` comments and ```output blocks from what the samples actually print.")
    var bless = false

    @Flag(name: .customLong("no-cache"), help: "Compile and run every sample again, ignoring cached results.")
    var noCache = false

    @Flag(name: .customLong("no-merge"), help: "Compile each sample with its own swiftc (slower; the benchmark baseline).")
    var noMerge = false

    @Flag(
        name: .customLong("no-assume"),
        help:
            "Do not type-check fragments that use names nothing declares (by default each name is given the library type it fits, e.g. logger: Logger)."
    )
    var noAssume = false

    @Option(
        name: .customLong("doc-comments"),
        help: ArgumentHelp(
            """
            In a package root, whose doc comments' code listings are verified: public (default: the declarations DocC shows), \
            all (internal ones too, compiled with @testable import) or none. Default: galley.yml's verify: doc_comments:.
            """, valueName: "scope"))
    var docComments: DocCommentScope?

    @Flag(name: .customLong("no-doc-comments"), help: "The same as --doc-comments none.")
    var noDocComments = false

    @Flag(
        name: .customLong("suggest-setup"),
        help: """
            Write a starting galley-setup.swift into each catalog whose samples use names nothing declares: \
            one declaration per name whose type the library gives (logger → Logger), to check; the others listed.
            """)
    var suggestSetup = false

    @Option(help: ArgumentHelp("Seconds one sample program may run (default: from galley.yml, else 10).", valueName: "seconds"))
    var timeout: Int?

    @Option(
        help: ArgumentHelp("Known failures: listed ones do not fail the run, new ones do, and a listed one that passes now does.", valueName: "file"))
    var baseline: String?

    @Flag(name: .customLong("bless-baseline"), help: "Record every current failure in the --baseline file (replacing it), then report them as known.")
    var blessBaseline = false

    @Option(help: ArgumentHelp("Verify only shard I of N (balanced by samples, pages never split), e.g. 2/4, for a CI matrix.", valueName: "I/N"))
    var shard: String?

    @Option(
        name: .customLong("merge-reports"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Merge the JSON reports of shards (--format json) into one report in --format, without verifying.", valueName: "report.json"))
    var mergeReports: [String] = []

    func validate() throws {
        if let shard {
            do { _ = try PageSharding(parsing: shard) } catch { throw ValidationError(error.description) }
        }
        if !mergeReports.isEmpty && (bless || blessBaseline || shard != nil || !pages.isEmpty || suggestSetup) {
            throw ValidationError(
                "--merge-reports only merges reports; it cannot be combined with pages, --shard, --bless, --bless-baseline or --suggest-setup")
        }
        if noDocComments, let docComments, docComments != .none {
            throw ValidationError("--no-doc-comments and --doc-comments \(docComments.rawValue) say different things; give one")
        }
        if blessBaseline && baseline == nil {
            throw ValidationError("--bless-baseline needs --baseline FILE, the file to record the failures in")
        }
    }

    func run() async throws {
        Interruption.install(exiting: [SIGINT, SIGTERM, SIGHUP])
        var settings = BuildSettings(layout: paths.layout)
        settings.usesCache = !noCache
        sandboxOption.configure(&settings)
        gateOption.configure(&settings)
        settings.baseline = baseline
        settings.recordsBaseline = blessBaseline
        settings.progress = Progress.line
        var options = VerifyOptions()
        options.pages = pages
        options.merges = !noMerge
        options.assumesNames = !noAssume
        options.suggestsSetup = suggestSetup
        options.docComments = noDocComments ? DocCommentScope.none : docComments
        options.timeoutSeconds = timeout
        options.bless = bless
        options.shard = try shard.map { text throws(Diagnostic) in try PageSharding(parsing: text) }
        if mergeReports.isEmpty, let site = try paths.packageSite(paths: pages) {
            paths.configure(&settings, for: site)
            // The paths that were not folders the site picked are its pages to verify.
            options.pages = site.remainingPaths
        }
        let outcome: VerifyOutcome
        do {
            outcome =
                mergeReports.isEmpty
                ? try BuildSession.verify(settings, options: options) : try BuildSession.mergeReports(mergeReports, settings: settings)
        } catch {
            Interruption.waitIfStopping()
            Progress.clear()
            Diagnostics.report(error.diagnostics)
            throw ExitCode.failure
        }
        Interruption.waitIfStopping()
        Progress.clear()
        for note in outcome.notes { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
        Diagnostics.reportWarnings(outcome.warnings)
        var report = outcome.report
        // Merged shards carry their gate; --strict still wins.
        if gateOption.strict { report.gate = .strict }
        print(format.render(report, colour: format == .human && Diagnostics.usesColour), terminator: "")
        if format == .human, mergeReports.isEmpty, let note = report.sandboxNote {
            FileHandle.standardError.write(Data("note: \(note)\n".utf8))
        }
        if !report.succeeded { throw ExitCode.failure }
    }
}
