import GalleyCore
import GalleyHovers
import GalleyPrograms
import GalleySamples

/// Turns a program's run into a verdict per sample, by the author's contract.
enum SampleJudge {
    /// What a sample that trapped is told to do when the trap is what it shows.
    static let crashAdvice = "Mark the sample `crash` if the trap is what it shows"

    /// The verdicts on `program`'s samples; `hovers` is how much of the
    /// compiler's answers (``ProgramRun/hoverAnnotations``) the pages get:
    /// a cached run may have more than this run asks for; `elsewhere`, the
    /// members the docs' extensions declare in any listing.
    static func results(
        for program: SampleProgram, run: ProgramRun, cached: Bool, timeout: Duration, outputLimit: Int, hovers: HoverMode = .off,
        elsewhere: ExtensionMembers = ExtensionMembers()
    ) -> [SampleResult] {
        var run = run
        run.diagnostics = fileColumns(run.diagnostics, in: program)
        // What the program and its setup declare: a missing name close to one of these is a typo in the docs.
        var declaredOnce: Set<String>?
        func declared() -> Set<String> {
            if let declaredOnce { return declaredOnce }
            let names = (program.context + program.samples).reduce(into: PageIsolation.declaredNames(program.settings.setup)) { names, sample in
                names.formUnion(PageIsolation.declaredNames(sample.compiledCode))
            }
            declaredOnce = names
            return names
        }
        return program.samples.enumerated().map { position, sample in
            var result = SampleResult(
                sample: sample, status: .passed, failure: nil, failureLocation: nil,
                output: position < run.outputs.count ? run.outputs[position] : "",
                expectedErrors: [], crashMessage: nil,
                ranToCompletion: sample.mode == .run && run.ending == .exited(0) && position < run.outputs.count,
                cached: cached, merged: run.merged
            )
            var failure = judge(
                sample, position: position, program: program, run: run, result: &result,
                timeout: timeout, outputLimit: outputLimit)
            if hovers != .off {
                addHovers(of: sample, run: run, hovers: hovers, to: &result, failure: &failure)
            }
            if let failure {
                result.status = .failed
                result.failure = failure.message
                if let limit = run.processLimitReached {
                    result.failure! +=
                        "\nIt reached the sandbox's limit of \(limit) processes at once: a fork failed (samples must not start that many)"
                }
                result.failureLocation = failure.location ?? sample.location
                result.failureKind = failure.kind
                if failure.kind == .notRun { result.blockers = [program.samples[max(0, run.outputs.count - 1)].location] }
                let own = run.diagnostics.filter(sample.owns)
                var evidence: FailureClassifier.Evidence?
                (result.cause, result.undeclaredNames, result.needs) = FailureClassifier.classify(
                    result, errors: own.filter { $0.severity == "error" }, notes: own.filter { $0.severity == "note" },
                    standardError: run.standardError, declared: declared(), elsewhere: elsewhere,
                    candidates: FailureClassifier.candidateModules(in: run.diagnostics), evidence: &evidence)
                if result.cause == .docs, let evidence { Self.lead(with: evidence, result: &result) }
                // A trap for want of a file, a database or the network is no trap to mark `crash`: say what fits.
                if result.cause == .environment, result.failureKind == .trap, let needs = result.needs {
                    result.failure = result.failure?.replacingOccurrences(
                        of: Self.crashAdvice, with: "It needs \(needs): mark it `no_run` to compile it without running it")
                }
            }
            return result
        }
    }

