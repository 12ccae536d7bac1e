import GalleyCore
import GalleySamples

/// Every verdict of a verification run.
public struct VerificationReport: Sendable {
    /// One result per sample, in page order.
    public var results: [SampleResult]
    /// Samples that could not be verified as written (bad attributes, markers).
    public var problems: [Diagnostic]
    /// Problems a baseline lists as known: reported, not failing the run.
    public var knownProblems: [Diagnostic] = []
    /// The compiler used, e.g. `Swift version 6.3.1 (…)`, when any sample was compiled.
    public var compilerVersion: String?
    /// Wall-clock time of the run.
    public var duration: Duration
    /// How many programs were compiled now (cache misses), and how many of those merged.
    public var compiledPrograms: Int
    /// How many programs were compiled in the merged module.
    public var mergedPrograms: Int
    /// Whether this run's sample programs ran in the sandbox (`nil`: none ran now).
    public var sandboxed: Bool?
    /// A note on how samples ran, from the verifier that ran them: "sandboxed
    /// (bubblewrap)" or why not, or `nil` when none ran.
    public var sandboxNote: String?
    /// What does not fail a sample but its author should see, each at its
    /// line: a comment that starts like `// Prints` but was read as prose.
    public var warnings: [Diagnostic] { results.flatMap(\.sample.warnings) + notices }
    /// Warnings about the run itself: sourcekitd could not be loaded, or stopped answering.
    public var notices: [Diagnostic] = []
    /// Listings without a language read as something other than Swift
    /// (output, SQL, an HTTP message), each at its line: not compiled, and
    /// counted so that a Swift listing taken for text is seen.
    public var notSwift: [Diagnostic] = []

    /// Creates a report; ``Verifier`` makes them, and the preview server
    /// combines the reports of pages verified at different times.
    public init(
        results: [SampleResult], problems: [Diagnostic], compilerVersion: String?,
        duration: Duration, compiledPrograms: Int, mergedPrograms: Int
    ) {
        self.results = results
        self.problems = problems
        self.compilerVersion = compilerVersion
        self.duration = duration
        self.compiledPrograms = compiledPrograms
        self.mergedPrograms = mergedPrograms
    }

    /// Samples that passed.
    public var passed: Int { results.filter { $0.status == .passed }.count }
    /// Samples that failed, problems included.
    public var failed: Int { results.filter { $0.status == .failed }.count + problems.count }
    /// Samples not verified (`ignore`).
    public var skipped: Int { results.filter { $0.status == .skipped }.count }
    /// Failures a baseline lists, problems included.
    public var knownFailures: Int { results.filter { $0.status == .knownFailure }.count + knownProblems.count }
    /// What fails the run: errors in the docs only (the default) or every failure.
    public var gate = VerifyGate.docs
    /// Whether `result` fails the run under ``gate``: any failure when
    /// strict; otherwise one that is the docs' (or whose cause is unknown).
    public func failsRun(_ result: SampleResult) -> Bool {
        guard result.status == .failed else { return false }
        return gate == .strict || result.cause == .docs || result.cause == nil
    }
    /// Failures that do not fail the run: context, environment or Galley's
    /// limits under the `docs` gate, reported as warnings.
    public var warnedFailures: Int { results.count { $0.status == .failed && !failsRun($0) } }
    /// Whether nothing that fails the run failed (known failures, and
    /// failures the gate reports as warnings, do not count).
    public var succeeded: Bool { problems.isEmpty && !results.contains(where: failsRun) }

    /// The failures broken down by kind, or `nil` when nothing failed:
    /// `Failed: 4 do not compile, 2 blocked by a block that fails,
    /// 1 cannot be read`. Known failures are counted apart.
    public var breakdown: String? {
        var counts: [SampleResult.FailureKind: Int] = [:]
        for result in results where result.status == .failed {
            counts[result.failureKind ?? .compile, default: 0] += 1
        }
        var parts = SampleResult.FailureKind.allCases.compactMap { kind in counts[kind].map { "\($0) \(kind.phrase)" } }
        if !problems.isEmpty { parts.append("\(problems.count) cannot be read as written") }
        return parts.isEmpty ? nil : "Failed: " + parts.joined(separator: ", ")
    }

