/// What building a ``TutorialProject`` (and running it, where its section
/// shows the output) gave, kept between runs.
public struct ProjectOutcome: Sendable, Codable, Equatable {
    /// How it ended.
    public enum Status: String, Sendable, Codable {
        /// It built, and printed what the section shows where it shows it.
        case passed
        /// The docs' error: a compiler error in a file the steps show, or other output than the section shows.
        case failed
        /// It could not be built or run here for a reason outside the docs.
        case environment
        /// It is not built: the steps do not say enough yet (``ProjectLayout/NotBuilt``).
        case notBuilt = "not_built"
    }

    /// A compiler error in a step file, at the step file's own line.
    public struct LocatedError: Sendable, Codable, Equatable {
        /// The step file, as diagnostics name it.
        public var file: String
        /// Its 1-based line.
        public var line: Int
        /// Its 1-based column.
        public var column: Int
        /// The compiler's message.
        public var message: String
    }

    /// How it ended.
    public var status: Status
    /// Why, as a clause about the project ("it does not compile", "it builds, and prints what the section shows").
    public var reason: String
    /// The compiler's errors in step files (``Status/failed``).
    public var errors: [LocatedError] = []
    /// What the section's transcript shows the program prints; `nil` when nothing was compared.
    public var expected: String?
    /// The step file judged by the output: the last Swift source the steps showed before the transcript.
    public var outputFile: String?
    /// The transcript's step file.
    public var transcript: String?
    /// What the program printed when run.
    public var output: String?
    /// Whether it built and its program was run (an ``Status/environment``
    /// outcome then says the program stopped here, not that it does not build).
    public var ran = false
    /// Whether the run was stopped at its time limit.
    public var timedOut = false
    /// Whether the outcome was kept from an earlier run.
    public var cached = false

    /// Not built, for `reason`.
    static func notBuilt(_ reason: String) -> ProjectOutcome { ProjectOutcome(status: .notBuilt, reason: reason) }
    /// The environment's failure, for `reason`.
    static func environment(_ reason: String) -> ProjectOutcome { ProjectOutcome(status: .environment, reason: reason) }
}
