import Foundation
import GalleyCore
import GalleyHovers
import GalleyMarkdown
import GalleyPackage
import GalleyProcess
import GalleyPrograms
import GalleyReports
import GalleySamples

/// Verifies the Swift samples of pages: compiles them against the sample
/// library, runs them, and judges each by the author's contract.
///
/// ```swift
/// let verifier = Verifier(library: SampleLibrary(packageDirectory: root))
/// let report = try verifier.verify([("content/intro.md", document)])
/// print(report.summary)   // 12 passed, 0 failed, 1 skipped
/// ```
public struct Verifier: Sendable {
    /// What samples compile against.
    public var library: SampleLibrary
    /// How long one sample program may run.
    public var timeout: Duration = .seconds(10)
    /// Bytes of output one program may print.
    public var outputLimit = 1 << 20
    /// Where results are cached (`.build/galley/cache`); `nil` disables the cache.
    public var cacheDirectory: URL?
    /// Whether runnable samples are merged into one module (off: one swiftc each).
    public var merges = true
    /// Receives progress lines ("Compiling…", "Running 3/12").
    public var progress: @Sendable (String) -> Void = { _ in }
    /// The environment used to find `swiftc`.
    public var environment: [String: String] = ProcessInfo.processInfo.environment
    /// Whether sample programs run in the bubblewrap sandbox (``Sandbox``).
    public var sandboxMode = SandboxMode.auto
    /// The modules whose public API listings are checked against (default:
    /// the library's products); empty: listings are reported as not verifiable.
    public var apiModules: [String]?
    /// How much the compiler is asked about compiled samples for the pages
    /// (declarations on hover, `// ^?` types): `galley build` asks for
    /// everything, `galley verify` for the queries; a page's
    /// ``SampleSettings/hovers`` can turn it off. Answers are cached with
    /// the program's result.
    public var hovers = HoverMode.off
    /// The `galley` executable whose `sourcekitd-worker` command answers
    /// hovers on further lanes (``SourceKitWorker``): one lane per core, at
    /// most 4; `nil`: one lane. By default the running `galley` (none in a
    /// test runner); `GALLEY_HOVER_LANES=n` sets the number of lanes.
    public var hoverWorker: URL? = SourceKitWorker.currentGalley
    /// Whether fragments whose only problem is names nothing declares are
    /// type-checked with each name given the library type it fits
    /// (``AssumedNames``): skipped when they type-check, errors in the docs
    /// when they do not.
    public var assumesNames = true

    /// Creates a verifier.
    public init(library: SampleLibrary, cacheDirectory: URL? = nil) {
        self.library = library
        self.cacheDirectory = cacheDirectory
    }

    /// The compiler and the built sample library, found and built once and
    /// reused by later runs (the preview server rebuilds the library only
    /// when its sources change).
    public struct Preparation: Sendable {
        /// The compiler.
        public var toolchain: Toolchain
        /// The built library: flags and fingerprint.
        public var library: SampleLibrary.Built
        /// The library's public API, read from its symbol graphs the first
        /// time an API listing needs it in a run.
        var apiSymbols: [APIListing.Symbol]?
    }

    /// Locates the compiler and builds the sample library.
    ///
    /// ```swift
    /// var prepared: Verifier.Preparation? = try verifier.prepare()
    /// let report = try verifier.verify(pages, preparation: &prepared)   // no `swift build` this time
    /// ```
    public func prepare() throws(Diagnostic) -> Preparation {
        let toolchain = try Toolchain.locate(
            environment: environment, cache: cacheDirectory?.deletingLastPathComponent().appendingPathComponent("toolchain.json")
        )
        return Preparation(toolchain: toolchain, library: try library.build(toolchain: toolchain, log: progress))
    }

    /// `preparation`, prepared now (and kept in it) the first time it is needed.
    public func ensurePrepared(_ preparation: inout Preparation?) throws(Diagnostic) -> Preparation {
        if let preparation { return preparation }
        let prepared = try prepare()
        preparation = prepared
        return prepared
    }

