import Foundation
import GalleyCore
import GalleyHovers
import GalleyPackage
import GalleyProcess
import GalleyPrograms
import GalleySamples
import Synchronization

/// Compiles and runs sample programs: merged into one module where possible,
/// alone where not, each run in a process of its own.
struct SampleCompiler: Sendable {
    var toolchain: Toolchain
    var flags: [String]
    var runner: ProcessRunner
    /// Whether to try the merged module at all (off: one swiftc per program, the baseline).
    var merges: Bool
    /// Where sample programs run confined; `nil` runs them unconfined.
    var sandbox: Sandbox?
    /// Asks sourcekitd about compiled programs' code; `nil`: no hovers.
    var hovers: HoverCollector?
    var progress: @Sendable (String) -> Void

    /// Compiles and runs `programs`, returning their runs in the same order.
    func compileAndRun(_ programs: [SampleProgram]) -> [ProgramRun] {
        var runs = [ProgramRun?](repeating: nil, count: programs.count)
        // The run's sourcekitd lanes: each compile submits its files and the
        // answers are collected at the end (``HoverQueue``).
        let hoverQueue = HoverQueue(
            lanes: hovers?.lanes ?? 1, removingFolders: { [supervisor = runner.supervisor] in supervisor.removeTemporaryFolder($0) })
        var pending: [PendingHovers] = []
        var standalone: [Int] = []
        // Programs compile together only with the same language mode and flags.
        var mergeable: [CompileMode: [Int]] = [:]
        for (index, program) in programs.enumerated() {
            if merges && program.mode != .compileFail && !ProgramSource.needsParseAsLibrary(program) {
                mergeable[CompileMode(program), default: []].append(index)
            } else {
                standalone.append(index)
            }
        }
        // A module's type-checking takes one core: a large set of programs is cut into one module per core,
        // compiled at once (a module that fails also compiles again only its own programs).
        let chunks = mergeable.sorted(by: { $0.value[0] < $1.value[0] }).flatMap { mode, indices in
            Self.chunks(indices, cores: ProcessInfo.processInfo.activeProcessorCount).map { (mode: mode, indices: $0) }
        }
        let compiled = Concurrently.map(chunks) { chunk in compileMerged(chunk.indices.map { programs[$0] }, mode: chunk.mode, queue: hoverQueue) }
        for (chunk, (merged, rejected, hovers)) in zip(chunks, compiled) {
            let indices = chunk.indices
            for (offset, index) in indices.enumerated() {
                if let run = merged[offset] { runs[index] = run }
            }
            standalone += rejected.map { indices[$0] }
            if var hovers {
                hovers.runs = hovers.runs.map { indices[$0] }
                pending.append(hovers)
            }
        }
        let alone = concurrently(standalone.sorted(), label: "Compiling and running alone") { index in
            compileStandalone(programs[index], queue: hoverQueue)
        }
        for (index, (run, hovers)) in zip(standalone.sorted(), alone) {
            runs[index] = run
            if var hovers {
                hovers.runs = [index]
                pending.append(hovers)
            }
        }
        ProcessCgroup.finishRemovals()
        if !pending.isEmpty {
            progress("Waiting for the compiler's answers about the samples' code…")
        }
        for hovers in pending {
            for (offset, answer) in hoverQueue.answers(hovers.ticket).enumerated() where runs[hovers.runs[offset]] != nil {
                Self.attach((hovers.levels[offset], answer), to: &runs[hovers.runs[offset]]!)
            }
        }
        return runs.map { $0! }
    }

    /// `indices` cut into neighbouring runs, one module each: one per core
    /// when there are at least ``programsPerModule`` programs per core, fewer
    /// otherwise (each module is linked once: small sets stay one).
    static func chunks(_ indices: [Int], cores: Int) -> [[Int]] {
        let count = max(1, min(max(1, cores), indices.count / programsPerModule))
        let size = (indices.count + count - 1) / count
        return stride(from: 0, to: indices.count, by: max(1, size)).map { Array(indices[$0..<min(indices.count, $0 + size)]) }
    }

    /// The fewest programs worth a module of their own (a link and a run of the compiler).
    static let programsPerModule = 64

