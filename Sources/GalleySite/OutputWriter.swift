import Foundation
import GalleyMarkdown

/// A file of the built site.
public struct OutputFile: Sendable {
    /// Where the content comes from.
    public enum Content: Sendable {
        /// Bytes produced by the build.
        case data(Data)
        /// A file copied as it is (assets).
        case copy(URL)
    }

    /// The path under the output folder, `/`-separated.
    public var path: String
    /// The file's content.
    public var content: Content

    /// A generated text file.
    public static func text(_ path: String, _ text: String) -> OutputFile {
        OutputFile(path: path, content: .data(Data(text.utf8)))
    }

    /// A copied file.
    public static func copy(_ path: String, from source: URL) -> OutputFile {
        OutputFile(path: path, content: .copy(source))
    }
}

/// Writes a whole site at once: into a staging folder next to the output
/// folder, swapped in only when every file was written.
///
/// A failed write leaves the previous output byte-identical, and files of
/// pages that no longer exist disappear because the folder is replaced whole.
public struct OutputWriter: Sendable {
    /// The output folder, e.g. `public/`.
    public let directory: URL
    /// How errors name it.
    public let displayPath: String

    /// Creates a writer for `directory`.
    public init(directory: URL, displayPath: String) {
        self.directory = directory.standardizedFileURL
        self.displayPath = displayPath
    }

    /// The staging folder a build writes into.
    var stagingDirectory: URL { sibling("galley-new") }
    /// Where the previous output waits while the new one moves in.
    var retiredDirectory: URL { sibling("galley-old") }

    /// Replaces the output folder with exactly `files`.
    public func write(_ files: [OutputFile]) throws(SiteError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw failure("'\(displayPath)' exists and is not a folder")
        }
        let staging = stagingDirectory
        do {
            try? manager.removeItem(at: staging)
            try? manager.removeItem(at: retiredDirectory)
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw failure(Self.reason(error, creating: staging))
        }
        do {
            var created: Set<String> = [staging.path]
            for file in files {
                let target = staging.appendingPathComponent(file.path)
                let folder = target.deletingLastPathComponent()
                if !created.contains(folder.path) {
                    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                    created.insert(folder.path)
                }
                switch file.content {
                case .data(let data): try data.write(to: target)
                case .copy(let source): try manager.copyItem(at: source, to: target)
                }
            }
            try swapIn(staging)
        } catch {
            try? manager.removeItem(at: staging)
            throw failure(Self.reason(error))
        }
    }

    /// Changes the existing output folder file by file: writes `files` and
    /// removes `removedPaths`. Each file is written to a hidden temporary
    /// file beside it and renamed over the old one, so a reader (the preview
    /// server) sees the old page or the new one, never half of one.
    public func update(_ files: [OutputFile], removing removedPaths: [String]) throws(SiteError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw failure("'\(displayPath)' does not exist any more")
        }
        do {
            for file in files {
                let target = directory.appendingPathComponent(file.path)
                let folder = target.deletingLastPathComponent()
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).galley-tmp")
                try? manager.removeItem(at: temporary)
                switch file.content {
                case .data(let data): try data.write(to: temporary)
                case .copy(let source): try manager.copyItem(at: source, to: temporary)
                }
                guard rename(temporary.path, target.path) == 0 else {
                    let code = errno
                    try? manager.removeItem(at: temporary)
                    throw failure("cannot replace '\(file.path)': \(String(cString: strerror(code)))")
                }
            }
            for path in removedPaths {
                try? manager.removeItem(at: directory.appendingPathComponent(path))
            }
        } catch let error as SiteError {
            throw error
        } catch {
            throw failure(Self.reason(error))
        }
    }

    private func swapIn(_ staging: URL) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: directory.path) else {
            try manager.moveItem(at: staging, to: directory)
            return
        }
        try manager.moveItem(at: directory, to: retiredDirectory)
        do {
            try manager.moveItem(at: staging, to: directory)
        } catch {
            try? manager.moveItem(at: retiredDirectory, to: directory)
            throw error
        }
        try? manager.removeItem(at: retiredDirectory)
    }

    private func sibling(_ suffix: String) -> URL {
        directory.deletingLastPathComponent().appendingPathComponent(".\(directory.lastPathComponent).\(suffix)")
    }

    private func failure(_ reason: String) -> SiteError {
        SiteError(
            "cannot write the output folder '\(displayPath)': \(reason)",
            suggestion: "Check that its parent folder is writable, or pass --output DIR"
        )
    }

    private static func reason(_ error: any Error, creating folder: URL? = nil) -> String {
        if let folder, let blocker = firstNonFolderAncestor(of: folder) {
            return "'\(blocker.lastPathComponent)' is a file, not a folder"
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }

    /// The nearest existing ancestor of `url` when it is not a folder.
    private static func firstNonFolderAncestor(of url: URL) -> URL? {
        var candidate = url.deletingLastPathComponent()
        while candidate.path != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? nil : candidate
            }
            candidate = candidate.deletingLastPathComponent()
        }
        return nil
    }
}