    /// `result`'s failure led by the error that makes it the docs' (not a
    /// name the code takes as given, which the compiler may report first),
    /// at that error's location, with a note naming the given names.
    static func lead(with evidence: FailureClassifier.Evidence, result: inout SampleResult) {
        guard var lines = result.failure?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), !lines.isEmpty else {
            return
        }
        let deciding = evidence.error.description
        lines.removeAll { $0 == deciding }
        lines.insert(deciding, at: 1)
        if !evidence.given.isEmpty {
            let names = evidence.given.map { "'\($0)'" }.joined(separator: ", ")
            lines.append(
                "note: \(names) \(evidence.given.count == 1 ? "is a name" : "are names") the code takes as given; the first error is the docs' own"
            )
        }
        result.failure = lines.joined(separator: "\n")
        result.evidence = evidence.error
        result.failureLocation = SourceLocation(path: evidence.error.file, line: evidence.error.line, column: evidence.error.column)
    }

    /// Gives `result` the compiler's answers for `sample`'s lines that
    /// `hovers` asks for; a query about them that failed is the sample's
    /// `failure` when it has none.
    private static func addHovers(
        of sample: Sample, run: ProgramRun, hovers: HoverMode, to result: inout SampleResult, failure: inout Failure?
    ) {
        let lines = sample.block.firstCodeLine...max(sample.block.firstCodeLine, sample.block.endLine)
        // A compile_fail sample's valid lines have answers; what its errors leave untyped is not shown.
        result.annotations += (run.hoverAnnotations ?? []).filter { annotation in
            lines.contains(annotation.line) && (hovers == .all || annotation.kind == .type) && !annotation.text.contains("<<error type>>")
        }
        let queries = (run.queryFailures ?? []).filter { $0.file == sample.page && lines.contains($0.line) }
        if failure == nil, let first = queries.first {
            failure = (
                ([first.message] + queries.dropFirst().map { "line \($0.line): \($0.message)" }).joined(separator: "\n"),
                SourceLocation(path: first.file, line: first.line, column: first.column), .compile
            )
        }
    }

    /// `diagnostics` with the columns of those inside a sample moved to the
    /// Markdown file's columns: cmark strips a list item's or block quote's
    /// indent (and the fence's own) from the code swiftc sees, so column 14
    /// of a sample in `1. ```swift` is column 17 of the file.
    static func fileColumns(_ diagnostics: [CompilerDiagnostic], in program: SampleProgram) -> [CompilerDiagnostic] {
        diagnostics.map { diagnostic in
            guard
                let sample = program.samples.first(where: { sample in
                    sample.owns(diagnostic)
                })
            else { return diagnostic }
            var mapped = diagnostic
            if !sample.holes.isEmpty {
                let line = diagnostic.line - sample.block.firstCodeLine + 1
                mapped.column = Elision.mapColumn(diagnostic.column, line: line, holes: sample.holes)
            }
            mapped.column += sample.block.fenceColumn - 1
            return mapped
        }
    }

    private typealias Failure = (message: String, location: SourceLocation?, kind: SampleResult.FailureKind)

    private static func judge(
        _ sample: Sample, position: Int, program: SampleProgram, run: ProgramRun,
        result: inout SampleResult, timeout: Duration, outputLimit: Int
    ) -> Failure? {
        let errors = run.diagnostics.filter { $0.severity == "error" }
        if sample.mode == .compileFail {
            return judgeCompileFailure(sample, run: run, errors: errors, result: &result)
        }
        guard run.compiled else { return compileFailure(of: sample, program: program, run: run, errors: errors) }
        // Compiled only: no_run, or a program with elided code (never run).
        if sample.mode == .noRun || !program.runs { return nil }
        let seconds = timeout.components.seconds
        // A program that otherwise ended well but left processes behind: the
        // last sample is blamed, since they outlived all of it.
        if let left = run.leftRunning, !left.isEmpty, run.ending == .exited(0),
            position == program.samples.count - 1, sample.mode == .run
        {
            let names = Array(Set(left)).sorted().joined(separator: ", ")
            return (
                "left a background process running (\(names)) when it ended; Galley stopped it. "
                    + "A sample must wait for the processes it starts (e.g. `process.waitUntilExit()`)", nil, .trap
            )
        }
        // In a program of several samples, those that finished before it stopped are judged by what they printed.
        if run.ending == .timedOut || run.ending == .outputLimitExceeded, position < run.outputs.count - 1 {
            return checkOutput(sample, result.output)
        }
        switch run.ending {
        case .timedOut:
            return (
                "timed out after \(seconds) s and was stopped; samples must end on their own"
                    + (result.cached ? " (a cached verdict: `galley verify --no-cache` runs it again)" : ""),
                SourceLocation(path: sample.page, line: sample.block.firstCodeLine), .limit
            )
        case .outputLimitExceeded:
            let limit = outputLimit % (1 << 20) == 0 ? "\(outputLimit >> 20) MiB" : "\(outputLimit / 1024) KiB"
            return ("printed more than \(limit); output was cut and the sample stopped. Print less (samples are meant to be read)", nil, .limit)
        case .notRun:
            return ("could not be run: \(run.standardError)", nil, .trap)
        case .signalled(let signal):
            return judgeTrap(sample, signal: signal, position: position, program: program, run: run, result: &result)
        case .exited(let status):
            if sample.mode == .crash {
                return ("ran to completion (exit status \(status)), but a `crash` sample must trap", nil, .trap)
            }
            if status != 0 {
                if position < run.outputs.count - 1 { return checkOutput(sample, result.output) }
                if let stopped = stopper(of: position, in: program, run: run) { return stopped }
                let detail = run.standardError.isEmpty ? "" : "\n" + run.standardError.split(separator: "\n").suffix(5).joined(separator: "\n")
                return ("exited with status \(status); a sample must exit with 0" + detail, nil, .trap)
            }
            return checkOutput(sample, result.output)
        }
    }

    /// The verdict on a sample of a program that did not compile: the
    /// sample's own `errors` (or the program's when it has none), with what
    /// may explain them.
    private static func compileFailure(of sample: Sample, program: SampleProgram, run: ProgramRun, errors: [CompilerDiagnostic]) -> Failure {
        let own = errors.filter(sample.owns)
        let shown = own.isEmpty ? errors : own
        var text = shown.prefix(10).map(\.description).joined(separator: "\n")
        if text.isEmpty {
            // Never a failure without its reason (a run cached before errors without a line were kept).
            let tail = run.standardError.split(separator: "\n").suffix(10).joined(separator: "\n")
            text = tail.isEmpty ? "the compiler gave no message; run `galley verify --no-cache` to compile it again" : tail
        }
        // Imports Galley adds (a catalog's module, Foundation) are never a silent cause.
        let imports = sample.settings.prelude.split(separator: "\n").filter { $0.hasPrefix("import ") }
        if !imports.isEmpty, shown.contains(where: { $0.message.contains("ambiguous") }) {
            text +=
                "\nnote: the page's samples are compiled after `\(imports.joined(separator: "; "))` (its catalog's implicit imports); "
                + "name the module (`Module.name`) where two of them declare the name"
        }
        let first = shown.first
        let elsewhere = program.isPage ? " (an error in another sample of its page, which is one program)" : " (an error in its group)"
        return (
            "does not compile" + (own.isEmpty && program.samples.count > 1 ? elsewhere : "") + "\n" + text,
            first.map { SourceLocation(path: $0.file, line: $0.line, column: $0.column) }, .compile
        )
    }

    /// The verdict on the sample at `position` of a program that a signal
    /// stopped: a `crash` sample passes (with the trap's message); one that
    /// ran before the trap is judged by its output.
    private static func judgeTrap(
        _ sample: Sample, signal: Int32, position: Int, program: SampleProgram, run: ProgramRun, result: inout SampleResult
    ) -> Failure? {
        let message = trapMessage(run.standardError) ?? "signal \(signal)"
        if sample.mode == .crash {
            result.crashMessage = message
            return nil
        }
        // In a group, only the sample that trapped is blamed; earlier ones
        // printed their part, and later ones never ran.
        if position < run.outputs.count - 1 { return checkOutput(sample, result.output) }
        if let stopped = stopper(of: position, in: program, run: run) { return stopped }
        if let expected = sample.expectedError, let thrown = thrownDescription(run.standardError) {
            return checkThrown(sample, expected: expected, thrown: thrown)
        }
        let advice =
            sample.origin == .snippetFile
            ? "A snippet is run as `swift run` would run it: make it run to completion with what it finds on a fresh machine"
            : Self.crashAdvice
        return ("crashed: \(message)\n\(advice)", nil, .trap)
    }

    /// The verdict on a sample of a program that stopped (trapped or
    /// exited) in an earlier sample: not run, naming that sample; `nil` for
    /// the sample that stopped it.
    private static func stopper(of position: Int, in program: SampleProgram, run: ProgramRun) -> Failure? {
        let stopped = max(0, run.outputs.count - 1)
        guard position > stopped, stopped < program.samples.count else { return nil }
        let blocker = program.samples[stopped]
        let how = if case .signalled = run.ending { "trapped" } else { "exited" }
        return (
            "not run: the block at line \(blocker.block.fenceLine) before it \(how), which ends the page's program; "
                + "fix that block (or mark it `crash` if the trap is what it shows) and this one runs", nil, .notRun
        )
    }

    /// Whether `actual` holds `expected`, consecutive lines, whitespace at
    /// either end aside; the first may leave out `error: ` (a `catch` that
    /// prints `error` prints its description alone).
    static func prints(_ expected: [String], in actual: [String]) -> Bool {
        let trim = { (line: String) in line.trimmingCharacters(in: .whitespaces) }
        let wanted = expected.map(trim)
        let lines = actual.map(trim)
        guard let first = wanted.first, lines.count >= wanted.count else { return wanted.isEmpty }
        let bare = first.hasPrefix("error: ") ? String(first.dropFirst("error: ".count)) : first
        for start in 0...(lines.count - wanted.count) where lines[start] == first || lines[start] == bare {
            if Array(lines[(start + 1)..<(start + wanted.count)]) == Array(wanted.dropFirst()) { return true }
        }
        return false
    }

    /// The description of the error a program threw from top-level code
    /// (`Fatal error: Error raised at top level: <description>`), up to the
    /// runtime's own lines after it; `nil` when it did not end that way.
    static func thrownDescription(_ standardError: String) -> [String]? {
        guard let start = standardError.range(of: "Error raised at top level: ") else { return nil }
        var lines: [String] = []
        for line in standardError[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            let text = String(line)
            if text.hasPrefix("Current stack trace") || text.hasPrefix("Stack dump") || text.hasPrefix("💣") || text.hasPrefix("*** ") {
                break
            }
            lines.append(text)
        }
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        return lines
    }

    /// A block that shows the error its code throws (`// error: …` lines)
    /// passes when the program ended with that error, line by line
    /// (whitespace at either end of a line aside).
    private static func checkThrown(_ sample: Sample, expected: Sample.ExpectedError, thrown: [String]) -> Failure? {
        let trim = { (line: String) in line.trimmingCharacters(in: .whitespaces) }
        guard let diff = OutputComparison.diff(expected: expected.lines.map(trim), actual: thrown.map(trim), matching: .exact) else {
            return nil
        }
        return (
            "the error it throws does not match its // error: comment (- expected, + thrown):\n\(diff)",
            SourceLocation(path: sample.page, line: expected.line), .output
        )
    }

    private static func checkOutput(_ sample: Sample, _ output: String) -> Failure? {
        let actual = OutputComparison.lines(of: output)
        // The error its `// error:` lines show must be what it printed, when it did not throw it.
        if let expected = sample.expectedError, !prints(expected.lines, in: actual) {
            return (
                "neither throws nor prints the error its // error: comment shows ('\(expected.lines.first ?? "")')",
                SourceLocation(path: sample.page, line: expected.line), .output
            )
        }
        // Bare comments after a print: their values, not their layout (``CommentOutput``).
        if let expected = sample.expectedPrints, sample.expectedPrintsMatching.first == .values {
            guard !OutputComparison.sameValues(expected, actual) else { return checkBlock(sample, actual) }
            let diff = OutputComparison.diff(expected: expected, actual: actual, matching: .elided) ?? ""
            let line = sample.expectedPrintsLines.first
            return (
                "printed output does not match the output its comments show (- expected, + printed):\n\(diff)",
                line.map { SourceLocation(path: sample.page, line: $0, column: commentColumn(of: sample, line: $0)) }, .output
            )
        }
        if let expected = sample.expectedPrints {
            let matchings =
                sample.expectedPrintsMatching.count == expected.count
                ? sample.expectedPrintsMatching : Array(repeating: OutputComparison.Matching.exact, count: expected.count)
            guard let diff = OutputComparison.diff(expected: expected, actual: actual, matchings: matchings) else {
                return checkBlock(sample, actual)
            }
            // At the comment whose line differs first (the last one when lines are missing or extra).
            let index = OutputComparison.firstDifference(expected: expected, actual: actual, matchings: matchings) ?? 0
            let line =
                sample.expectedPrintsLines.isEmpty
                ? nil
                : sample.expectedPrintsLines[min(index, sample.expectedPrintsLines.count - 1)]
            return (
                "printed output does not match its // Prints comments (- expected, + printed):\n\(diff)",
                line.map { SourceLocation(path: sample.page, line: $0, column: commentColumn(of: sample, line: $0)) }, .output
            )
        }
        return checkBlock(sample, actual)
    }

    /// The file's column of the `//` that starts the comment on the file's
    /// `line` of `sample` (a `// Prints` comment), or 1 when there is none.
    static func commentColumn(of sample: Sample, line: Int) -> Int {
        let lines = sample.block.code.split(separator: "\n", omittingEmptySubsequences: false)
        let index = line - sample.block.firstCodeLine
        guard lines.indices.contains(index), let slashes = lines[index].range(of: "//") else { return 1 }
        return lines[index].utf8.distance(from: lines[index].startIndex, to: slashes.lowerBound) + sample.block.fenceColumn
    }

    /// The ` ```output ` block's check: whitespace at line ends is ignored.
    private static func checkBlock(_ sample: Sample, _ actual: [String]) -> Failure? {
        if let block = sample.outputBlock, let expected = sample.expectedOutputBlock,
            let diff = OutputComparison.diff(expected: expected, actual: actual, matching: .ignoringTrailingWhitespace)
        {
            return (
                "printed output does not match the output block (- expected, + printed):\n\(diff)",
                SourceLocation(path: sample.page, line: block.firstCodeLine), .output
            )
        }
        return nil
    }

    private static func judgeCompileFailure(_ sample: Sample, run: ProgramRun, errors: [CompilerDiagnostic], result: inout SampleResult) -> Failure? {
        guard !run.compiled else {
            return ("compiles, but a `compile_fail` sample must not", nil, .compile)
        }
        // Its own lines only: a page program's earlier blocks are compiled with it as context.
        let lines = sample.block.firstCodeLine...max(sample.block.firstCodeLine, sample.block.endLine)
        let own = errors.filter { $0.file == sample.page && lines.contains($0.line) }
        result.expectedErrors = own
        result.annotations += own.filter { $0.severity == "error" }.map {
            SampleAnnotation(kind: .diagnostic, line: $0.line, column: $0.column, text: "error: \($0.message)")
        }
        var problems: [String] = []
        var location: SourceLocation?
        // The line each marker marks: a marker on a comment line of its own marks the code line under which, or over
        // which, the error is.
        var markedLines: Set<Int> = []
        for marker in sample.errorMarkers {
            let candidates = [marker.line] + (marker.nextLine.map { [$0] } ?? [])
            let marked =
                candidates.first { line in own.contains { $0.line == line && ErrorMarkerComment.matches($0.message, marker.text) } }
                ?? (marker.loose ? candidates.first { line in own.contains { $0.line == line } } : nil)
                ?? (marker.loose ? own.first { statement(of: marker.line, in: sample).contains($0.line) }?.line : nil)
            markedLines.insert(marked ?? marker.line)
            // A marker written for readers marks its statement: the errors that follow in it are its own.
            if marker.loose, let marked { markedLines.formUnion(statement(of: marked, in: sample)) }
            if marked == nil {
                let onLine = own.filter { candidates.contains($0.line) }
                let got = onLine.map { "'\($0.message)'" }.joined(separator: ", ")
                problems.append("line \(marker.line): expected an error containing '\(marker.text)', " + (got.isEmpty ? "got none" : "got \(got)"))
                location = location ?? SourceLocation(path: sample.page, line: marker.line)
            }
        }
        for error in own where !markedLines.contains(error.line) {
            problems.append("line \(error.line): unexpected error '\(error.message)'; mark it with `// error: <text>`")
            location = location ?? SourceLocation(path: sample.page, line: error.line, column: error.column)
        }
        if own.isEmpty {
            problems.append(
                "the compiler failed without an error in the sample:\n" + run.standardError.split(separator: "\n").prefix(10).joined(separator: "\n"))
        }
        guard !problems.isEmpty else { return nil }
        return ("compiler errors do not match the // error: markers\n" + problems.joined(separator: "\n"), location, .compile)
    }

    /// The Markdown lines of `sample`'s top-level statement that holds its Markdown `line` (that line alone outside one).
    private static func statement(of line: Int, in sample: Sample) -> ClosedRange<Int> {
        let first = sample.block.firstCodeLine
        guard let lines = SwiftSource.statementLines(containing: line - first + 1, in: sample.compiledCode) else { return line...line }
        return (lines.lowerBound + first - 1)...(lines.upperBound + first - 1)
    }

    /// The `Fatal error: …` line of a Swift trap, or the first line of standard error.
    static func trapMessage(_ standardError: String) -> String? {
        let lines = standardError.split(separator: "\n").map(String.init)
        if let fatal = lines.first(where: { $0.contains("Fatal error") || $0.contains("fatal error") }) {
            return fatal.trimmingTrailingSpaces()
        }
        return lines.first { !$0.hasPrefix("***") && !$0.isEmpty }
    }
}
