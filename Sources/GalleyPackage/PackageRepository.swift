import Foundation
import GalleyProcess

/// Where a package's source files can be read on the web: its git remote's
/// page, at the commit checked out, so a reference page can link its
/// declaration's line (`https://github.com/apple/swift-log/blob/<commit>/Sources/Logging/Logger.swift#L42`).
///
/// ```swift
/// PackageRepository.sourceURL(remote: "git@github.com:apple/swift-log.git", commit: "4f8e2a…")
/// // "https://github.com/apple/swift-log/blob/4f8e2a…/"
/// PackageRepository.sourceURL(remote: "/opt/mirror/swift-log.git", commit: "4f8e2a…")   // nil: no web page
/// ```
public enum PackageRepository {
    /// The prefix a file's path (relative to the package root) and `#L<line>`
    /// are appended to, from the `origin` remote and the commit checked out
    /// in the git work tree at `root`; `nil` when it is no git work tree, has
    /// no such remote, or the remote is no GitHub or GitLab repository. The
    /// remote is read as configured (`url.…insteadOf` rewrites, such as a
    /// local mirror's, are not applied: readers follow the public address).
    public static func sourceURL(forPackageAt root: URL) -> String? {
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path),
            let remote = git(["config", "--get", "remote.origin.url"], in: root), let commit = git(["rev-parse", "HEAD"], in: root)
        else { return nil }
        return sourceURL(remote: remote, commit: commit)
    }

    /// The prefix for the repository at `remote` (an `https://`, `ssh://` or
    /// `git@host:owner/name` address) at `commit`, for the hosts whose file
    /// pages have a known form; `nil` for any other remote (a local path).
    public static func sourceURL(remote: String, commit: String) -> String? {
        guard let (base, host) = webPage(of: remote) else { return nil }
        if host == "github.com" || host.hasPrefix("github.") { return "\(base)/blob/\(commit)/" }
        if host == "gitlab.com" || host.hasPrefix("gitlab.") { return "\(base)/-/blob/\(commit)/" }
        return nil
    }

    /// The prefix a file's path (relative to the package root) is appended
    /// to for the host's page that edits it, on the branch checked out in
    /// the git work tree at `root`; `nil` on a detached HEAD (a tag, a CI
    /// checkout of a commit), without such a remote, or off GitHub and GitLab.
    public static func editURL(forPackageAt root: URL) -> String? {
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path),
            let remote = git(["config", "--get", "remote.origin.url"], in: root),
            let branch = git(["symbolic-ref", "--quiet", "--short", "HEAD"], in: root)
        else { return nil }
        return editURL(remote: remote, branch: branch)
    }

    /// The prefix of the host's edit page of a file on `branch` of the repository at `remote`.
    ///
    /// ```swift
    /// PackageRepository.editURL(remote: "git@github.com:apple/swift-log.git", branch: "main")
    /// // "https://github.com/apple/swift-log/edit/main/"
    /// ```
    public static func editURL(remote: String, branch: String) -> String? {
        guard let (base, host) = webPage(of: remote) else { return nil }
        let ref = branch.split(separator: "/").map { String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0) }
            .joined(separator: "/")
        if host == "github.com" || host.hasPrefix("github.") { return "\(base)/edit/\(ref)/" }
        if host == "gitlab.com" || host.hasPrefix("gitlab.") { return "\(base)/-/edit/\(ref)/" }
        return nil
    }

    /// The repository's web page (`https://github.com/owner/name`) and host
    /// for `remote` (an `https://`, `ssh://` or `git@host:owner/name` address).
    static func webPage(of remote: String) -> (base: String, host: String)? {
        var address = remote.trimmingCharacters(in: .whitespacesAndNewlines)
        if address.hasPrefix("git@"), let colon = address.firstIndex(of: ":") {
            // git@github.com:owner/name.git
            address = "https://" + address[address.index(address.startIndex, offsetBy: 4)..<colon] + "/" + address[address.index(after: colon)...]
        }
        guard var components = URLComponents(string: address), let host = components.host?.lowercased(),
            ["https", "http", "ssh", "git"].contains(components.scheme ?? "")
        else { return nil }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix(".git") { path.removeLast(4) }
        guard path.split(separator: "/").count >= 2 else { return nil }
        components.scheme = "https"
        components.user = nil
        components.password = nil
        components.port = nil
        components.host = host
        components.path = path
        return components.string.map { ($0, host) }
    }

    /// The first line of `git arguments…` run in `folder`, or `nil` when it fails.
    private static func git(_ arguments: [String], in folder: URL) -> String? {
        guard let git = ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first(where: FileManager.default.isExecutableFile(atPath:)),
            let outcome = try? ProcessRunner(timeout: .seconds(10), outputLimit: 1 << 16).run(URL(fileURLWithPath: git), arguments, in: folder),
            case .exited(0) = outcome.ending
        else { return nil }
        let line = outcome.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        return line.isEmpty ? nil : line
    }
}
