/// A problem that stops verification as a whole (no compiler, a broken library build).
public struct VerifyError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, one sentence without a final period.
    public var message: String
    /// What to do.
    public var suggestion: String
    /// Output worth showing (e.g. the end of a failed build's log).
    public var details: String?

    /// Creates an error.
    public init(_ message: String, suggestion: String, details: String? = nil) {
        self.message = message
        self.suggestion = suggestion
        self.details = details
    }

    /// `message. suggestion` and any details below.
    public var description: String {
        "\(message). \(suggestion)" + (details.map { "\n\($0)" } ?? "")
    }
}
