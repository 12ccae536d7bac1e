import Foundation
import GalleyCore

/// One file `galley init` writes, and the writing of a set of them that
/// never overwrites anything: every file is checked first, and nothing is
/// written when one is in the way.
///
/// ```swift
/// let files = [StarterFile(path: "galley.yml", contents: Data("title: Docs\n".utf8))]
/// let written = try StarterFile.write(files, into: folderURL, displayPath: ".")   // ["galley.yml"]
/// ```
struct StarterFile: Sendable, Equatable {
    /// The path relative to the project folder, `/`-separated.
    var path: String
    /// The bytes to write.
    var contents: Data

    /// Writes `files` into `directory`, creating it and the folders on the
    /// way, and returns their paths.
    ///
    /// Before it writes anything it checks every file: when one already exists
    /// (or a file stands where a folder must go) it writes nothing and throws
    /// one error per file in the way, then one that says what to do. When a write fails halfway, what was
    /// written is removed again.
    ///
    /// - Parameters:
    ///   - displayPath: how errors name `directory` (`my-site`, or `.`).
    ///   - extra: words added to the advice when files are in the way.
    static func write(_ files: [StarterFile], into directory: URL, displayPath: String, advice extra: String = "") throws(DiagnosticList) -> [String]
    {
        let manager = FileManager.default
        let shown = { (path: String) in displayPath == "." ? path : "\(displayPath)/\(path)" }

        if Self.exists(directory) && !Self.isFolder(directory) {
            throw DiagnosticList([
                Diagnostic(
                    "is a file, not a folder", at: SourceLocation(path: displayPath),
                    suggestion: "Pick another folder: galley init DIR"
                )
            ])
        }
        let conflicts = Self.conflicts(of: files, in: directory, shown: shown)
        if !conflicts.isEmpty {
            var advice = "Move or remove \(conflicts.count == 1 ? "it" : "them"), or pick another folder: galley init DIR"
            advice += extra
            let count = conflicts.count == 1 ? "a file is" : "\(conflicts.count) files are"
            throw DiagnosticList(
                conflicts + [Diagnostic("galley init wrote nothing: \(count) in the way, and it never overwrites one", suggestion: advice)])
        }

        var createdFolders: [URL] = []
        var createdFiles: [URL] = []
        do {
            for file in files {
                let target = directory.appendingPathComponent(file.path)
                var missing: [URL] = []
                var folder = target.deletingLastPathComponent()
                while !Self.exists(folder) {
                    missing.insert(folder, at: 0)
                    folder = folder.deletingLastPathComponent()
                }
                for folder in missing {
                    try manager.createDirectory(at: folder, withIntermediateDirectories: false)
                    createdFolders.append(folder)
                }
                // O_EXCL: a file that appeared since the check is never overwritten.
                try file.contents.write(to: target, options: .withoutOverwriting)
                createdFiles.append(target)
            }
        } catch {
            for file in createdFiles.reversed() { try? manager.removeItem(at: file) }
            for folder in createdFolders.reversed() { try? manager.removeItem(at: folder) }
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw DiagnosticList([
                Diagnostic(
                    "cannot write the new project: \(reason)",
                    at: SourceLocation(path: displayPath),
                    suggestion: "Check that the folder is writable; nothing galley init wrote was left behind"
                )
            ])
        }
        return files.map(\.path)
    }

    /// One error for each of `files` that already exists in `directory`, and
    /// for each file that stands where one of their folders must go; `shown`
    /// is how errors name a path.
    private static func conflicts(of files: [StarterFile], in directory: URL, shown: (String) -> String) -> [Diagnostic] {
        var conflicts: [Diagnostic] = []
        var checkedFolders: Set<String> = []
        for file in files {
            let components = file.path.split(separator: "/").map(String.init)
            for depth in 1..<components.count {
                let folder = components.prefix(depth).joined(separator: "/")
                guard checkedFolders.insert(folder).inserted else { continue }
                let url = directory.appendingPathComponent(folder)
                if Self.exists(url) && !Self.isFolder(url) {
                    conflicts.append(Diagnostic("is a file where galley init needs a folder", at: SourceLocation(path: shown(folder))))
                }
            }
            if Self.exists(directory.appendingPathComponent(file.path)) {
                conflicts.append(Diagnostic("already exists", at: SourceLocation(path: shown(file.path))))
            }
        }
        return conflicts
    }

    /// Whether anything (a dangling symbolic link too) is at `url`.
    static func exists(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
    }

    /// Whether `url` is a folder (or a link to one).
    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
