import GalleyMarkdown

/// Why a sample cannot be verified as written (bad attribute, bad marker),
/// at its Markdown line.
public struct SampleProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong.
    public var message: String
    /// What to do.
    public var suggestion: String

    /// Creates a problem.
    public init(location: SourceLocation, message: String, suggestion: String) {
        self.location = location
        self.message = message
        self.suggestion = suggestion
    }

    /// `content/x.md:12: message. suggestion`
    public var description: String { "\(location): \(message). \(suggestion)" }
}