    /// The failures grouped by whose they are, or `nil` when nothing
    /// failed: `Errors in the docs: 14. Needs context: 61 samples use 9
    /// names no sample declares — logger (22), req (7), …. Needs the
    /// environment: 5 (module NIO (4), …).`
    public var causeSummary: String? {
        let failed = results.filter { $0.status == .failed }
        guard !failed.isEmpty else { return nil }
        var parts: [String] = []
        let docs = failed.filter { $0.cause == .docs || $0.cause == nil }.count
        if docs > 0 { parts.append("Errors in the docs: \(docs).") }
        let context = failed.filter { $0.cause == .context }
        if !context.isEmpty {
            // Names a setup can declare, and what the samples leave out of their own code (`(the type around a member)`).
            func counted(_ results: [SampleResult], _ isOmission: Bool) -> (entries: Int, shown: String) {
                var counts: [String: Int] = [:]
                for result in results {
                    for name in Set(result.undeclaredNames) where name.hasPrefix("(") == isOmission { counts[name, default: 0] += 1 }
                }
                let sorted = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                return (sorted.count, sorted.prefix(8).map { "\($0.key) (\($0.value))" }.joined(separator: ", ") + (sorted.count > 8 ? ", …" : ""))
            }
            let naming = context.filter { $0.undeclaredNames.contains { !$0.hasPrefix("(") } }
            let omitting = context.filter { $0.undeclaredNames.contains { $0.hasPrefix("(") } }
            var text = "Needs context:"
            if !naming.isEmpty {
                let names = counted(naming, false)
                // Where the author declares them: a catalog's setup file, or the site's prelude.
                let place =
                    naming.contains { $0.sample.page.contains(".docc/") }
                    ? " Declare them in the catalog's galley-setup.swift." : " Declare them in galley.yml's verify: prelude."
                text +=
                    " \(naming.count == 1 ? "1 sample uses" : "\(naming.count) samples use") \(names.entries) name\(names.entries == 1 ? "" : "s")"
                    + " no sample declares — \(names.shown).\(place)"
            }
            if !omitting.isEmpty {
                text +=
                    " \(omitting.count == 1 ? "1 sample leaves out what its" : "\(omitting.count) samples leave out what their") code needs — \(counted(omitting, true).shown)."
            }
            if naming.isEmpty && omitting.isEmpty {
                text += " \(context.count == 1 ? "1 sample uses" : "\(context.count) samples use") what the page does not show."
            }
            parts.append(text)
        }
        let environment = failed.filter { $0.cause == .environment }
        if !environment.isEmpty {
            var counts: [String: Int] = [:]
            for result in environment { counts[result.needs ?? "the environment", default: 0] += 1 }
            let shown = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
            parts.append("Needs the environment: \(environment.count) (\(shown)).")
        }
        let galley = failed.filter { $0.cause == .galley }.count
        if galley > 0 { parts.append("Galley's own limits: \(galley) (please report them).") }
        return parts.joined(separator: " ")
    }

    /// The fragments type-checked against names they assume
    /// (``SampleResult/assumed``), or `nil` when there were none: `Assumed:
    /// 12 fragments type-check, assuming logger: Logger (10), … — not run,
    /// counted as skipped. 2 do not: errors in the docs.`
    public var assumedSummary: String? {
        let assumed = results.filter { !$0.assumed.isEmpty }
        guard !assumed.isEmpty else { return nil }
        let checked = assumed.filter { $0.status == .skipped }
        var counts: [String: Int] = [:]
        for result in checked { for assumption in result.assumed { counts[assumption, default: 0] += 1 } }
        let named = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        let shown = named.prefix(6).map { "\($0.key) (\($0.value))" }.joined(separator: ", ") + (named.count > 6 ? ", …" : "")
        var text = "Assumed:"
        if !checked.isEmpty {
            text +=
                " \(checked.count) fragment\(checked.count == 1 ? " type-checks" : "s type-check"), assuming \(shown) — not run, counted as skipped."
        }
        let failing = assumed.count - checked.count
        if failing > 0 { text += " \(failing) do\(failing == 1 ? "es" : "") not type-check with them: errors in the docs." }
        return text
    }

