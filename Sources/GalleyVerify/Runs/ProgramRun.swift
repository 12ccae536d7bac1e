import GalleyHovers
import GalleyProcess
import GalleyPrograms
import GalleySamples

/// What compiling and running one ``SampleProgram`` produced; cached as JSON.
struct ProgramRun: Sendable, Codable {
    /// How the run ended, in a cacheable form.
    enum Ending: Sendable, Codable, Equatable {
        case notRun
        case exited(Int32)
        case signalled(Int32)
        case timedOut
        case outputLimitExceeded
    }

    /// Whether the program compiled.
    var compiled: Bool
    /// The compiler's diagnostics (errors when it did not compile).
    var diagnostics: [CompilerDiagnostic]
    /// How the run ended.
    var ending: Ending
    /// Each sample's standard output, split at the boundaries.
    var outputs: [String]
    /// Standard error of the run (trap messages).
    var standardError: String
    /// Whether the program was compiled in the merged module.
    var merged: Bool
    /// The processes it left running when it ended (they were killed), by name.
    var leftRunning: [String]? = nil
    /// The sandbox's process limit, when a fork failed because the run reached it.
    var processLimitReached: Int? = nil
    /// How much the compiler was asked about the program's samples (`nil`: nothing).
    var hovers: HoverMode? = nil
    /// Declarations and `// ^?` types of the samples (``HoverCollector``).
    var hoverAnnotations: [SampleAnnotation]? = nil
    /// `// ^?` queries that point at nothing.
    var queryFailures: [CompilerDiagnostic]? = nil
}

extension ProgramRun {
    /// Whether this run, from the cache, has what a run of `program` needs
    /// now: the compiler's answers at `level`, or no answers to have — a
    /// program that does not compile (and is not meant to) is shown as its
    /// errors, so compiling it again would give the same verdict and no more.
    func satisfies(_ level: HoverMode, for program: SampleProgram) -> Bool {
        (hovers ?? .off) >= level || (!compiled && program.mode != .compileFail)
    }
}

extension ProgramRun.Ending {
    init(_ ending: ProcessRunner.Outcome.Ending) {
        switch ending {
        case .exited(let status): self = .exited(status)
        case .signalled(let signal): self = .signalled(signal)
        case .timedOut: self = .timedOut
        case .outputLimitExceeded: self = .outputLimitExceeded
        }
    }
}
