import Foundation
import GalleyCore
import GalleyProject
import GalleyReports
import GalleyVerify

extension BuildSession {
    /// `galley verify`: the build's own stages — configuration, pages,
    /// samples, baseline — with rendering and output off. The samples of the
    /// selected pages (all, some, or one CI shard) are verified, blessed and
    /// verified again when asked; pages that cannot be read are problems of
    /// the report, and every other page is still verified.
    ///
    /// Throws when the run cannot happen (no such page, no compiler, an
    /// unreadable baseline); failed samples are in the outcome's report.
    ///
    /// ```swift
    /// var options = VerifyOptions()
    /// options.shard = try PageSharding(parsing: "2/4")
    /// let outcome = try BuildSession.verify(BuildSettings(layout: layout), options: options)
    /// print(outcome.report.summary)   // 31 passed, 0 failed, 1 skipped
    /// ```
    public static func verify(_ settings: BuildSettings, options: VerifyOptions = VerifyOptions()) throws(DiagnosticList) -> VerifyOutcome {
        let build = Build(settings: settings, changes: .all, written: nil, keepsState: false)
        return try build.verifySamplesOnly(options)
    }

    /// One report from the JSON reports of shards (`--format json`), with
    /// the settings' baseline applied when they name one.
    public static func mergeReports(_ paths: [String], settings: BuildSettings) throws(DiagnosticList) -> VerifyOutcome {
        var documents: [(name: String, data: Data)] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: URL(userPath: path, relativeTo: settings.layout.root).path) else {
                throw DiagnosticList([
                    Diagnostic(
                        "cannot read the report '\(path)'", suggestion: "Check the path; shards write theirs with --format json > shard.json"
                    )
                ])
            }
            documents.append((path, data))
        }
        var outcome: VerifyOutcome
        do {
            outcome = VerifyOutcome(report: try JSONReport.merge(documents))
        } catch {
            throw DiagnosticList([error])
        }
        try Build.applyBaseline(settings, to: &outcome)
        return outcome
    }
}

