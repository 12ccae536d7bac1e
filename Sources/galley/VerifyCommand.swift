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
        (samples of a group on one page run as one program), swift5 (Swift 5 language mode). \
        Expected output comes from `// Prints "…"` comments and from an ```output block right \
        after the sample. Results are cached in .build/galley/cache.

        Examples:
          galley verify                          Verify every page
          galley verify content/migration.md     Verify one page
          galley verify --format github          Annotations for GitHub Actions
          galley verify --bless                  Rewrite expected outputs in place
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

    func run() async throws {
        Interruption.install(exiting: [SIGINT, SIGTERM, SIGHUP])
        let layout = paths.layout
        let selected: [Page]
        var pageProblems: [SiteError]
        let configuration: SiteConfiguration
        do {
            configuration = try SiteConfiguration.load(from: layout.configurationFile, displayPath: layout.displayPath(of: layout.configurationFile))
            let loader = ContentLoader(directory: layout.contentDirectory, displayPath: layout.displayPath(of: layout.contentDirectory))
            (selected, pageProblems) = try select(from: loader)
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
                    let loader = ContentLoader(directory: layout.contentDirectory, displayPath: layout.displayPath(of: layout.contentDirectory))
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
        Diagnostics.reportWarnings(selected.flatMap(\.frontMatter.warnings))
        // Pages that could not be read are failures of the run, in every report format.
        report.problems = pageProblems.map { problem in
            SampleProblem(location: problem.location ?? SourceLocation(path: layout.displayPath(of: layout.contentDirectory)),
                          message: problem.message, suggestion: problem.suggestion ?? "Fix the page")
        } + report.problems
        print(format.render(report, colour: format == .human && Diagnostics.usesColour), terminator: "")
        if !report.succeeded { throw ExitCode.failure }
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
