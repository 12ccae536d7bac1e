import Foundation
import GalleyCore
import GalleySamples

/// Today's failures, recorded so that a team can turn verification on in CI
/// the day it adopts Galley: listed failures are reported as *known* and do
/// not fail the run; new failures do; and a listed sample that passes now
/// fails the run until it is removed from the list.
///
/// A failure is identified by its page and a hash of the sample's code, so
/// editing text around a sample keeps it listed, and fixing or changing the
/// sample takes it off.
///
/// The file is JSON written to be read in a pull request: one known failure
/// per line, sorted by file and line, each with the sample's file, line and
/// the reason it fails (version 2). Version 1 files (one key per line) are
/// still read, and written again as version 2 by `--bless-baseline`.
///
/// ```json
/// {"version": 2, "knownFailures": [
/// {"file": "Sources/Shapes/Shapes.docc/Intro.md", "line": 12, "reason": "cannot find 'canvas' in scope", "sample": "3f2a9c0b1d4e5f60"}
/// ]}
/// ```
///
/// ```sh
/// galley verify --baseline galley-baseline.json --bless-baseline   # record today's failures
/// galley verify --baseline galley-baseline.json                    # CI: only new failures fail
/// ```
public struct Baseline: Sendable, Equatable {
    /// One known failure.
    public struct Entry: Codable, Hashable, Sendable {
        /// The page, e.g. `content/intro.md`.
        public var page: String
        /// The first 16 hex digits of the SHA-256 of the sample's code
        /// (`problem-…` of the message, for a sample that could not be read).
        public var sample: String
        /// The line it was on when recorded (for people; not matched).
        public var line: Int
        /// The failure's first line when recorded (for people; not matched).
        public var failure: String
    }

    /// The known failures, by page and line.
    public var entries: [Entry]

    /// Version 1's layout: the entries as ``Entry`` spells them.
    private struct FileVersion1: Codable {
        var version: Int
        var knownFailures: [Entry]
    }

    /// Version 2's: each entry as `file`, `line`, `reason`, `sample`.
    private struct FileVersion2: Codable {
        struct Line: Codable {
            var file: String
            var line: Int
            var reason: String
            var sample: String
        }
        var version: Int
        var knownFailures: [Line]
    }

    private struct Version: Codable {
        var version: Int
    }

    /// The version ``write(to:displayPath:)`` writes.
    public static let currentVersion = 2

    /// Creates a baseline of `entries`.
    public init(entries: [Entry]) {
        self.entries = entries.sorted { ($0.page, $0.line, $0.sample) < ($1.page, $1.line, $1.sample) }
    }

    /// Every failure of `report`.
    public init(recording report: VerificationReport) {
        var entries = report.results.filter { $0.status == .failed || $0.status == .knownFailure }.map { result in
            Entry(
                page: result.sample.page, sample: Self.key(for: result.sample), line: result.sample.block.fenceLine,
                failure: Self.headline(result.failure ?? "failed"))
        }
        entries += (report.problems + report.knownProblems).map { problem in
            Entry(
                page: problem.place.path, sample: Self.key(for: problem), line: problem.place.line ?? 0,
                failure: Self.headline(problem.message))
        }
        self.init(entries: entries)
    }