    /// Answers a compile submitted to the run's ``HoverQueue``, collected when
    /// the run's compiles are done: the level each of its programs is asked
    /// at, and the run each program's answer goes to.
    private struct PendingHovers: Sendable {
        var ticket: HoverQueue.Ticket
        var levels: [HoverMode]
        /// Per program of the submission: its index in the runs (first the
        /// compile's own positions, then the run's indices).
        var runs: [Int]
    }

    /// One module of every program; programs whose code breaks it are left
    /// out (returned as rejected offsets) and the rest compiled again.
    private func compileMerged(
        _ programs: [SampleProgram], mode: CompileMode, queue: HoverQueue
    ) -> ([ProgramRun?], rejected: [Int], hovers: PendingHovers?) {
        let none = [ProgramRun?](repeating: nil, count: programs.count)
        var remaining = Array(programs.indices)
        var rejected: [Int] = []
        for _ in 0..<3 where !remaining.isEmpty {
            guard let folder = try? temporaryFolder() else { return (none, Array(programs.indices), nil) }
            defer { runner.supervisor.removeTemporaryFolder(folder) }
            guard let written = writeMergedFiles(programs, offsets: remaining, in: folder) else { return (none, Array(programs.indices), nil) }
            rejected += written.rejected
            let (files, included) = (written.files, written.included)
            remaining = included
            guard !included.isEmpty else { break }
            let includedPrograms = included.map { programs[$0] }
            let hovering = submitMergedHovers(includedPrograms, texts: written.texts, mode: mode, to: queue)
            progress("Compiling \(included.count) sample program\(included.count == 1 ? "" : "s") as one module…")
            let compiled = compile(
                main: ProgramSource.mergedMain(programCount: included.count), extraFiles: files,
                in: folder, mode: mode, parseAsLibrary: false
            )
            guard let executable = compiled.executable else {
                // Answers about code that did not compile are not wanted; the
                // programs that compile are asked again in the next round.
                if let hovering { queue.cancel(hovering.ticket) }
                let broken = Set(
                    included.indices.filter { position in
                        compiled.diagnostics.contains { $0.severity == "error" && Self.belongs($0, to: programs[included[position]]) }
                    })
                if broken.isEmpty {
                    // An error no sample owns: give up merging these.
                    return (none, rejected + included, nil)
                }
                rejected += broken.map { included[$0] }
                remaining = included.indices.filter { !broken.contains($0) }.map { included[$0] }
                continue
            }
            let ran = runMerged(executable, included: included, of: programs, diagnostics: compiled.diagnostics)
            rejected += ran.rejected
            // The answers go to the compile's programs (offsets into `programs`).
            return (ran.runs, rejected, hovering.map { PendingHovers(ticket: $0.ticket, levels: $0.levels, runs: included) })
        }
        return (none, rejected + remaining, nil)
    }

    /// Writes the merged file of each program at `offsets` (into `programs`)
    /// to `folder`: the files and their texts, the offsets of the programs
    /// they hold, and those of programs that cannot be merged; `nil` when a
    /// file cannot be written.
    private func writeMergedFiles(
        _ programs: [SampleProgram], offsets: [Int], in folder: URL
    ) -> (files: [URL], texts: [String], included: [Int], rejected: [Int])? {
        var files: [URL] = []
        var texts: [String] = []
        var included: [Int] = []
        var rejected: [Int] = []
        for offset in offsets {
            guard let source = ProgramSource.mergedFile(programs[offset], index: included.count) else {
                rejected.append(offset)
                continue
            }
            let file = folder.appendingPathComponent("sample_\(included.count).swift")
            guard (try? Data(source.utf8).write(to: file)) != nil else { return nil }
            files.append(file)
            texts.append(source)
            included.append(offset)
        }
        return (files, texts, included, rejected)
    }

