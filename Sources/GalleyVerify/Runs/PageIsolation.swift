import GalleyCore
import GalleyPrograms
import GalleySamples
import SwiftSyntax
import Synchronization

/// Error isolation in programs of several samples (a page compiled as one
/// program, a `group=`): one broken block must not fail the others.
///
/// When such a program does not compile, the blocks that own its errors are
/// set aside and the others are compiled again without them, round after
/// round, until what is left compiles (or nothing is left). A block set
/// aside in a later round whose errors name a declaration of a block set
/// aside before it is *blocked* by that block, not broken itself.
///
/// ```swift
/// if let split = PageIsolation.split(program, run: run) {
///     // split.owners failed; split.rest (if any) is compiled next
/// }
/// ```
enum PageIsolation {
    /// A block set aside: it owns errors of the program it was compiled in.
    struct SetAside: Sendable {
        /// The block.
        var sample: Sample
        /// The run of the program whose errors it owns.
        var run: ProgramRun
        /// Whether that run came from the cache.
        var cached: Bool
        /// Blocks set aside before it whose declarations its errors name,
        /// with the name, and whether that block stopped at run time (else
        /// it does not compile): it is blocked by them. Empty: its own errors.
        var blockers: [(sample: Sample, name: String, stopped: Bool)]
    }

    /// The blocks of `program` that own errors of its failed `run`, and the
    /// program of the other blocks to compile next (`nil` when none are
    /// left). `nil` when there is nothing to isolate: the program compiled,
    /// has one block, is a `compile_fail` program, or no block owns an error
    /// (then the errors are reported on every block, as they are).
    /// `derived`: the program is what is left of one whose blocks were set
    /// aside, so even one block alone is judged here (it may be blocked).
    static func split(_ program: SampleProgram, run: ProgramRun, derived: Bool = false) -> (owners: [Sample], rest: SampleProgram?)? {
        guard !run.compiled, program.samples.count > 1 || derived, program.mode != .compileFail else { return nil }
        let errors = run.diagnostics.filter { $0.severity == "error" }
        let owners = program.samples.filter { sample in errors.contains(where: sample.owns) }
        guard !owners.isEmpty else { return nil }
        let ownerIDs = Set(owners.map(\.id))
        let rest = program.samples.filter { !ownerIDs.contains($0.id) }
        return (owners, rest.isEmpty ? nil : SampleProgram(samples: rest, context: program.context))
    }

    /// Messages of an error between two declarations: the one the error is
    /// at and another, which its notes point at.
    static let conflictSigns = [
        "invalid redeclaration of", "redundant conformance of", "is ambiguous for type lookup", "ambiguous use of", "ambiguous type name",
    ]

    /// The ids of `owners` with an error against a declaration of another
    /// block of the same program (`invalid redeclaration of 'Math'`, its note
    /// at an earlier block; `redundant conformance of 'Player'`): two blocks
    /// that show the same type twice, as it grows or in two versions. Such
    /// a block is compiled alone, with its setup, not set aside: it is
    /// judged by its own lines.
    static func conflicting(_ owners: [Sample], in run: ProgramRun) -> Set<String> {
        var found: Set<String> = []
        let diagnostics = run.diagnostics
        for owner in owners {
            for (index, error) in diagnostics.enumerated()
            where error.severity == "error" && owner.owns(error) && conflictSigns.contains(where: error.message.contains) {
                let notes = diagnostics[(index + 1)...].prefix { $0.severity == "note" }
                if notes.contains(where: { !owner.owns($0) && !$0.file.isEmpty }) { found.insert(owner.id) }
            }
        }
        return found
    }

    /// `sample` as a program of its own, with its setup and imports but no
    /// other block of its page.
    static func alone(_ sample: Sample) -> SampleProgram {
        var alone = sample
        alone.standalone = true
        return SampleProgram(samples: [alone])
    }

