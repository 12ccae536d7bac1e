import Foundation
import GalleyCore
import GalleyPackage
import GalleyProject
import GalleyReports
import GalleySamples
import GalleySite

/// Builds one version of a versioned site in a folder of its own: the
/// version's files exported from git into `<cache>/<version>/tree`, its
/// site (catalogs, doc comments, API reference) built from them into
/// `<cache>/<version>/site`, its samples verified against its own library.
/// A version built before with the same ``VersionRecord/Key`` is reused.
///
/// A version whose library does not build here is built again with its
/// samples marked unverified (and a note on its pages): never dropped,
/// never shown as verified.
///
/// ```swift
/// let builder = VersionBuilder(repository: repository, project: layout, cache: cache, galley: "0.1.0 …")
/// let built = try builder.build(version) { settings in settings.sandbox = .on }
/// built.reused   // false the first time
/// ```
public struct VersionBuilder: Sendable {
    /// The repository the versions come from.
    public var repository: GitRepository
    /// The checkout `galley build --versions` runs in: its `galley.yml` and
    /// `templates/` are every version's (older versions' files are not read for them).
    public var project: SiteLayout
    /// The versions' cache folder (`.build/galley/versions`).
    public var cache: URL
    /// Galley's version and build: a new Galley builds every version again.
    public var galley: String
    /// Progress lines.
    public var progress: @Sendable (String) -> Void = { _ in }

    /// A builder of `repository`'s versions for the project at `project`, caching in `cache`.
    public init(repository: GitRepository, project: SiteLayout, cache: URL, galley: String) {
        self.repository = repository
        self.project = project
        self.cache = cache
        self.galley = galley
    }

    /// What building a version gave.
    public struct Built: Sendable {
        /// The version's record.
        public var record: VersionRecord
        /// Its built site.
        public var site: URL
        /// Whether it came from the cache.
        public var reused: Bool
        /// The build's warnings.
        public var warnings: [Diagnostic] = []
    }

    /// The cache folder of `version`.
    public func folder(of version: SiteVersion) -> URL { cache.appendingPathComponent(version.folder) }