    /// Asks the compiler's answers for the pages of a merged module's
    /// `programs` (whose merged files are `texts`), while the module compiles
    /// and its samples run, and after (``HoverQueue``): one AST for each
    /// batch of programs whose names do not clash (see
    /// ``HoverCollector/batches(_:)``), each with the runtime alone, in a
    /// folder of their own that stays until they are answered.
    private func submitMergedHovers(
        _ programs: [SampleProgram], texts: [String], mode: CompileMode, to queue: HoverQueue
    ) -> (ticket: HoverQueue.Ticket, levels: [HoverMode])? {
        submitHovers(programs, to: queue) { hoverFolder in
            let runtime = hoverFolder.appendingPathComponent("galley_runtime.swift")
            guard (try? Data(ProgramSource.runtime.utf8).write(to: runtime)) != nil else { return [] }
            let arguments = Self.hoverArguments(mode: mode, flags: flags, parseAsLibrary: false) + ["-parse-as-library"]
            return HoverCollector.batches(programs).enumerated().compactMap { number, batch in
                let file = hoverFolder.appendingPathComponent("hovers_\(number).swift")
                let text = batch.map { texts[$0] }.joined(separator: "\n")
                guard (try? Data(text.utf8).write(to: file)) != nil else { return nil }
                return HoverQueue.Unit(programs: batch, path: file.path, text: text, arguments: arguments + [file.path, runtime.path])
            }
        }
    }

    /// Runs the programs of a merged module's `executable` (`included`, its
    /// programs' offsets into `programs`), each by its position: their runs
    /// by offset, and the offsets of the programs to run again alone.
    private func runMerged(
        _ executable: URL, included: [Int], of programs: [SampleProgram], diagnostics: [CompilerDiagnostic]
    ) -> (runs: [ProgramRun?], rejected: [Int]) {
        let includedPrograms = included.map { programs[$0] }
        var runs = [ProgramRun?](repeating: nil, count: programs.count)
        var rejected: [Int] = []
        let results = concurrently(Array(included.indices), label: "Running") { position in
            self.run(executable, arguments: [String(position)], program: includedPrograms[position], merged: true, diagnostics: diagnostics)
        }
        for (position, run) in zip(included.indices, results) {
            // A type of the merged module is `fileprivate` there, and prints as
            // `GalleySamples.(unknown context at $…).Captain`: such a program
            // runs again alone, where its types print as the author named them.
            if run.outputs.contains(where: { $0.contains("(unknown context at $") }) || run.standardError.contains("(unknown context at $") {
                rejected.append(included[position])
            } else {
                runs[included[position]] = run
            }
        }
        return (runs, rejected)
    }

    private func compileStandalone(_ program: SampleProgram, queue: HoverQueue) -> (ProgramRun, PendingHovers?) {
        guard let folder = try? temporaryFolder() else {
            return (
                ProgramRun(
                    compiled: false, diagnostics: [], ending: .notRun, outputs: [], standardError: "cannot create a temporary folder", merged: false),
                nil
            )
        }
        defer { runner.supervisor.removeTemporaryFolder(folder) }
        let library = ProgramSource.needsParseAsLibrary(program)
        let main = ProgramSource.standaloneMain(program)
        // sourcekitd is asked about the same files as swiftc compiles, copied
        // to a folder that stays until it has answered (``HoverQueue``).
        let hovering = submitHovers([program], to: queue) { hoverFolder in
            let mainFile = hoverFolder.appendingPathComponent(library ? "sample.swift" : "main.swift")
            let runtime = hoverFolder.appendingPathComponent("galley_runtime.swift")
            guard (try? Data(main.utf8).write(to: mainFile)) != nil, (try? Data(ProgramSource.runtime.utf8).write(to: runtime)) != nil else {
                return []
            }
            let arguments = Self.hoverArguments(mode: CompileMode(program), flags: flags, parseAsLibrary: library)
            return [HoverQueue.Unit(programs: [0], path: mainFile.path, text: main, arguments: arguments + [mainFile.path, runtime.path])]
        }
        let pending = hovering.map { PendingHovers(ticket: $0.ticket, levels: $0.levels, runs: [0]) }
        let compiled = compile(main: main, extraFiles: [], in: folder, mode: CompileMode(program), parseAsLibrary: library)
        guard let executable = compiled.executable else {
            let failed = ProgramRun(
                compiled: false,
                diagnostics: Self.failureDiagnostics(
                    compiled.diagnostics.map { Self.placed($0, generated: main, file: compiled.mainFile, program: program) },
                    log: compiled.log, program: program),
                ending: .notRun, outputs: [], standardError: compiled.log, merged: false)
            // A compile_fail sample's valid lines are still answered about: sourcekitd type-checks past errors.
            if program.mode == .compileFail { return (failed, pending) }
            if let hovering { queue.cancel(hovering.ticket) }
            return (failed, nil)
        }
        return (run(executable, arguments: program.arguments, program: program, merged: false, diagnostics: compiled.diagnostics), pending)
    }