    /// How many modules the doc comments' listings come from, when the
    /// verification knew (a package root's); `nil` otherwise.
    public var docCommentModules: Int?

    /// The doc comments' listings among the results, or `nil` when there
    /// are none: `Doc comments: 412 listings in 57 files of 3 modules —
    /// 380 passed, 20 failed, 12 skipped.`
    public var docCommentSummary: String? {
        let listings = results.filter { $0.sample.origin == .docComment }
        guard !listings.isEmpty else { return nil }
        let files = Set(listings.map(\.sample.page)).count
        let count = { (status: SampleResult.Status) in listings.count { $0.status == status } }
        let known = count(.knownFailure)
        let modules = docCommentModules.map { " of \($0) module\($0 == 1 ? "" : "s")" } ?? ""
        return "Doc comments: \(listings.count) listing\(listings.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")\(modules) — "
            + "\(count(.passed)) passed, \(count(.failed)) failed, " + (known > 0 ? "\(known) known failures, " : "") + "\(count(.skipped)) skipped."
    }

    /// `N passed, N failed, N skipped`, with `N known failures` when a baseline listed some.
    public var summary: String {
        let known = knownFailures == 0 ? "" : ", \(knownFailures) known failure\(knownFailures == 1 ? "" : "s")"
        let warned = warnedFailures
        // Under the docs gate, the failures that are not the docs' are said apart: they do not fail the run.
        let failedText =
            warned == 0
            ? "\(failed) failed"
            : "\(failed) failed (\(failed - warned) in the docs, \(warned) not the docs' error: warnings; --strict fails on them)"
        return "\(passed) passed, \(failedText)\(known), \(skipped) skipped"
    }

    /// Every known failure (listed in the baseline): where, and the first line of what.
    public var knownFailureList: [(location: SourceLocation, message: String)] {
        let problems: [(location: SourceLocation, message: String)] = knownProblems.map { ($0.place, $0.message) }
        return problems
            + results.filter { $0.status == .knownFailure }.map {
                ($0.failureLocation ?? $0.sample.location, ($0.failure ?? "failed").split(separator: "\n").first.map(String.init) ?? "failed")
            }
    }

    /// Every failure, problems first: where, what (the first line is the
    /// headline, later lines details), the sample when there is one, and
    /// whether it fails the run (``failsRun(_:)``; otherwise a warning).
    public var failures: [(location: SourceLocation, message: String, sample: Sample?, failsRun: Bool)] {
        let problems: [(location: SourceLocation, message: String, sample: Sample?, failsRun: Bool)] = problems.map { problem in
            (problem.place, problem.message + (problem.suggestion.map { ". " + $0 } ?? ""), nil, true)
        }
        return problems
            + results.filter { $0.status == .failed }.map {
                ($0.failureLocation ?? $0.sample.location, $0.failure ?? "failed", $0.sample, failsRun($0))
            }
    }

    /// The listings without a language read as something other than Swift,
    /// or `nil` when there were none: `Not Swift: 7 listings without a
    /// language read as output (4), SQL (2), JSON (1) — not compiled; tag a
    /// Swift one ```swift.`
    public var notSwiftSummary: String? {
        guard !notSwift.isEmpty else { return nil }
        var counts: [String: Int] = [:]
        for listing in notSwift {
            // `listing without a language read as SQL (…), not Swift: …` → `SQL`
            let kind = listing.message.split(separator: " read as ", maxSplits: 1).last.map { text in
                text.prefix { $0 != "(" && $0 != "," }.split(separator: " ").joined(separator: " ")
            }
            counts[kind ?? "text", default: 0] += 1
        }
        let shown = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
        return "Not Swift: \(notSwift.count) listing\(notSwift.count == 1 ? "" : "s") without a language read as \(shown) — "
            + "not compiled; tag a Swift one ```swift to verify it."
    }

    /// The results of one page.
    public func results(forPage page: String) -> [SampleResult] {
        results.filter { $0.sample.page == page }
    }
}
