import GalleyMarkdown
import GalleyVerify

/// A problem that stops a build, with where it is and what to do about it.
///
/// Its description is one line: `content/x.md:3: invalid front matter: … Fix …`.
public struct SiteError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The file (and line) the problem is in, when there is one.
    public var location: SourceLocation?
    /// What is wrong, as one sentence without a final period.
    public var message: String
    /// What the user can do about it, as a sentence.
    public var suggestion: String?
    /// Whether this is a sample's failure (shown in detail by the verification report).
    public var isSampleFailure = false

    /// Creates an error.
    public init(_ message: String, at location: SourceLocation? = nil, suggestion: String? = nil) {
        self.location = location
        self.message = message
        self.suggestion = suggestion
    }

    /// `location: message. suggestion`
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += message
        if let suggestion { text += ". " + suggestion }
        return text
    }
}

/// Every problem a build found, in the order found; thrown when there is at least one.
public struct SiteErrors: Error, Sendable, CustomStringConvertible {
    /// The problems, never empty.
    public var errors: [SiteError]
    /// The full verification report when samples failed, for a detailed report.
    public var verification: VerificationReport?
    /// Warnings found on the way (a misspelt front-matter key), shown with the errors.
    public var warnings: [SiteError] = []

    /// Creates the list; `errors` must not be empty.
    public init(_ errors: [SiteError]) {
        precondition(!errors.isEmpty, "SiteErrors needs at least one error")
        self.errors = errors
    }

    /// One problem per line.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
