import GalleyCore
import GalleyReports
import GalleySamples

/// A build that failed: every problem it found (one page's problem never
/// hides another's), the warnings found on the way, and the verification
/// report when samples failed.
///
/// ```swift
/// do { _ = try session.build(.all) } catch {
///     for problem in error.errors { print(problem) }   // content/x.md:3: invalid front matter: …
/// }
/// ```
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    /// The problems that are not samples' failures: unreadable pages, broken
    /// links, theme errors, a verification that could not start.
    public var problems: [Diagnostic]
    /// One line per failed sample (its details are in ``verification``).
    public var sampleFailures: [Diagnostic] = []
    /// The full verification report when samples failed, for a detailed report.
    public var verification: VerificationReport?
    /// Warnings found on the way (a misspelt front-matter key), shown with the errors.
    public var warnings: [Diagnostic] = []
    /// What the build changed although it failed: `Recorded 3 known failures in known.json.`
    public var notes: [String] = []

    /// A failure with `problems`; there must be at least one problem or sample failure.
    public init(_ problems: [Diagnostic], sampleFailures: [Diagnostic] = []) {
        precondition(!problems.isEmpty || !sampleFailures.isEmpty, "BuildFailure needs at least one error")
        self.problems = problems
        self.sampleFailures = sampleFailures
    }

    /// Every error: the problems, then the samples' failures.
    public var errors: [Diagnostic] { problems + sampleFailures }

    /// One error per line.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
