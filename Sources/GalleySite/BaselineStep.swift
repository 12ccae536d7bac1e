import Foundation
import GalleyCore
import GalleyProject
import GalleyReports
import GalleySamples
import GalleyVerify

/// The baseline of known failures applied to a report, as `galley verify`
/// and `galley build` both do it (`--baseline FILE`, `--bless-baseline`):
/// record today's failures first when asked, then mark listed failures
/// known, fail listed samples that pass now, and warn about entries that
/// match no sample any more.
///
/// ```swift
/// let step = BaselineStep(path: "known.json", records: false, layout: layout)
/// let outcome = try step.apply(to: report)   // outcome.report.succeeded when only known failures are left
/// ```
struct BaselineStep: Sendable {
    /// What applying the baseline gives.
    struct Outcome: Sendable {
        /// The report with the baseline applied.
        var report: VerificationReport
        /// Stale entries, as one warning.
        var warnings: [Diagnostic] = []
        /// `Recorded 3 known failures in known.json.` when recorded.
        var notes: [String] = []
    }

    /// The baseline file as the user wrote it: absolute, or relative to the project folder.
    var path: String
    /// Whether every current failure is recorded in the file (replacing it) before it is applied.
    var records: Bool
    /// The project's folders.
    var layout: SiteLayout

    /// `report` with the baseline recorded (when ``records``) and applied.
    func apply(to report: VerificationReport) throws(Diagnostic) -> Outcome {
        let file = path.hasPrefix("/") ? URL(fileURLWithPath: path) : layout.root.appendingPathComponent(path)
        let display = layout.displayPath(of: file)
        var notes: [String] = []
        let known: Baseline
        if records {
            known = Baseline(recording: report)
            try known.write(to: file, displayPath: display)
            let count = known.entries.count
            notes.append("Recorded \(count) known failure\(count == 1 ? "" : "s") in \(display).")
        } else {
            known = try Baseline.load(from: file, displayPath: display)
        }
        let (applied, stale) = known.apply(to: report, displayPath: display)
        var outcome = Outcome(report: applied, notes: notes)
        if !stale.isEmpty {
            outcome.warnings.append(
                .warning(
                    "\(stale.count) entr\(stale.count == 1 ? "y" : "ies") of \(display) match no sample any more (changed or removed): "
                        + stale.prefix(3).map { "\($0.page):\($0.line)" }.joined(separator: ", ") + (stale.count > 3 ? ", …" : ""),
                    suggestion: "Record the baseline again with --bless-baseline"
                ))
        }
        return outcome
    }
}

extension BaselineStep {
    /// The build's baseline stage (`--baseline`): today's failures recorded
    /// when asked, then listed failures marked known (shown on their pages as
    /// such, not failing the build) and listed samples that pass now turned
    /// into failures. Only the report changes: the verdicts kept for the next
    /// build stay as verified. A baseline that cannot be read fails the build
    /// with `errors` and `warnings`, the build's so far.
    static func apply(
        _ settings: BuildSettings, to verified: inout VerifiedSamples, errors: [Diagnostic], warnings: [Diagnostic]
    ) throws(BuildFailure) -> Outcome {
        guard let path = settings.baseline else { return Outcome(report: verified.report) }
        do {
            let outcome = try BaselineStep(path: path, records: settings.recordsBaseline, layout: settings.layout).apply(to: verified.report)
            verified.report = outcome.report
            return outcome
        } catch {
            var failure = BuildFailure(errors + [error])
            failure.warnings = warnings
            throw failure
        }
    }
}
