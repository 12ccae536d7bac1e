import GalleyCore
import GalleySamples

/// The sample settings one `verify:` section sets — `galley.yml`'s for the
/// whole site, a page's front matter for that page. Keys left out keep the
/// value of the level below.
///
/// ```yaml
/// verify:
///   prelude: |
///     import SwiftUI
///   swift_version: 5
///   flags: [-enable-upcoming-feature, ExistentialAny]
///   default: no_run
///   environment: { LANG: C }
///   page: program      # or samples (the default): a page's samples are one program
/// ```
public struct SampleSettingsOverride: Sendable, Equatable {
    /// The keys of a `verify:` section that set sample settings.
    public static let keys = ["prelude", "swift_version", "flags", "default", "environment", "page"]

    /// `prelude:` — Swift lines compiled before every sample.
    public var prelude: String?
    /// `swift_version:` — 5 or 6.
    public var swiftVersion: Int?
    /// `flags:` — extra `swiftc` flags.
    public var flags: [String]?
    /// `default:` — `run`, `no_run` or `ignore`.
    public var defaultMode: Sample.Mode?
    /// `environment:` — extra environment variables of sample runs.
    public var environment: [String: String]?
    /// `page:` — `program` (a page's samples are one program) or `samples`.
    public var pageProgram: Bool?
    /// How diagnostics name the file the prelude comes from.
    public var source: String

    /// An override that sets nothing.
    public init(source: String) {
        self.source = source
    }

    /// `base` with every setting this override sets replaced.
    public func applied(to base: SampleSettings) -> SampleSettings {
        var settings = base
        if let prelude {
            settings.prelude = prelude
            settings.preludeSource = source
        }
        if let swiftVersion { settings.swiftVersion = swiftVersion }
        if let flags { settings.flags = flags }
        if let defaultMode { settings.defaultMode = defaultMode }
        if let environment { settings.environment = environment }
        if let pageProgram { settings.pageProgram = pageProgram }
        return settings
    }

    /// Reads the sample-settings keys of `mapping` (other keys are the caller's).
    static func read(_ mapping: YAMLMapping) throws(Diagnostic) -> SampleSettingsOverride {
        var override = SampleSettingsOverride(source: mapping.file)
        if let lines = try mapping.stringList("prelude") {
            override.prelude = lines.joined(separator: "\n")
        }
        if let version = try mapping.int("swift_version") {
            guard version == 5 || version == 6 else {
                throw Diagnostic(
                    "'swift_version' must be 5 or 6, not \(version)", at: mapping.location(ofKey: "swift_version"),
                    suggestion: "Write `swift_version: 5` or `swift_version: 6`")
            }
            override.swiftVersion = version
        }
        override.flags = try mapping.stringList("flags")
        if let mode = try mapping.string("default") {
            guard let parsed = Sample.Mode(rawValue: mode), SampleSettings.defaultModes.contains(parsed) else {
                throw Diagnostic(
                    "'default' must be run, no_run or ignore, not '\(mode)'", at: mapping.location(ofKey: "default"),
                    suggestion: "Write e.g. `default: no_run` to compile samples without running them")
            }
            override.defaultMode = parsed
        }
        override.environment = try mapping.mapping("environment")?.stringPairs(in: "environment")
        if let page = try mapping.string("page") {
            guard page == "program" || page == "samples" else {
                throw Diagnostic(
                    "'page' must be program or samples, not '\(page)'", at: mapping.location(ofKey: "page"),
                    suggestion: "Write `page: program` to compile each page's samples as one program, in order")
            }
            override.pageProgram = page == "program"
        }
        return override
    }
}
