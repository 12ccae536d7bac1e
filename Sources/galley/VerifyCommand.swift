import ArgumentParser
import Foundation
import GalleyMarkdown
import GalleySite
import GalleyVerify

extension ReportFormat: ExpressibleByArgument {}

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
        sample. Results are cached in .build/galley/cache.

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
        """
    )

    @OptionGroup var paths: ProjectPaths

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

    @Option(help: ArgumentHelp("Seconds one sample program may run (default: from galley.yml, else 10).", valueName: "seconds"))
    var timeout: Int?

    @Option(help: ArgumentHelp("Known failures: listed ones do not fail the run, new ones do, and a listed one that passes now does.", valueName: "file"))
    var baseline: String?

    @Flag(name: .customLong("bless-baseline"), help: "Record every current failure in the --baseline file (replacing it), then report them as known.")
    var blessBaseline = false

    @Option(help: ArgumentHelp("Verify only shard I of N (balanced by samples, pages never split), e.g. 2/4, for a CI matrix.", valueName: "I/N"))
    var shard: String?

    @Option(name: .customLong("merge-reports"), parsing: .upToNextOption,
            help: ArgumentHelp("Merge the JSON reports of shards (--format json) into one report in --format, without verifying.", valueName: "report.json"))
    var mergeReports: [String] = []

    func validate() throws {
        if let shard {
            do { _ = try PageSharding(parsing: shard) } catch { throw ValidationError(error.description) }
        }
        if !mergeReports.isEmpty && (bless || blessBaseline || shard != nil || !pages.isEmpty) {
            throw ValidationError("--merge-reports only merges reports; it cannot be combined with pages, --shard, --bless or --bless-baseline")
        }
        if blessBaseline && baseline == nil {
            throw ValidationError("--bless-baseline needs --baseline FILE, the file to record the failures in")
        }
    }

    func run() async throws {
        Interruption.install(exiting: [SIGINT, SIGTERM, SIGHUP])
        let layout = paths.layout
        if !mergeReports.isEmpty {
            try merge(layout: layout)
            return
        }
        var selected: [Page]
        var pageProblems: [SiteError]
        let configuration: SiteConfiguration
        do {
            configuration = try SiteConfiguration.load(from: layout.configurationFile, displayPath: layout.displayPath(of: layout.configurationFile))
            var loader = ContentLoader(directory: layout.contentDirectory, displayPath: layout.displayPath(of: layout.contentDirectory))
            loader.containment = configuration.containment(root: layout.root)
            (selected, pageProblems) = try select(from: loader)
            if let shard {
                let sharding = try PageSharding(parsing: shard)
                selected = sharding.pages(of: selected)
                // A page that could not be read belongs to the first shard, so exactly one reports it.
                pageProblems = sharding.index == 1 ? pageProblems : []
            }
        } catch let error as SiteErrors {
            Diagnostics.report(error.errors)
            throw ExitCode.failure
        } catch let error as SiteError {
            Diagnostics.report([error])
            throw ExitCode.failure
        }
        var verification = SampleVerification(configuration: configuration, layout: layout, useCache: !noCache)
        verification.verifier.merges = !noMerge
        if let timeout { verification.verifier.timeout = .seconds(max(1, timeout)) }
        verification.verifier.progress = Progress.line
        var report: VerificationReport
        do {
            report = try verification.verify(selected)
            Progress.clear()
            if bless {
                let changed = try Blesser.bless(report, root: layout.root)
                FileHandle.standardError.write(Data("Blessed \(changed) file\(changed == 1 ? "" : "s").\n".utf8))
                if changed > 0 {
                    // Report what the pages say now: failures blessing cannot fix still fail the run.
                    var loader = ContentLoader(directory: layout.contentDirectory, displayPath: layout.displayPath(of: layout.contentDirectory))
                    loader.containment = configuration.containment(root: layout.root)
                    let (reloaded, problems) = try select(from: loader)
                    pageProblems = problems
                    report = try verification.verify(reloaded)
                    Progress.clear()
                }
            }
        } catch let error as VerifyError {
            Progress.clear()
            Diagnostics.printError(error.description)
            throw ExitCode.failure
        } catch let error as SiteErrors {
            Progress.clear()
            Diagnostics.report(error.errors)
            throw ExitCode.failure
        } catch let error as SiteError {
            Progress.clear()
            Diagnostics.report([error])
            throw ExitCode.failure
        }
        Diagnostics.reportWarnings(selected.flatMap(\.warnings))
        // Pages that could not be read are failures of the run, in every report format.
        report.problems = pageProblems.map { problem in
            SampleProblem(location: problem.location ?? SourceLocation(path: layout.displayPath(of: layout.contentDirectory)),
                          message: problem.message, suggestion: problem.suggestion ?? "Fix the page")
        } + report.problems
        report.problems = SampleProblem.sorted(report.problems)
        if let baseline {
            report = try applyBaseline(baseline, to: report, layout: layout)
        }
        print(format.render(report, colour: format == .human && Diagnostics.usesColour), terminator: "")
        if format == .human, let note = report.sandboxNote {
            FileHandle.standardError.write(Data("note: \(note)\n".utf8))
        }
        if !report.succeeded { throw ExitCode.failure }
    }

    /// `--merge-reports`: one report from the shards' JSON reports.
    private func merge(layout: SiteLayout) throws {
        var documents: [(name: String, data: Data)] = []
        for path in mergeReports {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : layout.root.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                Diagnostics.printError("cannot read the report '\(path)'. Check the path; shards write theirs with --format json > shard.json")
                throw ExitCode.failure
            }
            documents.append((path, data))
        }
        var report: VerificationReport
        do {
            report = try JSONReport.merge(documents)
        } catch {
            Diagnostics.printError(error.description)
            throw ExitCode.failure
        }
        if let baseline {
            report = try applyBaseline(baseline, to: report, layout: layout)
        }
        print(format.render(report, colour: format == .human && Diagnostics.usesColour), terminator: "")
        if !report.succeeded { throw ExitCode.failure }
    }

    /// Records (`--bless-baseline`) or reads the baseline and applies it to `report`.
    private func applyBaseline(_ path: String, to report: VerificationReport, layout: SiteLayout) throws -> VerificationReport {
        let file = path.hasPrefix("/") ? URL(fileURLWithPath: path) : layout.root.appendingPathComponent(path)
        let display = layout.displayPath(of: file)
        do {
            let known: Baseline
            if blessBaseline {
                known = Baseline(recording: report)
                try known.write(to: file, displayPath: display)
                FileHandle.standardError.write(Data("Recorded \(known.entries.count) known failure\(known.entries.count == 1 ? "" : "s") in \(display).\n".utf8))
            } else {
                known = try Baseline.load(from: file, displayPath: display)
            }
            let (applied, stale) = known.apply(to: report, displayPath: display)
            if !stale.isEmpty {
                Diagnostics.printWarning(
                    "\(stale.count) entr\(stale.count == 1 ? "y" : "ies") of \(display) match no sample any more (changed or removed): "
                        + stale.prefix(3).map { "\($0.page):\($0.line)" }.joined(separator: ", ") + (stale.count > 3 ? ", …" : "")
                        + ". Record the baseline again with --bless-baseline"
                )
            }
            return applied
        } catch {
            Diagnostics.printError(error.description)
            throw ExitCode.failure
        }
    }

    /// The pages named on the command line (or all pages), and the problems
    /// of pages that could not be read: they are reported, and every other
    /// page is still verified.
    private func select(from loader: ContentLoader) throws -> (pages: [Page], problems: [SiteError]) {
        let content = try loader.load()
        guard !pages.isEmpty else { return (content.pages, content.problems) }
        var selected: [Page] = []
        var problems: [SiteError] = []
        for name in pages {
            let normalized = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
            if let page = content.pages.first(where: { $0.displayPath == normalized || $0.sourcePath == normalized }) {
                selected.append(page)
            } else if let problem = content.problems.first(where: { $0.location?.path == normalized }) {
                problems.append(problem)
            } else {
                throw SiteError("no page '\(name)' under '\(loader.displayPath)'", suggestion: "Name pages as content/<page>.md")
            }
        }
        return (selected, problems)
    }
}