    /// Verifies every sample of the Markdown `pages` (display path and parsed document), with default settings.
    public func verify(_ pages: [(page: String, document: MarkdownDocument)]) throws(Diagnostic) -> VerificationReport {
        var preparation: Preparation?
        return try verify(pages.map { MarkdownSampleSource(path: $0.page, document: $0.document) }, preparation: &preparation)
    }

    /// Verifies every sample of the Markdown `pages`, each with its own settings.
    public func verify(
        _ pages: [(page: String, document: MarkdownDocument, settings: SampleSettings)], preparation: inout Preparation?
    ) throws(Diagnostic) -> VerificationReport {
        try verify(pages.map { MarkdownSampleSource(path: $0.page, document: $0.document, settings: $0.settings) }, preparation: &preparation)
    }

    /// Verifies every sample of `sources` (Markdown pages, Swift files, …),
    /// each with its own settings (prelude, language mode, flags, default
    /// mode, environment), reusing `preparation` (the compiler and the built
    /// library) when it is set, and setting it when a sample needed them and
    /// it was not.
    ///
    /// ```swift
    /// var settings = SampleSettings()
    /// settings.prelude = "import SwiftUI"
    /// var prepared: Verifier.Preparation?
    /// let sources: [any SampleSource] = [
    ///     MarkdownSampleSource(path: "content/a.md", document: document, settings: settings),
    ///     SwiftFileSampleSource(path: "Snippets/Area.swift", text: snippet),
    /// ]
    /// let report = try verifier.verify(sources, preparation: &prepared)
    /// ```
    public func verify(_ sources: [any SampleSource], preparation: inout Preparation?) throws(Diagnostic) -> VerificationReport {
        let clock = ContinuousClock()
        let start = clock.now
        var samples: [Sample] = []
        var problems: [Diagnostic] = []
        // Reading samples parses each one (its kind, its elisions): on all cores, in the sources' order.
        let readings = Concurrently.map(sources, { $0.reading() })
        for found in readings {
            samples += found.samples
            problems += found.problems
        }
        // A tutorial's step file is checked as the file it is (``judgeStepFile(_:)``): it never joins the programs.
        let stepFiles = samples.filter { $0.kind == .stepFile }
        samples.removeAll { $0.kind == .stepFile }
        // The context every reader assumes: the toolchain's modules whose names a sample uses.
        samples = ToolchainImports.applied(to: samples)
        samples = try showingLibraryProtocols(samples, preparation: &preparation)
        let runs = try isolating(SampleProgram.programs(for: samples), preparation: &preparation)
        var ordered = try results(of: samples, runs: runs, preparation: &preparation)
        if assumesNames { ordered = try checkingAssumedNames(ordered, preparation: &preparation) }
        ordered = try attributingBuildConditions(ordered, preparation: &preparation)
        ordered += stepFiles.map(judgeStepFile)
        var report = VerificationReport(
            results: ordered.map(FailureClassifier.inProposal), problems: problems, compilerVersion: runs.compilerVersion,
            duration: clock.now - start, compiledPrograms: runs.compiledCount, mergedPrograms: runs.mergedCount
        )
        report.sandboxed = runs.sandboxed
        report.sandboxNote = runs.sandboxed.map(Sandbox.runNote(confined:))
        report.notices = runs.notices
        report.notSwift = readings.flatMap(\.notSwift)
        return report
    }

