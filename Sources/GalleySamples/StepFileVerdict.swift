import GalleyCore

/// The verdict on a file a DocC tutorial's step shows (``Sample/Kind/stepFile``),
/// from its syntax check: an error in the docs at its first syntax error,
/// in the compiler's words; else not verified, since the file is compiled
/// only in the project its tutorial builds (it may use what another step
/// file declares, or code a build plugin generates).
///
/// ```swift
/// let error = SwiftSource.syntaxErrors("print(1\n").first
/// StepFileVerdict.result(for: sample, syntaxError: error).failure   // "syntax error in the tutorial's step file: expected ')' …"
/// ```
package enum StepFileVerdict {
    /// The result on `sample` given the first syntax error of its file, `nil` when it parses.
    package static func result(for sample: Sample, syntaxError: SwiftSource.SyntaxError?) -> SampleResult {
        var result = SampleResult(
            sample: sample, status: .skipped, failure: nil, failureLocation: nil, output: "",
            expectedErrors: [], crashMessage: nil, ranToCompletion: false, cached: false, merged: false
        )
        guard let error = syntaxError else {
            result.skipReason = "a tutorial's step file: it parses; it is compiled only in the project its tutorial builds"
            return result
        }
        let line = sample.block.firstCodeLine + error.line - 1
        result.status = .failed
        result.failure = "syntax error in the tutorial's step file: \(error.message)"
        result.failureKind = .compile
        result.cause = .docs
        result.failureLocation = SourceLocation(path: sample.page, line: line, column: error.column)
        result.evidence = CompilerDiagnostic(severity: "error", file: sample.page, line: line, column: error.column, message: error.message)
        return result
    }
}
