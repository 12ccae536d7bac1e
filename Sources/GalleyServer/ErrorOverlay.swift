import Foundation
import GalleyReports
import GalleySite

/// A failed rebuild as the browser's overlay shows it: the diagnostics the
/// CLI prints, one per line (`content/x.md:3: message. suggestion`).
public struct ErrorOverlay: Sendable, Codable, Equatable {
    /// One sentence: `build failed with 2 errors`.
    public var message: String
    /// Each problem as `file:line: message. suggestion`.
    public var diagnostics: [String]
    /// The verifier's full human report when samples failed (sample lines, diffs).
    public var details: String?
    /// Whether the pages were rendered anyway (a preview whose only problems
    /// are failing samples, each marked on its page): the overlay then says
    /// so instead of "the last good build".
    public var rendered = false
    /// Each failing sample of a rendered preview, linked to its line on its page.
    public var links: [Link] = []

    /// One failing sample: where, what, and the address of its line.
    public struct Link: Sendable, Codable, Equatable {
        /// `Sources/Log/Log.docc/Setup.md:12`
        public var location: String
        /// `Needs context (logger): cannot find 'logger' in scope`
        public var message: String
        /// `/setup.html#L12`, or `nil` when no page shows it.
        public var href: String?
    }

    /// Creates a failure.
    public init(message: String, diagnostics: [String], details: String? = nil) {
        self.message = message
        self.diagnostics = diagnostics
        self.details = details
    }

    /// The failure of a build that threw `errors`.
    public init(_ errors: BuildFailure) {
        let count = errors.errors.count
        self.message = "build failed with \(count) error\(count == 1 ? "" : "s")"
        self.diagnostics = errors.errors.map(\.description)
        self.details = errors.verification.map { ReportFormat.human.render($0, colour: false) }
    }

    /// The failing samples of a preview that rendered every page
    /// (``BuildSettings/previewsFailingSamples``), or `nil` when none failed.
    public init?(failingSamplesOf report: BuildReport) {
        let links = report.failureLinks
        let broken = report.previewProblems
        guard !links.isEmpty || !broken.isEmpty else { return nil }
        var parts: [String] = []
        if !links.isEmpty { parts.append("\(links.count) sample\(links.count == 1 ? " fails" : "s fail")") }
        if !broken.isEmpty { parts.append("\(broken.count) link\(broken.count == 1 ? " is" : "s are") broken") }
        self.message = parts.joined(separator: ", ")
        self.diagnostics = broken.map(\.description)
        self.details = report.verification.causeSummary
        self.rendered = true
        self.links = links.map { Link(location: $0.location, message: $0.message, href: $0.href.map { "/" + $0 }) }
    }

    /// The failure as one line of JSON, for a server-sent event's `data:`.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