    /// When `program` compiled and stopped (trapped, exited, timed out or
    /// printed too much) in a block before its last: the samples judged by
    /// this run (up to the one that stopped it), that block, and the program
    /// of every other block, run next so that the blocks after it get
    /// verdicts of their own.
    static func runtimeSplit(_ program: SampleProgram, run: ProgramRun) -> (judged: [Sample], stopper: Sample, rest: SampleProgram)? {
        guard run.compiled, program.samples.count > 1, program.runs, run.ending != .exited(0), run.ending != .notRun else { return nil }
        let stopped = max(0, run.outputs.count - 1)
        guard stopped < program.samples.count - 1 else { return nil }
        let stopper = program.samples[stopped]
        let rest = program.samples.filter { $0.id != stopper.id }
        return (Array(program.samples[...stopped]), stopper, SampleProgram(samples: rest, context: program.context))
    }

    /// What isolation has decided so far in one verification: which
    /// samples have their verdict, and the blocks set aside per page (what
    /// later blocks may be blocked by).
    struct Progress {
        /// Samples whose verdict is given: a later program never judges them again.
        var decided: Set<String> = []
        /// Per page, the blocks set aside or stopped at run time, in order.
        var aside: [String: [Sample]] = [:]
        /// The blocks that stopped their program at run time.
        var stoppers: Set<String> = []

        /// The ids of `samples` not decided yet, now decided.
        mutating func decide(_ samples: [Sample]) -> Set<String> {
            let fresh = Set(samples.map(\.id)).subtracting(decided)
            decided.formUnion(fresh)
            return fresh
        }

        /// The keys of the programs that are what is left of another.
        var derived: Set<String> = []

        /// Whether `program` is what is left of one whose blocks were set aside or stopped.
        func isDerived(_ program: SampleProgram) -> Bool {
            derived.contains(program.key)
        }

        /// Records a block that stopped its program at run time: its verdict
        /// is given, and blocks that use its declarations are blocked by it.
        mutating func stopped(_ sample: Sample) {
            stoppers.insert(sample.id)
            aside[sample.page, default: []].append(sample)
        }

        /// `owners` of `program`'s errors set aside, each blocked by the
        /// earlier ones whose declarations its errors name.
        mutating func setAside(_ owners: [Sample], of program: SampleProgram, run: ProgramRun, cached: Bool) -> [SetAside] {
            let page = program.samples[0].page
            var result: [SetAside] = []
            for owner in owners where !decided.contains(owner.id) {
                // A type of the page sees the types and functions of later blocks too (`subcommands: [Add.self]`).
                let others = ((aside[page] ?? []) + owners).filter { $0.id != owner.id }
                let blockers = PageIsolation.blockers(of: owner, in: run, among: others).map {
                    ($0.sample, $0.name, stoppers.contains($0.sample.id))
                }
                result.append(SetAside(sample: owner, run: run, cached: cached, blockers: blockers))
            }
            decided.formUnion(owners.map(\.id))
            aside[page, default: []] += owners
            return result
        }
    }

    /// A `compile_fail` block compiled after its page's earlier blocks (its
    /// context) that failed with errors in those blocks: the same block
    /// with the context that compiles, to compile next; `nil` when its
    /// context has no error. Its verdict must be about its own lines.
    static func contextSplit(_ program: SampleProgram, run: ProgramRun) -> SampleProgram? {
        guard !run.compiled, program.mode == .compileFail, !program.context.isEmpty else { return nil }
        let errors = run.diagnostics.filter { $0.severity == "error" }
        let broken = Set(program.context.filter { sample in errors.contains(where: sample.owns) }.map(\.id))
        guard !broken.isEmpty else { return nil }
        return SampleProgram(samples: program.samples, context: program.context.filter { !broken.contains($0.id) })
    }