    /// Submits `programs` to the run's sourcekitd lane: `write` writes the
    /// units' files into a new temporary folder (removed once they are
    /// answered) and returns the units. `nil` when nothing is asked about them
    /// (no hovers, `hovers: false`, or no folder).
    private func submitHovers(
        _ programs: [SampleProgram], to queue: HoverQueue, write: (URL) -> [HoverQueue.Unit]
    ) -> (ticket: HoverQueue.Ticket, levels: [HoverMode])? {
        guard let hovers else { return nil }
        let levels = programs.map { hovers.level(for: $0) }
        guard levels.contains(where: { $0 != .off }), let folder = try? temporaryFolder() else { return nil }
        let units = write(folder)
        let ticket = queue.submit(units, programCount: programs.count, folder: folder) { unit, lane, cancelled in
            var fileAnswers: [String: CursorInfo?] = [:]
            let hovers = hovers.onLane(lane)
            return unit.programs.map { index in
                (
                    index,
                    hovers.annotate(
                        programs[index], level: levels[index], file: unit.path, text: unit.text,
                        arguments: unit.arguments, fileAnswers: &fileAnswers, cancelled: cancelled)
                )
            }
        }
        return (ticket, levels)
    }

    /// Puts what sourcekitd answered into the run (nothing when it stopped answering).
    private static func attach(_ hover: (level: HoverMode, answer: HoverCollector.Answer?), to run: inout ProgramRun) {
        guard hover.level != .off, let answer = hover.answer else { return }
        run.hovers = hover.level
        run.hoverAnnotations = answer.annotations
        run.queryFailures = answer.queryFailures
    }

    private func run(_ executable: URL, arguments: [String], program: SampleProgram, merged: Bool, diagnostics: [CompilerDiagnostic]) -> ProgramRun {
        let own = diagnostics.filter { Self.belongs($0, to: program) }
        guard program.runs else {
            return ProgramRun(compiled: true, diagnostics: own, ending: .notRun, outputs: [], standardError: "", merged: merged)
        }
        guard let folder = try? temporaryFolder() else {
            return ProgramRun(
                compiled: true, diagnostics: own, ending: .notRun, outputs: [], standardError: "cannot create a temporary folder", merged: merged)
        }
        defer { runner.supervisor.removeTemporaryFolder(folder) }
        do {
            let outcome: ProcessRunner.Outcome
            var processLimitReached: Int?
            if let sandbox {
                var extra = program.settings.environment
                extra["SWIFT_DETERMINISTIC_HASHING"] = "1"
                // The runtime and the library are in `sandbox.readable` (set once by the Verifier).
                let wrapped = sandbox.wrap(executable, arguments, in: folder, environment: extra)
                let processes = ProcessCgroup.make(limit: sandbox.processLimit)
                defer { processes?.removeLater() }
                let command =
                    processes.map { $0.joining(wrapped.executable, wrapped.arguments) } ?? (
                        executable: wrapped.executable, arguments: wrapped.arguments
                    )
                // The sandbox's PID namespace ends every process with it and lists what was left running.
                var confined = runner
                confined.confinesDescendants = true
                var sandboxed = try confined.run(command.executable, command.arguments, in: folder, environment: wrapped.environment)
                if case .exited(let status) = sandboxed.ending, status > 128, status < 128 + 65 {
                    sandboxed.ending = .signalled(status - 128)
                }
                sandboxed.leftRunning = Sandbox.leftRunning(in: folder)
                if processes?.limitReached == true { processLimitReached = sandbox.processLimit }
                outcome = sandboxed
            } else {
                outcome = try runner.run(
                    executable, arguments, in: folder,
                    environment: Self.environment(temporaryFolder: folder, sampleRun: program.settings.environment))
            }
            var outputs = outcome.standardOutput.components(separatedBy: ProgramSource.boundary + "\n")
            if ProgramSource.needsParseAsLibrary(program) { outputs = [outcome.standardOutput] }
            return ProgramRun(
                compiled: true, diagnostics: own, ending: ProgramRun.Ending(outcome.ending),
                outputs: outputs, standardError: outcome.standardError, merged: merged,
                leftRunning: outcome.leftRunning.isEmpty ? nil : outcome.leftRunning,
                processLimitReached: processLimitReached)
        } catch {
            return ProgramRun(
                compiled: true, diagnostics: own, ending: .notRun, outputs: [],
                standardError: "cannot run the sample: \(error.localizedDescription)", merged: merged)
        }
    }