    /// What running a verification's programs gave: each program's run, and
    /// what the report says about them.
    private struct Runs {
        /// Each program's run by ``SampleProgram/key``, and whether it came from the cache.
        var runs: [String: (ProgramRun, cached: Bool)] = [:]
        /// The programs whose runs judge their samples, each with the ids
        /// of the samples it gives the verdict on (a page's program run
        /// again after a block that trapped judges only the blocks after it).
        var judged: [(program: SampleProgram, samples: Set<String>)] = []
        /// Blocks of page programs set aside because they own errors (``PageIsolation``).
        var setAside: [PageIsolation.SetAside] = []
        /// The compiler's version; `nil` when no program needed it.
        var compilerVersion: String?
        /// How many programs were compiled this time.
        var compiledCount = 0
        /// How many of those were merged into one module.
        var mergedCount = 0
        /// Whether the programs run in the sandbox; `nil` when none ran.
        var sandboxed: Bool?
        /// Warnings about the run as a whole.
        var notices: [Diagnostic] = []
        /// How much the compiler was asked about the programs.
        var hoverMode = HoverMode.off

        /// Adds the runs and figures of a later round of the same verification.
        mutating func absorb(_ round: Runs) {
            runs.merge(round.runs) { _, new in new }
            compilerVersion = compilerVersion ?? round.compilerVersion
            compiledCount += round.compiledCount
            mergedCount += round.mergedCount
            sandboxed = sandboxed ?? round.sandboxed
            notices += round.notices.filter { !notices.contains($0) }
            hoverMode = max(hoverMode, round.hoverMode)
        }
    }

    /// Runs `programs`, isolating failures in programs of several blocks:
    /// the blocks that own the errors of one that does not compile are set
    /// aside (``PageIsolation``) and the others compiled again without them,
    /// until what is left compiles; a block that traps, exits or hangs is
    /// judged alone and the blocks after it run again without it. Every
    /// program compiled on the way is cached by its own key, so a warm run
    /// compiles none of them.
    private func isolating(_ programs: [SampleProgram], preparation: inout Preparation?) throws(Diagnostic) -> Runs {
        var all = Runs()
        var round = programs
        // What isolation has decided so far: verdicts given, blocks set aside or stopped, derived programs.
        var isolation = PageIsolation.Progress()
        while !round.isEmpty {
            let runs = try run(round, preparation: &preparation)
            all.absorb(runs)
            var next: [SampleProgram] = []
            for program in round {
                guard let (run, cached) = runs.runs[program.key] else { continue }
                if let split = PageIsolation.split(program, run: run, derived: isolation.isDerived(program)) {
                    // A block that declares again what another block declares is judged alone, by its own lines.
                    let conflicting = PageIsolation.conflicting(split.owners, in: run).subtracting(isolation.decided)
                    let owners = split.owners.filter { !conflicting.contains($0.id) }
                    all.setAside += isolation.setAside(owners, of: program, run: run, cached: cached)
                    next += split.owners.filter { conflicting.contains($0.id) }.map(PageIsolation.alone)
                    if let rest = split.rest {
                        isolation.derived.insert(rest.key)
                        next.append(rest)
                    }
                } else if let retry = PageIsolation.contextSplit(program, run: run) {
                    next.append(retry)
                } else if let stop = PageIsolation.runtimeSplit(program, run: run) {
                    all.judged.append((program, isolation.decide(stop.judged)))
                    isolation.stopped(stop.stopper)
                    isolation.derived.insert(stop.rest.key)
                    next.append(stop.rest)
                } else {
                    all.judged.append((program, isolation.decide(program.samples)))
                }
            }
            if !next.isEmpty {
                progress("Isolating failures: \(next.count) program\(next.count == 1 ? "" : "s") without the blocks that fail…")
            }
            round = next
        }
        return all
    }

