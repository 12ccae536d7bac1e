import Foundation
import GalleyCore
import GalleyProcess

/// The git history a versioned site is built from: the package root's
/// repository (a work tree or a bare mirror), read with the `git` command.
/// Nothing is written to the repository: a version's files are exported
/// with `git archive`, not checked out.
///
/// ```swift
/// let repository = try GitRepository(at: packageRoot)
/// try repository.tags().map(\.name)   // ["5.7.1", "5.8.0"]
/// try repository.export("5.8.0", into: folder)
/// ```
public struct GitRepository: Sendable {
    /// A tag or branch and the commit it points at.
    public struct Reference: Sendable, Hashable {
        /// The tag's or branch's name (`5.8.0`, `main`).
        public var name: String
        /// The commit's full id.
        public var commit: String

        /// A reference named `name` at `commit`.
        public init(name: String, commit: String) {
            self.name = name
            self.commit = commit
        }
    }

    /// The folder git is run in.
    public var root: URL
    private let git: URL

    /// The repository at `root`; throws when git is missing or `root` is no repository.
    public init(at root: URL) throws(Diagnostic) {
        guard let git = ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Diagnostic("a versioned site is built from git history, and git is not installed", suggestion: "Install git (apt-get install git)")
        }
        self.root = root
        self.git = URL(fileURLWithPath: git)
        guard (try? run(["rev-parse", "--git-dir"])) != nil else {
            throw Diagnostic(
                "'\(root.path)' is not in a git repository, and a versioned site is built from the tags of its history",
                suggestion: "Run `galley build --versions` in a clone of the package (with its tags: `git fetch --tags`)")
        }
    }

    /// Every tag, with the commit it points at (an annotated tag's commit, not the tag object).
    public func tags() throws(Diagnostic) -> [Reference] {
        try references("refs/tags")
    }

    /// Every local branch, then the `origin` remote's branches that have no local branch of that name.
    public func branches() throws(Diagnostic) -> [Reference] {
        let local = try references("refs/heads")
        let names = Set(local.map(\.name))
        let remote = try references("refs/remotes/origin").compactMap { reference -> Reference? in
            let name = String(reference.name.dropFirst("origin/".count))
            guard reference.name.hasPrefix("origin/"), name != "HEAD", !names.contains(name) else { return nil }
            return Reference(name: name, commit: reference.commit)
        }
        return local + remote
    }

    /// The commit checked out, and its branch when one is checked out (not a detached tag).
    public func head() throws(Diagnostic) -> (commit: String, branch: String?) {
        let commit = try run(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let branch = (try? run(["symbolic-ref", "--short", "-q", "HEAD"]))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return (commit, branch?.isEmpty == false ? branch : nil)
    }

    /// Where `root` is inside the repository's files (`Packages/Kit/` in a
    /// repository of several packages; empty at its top): a version's package
    /// is at this path of its exported files.
    public func packagePrefix() -> String {
        ((try? run(["rev-parse", "--show-prefix"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The `origin` remote's address, when it has one.
    public func remoteURL() -> String? {
        (try? run(["config", "--get", "remote.origin.url"]))?.split(separator: "\n").first.map(String.init)
    }

    /// Writes the files of `commit` into `folder` (created; emptied first).
    public func export(_ commit: String, into folder: URL) throws(Diagnostic) {
        let manager = FileManager.default
        try? manager.removeItem(at: folder)
        let archive = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + ".tar")
        defer { try? manager.removeItem(at: archive) }
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic("cannot create the folder '\(folder.path)' for version \(commit): \(error.localizedDescription)")
        }
        // From the top of the work tree: in a folder of it, git archive would export that folder alone, and a package may
        // use files beside it (a local dependency `path: "../Shared"`).
        let top = (try? run(["rev-parse", "--show-toplevel"]))?.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try run(["archive", "--format=tar", "-o", archive.path, commit], in: top.flatMap { $0.isEmpty ? nil : $0 }, timeout: .seconds(300))
        let tar = URL(fileURLWithPath: FileManager.default.isExecutableFile(atPath: "/bin/tar") ? "/bin/tar" : "/usr/bin/tar")
        let outcome = try? ProcessRunner(timeout: .seconds(300), outputLimit: 1 << 16).run(tar, ["-xf", archive.path, "-C", folder.path], in: folder)
        guard let outcome, case .exited(0) = outcome.ending else {
            throw Diagnostic("cannot unpack the files of \(commit) into '\(folder.path)': \(outcome?.standardError ?? "tar did not run")")
        }
    }

    private func references(_ prefix: String) throws(Diagnostic) -> [Reference] {
        let format = "%(refname:short)\t%(objectname)\t%(*objectname)"
        let text = try run(["for-each-ref", "--format=\(format)", prefix])
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, !fields[0].isEmpty else { return nil }
            let name = prefix == "refs/tags" && fields[0].hasPrefix("tags/") ? String(fields[0].dropFirst(5)) : fields[0]
            return Reference(name: name, commit: fields[2].isEmpty ? fields[1] : fields[2])
        }
    }

    @discardableResult
    private func run(_ arguments: [String], in folder: String? = nil, timeout: Duration = .seconds(60)) throws(Diagnostic) -> String {
        let outcome: ProcessRunner.Outcome
        do {
            outcome = try ProcessRunner(timeout: timeout, outputLimit: 1 << 24).run(git, ["-C", folder ?? root.path] + arguments, in: root)
        } catch {
            throw Diagnostic("git \(arguments.first ?? "") could not run: \(error)")
        }
        guard case .exited(0) = outcome.ending else {
            let message = outcome.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Diagnostic("git \(arguments.joined(separator: " ")) failed in '\(root.path)': \(message)")
        }
        return outcome.standardOutput
    }
}