    private struct Compiled {
        var executable: URL?
        var diagnostics: [CompilerDiagnostic]
        var log: String
        /// The file of the module's entry point.
        var mainFile: URL
    }

    /// What must be equal for programs to compile as one module.
    struct CompileMode: Hashable {
        var swift5: Bool
        var flags: [String]

        init(_ program: SampleProgram) {
            swift5 = program.swift5
            flags = program.settings.flags
        }
    }

    private func compile(main: String, extraFiles: [URL], in folder: URL, mode: CompileMode, parseAsLibrary: Bool) -> Compiled {
        let mainFile = folder.appendingPathComponent(parseAsLibrary ? "sample.swift" : "main.swift")
        let runtimeFile = folder.appendingPathComponent("galley_runtime.swift")
        let executable = folder.appendingPathComponent("samples")
        do {
            try Data(main.utf8).write(to: mainFile)
            try Data(ProgramSource.runtime.utf8).write(to: runtimeFile)
        } catch {
            return Compiled(executable: nil, diagnostics: [], log: "cannot write sources: \(error.localizedDescription)", mainFile: mainFile)
        }
        var arguments = [
            "-swift-version", mode.swift5 ? "5" : "6", "-diagnostic-style", "llvm", "-Onone",
            "-module-name", "GalleySamples", "-o", executable.path,
        ]
        if parseAsLibrary {
            arguments.append("-parse-as-library")
        }
        if !extraFiles.isEmpty {
            // One frontend for the whole merged module: batch mode re-parses every
            // file in every job, which grows quadratically with the sample count.
            arguments += ["-wmo", "-num-threads", String(ProcessInfo.processInfo.activeProcessorCount)]
        }
        arguments += flags + mode.flags
        arguments += [mainFile.path, runtimeFile.path] + extraFiles.map(\.path)
        let compiler = ProcessRunner(timeout: .seconds(600), outputLimit: 8 << 20, supervisor: runner.supervisor)
        guard let outcome = try? compiler.run(toolchain.swiftc, arguments, in: folder, environment: Self.environment(temporaryFolder: folder)) else {
            return Compiled(executable: nil, diagnostics: [], log: "cannot run \(toolchain.swiftc.path)", mainFile: mainFile)
        }
        let log = outcome.standardOutput + outcome.standardError
        let diagnostics = CompilerDiagnostic.parse(log)
        guard outcome.ending == .exited(0) else { return Compiled(executable: nil, diagnostics: diagnostics, log: log, mainFile: mainFile) }
        return Compiled(executable: executable, diagnostics: diagnostics, log: log, mainFile: mainFile)
    }

    /// The compiler arguments sourcekitd gets, without files: what it needs
    /// to see the module as swiftc does (the same language mode and flags),
    /// without output and driver-only flags.
    static func hoverArguments(mode: CompileMode, flags: [String], parseAsLibrary: Bool) -> [String] {
        ["-swift-version", mode.swift5 ? "5" : "6", "-Onone", "-module-name", "GalleySamples"]
            + (parseAsLibrary ? ["-parse-as-library"] : []) + flags + mode.flags
    }