    /// Runs `programs` (at least one), reusing the cached runs that have
    /// the compiler's answers this run needs and compiling the others,
    /// preparing the compiler and library in `preparation` first if needed.
    private func run(_ programs: [SampleProgram], preparation: inout Preparation?) throws(Diagnostic) -> Runs {
        let prepared = try ensurePrepared(&preparation)
        let toolchain = prepared.toolchain
        var runs = Runs()
        runs.compilerVersion = toolchain.version
        runs.notices = prepared.library.notes.map {
            .warning($0, suggestion: "Make the library build with those traits, or name the traits to build with in galley.yml (verify: traits: […])")
        }
        let built = prepared.library
        let cache = cacheDirectory.map { ResultCache(directory: $0) }
        var misses: [(SampleProgram, key: String)] = []
        // sourcekitd is loaded only when something is compiled: a warm run does not pay for it.
        runs.hoverMode = programs.contains(where: { HoverCollector.level(for: $0, mode: hovers) != .off }) ? hovers : .off
        var uncached: [(SampleProgram, key: String, hit: ProgramRun?)] = []
        for program in programs {
            let key = ResultCache.key(for: program, toolchain: toolchain, library: built, flags: built.flags)
            // A cached run without the compiler's answers this run needs is compiled again.
            let hit = cache?.load(key)
            if let hit, hit.satisfies(HoverCollector.level(for: program, mode: runs.hoverMode), for: program) {
                runs.runs[program.key] = (hit, true)
            } else {
                uncached.append((program, key, hit))
            }
        }
        let collector = uncached.isEmpty ? nil : hoverCollector(for: programs, toolchain: toolchain, notices: &runs.notices)
        if collector == nil, !uncached.isEmpty { runs.hoverMode = .off }
        for (program, key, hit) in uncached {
            // Without sourcekitd no run gets answers: a cached one is as good as a new one.
            if collector == nil, let hit {
                runs.runs[program.key] = (hit, true)
            } else {
                misses.append((program, key))
            }
        }
        if !misses.isEmpty {
            try compileAndRun(misses, toolchain: toolchain, built: built, cache: cache, collector: collector, into: &runs)
        }
        return runs
    }

    /// Compiles and runs `misses` (programs with their cache keys) in the
    /// sandbox the verifier's mode asks for, asking `collector` for hovers,
    /// and keeps each run in `runs` and in `cache` (a timeout too: a verdict
    /// is a verdict, and a page that hangs must not cost its timeout on
    /// every warm run; `--no-cache` runs it again).
    private func compileAndRun(
        _ misses: [(SampleProgram, key: String)], toolchain: Toolchain, built: SampleLibrary.Built, cache: ResultCache?,
        collector: HoverCollector?, into runs: inout Runs
    ) throws(Diagnostic) {
        var sandbox = try Sandbox.resolve(sandboxMode, environment: environment)
        runs.sandboxed = sandbox != nil
        // What a sample may read besides the system: the runtime its executable
        // loads and the library's dynamic libraries, found once for every run.
        sandbox?.readable = Sandbox.runtimeFolders(compiler: toolchain.swiftc) + Sandbox.libraryFiles(flags: built.flags)
        let compiler = SampleCompiler(
            toolchain: toolchain, flags: built.flags,
            runner: ProcessRunner(timeout: timeout, outputLimit: outputLimit),
            merges: merges, sandbox: sandbox, hovers: collector, progress: progress
        )
        let fresh = compiler.compileAndRun(misses.map(\.0))
        for ((program, key), run) in zip(misses, fresh) {
            runs.runs[program.key] = (run, false)
            cache?.store(run, for: key)
            if run.merged { runs.mergedCount += 1 }
        }
        runs.compiledCount = misses.count
        collector?.stopWorkers()
        if collector?.isUnresponsive == true {
            runs.notices.append(
                .warning(
                    "sourcekitd did not answer within a minute, so some samples have no hovers or type queries",
                    suggestion: "Build again; if it happens again, set `hovers: false` in galley.yml and report it"
                ))
        }
    }