    /// The version built before with the same key, if the cache has it.
    public func cached(_ version: SiteVersion, settingsKey: String) -> Built? {
        let folder = folder(of: version)
        let site = folder.appendingPathComponent("site")
        guard let record = VersionRecord.read(from: folder), record.key == key(version, settingsKey: settingsKey),
            FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path)
        else { return nil }
        return Built(record: record, site: site, reused: true)
    }

    /// Builds `version` (or reuses its cached build); `configure` applies
    /// the command line's settings (sandbox, base URL) to each build's
    /// settings, and `settingsKey` is their digest (``VersionedSite/settingsKey(project:extra:)``).
    ///
    /// With `fromWorkingTree`, the version is the checked-out files as they
    /// are now (a preview's): built from the project's folder, never reused.
    public func build(
        _ version: SiteVersion, settingsKey: String, fromWorkingTree: Bool = false, configure: @Sendable (inout BuildSettings) -> Void = { _ in }
    ) throws(Diagnostic) -> Built {
        if !fromWorkingTree, let cached = cached(version, settingsKey: settingsKey) { return cached }
        let folder = folder(of: version)
        let site = folder.appendingPathComponent("site")
        let layout: SiteLayout
        if fromWorkingTree {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            layout = self.layout(tree: project.root, site: site)
        } else {
            let tree = folder.appendingPathComponent("tree")
            try prepareTree(tree, for: version, in: folder)
            // A package in a folder of its repository (several packages in one) is at that folder of the version's files.
            let prefix = repository.packagePrefix()
            layout = self.layout(tree: prefix.isEmpty ? tree : tree.appendingPathComponent(prefix), site: site)
        }
        guard var packageSite = try PackageSite.discover(layout: layout) else {
            throw Diagnostic(
                "version \(version.name) (\(version.commit.prefix(10))) has no Package.swift at its root, so it has no package docs to build")
        }
        if let remote = repository.remoteURL() { packageSite.sourceURL = PackageRepository.sourceURL(remote: remote, commit: version.commit) }
        var settings = BuildSettings(layout: layout)
        packageSite.configure(&settings)
        settings.versionFolder = version.folder
        settings.previewsFailingSamples = true
        settings.progress = { [progress] line in progress("\(version.name): \(line)") }
        configure(&settings)
        let report: BuildReport
        var unverified: String?
        do {
            report = try BuildSession.build(settings)
        } catch {
            // The library of an old version may no longer build with this toolchain: its pages are published, its samples unverified.
            let first = error.errors.first?.message.split(separator: "\n").first.map(String.init) ?? "the build failed"
            unverified = "version \(version.name)'s library does not build here: \(first)"
            progress("\(version.name): its build failed (\(first)); building its pages with its samples unverified")
            settings.unverifiedReason = unverified
            do {
                report = try BuildSession.build(settings)
            } catch {
                throw Diagnostic(
                    "version \(version.name) could not be built, even with its samples unverified: "
                        + (error.errors.first.map(\.description) ?? "the build failed"),
                    suggestion: "Leave it out of galley.yml's versions, or build it alone to see every error: galley build --version \(version.name)")
            }
        }
        var record = VersionRecord(
            // A build of the checked-out files (perhaps edited) never stands for the commit's: its key matches no build.
            version: version, key: key(version, settingsKey: fromWorkingTree ? settingsKey + " (working tree)" : settingsKey),
            unverifiedReason: unverified,
            samples: Self.verdicts(of: report), api: report.api,
            summary: report.summary + (report.verification.results.isEmpty ? "" : "; samples: \(report.verification.summary)"))
        record.compiledPrograms = report.verification.compiledPrograms
        try record.write(to: folder)
        return Built(record: record, site: site, reused: false, warnings: report.warnings)
    }

    /// What names a Galley in a version's key: its `version` and a digest
    /// of its `executable`'s bytes (the same binary restored on another CI
    /// machine has the same identity; a rebuilt one does not).
    public static func identity(version: String, executable: URL) -> String {
        guard let handle = try? FileHandle(forReadingFrom: executable) else { return version }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try? handle.read(upToCount: 1 << 22), !chunk.isEmpty { hasher.update(data: chunk) }
        return version + " " + HexDigits.of(hasher.finalize().prefix(12))
    }

    /// The key of `version` built with this Galley and `settingsKey`.
    func key(_ version: SiteVersion, settingsKey: String) -> VersionRecord.Key {
        VersionRecord.Key(commit: version.commit, galley: galley, settings: settingsKey)
    }

    /// The version's files in `tree`: kept when they are of the same
    /// commit (with the `.build` folder of its last build, so the library
    /// builds incrementally), exported from git otherwise.
    private func prepareTree(_ tree: URL, for version: SiteVersion, in folder: URL) throws(Diagnostic) {
        let marker = folder.appendingPathComponent("tree.commit")
        let manager = FileManager.default
        if let kept = manager.contents(atPath: marker.path), String(decoding: kept, as: UTF8.self) == version.commit,
            manager.fileExists(atPath: tree.path)
        {
            return
        }
        progress("\(version.name): exporting \(version.commit.prefix(10)) from git…")
        try repository.export(version.commit, into: tree)
        try? Data(version.commit.utf8).write(to: marker)
    }

    /// The layout of a version's build: its files, the project's settings and theme, its own output folder.
    private func layout(tree: URL, site: URL) -> SiteLayout {
        var layout = SiteLayout(root: tree)
        layout.outputDirectory = site
        if FileManager.default.fileExists(atPath: project.configurationFile.path) { layout.configurationFile = project.configurationFile }
        if FileManager.default.fileExists(atPath: project.templatesDirectory.path) {
            layout.templatesDirectory = project.templatesDirectory
            layout.trustedDirectories = [project.templatesDirectory]
        }
        return layout
    }

    /// Every sample's verdict in `report`, with its line's address on its page.
    static func verdicts(of report: BuildReport) -> [VersionRecord.SampleVerdict] {
        report.verification.results.map { result in
            let line = result.sample.block.firstCodeLine
            let anchor = result.sample.origin.isMarkdown ? "#L\(line)" : ""
            return VersionRecord.SampleVerdict(
                file: result.sample.page, line: line, code: result.sample.block.code, status: result.status.rawValue,
                cause: result.cause?.rawValue, message: (result.failure ?? result.skipReason).map(Self.headline),
                url: report.pageURLs[result.sample.page].map { $0 + anchor })
        }
    }

    /// A failure's first line with its first compiler error (`does not compile: value of type 'Rectangle' has no member 'perimeter'`).
    static func headline(_ failure: String) -> String {
        let lines = failure.split(separator: "\n").map(String.init)
        let first = lines.first ?? failure
        guard let error = lines.dropFirst().first(where: { $0.contains("error: ") }), let range = error.range(of: "error: ") else { return first }
        return first + ": " + error[range.upperBound...]
    }
}