    /// Reads a baseline file; `displayPath` names it in errors.
    public static func load(from file: URL, displayPath: String) throws(Diagnostic) -> Baseline {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw Diagnostic(
                "the baseline file '\(displayPath)' does not exist",
                suggestion: "Record today's failures with `galley verify --baseline \(displayPath) --bless-baseline`")
        }
        do {
            let version = try JSONDecoder().decode(Version.self, from: data).version
            switch version {
            case 1:
                return Baseline(entries: try JSONDecoder().decode(FileVersion1.self, from: data).knownFailures)
            case 2:
                let lines = try JSONDecoder().decode(FileVersion2.self, from: data).knownFailures
                return Baseline(entries: lines.map { Entry(page: $0.file, sample: $0.sample, line: $0.line, failure: $0.reason) })
            default:
                throw Diagnostic(
                    "the baseline file '\(displayPath)' has version \(version); this Galley reads versions 1 and 2",
                    at: SourceLocation(path: displayPath, line: Self.line(of: "\"version\"", in: data)),
                    suggestion: "Record it again with --bless-baseline, or use the Galley that wrote it")
            }
        } catch let error as Diagnostic {
            throw error
        } catch {
            let place = Self.badEntry(in: data)
            throw Diagnostic(
                "the baseline file '\(displayPath)' is not a Galley baseline"
                    + (place.map { ": line \($0.line) is not an entry (\($0.problem))" } ?? " (\(error))"),
                at: SourceLocation(path: displayPath, line: place?.line),
                suggestion:
                    "Each known failure is one line {\"file\": …, \"line\": …, \"reason\": …, \"sample\": …}; fix it, or record the file again with `galley verify --baseline \(displayPath) --bless-baseline`"
            )
        }
    }

    /// The first line of a version 2 file that starts an entry (`{"file"`)
    /// but is not one, with what is wrong; `nil` when every such line reads.
    private static func badEntry(in data: Data) -> (line: Int, problem: String)? {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, text) in lines.enumerated() {
            var entry = text.trimmingCharacters(in: .whitespaces)
            guard entry.hasPrefix("{") && !entry.contains("\"version\"") else { continue }
            if entry.hasSuffix(",") { entry.removeLast() }
            do {
                _ = try JSONDecoder().decode(FileVersion2.Line.self, from: Data(entry.utf8))
            } catch DecodingError.keyNotFound(let key, _) {
                return (index + 1, "no \"\(key.stringValue)\"")
            } catch DecodingError.typeMismatch(_, let context) {
                return (index + 1, "\"\(context.codingPath.last?.stringValue ?? "?")\" has the wrong type")
            } catch {
                return (index + 1, "not valid JSON")
            }
        }
        return nil
    }

    /// The 1-based line of the first `needle` in `data`.
    private static func line(of needle: String, in data: Data) -> Int? {
        let text = String(decoding: data, as: UTF8.self)
        guard let range = text.range(of: needle) else { return nil }
        return text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// The file's text: version 2 JSON, one entry per line, sorted by file and line.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        func quoted(_ text: String) -> String {
            (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        }
        let lines = entries.map { entry in
            "{\"file\": \(quoted(entry.page)), \"line\": \(entry.line), \"reason\": \(quoted(entry.failure)), \"sample\": \(quoted(entry.sample))}"
        }
        return "{\"version\": \(Self.currentVersion), \"knownFailures\": [\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "]}\n"
    }

    /// Writes ``text``: one known failure per line, sorted by file and line.
    public func write(to file: URL, displayPath: String) throws(Diagnostic) {
        do {
            try Data(text.utf8).write(to: file, options: .atomic)
        } catch {
            throw Diagnostic(
                "cannot write the baseline file '\(displayPath)': \(error.localizedDescription)",
                suggestion: "Check that its folder exists and is writable")
        }
    }

    /// `report` with listed failures marked known, and listed samples that
    /// pass now turned into failures; also the entries that match nothing
    /// (the sample changed or is gone).
    public func apply(to report: VerificationReport, displayPath: String) -> (report: VerificationReport, stale: [Entry]) {
        // Counted, not a set: a page may show the same failing code twice (one entry each).
        var remaining: [String: Int] = [:]
        for entry in entries { remaining["\(entry.page)\u{0}\(entry.sample)", default: 0] += 1 }
        func take(_ key: String) -> Bool {
            guard let count = remaining[key], count > 0 else { return false }
            remaining[key] = count - 1
            return true
        }
        var report = report
        for index in report.results.indices {
            let result = report.results[index]
            guard take("\(result.sample.page)\u{0}\(Self.key(for: result.sample))") else { continue }
            switch result.status {
            case .failed:
                report.results[index].status = .knownFailure
            case .passed:
                report.results[index].status = .failed
                report.results[index].failureLocation = result.sample.location
                report.results[index].failureKind = .passesNow
                report.results[index].cause = .docs
                report.results[index].failure =
                    "passes now, but '\(displayPath)' lists it as a known failure; remove it from the baseline "
                    + "(`galley verify --baseline \(displayPath) --bless-baseline` records the current failures)"
            case .skipped, .knownFailure:
                break
            }
        }
        var problems: [Diagnostic] = []
        for problem in report.problems {
            if take("\(problem.place.path)\u{0}\(Self.key(for: problem))") {
                report.knownProblems.append(problem)
            } else {
                problems.append(problem)
            }
        }
        report.problems = problems
        var stale: [Entry] = []
        for entry in entries.reversed() where take("\(entry.page)\u{0}\(entry.sample)") {
            stale.insert(entry, at: 0)
        }
        return (report, stale)
    }

    /// The identity of a sample: a hash of its code.
    static func key(for sample: Sample) -> String {
        hash(sample.compiledCode)
    }

    /// The identity of a problem: a hash of its message.
    static func key(for problem: Diagnostic) -> String {
        "problem-" + hash(problem.message)
    }

    private static func hash(_ text: String) -> String {
        HexDigits.of(SHA256.hash(data: Data(text.utf8)).prefix(8))
    }

    private static func headline(_ message: String) -> String {
        message.split(separator: "\n").first.map(String.init) ?? message
    }
}