    /// The result of each of `samples`, in their order: listings and
    /// manifests judged now, programs judged by their `runs`, and the
    /// samples neither covers skipped.
    private func results(of samples: [Sample], runs: Runs, preparation: inout Preparation?) throws(Diagnostic) -> [SampleResult] {
        var results: [String: SampleResult] = [:]
        for sample in samples where sample.mode != .ignore && sample.kind != .program {
            results[sample.id] = try judgeListingOrManifest(sample, preparation: &preparation)
        }
        // What the docs' extensions declare in any listing: a member another page adds is that page's context.
        let elsewhere = ExtensionMembers(samples: samples)
        for aside in runs.setAside {
            results[aside.sample.id] = PageIsolation.result(for: aside, timeout: timeout, outputLimit: outputLimit, elsewhere: elsewhere)
        }
        for (program, judgedSamples) in runs.judged {
            guard let (run, cached) = runs.runs[program.key] else { continue }
            let hovers = HoverCollector.level(for: program, mode: runs.hoverMode)
            for result in SampleJudge.results(
                for: program, run: run, cached: cached, timeout: timeout, outputLimit: outputLimit, hovers: hovers, elsewhere: elsewhere)
            where judgedSamples.contains(result.sample.id) {
                results[result.sample.id] = result
            }
        }
        // A blocked block's failure is its blocker's: context when that block needs context. When the blocker is an
        // error in the docs, that one error is red once, at the blocker; the block it blocks was not verified.
        let byLocation = Dictionary(results.values.map { ($0.sample.location, $0) }, uniquingKeysWith: { first, _ in first })
        for (id, result) in results where result.failureKind == .blocked || result.failureKind == .notRun {
            guard let blocker = result.blockers.first.flatMap({ byLocation[$0] }), let cause = blocker.cause else { continue }
            if cause == .docs {
                results[id]?.cause = .context
                results[id]?.undeclaredNames = ["(the block at line \(blocker.sample.block.fenceLine), an error in the docs)"]
            } else {
                results[id]?.cause = cause
                results[id]?.undeclaredNames = blocker.undeclaredNames
                results[id]?.needs = blocker.needs
            }
        }
        return samples.map { sample in
            results[sample.id]
                ?? SampleResult(
                    sample: sample, status: .skipped, failure: nil, failureLocation: nil, output: "",
                    expectedErrors: [], crashMessage: nil, ranToCompletion: false, cached: false, merged: false
                )
        }
    }

    /// The collector of the compiler's answers this run needs, with
    /// sourcekitd loaded; `nil` when no program needs any, or (with one
    /// warning in `notices`) when sourcekitd cannot be loaded: hovers are
    /// then absent, and the build goes on.
    private func hoverCollector(for programs: [SampleProgram], toolchain: Toolchain, notices: inout [Diagnostic]) -> HoverCollector? {
        guard programs.contains(where: { HoverCollector.level(for: $0, mode: hovers) != .off }) else { return nil }
        switch SourceKitD.shared(besides: toolchain.swiftc, environment: environment) {
        case .success(let sourcekitd):
            // More sourcekitds in worker processes, so the hover work uses more
            // cores (one request at a time per process): one lane per core, at
            // most 4, only from the `galley` executable.
            let lanes = Int(environment["GALLEY_HOVER_LANES"] ?? "") ?? min(4, ProcessInfo.processInfo.activeProcessorCount)
            let workers =
                hoverWorker.map { galley in
                    (1..<max(1, lanes)).map { _ in SourceKitWorker(executable: galley, library: sourcekitd.libraryPath) }
                } ?? []
            return HoverCollector(sourcekitd: sourcekitd, mode: hovers, workers: workers)
        case .failure(let failure):
            notices.append(
                .warning(
                    "samples have no hovers or type queries: \(failure.message)",
                    suggestion: "Install a Swift toolchain that has lib/libsourcekitdInProc.so, or set `hovers: false` in galley.yml"
                ))
            return nil
        }
    }
}

extension Verifier {
    /// The symbol graphs of the library `prepared` built, kept beside the
    /// result cache (`.build/galley/symbolgraphs`), or in the temporary
    /// folder when the cache is off.
    public func symbolGraphs(_ prepared: Preparation) -> SymbolGraphStore {
        let cache =
            cacheDirectory?.deletingLastPathComponent().appendingPathComponent("symbolgraphs")
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("galley-symbolgraphs-\(getuid())")
        var store = SymbolGraphStore(toolchain: prepared.toolchain, library: prepared.library, cache: cache)
        store.moduleDirectories = library.moduleDirectories
        // The temporary folder is every project's: only a project's own cache forgets its older builds.
        store.prunesOtherBuilds = cacheDirectory != nil
        return store
    }
}