    /// The environment of a compiler or sample run: Galley's own, with
    /// `TMPDIR` in the run's temporary folder, so whatever the program leaves
    /// in its temporary directory goes when the folder does. A sample run
    /// (`sampleRun` set) also gets deterministic hashing, so `Set` and
    /// `Dictionary` iterate in one order on every run and machine, and the
    /// page's `verify.environment`.
    static func environment(temporaryFolder: URL, sampleRun: [String: String]? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporaryFolder.path
        if let sampleRun {
            environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
            environment.merge(sampleRun) { _, new in new }
        }
        return environment
    }

    /// The diagnostics of a compile that failed, with every error that names
    /// no file and line (`<unknown>:0: error: missing required module …`, a
    /// linker's `undefined reference`, a driver's error) placed at the fence
    /// line of the program's first sample, with its text; a failure without
    /// any message is described by the end of the compiler's output.
    static func failureDiagnostics(_ diagnostics: [CompilerDiagnostic], log: String, program: SampleProgram) -> [CompilerDiagnostic] {
        guard let first = program.samples.first else { return diagnostics }
        func atFence(_ message: String) -> CompilerDiagnostic {
            CompilerDiagnostic(severity: "error", file: first.page, line: first.block.fenceLine, column: first.block.fenceColumn, message: message)
        }
        var all = diagnostics
        for error in CompilerDiagnostic.unlocatedErrors(log) {
            all.append(atFence(error.hasPrefix("error: ") ? String(error.dropFirst("error: ".count)) : error))
        }
        if !all.contains(where: { $0.severity == "error" }) {
            let tail = log.split(separator: "\n").suffix(5).joined(separator: "\n")
            all.append(atFence("the compiler failed without an error message" + (tail.isEmpty ? "" : ":\n" + tail)))
        }
        return all
    }

    /// `diagnostic` at a Markdown line when it points into `file`, the
    /// generated `main.swift` whose text is `generated`: at the page line of
    /// the sample code around it, or at the fence of the block whose code
    /// Galley generated it for (a scope's brace, a boundary call). Never at
    /// a temporary file the author cannot open.
    static func placed(_ diagnostic: CompilerDiagnostic, generated: String, file: URL, program: SampleProgram) -> CompilerDiagnostic {
        guard diagnostic.file == file.path || diagnostic.file == file.lastPathComponent, diagnostic.line > 0 else { return diagnostic }
        let lines = generated.split(separator: "\n", omittingEmptySubsequences: false)
        var index = min(diagnostic.line - 1, lines.count) - 1
        var reset = false
        while index >= 0 {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line == "#sourceLocation()" { reset = true }
            if line.hasPrefix("#sourceLocation(file: \""), let directive = ProgramSource.parseDirective(line) {
                var placed = diagnostic
                let sample = program.samples.first {
                    $0.page == directive.file && $0.block.firstCodeLine <= directive.line && directive.line <= $0.block.endLine
                }
                placed.file = directive.file
                if reset, let sample {
                    placed.line = sample.block.fenceLine
                    placed.column = sample.block.fenceColumn
                    placed.message += " (in the code Galley adds around this block)"
                } else {
                    placed.line = directive.line + (diagnostic.line - 1 - index - 1)
                }
                return placed
            }
            index -= 1
        }
        guard let first = program.samples.first else { return diagnostic }
        var placed = diagnostic
        (placed.file, placed.line, placed.column) = (first.page, first.block.fenceLine, first.block.fenceColumn)
        placed.message += " (in the code Galley adds around this block)"
        return placed
    }

    /// Whether `diagnostic` points into one of `program`'s samples.
    static func belongs(_ diagnostic: CompilerDiagnostic, to program: SampleProgram) -> Bool {
        program.samples.contains { $0.owns(diagnostic) }
    }

    private func temporaryFolder() throws -> URL {
        try runner.supervisor.makeTemporaryFolder()
    }

    /// `body` over `items` on every core, results in order, with a progress line per item.
    private func concurrently<T: Sendable>(_ items: [Int], label: String, _ body: @Sendable (Int) -> T) -> [T] {
        Concurrently.map(items, finished: { [progress] count in progress("\(label) \(count)/\(items.count)") }, body)
    }
}
