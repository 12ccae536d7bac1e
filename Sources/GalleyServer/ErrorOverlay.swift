import Foundation
import GalleySite
import GalleyVerify

/// A failed rebuild as the browser's overlay shows it: the diagnostics the
/// CLI prints, one per line (`content/x.md:3: message. suggestion`).
public struct ErrorOverlay: Sendable, Codable, Equatable {
    /// One sentence: `build failed with 2 errors`.
    public var message: String
    /// Each problem as `file:line: message. suggestion`.
    public var diagnostics: [String]
    /// The verifier's full human report when samples failed (sample lines, diffs).
    public var details: String?

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

    /// The failure as one line of JSON, for a server-sent event's `data:`.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
