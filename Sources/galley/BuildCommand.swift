import ArgumentParser
import Foundation
import GalleyProject
import GalleyReports
import GalleySite

/// `galley build`: render `content/` through `templates/` into `public/`.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output folder.",
        discussion: """
            Loads every *.md under the content folder, checks every internal link and anchor, \
            verifies every Swift sample (see `galley verify --help`), renders each page through the templates and writes the site. The output folder is \
            replaced only when the whole build succeeds: a failed build leaves it as it was. \
            When nothing the build reads has changed since the last successful build (pages, templates, galley.yml, the \
            package's files, the git commit, the arguments, galley and swiftc themselves) and its output is as it left it, \
            that build's output is printed again and nothing is redone; --force builds anyway.

            Examples:
              galley build
              galley build --content docs --output _site
              galley build --force      Build again even though nothing changed
              galley build --baseline known.json --bless-baseline
                                        Record today's failing samples; the site builds, showing them as known failures
              galley build --baseline known.json
                                        Only new failures fail the build; fixed ones must leave the list
              galley build --coverage --coverage-threshold 80
                                        In a package root: the API reference's doc comment coverage per module; fail below 80 %
              galley build --versions   In a package's git clone: every release tag (galley.yml's `versions:` picks which) built
                                        into public/<version>/, each verified against its own library, with a version switcher,
                                        public/latest/, and a "what changed" page per version; built versions are reused
              galley build --version 5.8.0
                                        Build one version into the cache (.build/galley/versions), e.g. in a CI job of its own;
                                        then `galley build --versions --assemble` assembles the site from the cache
            """
    )

    @OptionGroup var paths: ProjectPaths
    @OptionGroup var sandboxOption: SandboxOption
    @OptionGroup var cacheOption: VersionsCacheOption
    @OptionGroup var gateOption: GateOption

    @Option(
        help: ArgumentHelp(
            "Known failures (see `galley verify --help`): listed ones are shown as known failures and do not fail the build; "
                + "new ones do, and a listed one that passes now does.",
            valueName: "file"
        ))
    var baseline: String?

    @Flag(
        name: .customLong("bless-baseline"), help: "Record every current failure in the --baseline file (replacing it), then build with them known.")
    var blessBaseline = false

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "Where the site is published, e.g. https://owner.github.io/repo/ (default: galley.yml's base_url); adds sitemap.xml and absolute links on 404.html.",
            valueName: "url"))
    var baseURL: String?

    @Flag(help: "Print the API reference's documentation coverage per module, with the symbols that have no doc comment (a package root's build).")
    var coverage = false

    @Option(
        name: .customLong("coverage-threshold"),
        help: ArgumentHelp(
            "Fail the build when less than this percentage of the API reference's symbols have a doc comment (e.g. 80).", valueName: "percent"))
    var coverageThreshold: Double?

    @Flag(
        help: ArgumentHelp(
            "Build every version of the package from its git tags (galley.yml's `versions:`: tags, branches, keep) into public/<version>/, "
                + "with public/latest/, a version switcher and a page of API changes per version. Versions built before are reused."))
    var versions = false

    @Option(
        name: .customLong("version"),
        help: ArgumentHelp(
            "Build this tag or branch alone into the versions' cache (a CI job of its own); assemble later with --versions --assemble.",
            valueName: "name"))
    var version: String?

    @Flag(help: "With --versions: assemble the site from the versions already built (by --version jobs); build none.")
    var assemble = false

    @Flag(
        name: .customLong("list-versions"),
        help:
            "With --versions: print the versions galley.yml selects as JSON ([{\"name\": \"5.8.0\", \"folder\": \"5.8.0\"}, …]), e.g. for a CI matrix; build none."
    )
    var listVersions = false

    @Flag(help: "Build even when nothing changed since the last successful build (which is otherwise printed again, not redone).")
    var force = false

    func validate() throws {
        if (assemble || listVersions) && !versions {
            throw ValidationError("--assemble and --list-versions go with --versions: galley build --versions --assemble")
        }
        if versions && version != nil {
            throw ValidationError("--versions builds every version and --version NAME one; pass one of them")
        }
        if (versions || version != nil) && (baseline != nil || coverageThreshold != nil) {
            throw ValidationError("--baseline and --coverage-threshold apply to one build; a versioned site reports each version's samples instead")
        }
        if let coverageThreshold, !(0...100).contains(coverageThreshold) {
            throw ValidationError("--coverage-threshold takes a percentage from 0 to 100, not \(coverageThreshold)")
        }
        if let baseURL, !(baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://")) || baseURL.contains(" ") {
            throw ValidationError("--base-url takes an absolute http(s) address such as https://owner.github.io/repo/, not '\(baseURL)'")
        }
        if blessBaseline && baseline == nil {
            throw ValidationError("--bless-baseline needs --baseline FILE, the file to record the failures in")
        }
    }

    func run() async throws {
        let start = ContinuousClock.now
        Interruption.install(exiting: [SIGINT, SIGTERM, SIGHUP])
        let layout = paths.layout
        if versions || version != nil {
            try runVersions(layout: layout)
            return
        }
        var settings = BuildSettings(layout: layout)
        settings.progress = Progress.line
        sandboxOption.configure(&settings)
        gateOption.configure(&settings)
        settings.baseURL = baseURL
        settings.baseline = baseline
        settings.recordsBaseline = blessBaseline
        settings.coverageThreshold = coverageThreshold
        let printed = PrintedLines()
        if let site = try paths.packageSite() {
            site.configure(&settings) { summary in printed.note(summary) }
        }
        // Nothing changed since the last successful build: print what it printed (``BuildStamp``).
        // (`--force` builds, and is recorded under the arguments without it; `--bless-baseline` writes the baseline, so always builds.)
        let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--force" }
        let inputs = blessBaseline ? nil : BuildStamp.inputs(of: settings, arguments: arguments)
        if !force, let inputs, let last = BuildStamp.reusable(in: layout, inputs: inputs) {
            PrintedLines.replay(last.lines)
            let output = layout.displayPath(of: layout.outputDirectory)
            print(
                BuildReport.summary(pageCount: last.pageCount, duration: ContinuousClock.now - start, output: output)
                    + " (nothing changed since the last build)")
            return
        }
        do {
            let report = try BuildSession.build(settings)
            Interruption.waitIfStopping()
            Progress.clear()
            printLines(of: report, to: printed)
            print(report.summary)
            if let inputs {
                BuildStamp(inputs: inputs, output: BuildStamp.outputDigest(of: layout), pageCount: report.pageCount, lines: printed.lines).record(
                    in: layout)
            }
        } catch {
            Interruption.waitIfStopping()
            Progress.clear()
            for note in error.notes { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
            Diagnostics.reportBuildFailure(error)
            let output = layout.displayPath(of: layout.outputDirectory)
            let count = error.errors.count
            Diagnostics.printError("build failed with \(count) error\(count == 1 ? "" : "s"); '\(output)' was left unchanged")
            throw ExitCode.failure
        }
    }

    /// What a successful build prints before its summary: notes, warnings, the samples' and links' counts, the coverage.
    private func printLines(of report: BuildReport, to printed: PrintedLines) {
        for note in report.notes { printed.note(note) }
        for warning in report.warnings { printed.warning(warning.description) }
        if !report.verification.results.isEmpty || !report.verification.problems.isEmpty {
            printed.output(
                "Samples: \(report.verification.summary)" + (report.verification.sandboxed.map { $0 ? " (sandboxed)" : " (not sandboxed)" } ?? ""))
        }
        if let links = report.knownLinksSummary { printed.output(links) }
        if coverage {
            printed.output(
                report.coverage?.table() ?? "Documentation coverage: no API reference was made (it is made in the root of a Swift package)")
        }
    }

    /// `--versions` and `--version NAME` (``VersionsWorkflow``).
    private func runVersions(layout: SiteLayout) throws {
        let sandboxOption = sandboxOption
        let baseURL = baseURL
        let workflow = VersionsWorkflow(
            mode: version.map { .one($0) } ?? (listVersions ? .list : assemble ? .assembleOnly : .all), layout: layout,
            cache: cacheOption.folder(in: layout), baseURL: baseURL,
            configure: { settings in
                sandboxOption.configure(&settings)
                settings.baseURL = baseURL
            },
            settingsText: VersionsWorkflow.settingsText(sandbox: sandboxOption.sandbox, baseURL: baseURL))
        try workflow.run()
    }
}
