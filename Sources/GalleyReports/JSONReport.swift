import Foundation
import GalleyCore
import GalleyMarkdown
import GalleySamples

/// The JSON report of `galley verify --format json`: every verdict with
/// enough of its sample (code, lines, locations) that reports of CI shards
/// can be merged back into one human, JUnit or GitHub report
/// (`galley verify --merge-reports a.json b.json`).
///
/// ```swift
/// let merged = try JSONReport.merge([dataA, dataB])   // a VerificationReport
/// ```
public struct JSONReport: Codable, Sendable {
    /// One sample's verdict.
    public struct Entry: Codable, Sendable {
        var id: String
        var page: String
        var line: Int
        var column: Int
        var firstCodeLine: Int
        var endLine: Int
        var attributes: [String]
        var mode: String
        var status: String
        var failure: String?
        var location: String?
        var failurePath: String?
        var failureLine: Int?
        var failureColumn: Int?
        var output: String
        var code: String
        var cached: Bool
        var merged: Bool
        var skipReason: String?
        /// Why it failed (``SampleResult/FailureKind``), e.g. `compile`, `blocked`, `not_run`.
        var failureKind: String?
        /// A blocked sample's blockers, as `path:line`.
        var blockedBy: [String]?
        /// Whose the failure is: `docs`, `context`, `environment` or `galley` (``SampleResult/Cause``).
        var cause: String?
        /// A `context` failure's names that nothing declares.
        var undeclaredNames: [String]?
        /// What an `environment` failure needs.
        var needs: String?
        /// What a fragment was type-checked assuming (`logger: Logger`), when anything.
        var assumed: [String]?
        /// Where the sample comes from (``Sample/Origin``): `content_page`, `doc_comment`, …
        var origin: String?
        /// Whether this failure fails the run under the report's gate (a warning when not).
        var failsRun: Bool?
    }

    /// A listing without a language read as something other than Swift.
    public struct NotSwift: Codable, Sendable {
        var path: String
        var line: Int?
        var message: String
    }

    /// A sample that could not be verified as written.
    public struct Problem: Codable, Sendable {
        var path: String
        var line: Int?
        var column: Int?
        var message: String
        var suggestion: String
        var known: Bool
    }

    var version = 2
    var passed: Int
    var failed: Int
    var skipped: Int
    var knownFailures: Int
    var compiler: String?
    var seconds: Double
    var samples: [Entry]
    var problems: [Problem]
    /// What fails the run: `docs` or `strict` (``VerifyGate``).
    var gate: String?
    /// Whether the run passed its gate: what the exit status says.
    var succeeded: Bool?
    /// Listings without a language read as output, SQL, … and not compiled.
    var notSwift: [NotSwift]?

    /// The JSON form of `report`.
    public init(_ report: VerificationReport) {
        passed = report.passed
        failed = report.failed
        skipped = report.skipped
        knownFailures = report.knownFailures
        compiler = report.compilerVersion
        seconds = Double(report.duration.components.seconds) + Double(report.duration.components.attoseconds) / 1e18
        samples = report.results.map { result in
            let sample = result.sample
            return Entry(
                id: sample.id, page: sample.page, line: sample.block.fenceLine, column: sample.block.fenceColumn,
                firstCodeLine: sample.block.firstCodeLine, endLine: sample.block.endLine, attributes: sample.block.attributes,
                mode: sample.mode.rawValue, status: result.status.rawValue, failure: result.failure,
                location: result.failureLocation?.description, failurePath: result.failureLocation?.path,
                failureLine: result.failureLocation?.line,
                failureColumn: result.failureLocation?.column, output: result.output, code: sample.compiledCode,
                cached: result.cached, merged: result.merged, skipReason: result.skipReason,
                failureKind: result.failureKind?.rawValue, blockedBy: result.blockers.isEmpty ? nil : result.blockers.map(\.description),
                cause: result.cause?.rawValue, undeclaredNames: result.undeclaredNames.isEmpty ? nil : result.undeclaredNames,
                needs: result.needs, assumed: result.assumed.isEmpty ? nil : result.assumed, origin: sample.origin.rawValue,
                failsRun: result.status == .failed ? report.failsRun(result) : nil
            )
        }
        problems = report.problems.map { Self.problem($0, known: false) } + report.knownProblems.map { Self.problem($0, known: true) }
        gate = report.gate.rawValue
        succeeded = report.succeeded
        notSwift = report.notSwift.map { NotSwift(path: $0.place.path, line: $0.place.line, message: $0.message) }
    }

