import Foundation
import GalleyCore

/// Keeps a build inside its project: a file of `content/` or `templates/`
/// reached through a symbolic link whose target leaves the project (or a
/// link loop) is an error naming the link and its target, never a page that
/// publishes `/etc/passwd`. `galley.yml` may allow folders outside the
/// project explicitly (`allow_outside: [../shared-docs]`).
///
/// ```swift
/// let containment = PathContainment(roots: [layout.root])
/// containment.problem(for: url, displayPath: "content/p.md")   // "'content/p.md' is a symbolic link to '/etc/passwd', …"
/// ```
public struct PathContainment: Sendable {
    /// The folders files may come from, symbolic links resolved.
    public let roots: [FolderPath]

    /// Containment within `roots` (the project folder and the allowed folders).
    public init(roots: [URL]) {
        self.roots = roots.map { FolderPath.resolvingLinks($0.path) ?? FolderPath($0) }
    }

    /// Whether the folder at `url`, its symbolic links resolved, is inside a
    /// root; `false` when it does not exist.
    public func containsFolder(_ url: URL) -> Bool {
        guard let real = RealPath.of(url.path) else { return false }
        return roots.contains { $0.contains(real) }
    }

    /// The problem of each of `entries` (listed under `directory` by
    /// ``FileTree/entries(under:includingSymbolicLinks:skipsFolder:)``, links
    /// included) that may not be read, by its path; `displayPath` names
    /// `directory` in the messages. In a folder that itself resolves inside a
    /// root only the listed symbolic links can lead out (the listing never
    /// walks into one), so only they are resolved: not every file, at
    /// several `readlink` calls each. Elsewhere every file is checked.
    package func problems(of entries: [FileTree.Entry], under directory: URL, displayPath: String) -> [String: Diagnostic] {
        let folderInside = containsFolder(directory)
        var problems: [String: Diagnostic] = [:]
        for entry in entries where entry.isSymbolicLink || !folderInside {
            let display = displayPath.isEmpty ? entry.path : "\(displayPath)/\(entry.path)"
            let url = directory.appending(path: entry.path, directoryHint: .notDirectory)
            if let problem = problem(for: url, displayPath: display) { problems[entry.path] = problem }
        }
        return problems
    }

    /// Why `url` may not be read, or `nil` when it resolves inside a root
    /// (or does not exist: a dangling link is reported where it is read).
    public func problem(for url: URL, displayPath: String) -> Diagnostic? {
        errno = 0
        guard let real = RealPath.of(url.path) else {
            guard errno == ELOOP else { return nil }
            return Diagnostic(
                "'\(displayPath)' is a symbolic link loop",
                at: SourceLocation(path: displayPath),
                suggestion: "Remove the link or point it at a file"
            )
        }
        if roots.contains(where: { $0.contains(real) }) { return nil }
        guard let link = leavingLink(of: url, displayPath: displayPath) else {
            return Diagnostic(
                "'\(displayPath)' is outside the project ('\(real)'); Galley never reads or publishes files from outside it",
                at: SourceLocation(path: displayPath),
                suggestion:
                    "Name its folder on the command line (--content DIR, --templates DIR), or allow it in galley.yml with `allow_outside: [\(Self.suggestedFolder(real))]`"
            )
        }
        let through = link.display == displayPath ? "" : " (on the way to '\(displayPath)')"
        return Diagnostic(
            "'\(link.display)' is a symbolic link to '\(link.target)'\(through), outside the project; Galley never reads or publishes files from outside it",
            at: SourceLocation(path: displayPath),
            suggestion: "Copy the file into the project, or allow its folder in galley.yml with `allow_outside: [\(Self.suggestedFolder(real))]`"
        )
    }

    /// The symbolic link, among the components `displayPath` names (the
    /// file and the folders above it inside the source folder), that leads
    /// out of the roots, outermost first; `nil` when no link does.
    private func leavingLink(of url: URL, displayPath: String) -> (display: String, target: String)? {
        let displayParts = displayPath.split(separator: "/").map(String.init)
        let pathParts = url.standardizedFileURL.pathComponents
        let depth = min(displayParts.count, pathParts.count - 1)
        for dropped in stride(from: depth - 1, through: 0, by: -1) {
            let candidate = NSString.path(withComponents: Array(pathParts.dropLast(dropped)))
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: candidate)) != nil else { continue }
            let target = RealPath.of(candidate) ?? ((try? FileManager.default.destinationOfSymbolicLink(atPath: candidate)) ?? candidate)
            if roots.contains(where: { $0.contains(target) }) { continue }
            return ((displayPath.hasPrefix("/") ? "/" : "") + displayParts.dropLast(dropped).joined(separator: "/"), target)
        }
        return nil
    }

    private static func suggestedFolder(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

}
