import Foundation
import GalleyCore
import GalleyMarkdown
import GalleySamples

/// How `galley verify` prints its report.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// For people: failures with the sample's lines and a caret, then `N passed, N failed, N skipped`.
    case human
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`).
    case github
    /// JUnit XML, one test case per sample.
    case junit
    /// JSON, one object per sample.
    case json

    /// The report text of `report` in this format.
    public func render(_ report: VerificationReport, colour: Bool = false) -> String {
        switch self {
        case .human: HumanReport(colour: colour).render(report)
        case .github: Self.github(report)
        case .junit: Self.junit(report)
        case .json: Self.json(report)
        }
    }

    private static func github(_ report: VerificationReport) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
        func property(_ text: String) -> String {
            escape(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        var lines = report.failures.map { location, message, _, failsRun in
            var fields = "file=\(property(location.path))"
            if let line = location.line { fields += ",line=\(line)" }
            if let column = location.column { fields += ",col=\(column)" }
            // What the gate does not fail on is a warning here too.
            return failsRun
                ? "::error \(fields),title=Sample failed::\(escape(message))"
                : "::warning \(fields),title=Sample failed (not the docs' error)::\(escape(message))"
        }
        lines += report.knownFailureList.map { location, message in
            var fields = "file=\(property(location.path))"
            if let line = location.line { fields += ",line=\(line)" }
            return "::notice \(fields),title=Known failure (in the baseline)::\(escape(message))"
        }
        if let docComments = report.docCommentSummary { lines.append(docComments) }
        if let notSwift = report.notSwiftSummary { lines.append(notSwift) }
        if let assumed = report.assumedSummary { lines.append(assumed) }
        if let causes = report.causeSummary { lines.append(causes) }
        if let breakdown = report.breakdown { lines.append(breakdown) }
        lines.append(report.summary)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func junit(_ report: VerificationReport) -> String {
        func xml(_ text: String) -> String { HTMLEscaping.escape(text) }
        let seconds = Double(report.duration.components.seconds) + Double(report.duration.components.attoseconds) / 1e18
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text +=
            "<testsuites name=\"galley verify\" tests=\"\(report.results.count + report.problems.count)\" failures=\"\(report.failed - report.warnedFailures)\" skipped=\"\(report.skipped + report.knownFailures + report.warnedFailures)\" time=\"\(String(format: "%.3f", seconds))\">\n"
        var pages: [String] = []
        for result in report.results where !pages.contains(result.sample.page) { pages.append(result.sample.page) }
        for problem in report.problems where !pages.contains(problem.place.path) { pages.append(problem.place.path) }
        for page in pages {
            let results = report.results(forPage: page)
            let problems = report.problems.filter { $0.place.path == page }
            let failed = results.filter(report.failsRun).count + problems.count
            let skipped = results.filter { $0.status == .skipped || $0.status == .knownFailure || ($0.status == .failed && !report.failsRun($0)) }
                .count
            text += "  <testsuite name=\"\(xml(page))\" tests=\"\(results.count + problems.count)\" failures=\"\(failed)\" skipped=\"\(skipped)\">\n"
            for result in results {
                text +=
                    "    <testcase classname=\"\(xml(page))\" name=\"\(xml(result.sample.id))\" file=\"\(xml(page))\" line=\"\(result.sample.block.fenceLine)\">"
                switch result.status {
                case .passed: break
                case .skipped: text += "<skipped message=\"\(xml(result.skipReason ?? "ignore"))\"/>"
                case .knownFailure:
                    let first = (result.failure ?? "failed").split(separator: "\n").first.map(String.init) ?? "failed"
                    text += "<skipped message=\"known failure (in the baseline): \(xml(first))\"/>"
                case .failed where !report.failsRun(result):
                    // Not the docs' error: a warning the gate does not fail on, as in every other format.
                    let first = (result.failure ?? "failed").split(separator: "\n").first.map(String.init) ?? "failed"
                    text += "<skipped message=\"warning (\(xml(result.cause?.rawValue ?? "")), not the docs' error): \(xml(first))\"/>"
                case .failed:
                    let message = result.failure ?? "failed"
                    let first = message.split(separator: "\n").first.map(String.init) ?? message
                    text += "<failure message=\"\(xml(first))\">\(xml(message))</failure>"
                }
                text += "</testcase>\n"
            }
            for problem in problems {
                text +=
                    "    <testcase classname=\"\(xml(page))\" name=\"\(xml(problem.place.description))\"><failure message=\"\(xml(problem.message))\">\(xml(problem.description))</failure></testcase>\n"
            }
            text += "  </testsuite>\n"
        }
        return text + "</testsuites>\n"
    }

    private static func json(_ report: VerificationReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(JSONReport(report))).map { String(decoding: $0, as: UTF8.self) + "\n" } ?? "{}\n"
    }
}

/// The human report: each failure with the sample's lines and a caret.
struct HumanReport {
    var colour: Bool

    func render(_ report: VerificationReport) -> String {
        var text = ""
        for (location, message, sample, failsRun) in report.failures {
            // A sample's output may carry escape codes: shown, never obeyed.
            var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaped(String($0)) }
            let headline = lines.removeFirst()
            let label = failsRun ? paint("error:", "1;31") : paint("warning:", "1;33")
            text += "\(label) \(location): \(headline)\n"
            if let sample { text += excerpt(of: sample, at: location) }
            for line in lines {
                if line.hasPrefix("- ") {
                    text += "    \(paint(line, "31"))\n"
                } else if line.hasPrefix("+ ") {
                    text += "    \(paint(line, "32"))\n"
                } else {
                    text += "    \(line)\n"
                }
            }
            text += "\n"
        }
        let known = report.knownFailureList
        if !known.isEmpty {
            text += "\(paint("note:", "1;36")) \(known.count) known failure\(known.count == 1 ? "" : "s") listed in the baseline:\n"
            for (location, message) in known { text += "  \(location): \(TerminalText.escaped(message))\n" }
            text += "\n"
        }
        // Assumed type-checks are one line of their own (``VerificationReport/assumedSummary``).
        let reasons = Dictionary(grouping: report.results.filter { $0.status == .skipped && $0.assumed.isEmpty }.compactMap(\.skipReason), by: { $0 })
        for (reason, list) in reasons.sorted(by: { $0.key < $1.key }) {
            text += "\(paint("note:", "1;36")) \(list.count) sample\(list.count == 1 ? "" : "s") skipped: \(reason)\n"
        }
        if let docComments = report.docCommentSummary { text += docComments + "\n" }
        if let notSwift = report.notSwiftSummary { text += notSwift + "\n" }
        if let assumed = report.assumedSummary { text += assumed + "\n" }
        if let causes = report.causeSummary { text += causes + "\n" }
        if let breakdown = report.breakdown { text += breakdown + "\n" }
        let summary = report.summary
        text += report.succeeded ? paint(summary, "32") : paint(summary, "1;31")
        return text + "\n"
    }

    /// Up to 6 lines of the sample around `location`, with a caret under its column.
    private func excerpt(of sample: Sample, at location: SourceLocation) -> String {
        // Elided code is shown as written, not as the holes it compiled as.
        let code = TextLines.split(sample.holes.isEmpty ? sample.compiledCode : sample.block.code).dropLast()
        let first = sample.block.firstCodeLine
        let target = location.line.flatMap { (first..<first + code.count).contains($0) ? $0 : nil } ?? first
        let range = max(first, target - 3)...min(first + code.count - 1, target + 2)
        guard !code.isEmpty, !range.isEmpty else { return "" }
        let width = String(range.upperBound).count
        var text = ""
        for line in range {
            let number = String(line).padding(toLength: width, withPad: " ", startingAt: 0)
            text += "  \(paint(number, "2")) | \(TerminalText.escaped(String(code[code.startIndex + line - first])))\n"
            if line == target, location.line == target, let column = location.column, column > 0 {
                text += "  \(String(repeating: " ", count: width)) | \(String(repeating: " ", count: column - 1))\(paint("^", "1;32"))\n"
            }
        }
        return text
    }

    private func paint(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
