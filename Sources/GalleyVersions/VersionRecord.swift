import Foundation
import GalleyCore
import GalleyReference

/// What building one version left in the versions' cache beside its site:
/// the key it was built with, whether its samples were verified, their
/// verdicts and its API. A build with the same key reuses it.
///
/// ```swift
/// let record = VersionRecord.read(from: folder)
/// record?.key == key   // reuse the version's site
/// ```
public struct VersionRecord: Codable, Sendable {
    /// One sample's verdict in this version.
    public struct SampleVerdict: Codable, Sendable, Equatable {
        /// The file it is in (`Sources/JWTKit/Docs.docc/GettingStarted.md`).
        public var file: String
        /// Its first line there.
        public var line: Int
        /// Its code as written.
        public var code: String
        /// `passed`, `failed` or `skipped`.
        public var status: String
        /// Whose a failure is (`docs`, `context`, `environment`, `galley`).
        public var cause: String?
        /// A failure's first line.
        public var message: String?
        /// Its page in the version's site, with the line's anchor, when a page shows it.
        public var url: String?

        /// A verdict on the sample at `file`:`line`.
        public init(file: String, line: Int, code: String, status: String, cause: String?, message: String?, url: String?) {
            self.file = file
            self.line = line
            self.code = code
            self.status = status
            self.cause = cause
            self.message = message
            self.url = url
        }
    }

    /// What makes a version's build reusable: the commit, Galley and the settings.
    public struct Key: Codable, Sendable, Equatable {
        /// The version's commit.
        public var commit: String
        /// Galley's version and build.
        public var galley: String
        /// A digest of the settings the build used (galley.yml, theme, sandbox, base URL).
        public var settings: String

        /// The key of a build of `commit` by `galley` with `settings`.
        public init(commit: String, galley: String, settings: String) {
            self.commit = commit
            self.galley = galley
            self.settings = settings
        }
    }

    /// The version.
    public var version: SiteVersion
    /// What it was built with.
    public var key: Key
    /// Why its samples are not verified (its library does not build here); `nil` when they were.
    public var unverifiedReason: String?
    /// Every sample's verdict.
    public var samples: [SampleVerdict]
    /// Its API reference's symbols, when it made one.
    public var api: APISnapshot?
    /// How many programs its build compiled (the results cache's hits are not compiled).
    public var compiledPrograms = 0
    /// The build's one-line summary (`Built 40 pages in 12.3 s`), and its samples' (`12 passed, 1 failed`).
    public var summary: String

    /// A record of `version`'s build.
    public init(
        version: SiteVersion, key: Key, unverifiedReason: String?, samples: [SampleVerdict], api: APISnapshot?, summary: String
    ) {
        self.version = version
        self.key = key
        self.unverifiedReason = unverifiedReason
        self.samples = samples
        self.api = api
        self.summary = summary
    }

    /// The record's file in a version's cache folder.
    public static func file(in folder: URL) -> URL { folder.appendingPathComponent("record.json") }

    /// The record kept in `folder`, if any can be read.
    public static func read(from folder: URL) -> VersionRecord? {
        guard let data = FileManager.default.contents(atPath: file(in: folder).path) else { return nil }
        return try? JSONDecoder().decode(VersionRecord.self, from: data)
    }

    /// Writes the record into `folder`.
    public func write(to folder: URL) throws(Diagnostic) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try encoder.encode(self).write(to: Self.file(in: folder), options: .atomic)
        } catch {
            throw Diagnostic("cannot write the record of version \(version.name) into '\(folder.path)': \(error.localizedDescription)")
        }
    }
}