extension Verifier {
    /// `results` with each docs verdict whose deciding error is a name the
    /// library declares only under an unmet `#if` made the environment's
    /// (``FailureClassifier/outsideBuild(_:conditions:)``).
    func attributingBuildConditions(_ results: [SampleResult], preparation: inout Preparation?) throws(Diagnostic) -> [SampleResult] {
        guard
            results.contains(where: { result in
                result.cause == .docs && result.evidence.flatMap { FailureClassifier.absentName(in: $0.message) } != nil
            })
        else { return results }
        guard let plan = try ensurePrepared(&preparation).library.buildPlan else { return results }
        let conditions = ConditionalDeclarations.read(buildPlan: plan)
        return results.map { FailureClassifier.outsideBuild($0, conditions: conditions) }
    }

    /// `results` with each fragment that fails only for names nothing
    /// declares type-checked again, those names given the library types
    /// they fit (``AssumedNames``).
    func checkingAssumedNames(_ results: [SampleResult], preparation: inout Preparation?) throws(Diagnostic) -> [SampleResult] {
        let candidates = results.indices.filter { AssumedNames.isCandidate(results[$0]) }
        guard !candidates.isEmpty else { return results }
        let prepared = try ensurePrepared(&preparation)
        let store = symbolGraphs(prepared)
        var assuming = AssumedNames(store: store)
        if let plan = prepared.library.buildPlan { assuming.graph = ModuleDeclarations.read(buildPlan: plan) }
        var derived: [(index: Int, sample: Sample, assumed: [String])] = []
        var programs: [SampleProgram] = []
        for index in candidates {
            let sample = results[index].sample
            guard
                let (said, declarations) = assuming.assumptions(
                    for: results[index].undeclaredNames, modules: AssumedNames.modules(of: sample), documenting: sample.documentedSymbol,
                    code: sample.compiledCode)
            else { continue }
            let checked = AssumedNames.derived(sample, declarations: declarations)
            derived.append((index, checked, said))
            // A block of a page program builds on the page's earlier blocks that passed, as it did in the page.
            let earlier =
                sample.settings.pageProgram
                ? results[..<index].filter {
                    $0.sample.page == sample.page && $0.status == .passed && $0.sample.kind == .program && $0.sample.settings.pageProgram
                        && !$0.sample.standalone && $0.sample.group == nil && ($0.sample.mode == .run || $0.sample.mode == .noRun)
                }.map(\.sample) : []
            programs.append(SampleProgram(samples: [checked], context: earlier))
        }
        guard !derived.isEmpty else { return results }
        progress("Type-checking \(derived.count) fragment\(derived.count == 1 ? "" : "s") against the names they assume")
        let samples = derived.map(\.sample)
        let runs = try isolating(programs, preparation: &preparation)
        let checked = try self.results(of: samples, runs: runs, preparation: &preparation)
        var updated = results
        // What each page's earlier blocks that did not pass declare: the check could not build on them.
        // Gathered in page order as the verdicts are given (a block checked now may pass as skipped).
        var missing: [String: Set<String>] = [:]
        var next = 0
        for (entry, result) in zip(derived, checked) {
            while next < entry.index {
                if updated[next].status != .passed {
                    missing[updated[next].sample.page, default: []].formUnion(AssumedNames.declaredNames(in: updated[next].sample.compiledCode))
                }
                next += 1
            }
            let page = results[entry.index].sample.page
            updated[entry.index] = AssumedNames.verdict(results[entry.index], checked: result, assumed: entry.assumed, missing: missing[page] ?? [])
        }
        return updated
    }
}