extension Build {
    /// The stages of ``BuildSession/verify(_:options:)``: ``ConfigurationStage``
    /// and ``PageStage`` as a build runs them, then the selected
    /// pages' samples, bless, the baseline.
    func verifySamplesOnly(_ options: VerifyOptions) throws(DiagnosticList) -> VerifyOutcome {
        let configuration: SiteConfiguration
        do {
            configuration = try ConfigurationStage(context: context).load()
        } catch {
            throw DiagnosticList(error.errors)
        }
        let source = settings.pageSource(configuration, layout)
        var (selected, pageProblems) = try select(options.pages, from: source)
        if let shard = options.shard {
            selected = shard.pages(of: selected)
            // A page that could not be read belongs to the first shard, so exactly one reports it.
            pageProblems = shard.index == 1 ? pageProblems : []
        }
        let verification = verification(options, configuration: configuration)
        var outcome: VerifyOutcome
        var blessed = 0
        do throws(Diagnostic) {
            var preparation: Verifier.Preparation?
            outcome = VerifyOutcome(report: try verification.verify(selected, preparation: &preparation))
            if options.suggestsSetup {
                let suggestions = try verification.verifier.suggestSetups(
                    for: outcome.report, setupFileName: CatalogPageSource.setupFileName, preparation: &preparation)
                outcome.notes += try Self.write(suggestions, root: layout.root)
            }
            if options.bless {
                blessed = try Blesser.bless(outcome.report, root: layout.root)
                outcome.notes.append("Blessed \(blessed) file\(blessed == 1 ? "" : "s").")
            }
        } catch {
            throw DiagnosticList([error])
        }
        if blessed > 0 {
            // Report what the pages say now: failures blessing cannot fix still fail the run.
            (selected, pageProblems) = try select(options.pages, from: source)
            if let shard = options.shard {
                selected = shard.pages(of: selected)
                pageProblems = shard.index == 1 ? pageProblems : []
            }
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
        try Self.applyBaseline(settings, to: &outcome)
        return outcome
    }

    /// The verifier as `galley verify`'s options configure it: merging,
    /// assumed names, the timeout, and a package root's doc comments'
    /// listings with every page (by the first shard).
    private func verification(_ options: VerifyOptions, configuration: SiteConfiguration) -> SampleVerification {
        var verification = SampleVerification(configuration: configuration, layout: layout, useCache: settings.usesCache, hovers: .queries)
        verification.verifier.merges = options.merges
        verification.verifier.assumesNames = options.assumesNames
        let docComments = options.docComments ?? configuration.verification.docComments
        if docComments != .none, options.pages.isEmpty, (options.shard?.index ?? 1) == 1 {
            verification.docCommentModules = configuration.verification.modules
            verification.docCommentScope = docComments
        }
        if let seconds = options.timeoutSeconds { verification.verifier.timeout = .seconds(max(1, seconds)) }
        verification.verifier.progress = settings.progress
        return verification
    }

    /// Writes each catalog's suggested setup into its `galley-setup.swift`
    /// (after what it has), and returns what was written, one note each; the
    /// guides' suggestion is a note to copy into `galley.yml`.
    static func write(_ suggestions: [SetupSuggestion], root: URL) throws(Diagnostic) -> [String] {
        var notes: [String] = []
        for suggestion in suggestions {
            var left = suggestion.unvalued.map { "\($0) (give it a value)" }
            left += suggestion.untyped.map { "\($0.name) (\($0.samples))" }
            let rest = left.isEmpty ? "" : "; left for you: " + left.joined(separator: ", ")
            let declared = suggestion.declared.isEmpty ? "no name typed" : suggestion.declared.joined(separator: ", ")
            guard suggestion.isCatalog else {
                let indented = suggestion.text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
                notes.append("Suggested for galley.yml's verify: prelude (\(declared)\(rest)):\n  prelude: |\n" + indented)
                continue
            }
            let file = URL(userPath: suggestion.path, relativeTo: root)
            let existing = FileManager.default.contents(atPath: file.path).map { String(decoding: $0, as: UTF8.self) }
            let text = existing.map { $0 + ($0.hasSuffix("\n") ? "\n" : "\n\n") + suggestion.text } ?? suggestion.text
            do {
                try Data(text.utf8).write(to: file, options: .atomic)
            } catch {
                throw Diagnostic(
                    "cannot write the suggested setup '\(suggestion.path)': \(error.localizedDescription)",
                    suggestion: "Check that the catalog folder is writable")
            }
            notes.append("\(existing == nil ? "Wrote" : "Added to") \(suggestion.path): \(declared)\(rest). Check it, then run galley verify.")
        }
        if notes.isEmpty { notes.append("No setup to suggest: no sample uses a name nothing declares.") }
        return notes
    }

    /// Records (``BuildSettings/recordsBaseline``) or reads the baseline and applies it.
    static func applyBaseline(_ settings: BuildSettings, to outcome: inout VerifyOutcome) throws(DiagnosticList) {
        guard let path = settings.baseline else { return }
        do {
            let applied = try BaselineStep(path: path, records: settings.recordsBaseline, layout: settings.layout).apply(to: outcome.report)
            outcome.report = applied.report
            outcome.notes += applied.notes
            outcome.warnings += applied.warnings
        } catch {
            throw DiagnosticList([error])
        }
    }

    /// The pages named (or all pages), read by ``PageStage``, and the
    /// problems of pages that could not be read: they are reported, and
    /// every other page is still verified.
    func select(_ names: [String], from source: any PageSource) throws(DiagnosticList) -> (pages: [Page], problems: [Diagnostic]) {
        let content: LoadedContent
        do {
            content = try PageStage(context: context).run(source).content
        } catch {
            throw DiagnosticList(error.errors)
        }
        guard !names.isEmpty else { return (content.pages, content.problems) }
        var selected: [Page] = []
        var problems: [Diagnostic] = []
        for name in names {
            let normalized = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
            if let page = content.pages.first(where: { $0.displayPath == normalized || $0.sourcePath == normalized }) {
                selected.append(page)
            } else if let problem = content.problems.first(where: { $0.location?.path == normalized }) {
                problems.append(problem)
            } else {
                throw DiagnosticList([
                    Diagnostic("no page '\(name)' under '\(source.displayPath)'", suggestion: "Name pages as content/<page>.md")
                ])
            }
        }
        return (selected, problems)
    }
}
