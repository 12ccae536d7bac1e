import ArgumentParser
import Foundation
import GalleyCore
import GalleyOutput
import GalleyProject
import GalleySite
import GalleyVersions

/// `galley build --versions` and `--version NAME`: each version of the
/// package built from its git history in a folder of its own (reused when
/// built before with the same commit, Galley and settings), then assembled
/// into one site.
struct VersionsWorkflow {
    /// What to do.
    enum Mode {
        /// Build every selected version not cached, then assemble.
        case all
        /// Build one version into the cache, for a CI job of its own.
        case one(String)
        /// Assemble the cached versions; build none.
        case assembleOnly
        /// Print the selected versions as JSON; build none.
        case list
        /// Build every version (the checked-out one from its files), assemble, and say what a preview serves.
        case preview
    }

    var mode: Mode
    var layout: SiteLayout
    var cache: URL
    var baseURL: String?
    var configure: @Sendable (inout BuildSettings) -> Void
    var settingsText: String

    /// The command line's settings that decide a version's build, as its key reads them.
    static func settingsText(sandbox: SandboxMode?, baseURL: String?) -> String {
        "sandbox=\(sandbox.map { "\($0)" } ?? "default") base=\(baseURL ?? "")"
    }

    /// What `galley serve --versions` serves: the checked-out version, whose
    /// live build writes `public/<folder>/`, and what fills its pages' slots.
    struct Preview {
        var live: SiteVersion
        var fill: @Sendable (String, String) -> String
    }

