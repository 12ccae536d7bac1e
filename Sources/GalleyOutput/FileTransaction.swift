import Foundation
import GalleyCore

/// Replaces and removes files in a folder all or nothing (the incremental
/// half of ``OutputWriter``).
///
/// 1. ``stage(_:)`` writes each new file to a hidden temporary file beside its target.
/// 2. ``commit(removing:)`` keeps a hard-linked backup of every file it
///    replaces or removes, renames the temporary files over their targets,
///    then deletes the backups.
/// 3. ``rollBack()`` (after any failure) renames the backups back and deletes
///    the temporary files: the folder is as it was.
struct FileTransaction {
    /// Why a step failed, as one phrase.
    struct Failure: Error {
        var reason: String
    }

    let directory: URL
    private var staged: [(temporary: URL, target: URL, path: String)] = []
    /// Targets already changed, with their backup (`nil`: the target did not exist before).
    private var changed: [(target: URL, backup: URL?)] = []
    private var createdFolders: [URL] = []

    init(directory: URL) {
        self.directory = directory
    }

    /// Writes `file` beside its target, without touching the target.
    mutating func stage(_ file: OutputFile) throws {
        let manager = FileManager.default
        let target = directory.appendingPathComponent(file.path)
        let folder = target.deletingLastPathComponent()
        if !manager.fileExists(atPath: folder.path) {
            var missing = folder
            while !manager.fileExists(atPath: missing.deletingLastPathComponent().path) { missing = missing.deletingLastPathComponent() }
            do {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw Failure(reason: "cannot create the folder '\(Self.relative(folder, to: directory))': \(Self.describe(error))")
            }
            createdFolders.append(missing)
        }
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).galley-tmp")
        try? manager.removeItem(at: temporary)
        staged.append((temporary, target, file.path))
        do {
            switch file.content {
            case .data(let data): try data.write(to: temporary)
            case .copy(let source): try manager.copyItem(at: source, to: temporary)
            }
        } catch {
            throw Self.failure(writing: file.path, error)
        }
    }

    /// Moves every staged file into place and removes `removedPaths`.
    mutating func commit(removing removedPaths: [String]) throws {
        for (temporary, target, path) in staged {
            let backup = try keepBackup(of: target, path: path)
            changed.append((target, backup))
            guard rename(temporary.path, target.path) == 0 else {
                throw Failure(reason: "cannot replace '\(path)': \(String(cString: strerror(errno)))")
            }
        }
        for path in removedPaths {
            let target = directory.appendingPathComponent(path)
            guard let backup = try keepBackup(of: target, path: path) else { continue }
            changed.append((target, backup))
            guard unlink(target.path) == 0 else {
                throw Failure(reason: "cannot remove '\(path)': \(String(cString: strerror(errno)))")
            }
        }
        for case let (_, backup?) in changed { unlink(backup.path) }
        changed = []
        staged = []
        createdFolders = []
    }

    /// Puts back every file changed so far and deletes what was staged.
    mutating func rollBack() {
        for (target, backup) in changed.reversed() {
            if let backup {
                rename(backup.path, target.path)
            } else {
                unlink(target.path)
            }
        }
        for (temporary, _, _) in staged { unlink(temporary.path) }
        for folder in createdFolders.reversed() { try? FileManager.default.removeItem(at: folder) }
        changed = []
        staged = []
        createdFolders = []
    }

    /// A hard link to `target` beside it, or `nil` when there is no file there.
    private func keepBackup(of target: URL, path: String) throws -> URL? {
        var info = stat()
        guard lstat(target.path, &info) == 0 else { return nil }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            throw Failure(reason: "cannot replace '\(path)': a folder is in its place")
        }
        let backup = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).galley-backup")
        unlink(backup.path)
        guard link(target.path, backup.path) == 0 else {
            throw Failure(reason: "cannot keep a backup of '\(path)': \(String(cString: strerror(errno)))")
        }
        return backup
    }

    private static func relative(_ url: URL, to base: URL) -> String {
        FolderPath(base).relativePath(of: url.path) ?? url.standardizedFileURL.path
    }

    /// Why the file at the site path `path` could not be written, naming
    /// it: a component longer than a file name may be (255 bytes) is said so.
    static func failure(writing path: String, _ error: any Error) -> Failure {
        if let long = path.split(separator: "/").first(where: { $0.utf8.count > 255 }) {
            return Failure(
                reason: "cannot write '\(path)': its name '\(long.prefix(40))…' is \(long.utf8.count) bytes, "
                    + "too long for a file name (255 at most)")
        }
        return Failure(reason: "cannot write '\(path)': \(describe(error))")
    }

    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
