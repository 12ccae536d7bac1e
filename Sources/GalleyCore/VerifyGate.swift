/// What fails `galley verify` and `galley build`: `galley.yml`'s
/// `verify: gate:`, `--strict` on the command line.
///
/// A failure says whose it is (the docs', the context the page does not
/// show, the environment, Galley's own limits). Red in CI must mean a bug
/// in the docs, so by default only those fail the run; the rest are
/// counted, actionable warnings. A strict gate fails on every failure, for
/// docs whose every sample is written to be complete (a site's guides).
///
/// ```swift
/// VerifyGate(rawValue: "strict")   // .strict
/// ```
public enum VerifyGate: String, Sendable, CaseIterable {
    /// Errors in the docs (and samples that cannot be read as written)
    /// fail; context, environment and Galley's limits are warnings.
    case docs
    /// Every failure fails.
    case strict
}
