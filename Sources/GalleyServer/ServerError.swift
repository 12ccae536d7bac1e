/// A problem that stops the preview server, said as one sentence plus what to do.
///
/// ```text
/// port 8000 is already in use. Stop the other server or pick another port, e.g. `galley serve --port 8001`
/// ```
public struct ServerError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What is wrong, without a final period.
    public var message: String
    /// What the user can do about it.
    public var suggestion: String

    /// Creates an error.
    public init(_ message: String, suggestion: String) {
        self.message = message
        self.suggestion = suggestion
    }

    /// `message. suggestion`
    public var description: String { "\(message). \(suggestion)" }
}