    @discardableResult
    func run() throws -> Preview? {
        let clock = ContinuousClock()
        let start = clock.now
        let configuration = try readConfiguration()
        let repository = try diagnosed { () throws(Diagnostic) in try GitRepository(at: layout.root) }
        let tags = try diagnosed { () throws(Diagnostic) in try repository.tags() }
        let branches = try diagnosed { () throws(Diagnostic) in try repository.branches() }
        var builder = VersionBuilder(repository: repository, project: layout, cache: cache, galley: galleyIdentity)
        builder.progress = Progress.line
        let key = VersionedSite.settingsKey(project: layout, extra: settingsText)
        if case .one(let name) = mode {
            try buildOne(name, tags: tags, branches: branches, builder: builder, key: key)
            return nil
        }
        var versions = try diagnosed { () throws(Diagnostic) in try SiteVersion.selected(configuration.versions, tags: tags, branches: branches) }
        if case .list = mode {
            let list = versions.map { ["name": $0.name, "folder": $0.folder] }
            let data = (try? JSONSerialization.data(withJSONObject: list, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("[]".utf8)
            print(String(decoding: data, as: UTF8.self))
            return nil
        }
        var live: SiteVersion?
        if case .preview = mode {
            // The checked-out files: the version whose commit they are, else their branch, listed first.
            let head = try diagnosed { () throws(Diagnostic) in try repository.head() }
            let checkedOut =
                versions.first { $0.commit == head.commit } ?? SiteVersion(name: head.branch ?? "working-copy", commit: head.commit, isBranch: true)
            if !versions.contains(checkedOut) { versions.insert(checkedOut, at: 0) }
            live = checkedOut
        }
        let built = try buildAll(versions, builder: builder, key: key, live: live)
        let site = VersionedSite(versions: versions, built: built, title: configuration.title, baseURL: configuration.baseURL)
        let output = layout.displayPath(of: layout.outputDirectory)
        let assembled = try diagnosed { () throws(Diagnostic) in try site.assemble(into: layout.outputDirectory, displayPath: output, live: live) }
        Self.report(assembled.changes)
        let compiled = built.values.filter { !$0.reused }.reduce(0) { $0 + $1.record.compiledPrograms }
        print(
            "Assembled \(versions.count) version\(versions.count == 1 ? "" : "s") (\(built.values.filter(\.reused).count) reused, "
                + "\(compiled) program\(compiled == 1 ? "" : "s") compiled) in "
                + "\(BuildReport.seconds(clock.now - start)) s → \(output)/ (latest: \(assembled.latest?.name ?? "none"))")
        guard let live else { return nil }
        return Preview(live: live, fill: try diagnosed { () throws(Diagnostic) in try site.pageFiller(for: live) })
    }

    /// Each of `versions` built or reused (`live` built from the checked-out
    /// files); with `--assemble`, only taken from the cache, naming those missing.
    private func buildAll(
        _ versions: [SiteVersion], builder: VersionBuilder, key: String, live: SiteVersion?
    ) throws -> [String: VersionBuilder.Built] {
        var built: [String: VersionBuilder.Built] = [:]
        var missing: [String] = []
        for (index, version) in versions.enumerated() {
            if case .assembleOnly = mode {
                if let cached = builder.cached(version, settingsKey: key) { built[version.folder] = cached } else { missing.append(version.name) }
                continue
            }
            Progress.line("Version \(index + 1) of \(versions.count): \(version.name)…")
            let result = try diagnosed { () throws(Diagnostic) in
                try builder.build(version, settingsKey: key, fromWorkingTree: version == live, configure: configure)
            }
            Progress.clear()
            print(describe(result))
            built[version.folder] = result
        }
        guard missing.isEmpty else {
            Diagnostics.report([
                Diagnostic(
                    "\(missing.count) version\(missing.count == 1 ? " is" : "s are") not built with these settings: \(missing.joined(separator: ", "))",
                    suggestion: "Build each with `galley build --version NAME` (or all with `galley build --versions`) before --assemble")
            ])
            throw ExitCode.failure
        }
        return built
    }

    /// `--version NAME`: one version into the cache.
    private func buildOne(
        _ name: String, tags: [GitRepository.Reference], branches: [GitRepository.Reference], builder: VersionBuilder, key: String
    ) throws {
        guard let reference = tags.first(where: { $0.name == name }) ?? branches.first(where: { $0.name == name }) else {
            Diagnostics.report([
                Diagnostic(
                    "the repository has no tag or branch '\(name)'",
                    suggestion: "Tags: \(tags.suffix(8).map(\.name).joined(separator: ", ")); fetch them with `git fetch --tags`")
            ])
            throw ExitCode.failure
        }
        let version = SiteVersion(name: name, commit: reference.commit, isBranch: !tags.contains(reference))
        let built = try diagnosed { () throws(Diagnostic) in try builder.build(version, settingsKey: key, configure: configure) }
        Progress.clear()
        Diagnostics.reportWarnings(built.warnings)
        print(describe(built))
        print(
            "Built version \(name) into '\(layout.displayPath(of: builder.folder(of: version)))'; assemble the site with: galley build --versions --assemble"
        )
    }

    /// Each version's changes against the one before: the API's counts, and every sample that passed before and fails now.
    private static func report(_ changes: [VersionChanges]) {
        for changes in changes {
            let api = changes.api.map {
                "\($0.added.count) added, \($0.removed.count) removed, \($0.deprecated.count) deprecated, \($0.changed.count) changed"
            }
            print(
                "\(changes.older) → \(changes.newer): API \(api ?? "unknown (a library did not build)"); \(changes.regressions.count) sample\(changes.regressions.count == 1 ? "" : "s") passed before and fail now"
            )
            for regression in changes.regressions {
                print("  \(regression.after.file):\(regression.after.line): \(regression.reason)")
            }
        }
    }

    private func describe(_ built: VersionBuilder.Built) -> String {
        let state = built.reused ? "reused" : "built"
        let note = built.record.unverifiedReason.map { " — samples NOT verified: \($0)" } ?? ""
        return "\(built.record.version.name) (\(built.record.version.commit.prefix(10))): \(state); \(built.record.summary)\(note)"
    }

    /// The project's `galley.yml` (its `versions:`, title and base URL); the title defaults to the package's name.
    private func readConfiguration() throws -> SiteConfiguration {
        var defaults = SiteConfiguration()
        defaults.title = (try? PackageSite.discover(layout: layout))??.package.name ?? layout.root.lastPathComponent
        var configuration = try diagnosed { () throws(Diagnostic) in
            try SiteConfiguration.load(
                from: layout.configurationFile, displayPath: layout.displayPath(of: layout.configurationFile), defaults: defaults)
        }
        if let baseURL { configuration.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
        return configuration
    }

    /// Galley's version and a digest of this binary: another Galley builds every version again.
    private var galleyIdentity: String {
        VersionBuilder.identity(version: GalleyVersion.description, executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())
    }

    private func diagnosed<T>(_ body: () throws(Diagnostic) -> T) throws -> T {
        do {
            return try body()
        } catch {
            Progress.clear()
            Diagnostics.report([error])
            throw ExitCode.failure
        }
    }
}
