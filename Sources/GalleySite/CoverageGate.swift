import GalleyCore
import GalleyReference

/// The documentation coverage gate (`--coverage-threshold`): the one place
/// that decides whether a reference's coverage fails the build.
///
/// ```swift
/// CoverageGate(threshold: 80).failures(coverage)   // [] when 80 % or more of the public symbols are documented
/// ```
struct CoverageGate {
    /// The least coverage, in percent; `nil`: no gate.
    var threshold: Double?

    /// The error of a coverage below the threshold, or of a build that makes no reference to measure.
    func failures(_ coverage: DocumentationCoverage?) -> [Diagnostic] {
        guard let threshold else { return [] }
        guard let coverage else {
            return [
                Diagnostic(
                    "--coverage-threshold needs the API reference, which this build does not make",
                    suggestion: "Run galley build in the root of a Swift package with library targets, or drop --coverage-threshold")
            ]
        }
        guard coverage.percent < threshold else { return [] }
        let least = coverage.modules.filter { $0.percent < threshold }.map { "\($0.name) \(DocumentationCoverage.percent($0.percent))" }
        return [
            Diagnostic(
                "documentation coverage is \(DocumentationCoverage.percent(coverage.percent)), below the threshold of \(DocumentationCoverage.percent(threshold))"
                    + (least.isEmpty ? "" : " (below it: \(least.joined(separator: ", ")))"),
                suggestion: "Write doc comments for the symbols `galley build --coverage` lists, or lower --coverage-threshold")
        ]
    }
}