    private static func problem(_ problem: Diagnostic, known: Bool) -> Problem {
        Problem(
            path: problem.place.path, line: problem.place.line, column: problem.place.column,
            message: problem.message, suggestion: problem.suggestion ?? "", known: known)
    }

    /// The report these JSON documents (of shards of one run) make together:
    /// results in page and line order, problems by location.
    public static func merge(_ documents: [(name: String, data: Data)]) throws(Diagnostic) -> VerificationReport {
        var results: [SampleResult] = []
        var problems: [Diagnostic] = []
        var known: [Diagnostic] = []
        var compiler: String?
        var seconds = 0.0
        var gate = VerifyGate.docs
        var notSwift: [Diagnostic] = []
        for (name, data) in documents {
            let report: JSONReport
            do {
                report = try JSONDecoder().decode(JSONReport.self, from: data)
            } catch {
                throw Diagnostic(
                    "'\(name)' is not a report of `galley verify --format json` (\(error))",
                    suggestion: "Pass the JSON reports the shards wrote")
            }
            guard report.version == 2 else {
                throw Diagnostic(
                    "'\(name)' is a version \(report.version) report; this Galley merges version 2",
                    suggestion: "Verify the shards again with this Galley")
            }
            compiler = compiler ?? report.compiler
            seconds = max(seconds, report.seconds)
            // The strictest shard's gate: shards of one run share it.
            if report.gate == VerifyGate.strict.rawValue { gate = .strict }
            notSwift += (report.notSwift ?? []).map { .warning($0.message, at: SourceLocation(path: $0.path, line: $0.line)) }
            results += report.samples.map(\.result)
            for problem in report.problems {
                let value = Diagnostic(
                    problem.message,
                    at: SourceLocation(path: problem.path, line: problem.line, column: problem.column),
                    suggestion: problem.suggestion
                )
                if problem.known { known.append(value) } else { problems.append(value) }
            }
        }
        results.sort { ($0.sample.page, $0.sample.block.fenceLine) < ($1.sample.page, $1.sample.block.fenceLine) }
        var merged = VerificationReport(
            results: results, problems: Diagnostic.sorted(problems), compilerVersion: compiler,
            duration: .milliseconds(Int(seconds * 1000)), compiledPrograms: 0, mergedPrograms: 0
        )
        merged.knownProblems = Diagnostic.sorted(known)
        merged.gate = gate
        merged.notSwift = Diagnostic.sorted(notSwift)
        return merged
    }
}

extension JSONReport.Entry {
    /// The verdict with a sample rebuilt from what the report kept.
    var result: SampleResult {
        let block = CodeBlock(
            language: "swift", attributes: attributes, code: code, fenceLine: line, fenceColumn: column,
            firstCodeLine: firstCodeLine, endLine: endLine, index: 0)
        var sample = Sample(
            page: page, block: block, mode: Sample.Mode(rawValue: mode) ?? .run, group: nil, swift5: false,
            compiledCode: code, displayedLines: [], expectedPrints: nil, outputBlock: nil, errorMarkers: [])
        sample.origin = origin.flatMap(Sample.Origin.init(rawValue:)) ?? .contentPage
        let location = failurePath.map { SourceLocation(path: $0, line: failureLine, column: failureColumn) }
        var result = SampleResult(
            sample: sample, status: SampleResult.Status(rawValue: status) ?? .failed, failure: failure,
            failureLocation: location, output: output, expectedErrors: [], crashMessage: nil,
            ranToCompletion: status == "passed", cached: cached, merged: merged
        )
        result.skipReason = skipReason
        result.failureKind = failureKind.flatMap(SampleResult.FailureKind.init(rawValue:))
        result.blockers = (blockedBy ?? []).compactMap(SourceLocation.init(parsing:))
        result.cause = cause.flatMap(SampleResult.Cause.init(rawValue:))
        result.undeclaredNames = undeclaredNames ?? []
        result.needs = needs
        result.assumed = assumed ?? []
        return result
    }
}

extension Diagnostic {
    /// `problems` in file, line and column order (how every report lists them).
    public static func sorted(_ problems: [Diagnostic]) -> [Diagnostic] {
        problems.sorted {
            ($0.place.path, $0.place.line ?? 0, $0.place.column ?? 0) < ($1.place.path, $1.place.line ?? 0, $1.place.column ?? 0)
        }
    }

}
