import GalleyCore
import GalleyReports

/// What fails a build and what a preview tolerates, in one place: a build
/// refuses to publish failing samples and broken links; a preview
/// (``BuildSettings/previewsFailingSamples``) renders them, each marked on
/// its page, and reports them apart.
struct PreviewPolicy {
    /// Whether the build is a preview's.
    var previewsFailingSamples: Bool

    /// The verdict of the policy on one build.
    struct Gate {
        /// What fails the build: the stages' errors, and broken links unless previewed.
        var errors: [Diagnostic]
        /// One error per failed sample (none in a preview).
        var sampleFailures: [Diagnostic]
        /// Broken links a preview renders anyway, reported with its failing samples.
        var previewProblems: [Diagnostic] = []
        /// Broken links the baseline lists, counted apart from the samples.
        var knownBrokenLinks: [Diagnostic] = []
    }

    /// Takes the broken links (which went through the baseline with the
    /// samples' failures) out of `report` and decides what fails the build.
    func judge(_ report: inout VerificationReport, brokenLinks: Set<Diagnostic>, errors: [Diagnostic]) -> Gate {
        var gate = Gate(errors: errors, sampleFailures: [])
        if previewsFailingSamples {
            gate.previewProblems = report.problems.filter { brokenLinks.contains($0) }
        } else {
            gate.errors += report.problems.filter { brokenLinks.contains($0) }
        }
        report.problems.removeAll { brokenLinks.contains($0) }
        // Known broken links are counted apart: the samples' summary counts samples.
        gate.knownBrokenLinks = report.knownProblems.filter { brokenLinks.contains($0) }
        report.knownProblems.removeAll { brokenLinks.contains($0) }
        gate.sampleFailures = previewsFailingSamples ? [] : Self.sampleFailures(report)
        return gate
    }

    /// One error line per failed sample, for the failure's list.
    static func sampleFailures(_ report: VerificationReport) -> [Diagnostic] {
        report.failures.filter(\.failsRun).map { location, message, _, _ in
            Diagnostic("sample failed: " + (message.split(separator: "\n").first.map(String.init) ?? message), at: location)
        }
    }
}

extension BuildFailure {
    /// The failure of a build the policy stopped: its errors and failed
    /// samples, the report when samples failed, and what else it said.
    init(_ gate: PreviewPolicy.Gate, report: VerificationReport, warnings: [Diagnostic], notes: [String]) {
        self.init(gate.errors, sampleFailures: gate.sampleFailures)
        verification = report.succeeded ? nil : report
        self.warnings = warnings
        self.notes = notes
    }
}
