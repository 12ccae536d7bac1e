import Foundation
import GalleyCore
import GalleyPackage
import GalleyProject

/// What the last successful `galley build` read and printed, kept in
/// `.build/galley/last-build.json` under the project folder, so that a build
/// with nothing changed replays it instead of building again (a no-op build,
/// as make and ninja have).
///
/// The stamp holds two digests (``FileStamps``: paths, sizes, times and
/// inodes, no bytes read):
/// - **inputs**, taken before the build reads anything: every file under the
///   project folder (hidden ones, such as `.build` and `.git`'s objects,
///   skipped, and the output folder), the content, templates, library and
///   page folders wherever they are, the baseline file, git's `HEAD`, branch
///   and remote (the pages link the commit and branch), the `galley`
///   executable, the toolchain's `swiftc` (`SWIFTC`, else `PATH`), the command's
///   arguments and the `GALLEY_…` environment;
/// - **output**, taken after the build wrote it: every file of the output
///   folder, so a site edited or deleted by hand is built again.
///
/// A file saved while a build runs changes the inputs after they were read
/// for the stamp, so the next build sees it. What no digest covers — a
/// local path dependency outside the project, a setup file outside every
/// folder above — needs `galley build --force` (which always builds) after a change.
///
/// ```swift
/// let inputs = BuildStamp.inputs(of: settings, arguments: Array(CommandLine.arguments.dropFirst()))
/// if let last = BuildStamp.reusable(in: settings.layout, inputs: inputs) { replay(last.lines) }
/// ```
public struct BuildStamp: Codable, Sendable, Equatable {
    /// One line the build printed, to print again.
    public struct Line: Codable, Sendable, Equatable {
        /// Where it went, and how it is printed again.
        public enum Kind: String, Codable, Sendable {
            /// Standard output.
            case output
            /// Standard error, as written.
            case note
            /// Standard error, after `warning:`.
            case warning
        }

        /// Where it went.
        public var kind: Kind
        /// The line, without its label.
        public var text: String

        /// Creates a line.
        public init(_ kind: Kind, _ text: String) {
            self.kind = kind
            self.text = text
        }
    }

    /// The digest of the inputs when the build began.
    public var inputs: String
    /// The digest of the output folder when the build had written it.
    public var output: String
    /// The pages the build wrote.
    public var pageCount: Int
    /// What the build printed before its summary line.
    public var lines: [Line]

    /// Creates a stamp.
    public init(inputs: String, output: String, pageCount: Int, lines: [Line]) {
        self.inputs = inputs
        self.output = output
        self.pageCount = pageCount
        self.lines = lines
    }

    /// Where the stamp of builds of `layout` is kept.
    public static func file(in layout: SiteLayout) -> URL {
        layout.root.appendingPathComponent(".build/galley/last-build.json")
    }

    /// The recorded stamp, when the inputs are `inputs` and the output
    /// folder is as that build left it; `nil` otherwise (build).
    public static func reusable(in layout: SiteLayout, inputs: String) -> BuildStamp? {
        guard let data = try? Data(contentsOf: file(in: layout)), let stamp = try? JSONDecoder().decode(BuildStamp.self, from: data),
            stamp.inputs == inputs, stamp.output == outputDigest(of: layout)
        else { return nil }
        return stamp
    }

    /// Records this stamp (a stamp that cannot be written costs the next build only its time).
    public func record(in layout: SiteLayout) {
        let url = Self.file(in: layout)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? JSONEncoder().encode(self).write(to: url, options: .atomic)
    }

    /// The digest of the output folder of `layout`.
    public static func outputDigest(of layout: SiteLayout) -> String {
        var stamps = FileStamps()
        stamps.add(tree: layout.outputDirectory)
        return stamps.digest
    }

    /// The digest of everything a build with `settings`, run as `galley`
    /// with `arguments`, reads (see the type's documentation).
    ///
    /// `nil` when a file changed in the last tenth of a second: the file
    /// system's clock ticks every few milliseconds, so a file changed again
    /// within the same tick would keep its time and size and go unseen. The
    /// build then builds and records nothing; the next one records.
    public static func inputs(of settings: BuildSettings, arguments: [String]) -> String? {
        let layout = settings.layout
        var stamps = FileStamps()
        stamps.add(text: arguments.joined(separator: "\u{0}"))
        let environment = ProcessInfo.processInfo.environment
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) where name.hasPrefix("GALLEY") || name == "PATH" || name == "SWIFTC" {
            stamps.add(text: name + "=" + value)
        }
        if let executable = Bundle.main.executableURL { stamps.add(file: executable.resolvingSymlinksInPath()) }
        // The compiler the samples are built with, as the toolchain finds it (`SWIFTC`, else `PATH`).
        if let compiler = Toolchain.swiftc(environment: environment) { stamps.add(file: compiler.resolvingSymlinksInPath()) }
        let output = layout.outputDirectory.standardizedFileURL.path
        var folders = [layout.root, layout.contentDirectory, layout.templatesDirectory]
        let watched = BuildSession(settings).watchedFolders
        folders += watched.library + watched.pages
        var stamped: [FolderPath] = []
        for folder in folders.map(FolderPath.init) where !stamped.contains(where: { $0.contains(folder.path) }) {
            stamped.append(folder)
            stamps.add(tree: URL(fileURLWithPath: folder.path), skipping: output)
        }
        stamps.add(file: layout.configurationFile)
        if let baseline = settings.baseline { stamps.add(file: URL(userPath: baseline, relativeTo: layout.root)) }
        addGit(of: layout.root, to: &stamps)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        guard stamps.newestModification < Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec) - 100_000_000 else { return nil }
        return stamps.digest
    }

    /// Git's state the pages show: the commit checked out and its branch
    /// (`HEAD`, the branch's ref, packed refs) and the remote (`config`).
    private static func addGit(of root: URL, to stamps: inout FileStamps) {
        var git = root.appendingPathComponent(".git")
        // A worktree's `.git` is a file naming its folder.
        if let text = try? String(contentsOf: git, encoding: .utf8), text.hasPrefix("gitdir: ") {
            git = URL(userPath: text.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: root)
        }
        let head = git.appendingPathComponent("HEAD")
        stamps.add(file: head)
        let common =
            (try? String(contentsOf: git.appendingPathComponent("commondir"), encoding: .utf8))
            .map { URL(userPath: $0.trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: git) } ?? git
        if let text = try? String(contentsOf: head, encoding: .utf8) {
            stamps.add(text: text)
            if text.hasPrefix("ref: ") {
                let ref = text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)
                stamps.add(file: git.appendingPathComponent(ref))
                stamps.add(file: common.appendingPathComponent(ref))
            }
        }
        stamps.add(file: common.appendingPathComponent("packed-refs"))
        stamps.add(file: common.appendingPathComponent("config"))
    }
}
