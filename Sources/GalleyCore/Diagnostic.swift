/// One problem Galley reports — an error that stops the work or a warning
/// that does not — with where it is and what to do about it.
///
/// Every module reports through this one type: a page that cannot be read,
/// a sample with a bad attribute, a compiler that cannot be found, a port
/// already in use. Its description is one line (plus any details below it):
///
/// ```swift
/// let error = Diagnostic("invalid front matter", at: SourceLocation(path: "content/x.md", line: 3),
///                        suggestion: "Fix the YAML between the --- lines")
/// print(error)   // content/x.md:3: invalid front matter. Fix the YAML between the --- lines
/// ```
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// Stops the build or the run.
        case error
        /// Shown, but the work goes on.
        case warning
    }

    /// Whether this stops the work.
    public var severity: Severity
    /// The file (and line) the problem is in, when there is one.
    public var location: SourceLocation?
    /// What is wrong, as one sentence without a final period.
    public var message: String
    /// What the user can do about it, as a sentence.
    public var suggestion: String?
    /// Output worth showing below the sentence (the end of a failed build's log).
    public var details: String?

    /// Creates a diagnostic.
    public init(
        _ message: String, at location: SourceLocation? = nil, suggestion: String? = nil,
        details: String? = nil, severity: Severity = .error
    ) {
        self.severity = severity
        self.location = location
        self.message = message
        self.suggestion = suggestion
        self.details = details
    }

    /// A warning: shown, and the work goes on.
    public static func warning(_ message: String, at location: SourceLocation? = nil, suggestion: String? = nil) -> Diagnostic {
        Diagnostic(message, at: location, suggestion: suggestion, severity: .warning)
    }

    /// `location: message. suggestion`, then any details on the lines below.
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += message
        if let suggestion { text += ". " + suggestion }
        if let details { text += "\n" + details }
        return text
    }
}

/// Every problem a step found, in the order found; thrown when there is at
/// least one, so one page's problem never hides another's.
///
/// ```swift
/// throw DiagnosticList([Diagnostic("content folder 'docs' does not exist")])
/// ```
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    /// The problems, never empty.
    public var diagnostics: [Diagnostic]

    /// Creates the list; `diagnostics` must not be empty.
    public init(_ diagnostics: [Diagnostic]) {
        precondition(!diagnostics.isEmpty, "DiagnosticList needs at least one diagnostic")
        self.diagnostics = diagnostics
    }

    /// One problem per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
