import GalleyCore

/// The verdict on one sample.
public struct SampleResult: Sendable {
    /// Passed, failed, skipped (`ignore`), or failed as a baseline lists it.
    public enum Status: String, Sendable, Codable {
        case passed, failed, skipped
        /// Failed, and listed in the baseline (`galley verify --baseline`): does not fail the run.
        case knownFailure = "known_failure"
    }

    /// Why a sample failed, for the line that breaks the failures down
    /// (`Failed: 3 do not compile, 2 blocked, …`).
    public enum FailureKind: String, Sendable, Codable, CaseIterable {
        /// The compiler rejected the sample's own code (or a `compile_fail` sample's errors differ).
        case compile
        /// It uses a declaration of another block of its program that does not compile or fails at run time.
        case blocked
        /// An earlier block of its program trapped or exited first, so it never ran.
        case notRun = "not_run"
        /// It printed other output than its `// Prints` comments or output block say.
        case output
        /// It trapped, exited with a status other than 0, or left processes running.
        case trap
        /// It did not end within the time limit, or printed too much.
        case limit
        /// An API listing that the library's public API does not match.
        case listing
        /// Listed in a baseline but passes now.
        case passesNow = "passes_now"

        /// How the breakdown line counts this kind: "do not compile", "blocked by another block", ….
        public var phrase: String {
            switch self {
            case .compile: "do not compile"
            case .blocked: "blocked by a block that fails"
            case .notRun: "not run after a block that failed at run time"
            case .output: "print other output"
            case .trap: "fail at run time"
            case .limit: "exceed a time or output limit"
            case .listing: "API listings that differ from the library"
            case .passesNow: "pass but are listed as known failures"
            }
        }
    }

    /// Whose the failure is: what an author does about it differs.
    public enum Cause: String, Sendable, Codable, CaseIterable {
        /// An error in the docs: the code is wrong for the library as it is
        /// (a member it does not have, a label, a missing `try`, a syntax
        /// error, output that differs, a listing that drifted).
        case docs
        /// The code uses names no sample declares (`logger`, `req`): the
        /// docs assume context the reader has.
        case context
        /// It needs what this machine does not give it: another package, an
        /// Apple platform, a file, a live service.
        case environment
        /// A limitation of Galley (an error in the code Galley generates).
        case galley

        /// How a page and the preview's overlay name it: `Error in the docs`.
        public var label: String {
            switch self {
            case .docs: "Error in the docs"
            case .context: "Needs context"
            case .environment: "Needs the environment"
            case .galley: "Galley's limit"
            }
        }
    }

    /// What a failure's cause says on its page: `Needs context (logger,
    /// req)`, `Needs the environment (module NIO)`, `Error in the docs`.
    public var causeLine: String? {
        guard let cause else { return nil }
        switch cause {
        case .context where !undeclaredNames.isEmpty: return cause.label + " (" + undeclaredNames.joined(separator: ", ") + ")"
        case .environment where needs != nil: return cause.label + " (" + (needs ?? "") + ")"
        default: return cause.label
        }
    }

    /// The sample.
    public var sample: Sample
    /// The verdict.
    public var status: Status
    /// Why it failed: one sentence, then details (diff, compiler output) on later lines.
    public var failure: String?
    /// Where the failure is (a compiler error's line, else the sample's fence).
    public var failureLocation: SourceLocation?
    /// What the sample printed (checked when the sample states expectations).
    public var output: String
    /// The compiler errors of a `compile_fail` sample, by Markdown line.
    public var expectedErrors: [CompilerDiagnostic]
    /// The trap message of a `crash` sample.
    public var crashMessage: String?
    /// Whether the sample ran and its program exited with status 0 (its output is complete).
    public var ranToCompletion: Bool
    /// Whether the result came from the cache.
    public var cached: Bool
    /// Whether it was compiled in the merged module.
    public var merged: Bool
    /// What the page shows with the code (a `compile_fail` sample's errors under their lines).
    public var annotations: [SampleAnnotation] = []
    /// Why a skipped sample was not verified (`nil` for `ignore`): "a package
    /// manifest fragment, not verified", an API listing with no library.
    public var skipReason: String?
    /// Why it failed (`nil` when it did not).
    public var failureKind: FailureKind?
    /// For a ``FailureKind/blocked`` sample: the blocks whose failure blocks it.
    public var blockers: [SourceLocation] = []
    /// Whose the failure is (`nil` when it did not fail).
    public var cause: Cause?
    /// For a ``Cause/context`` failure: the names it uses that nothing declares.
    public var undeclaredNames: [String] = []
    /// For a ``Cause/environment`` failure: what it needs ("module NIO", "an Apple platform (SwiftUI)").
    public var needs: String?
    /// What a fragment was type-checked assuming (`["logger: Logger", "import
    /// Testing"]`), for names nothing declares: skipped when it type-checks,
    /// an error in the docs when it does not; empty when nothing was assumed.
    public var assumed: [String] = []
    /// For a compile failure that is the docs': the error that makes it theirs.
    package var evidence: CompilerDiagnostic?

    /// A verdict on `sample`; the verifier makes them.
    package init(
        sample: Sample, status: Status, failure: String?, failureLocation: SourceLocation?, output: String,
        expectedErrors: [CompilerDiagnostic], crashMessage: String?, ranToCompletion: Bool, cached: Bool, merged: Bool
    ) {
        self.sample = sample
        self.status = status
        self.failure = failure
        self.failureLocation = failureLocation
        self.output = output
        self.expectedErrors = expectedErrors
        self.crashMessage = crashMessage
        self.ranToCompletion = ranToCompletion
        self.cached = cached
        self.merged = merged
    }
}

extension Diagnostic {
    /// Where a sample's problem is: the verifier gives every one a location.
    package var place: SourceLocation { location ?? SourceLocation(path: "") }
}