    /// The blocks among `others` (set aside, on the same page) that declare
    /// a name `sample`'s errors in `run` quote, with that name.
    static func blockers(of sample: Sample, in run: ProgramRun, among others: [Sample]) -> [(sample: Sample, name: String)] {
        // Only errors of a name the compiler cannot find blame another block; any other error is the block's own.
        let missing = ["cannot find", "has no member", "is not a member type", "unresolved identifier"]
        let quoted = run.diagnostics.filter { diagnostic in
            diagnostic.severity == "error" && sample.owns(diagnostic) && missing.contains { diagnostic.message.contains($0) }
        }.flatMap { quotedNames($0.message) }
        guard !quoted.isEmpty else { return [] }
        var found: [(sample: Sample, name: String)] = []
        // The nearest declaration before the block is the one it would have used; then those after it (types, functions).
        let line = sample.block.fenceLine
        let before = others.filter { $0.block.fenceLine < line }.sorted { $0.block.fenceLine > $1.block.fenceLine }
        let after = others.filter { $0.block.fenceLine > line }.sorted { $0.block.fenceLine < $1.block.fenceLine }
        for candidate in before + after where candidate.id != sample.id {
            let declared = declaredNames(candidate.compiledCode)
            if let name = quoted.first(where: { declared.contains($0) }),
                !found.contains(where: { $0.name == name })
            {
                found.append((candidate, name))
            }
        }
        return found.sorted { $0.sample.block.fenceLine < $1.sample.block.fenceLine }
    }

    /// The identifiers inside the quotes of a compiler message
    /// (`value of type 'Cart' has no member 'total'` → `Cart`, `total`).
    static func quotedNames(_ message: String) -> [String] {
        var names: [String] = []
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() where index % 2 == 1 {
            for token in part.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
                if let first = token.first, !first.isNumber, !names.contains(String(token)) { names.append(String(token)) }
            }
        }
        return names
    }

    /// The names a block declares for the blocks after it: its top-level
    /// types, functions, variables and macros, and the members its
    /// extensions add.
    static func declaredNames(_ code: String) -> Set<String> {
        // Isolating a page compiles it again and again without the blocks that fail: each block is parsed once.
        if let known = parsedNames.withLock({ $0[code] }) { return known }
        var names: Set<String> = []
        for item in SwiftSource.parse(code)?.statements ?? [] {
            guard let decl = item.item.as(DeclSyntax.self) else { continue }
            names.formUnion(self.names(of: decl))
            if let ext = decl.as(ExtensionDeclSyntax.self) {
                for member in ext.memberBlock.members { names.formUnion(self.names(of: member.decl)) }
            }
        }
        parsedNames.withLock { $0[code] = names }
        return names
    }

    /// What ``declaredNames(_:)`` found, by code, for this process.
    private static let parsedNames = Mutex<[String: Set<String>]>([:])

    /// The names `decl` declares: a named declaration's, a variable's bindings.
    static func names(of decl: DeclSyntax) -> [String] {
        if let named = decl.asProtocol(NamedDeclSyntax.self), !decl.is(ExtensionDeclSyntax.self) {
            return [named.name.text]
        }
        if let variable = decl.as(VariableDeclSyntax.self) {
            return variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        }
        return []
    }

    /// The verdict on a block set aside: its own compile errors, or blocked,
    /// naming the block (and the declaration) it uses.
    static func result(for aside: SetAside, timeout: Duration, outputLimit: Int, elsewhere: ExtensionMembers) -> SampleResult {
        let alone = SampleProgram(samples: [aside.sample])
        var result =
            SampleJudge.results(
                for: alone, run: aside.run, cached: aside.cached, timeout: timeout, outputLimit: outputLimit, elsewhere: elsewhere
            ).first
            ?? SampleResult(
                sample: aside.sample, status: .failed, failure: "does not compile", failureLocation: aside.sample.location, output: "",
                expectedErrors: [], crashMessage: nil, ranToCompletion: false, cached: aside.cached, merged: false)
        guard !aside.blockers.isEmpty else { return result }
        let uses = aside.blockers.map { "`\($0.name)`, declared in the block at line \($0.sample.block.fenceLine)" }
        let stopped = aside.blockers.allSatisfy(\.stopped)
        let which =
            aside.blockers.count == 1
            ? (stopped ? "which fails at run time" : "which does not compile")
            : (stopped ? "which fail at run time" : "which fail")
        let details = (result.failure ?? "").split(separator: "\n", maxSplits: 1).dropFirst().joined()
        result.status = .failed
        result.failure = "blocked: uses \(uses.joined(separator: " and ")), \(which)" + (details.isEmpty ? "" : "\n" + details)
        result.failureKind = .blocked
        result.blockers = aside.blockers.map(\.sample.location)
        return result
    }
}
