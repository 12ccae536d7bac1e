import Foundation
import GalleyCore
import Synchronization

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

    /// A file at `path` with `content`.
    public init(path: String, content: Content) {
        self.path = path
        self.content = content
    }

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
/// folder, exchanged with it in one step only when every file was written.
///
/// A failed write leaves the previous output byte-identical, and files of
/// pages that no longer exist disappear because the folder is replaced whole.
/// The staging folder is flushed to disk once (``FileSync``) before the swap,
/// and the swap itself after it.
/// Only a folder Galley wrote (it carries ``OutputFolderGuard/stampName``) or
/// an empty one is ever replaced, and a lock beside the folder keeps two
/// Galley processes from writing it at once.
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
    /// Where the previous output waits while the new one moves in (only where
    /// folders cannot be exchanged in one step).
    var retiredDirectory: URL { sibling("galley-old") }

    /// Replaces the output folder with exactly `files` (and the stamp).
    public func write(_ files: [OutputFile]) throws(Diagnostic) {
        try beginStaging().finish(files)
    }

    /// Opens the staging folder of a whole-site write (under the lock) for
    /// files added while they are produced: a first build writes each page as
    /// soon as it is rendered, on the thread that rendered it, instead of
    /// holding every page and writing them all afterwards.
    /// ``Staging/finish(_:)`` writes the rest and swaps the folder in; a
    /// staging folder dropped unfinished is removed, the output untouched.
    package func beginStaging() throws(Diagnostic) -> Staging {
        let manager = FileManager.default
        try checkReplaceable()
        let staging = stagingDirectory
        do {
            try manager.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw failure(Self.reason(error, creating: staging))
        }
        let lock = try OutputLock.acquire(beside: directory, displayPath: displayPath)
        do {
            // Left behind by a build that was killed: never part of a site.
            try? manager.removeItem(at: staging)
            try? manager.removeItem(at: retiredDirectory)
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            lock.release()
            throw failure(Self.reason(error, creating: staging))
        }
        // Its folders in block groups of their own: see FolderPlacement.
        let spread = FolderPlacement.spreadSubfolders(of: staging.path)
        return Staging(writer: self, folder: staging, lock: lock, placesFolders: spread)
    }

    /// A staging folder being filled; see ``OutputWriter/beginStaging()``.
    ///
    /// ```swift
    /// let staging = try writer.beginStaging()
    /// Concurrently.map(pages) { page in staging.add(page.url, render(page)) }   // any thread
    /// try staging.finish(allFiles)   // the rest, the stamp, one flush, the swap
    /// ```
    package final class Staging: Sendable {
        let writer: OutputWriter
        /// The staging folder.
        let folder: URL
        /// The staging folder's and the output folder's paths.
        private let folderPath: String, currentPath: String
        /// Whether the output folder exists: when it does not (a first
        /// build), no page can be linked from it and none is looked for.
        private let hasCurrentSite: Bool
        /// Whether the staging folder's own folders are created under
        /// placement names (``FolderPlacement/placementName(_:token:)``) and
        /// renamed to their names by ``finish(_:)``: only where the
        /// placement flag took (ext4).
        private let placesFolders: Bool
        /// This staging folder's part of the placement names.
        private let placementToken = FolderPlacement.newToken()
        private let state: Mutex<State>

        private struct State {
            /// Held until ``finish(_:)`` ends or the staging folder is dropped.
            var lock: OutputLock?
            var createdFolders: Set<String>
            /// The placement name on disk of each folder of the staging folder's top level, by its name.
            var placedFolders: [String: String] = [:]
            /// What ``add(_:_:keepingBytes:)`` wrote, by path (`nil`: its bytes were not kept).
            var written: [String: Data?] = [:]
            /// The first error of ``add(_:_:)``, thrown by ``finish(_:)``.
            var failure: (any Error)?
        }

        fileprivate init(writer: OutputWriter, folder: URL, lock: sending OutputLock, placesFolders: Bool) {
            self.placesFolders = placesFolders
            self.writer = writer
            self.folder = folder
            self.folderPath = folder.path
            self.currentPath = writer.directory.path
            var status = stat()
            self.hasCurrentSite = lstat(writer.directory.path, &status) == 0
            self.state = Mutex(State(lock: lock, createdFolders: [folder.path]))
        }

        /// Writes `data` at `path` in the staging folder now (from any thread).
        /// A failure is kept and thrown by ``finish(_:)``; files after it are skipped.
        /// With `keepingBytes` (the default), ``finish(_:)`` skips the file when
        /// it is given the same bytes for the path again; without, the bytes
        /// are not held for that comparison and the file is rewritten if given again.
        package func add(_ path: String, _ data: Data, keepingBytes: Bool = true) {
            do {
                // One lock per file (threads add at once): the state checked, the
                // folder made, the path recorded (a failed write fails ``finish(_:)``).
                let target = try state.withLock { state throws -> String? in
                    guard state.failure == nil, state.lock != nil else { return nil }
                    let target = try stagedTarget(path, &state)
                    state.written[path] = .some(keepingBytes ? data : nil)
                    return target
                }
                guard let target else { return }
                try write(.data(data), at: path, to: target)
            } catch {
                // The file it is about, not only the folder: a name too long for the file system is one page's.
                let named = FileTransaction.failure(writing: path, error)
                state.withLock { if $0.failure == nil { $0.failure = named } }
            }
        }

        /// Writes `files` not already added with the same bytes, and the
        /// stamp; flushes the staging folder and swaps it in. On any failure
        /// (of an earlier ``add(_:_:)`` too) the staging folder is removed and
        /// the output folder is as it was.
        package func finish(_ files: [OutputFile]) throws(Diagnostic) {
            let manager = FileManager.default
            defer {
                state.withLock {
                    $0.lock?.release(); $0.lock = nil
                }
            }
            do {
                let (failure, written) = state.withLock { ($0.failure, $0.written) }
                if let failure { throw failure }
                for file in files + [.text(OutputFolderGuard.stampName, OutputFolderGuard.stampText)] {
                    if let earlier = written[file.path] {
                        if case .data(let data) = file.content, let earlier, data == earlier { continue }
                        // It may be a link to the current site's file: replaced, never written through.
                        unlink(state.withLock { stagedPath(file.path, $0) })
                    }
                    try put(file.content, at: file.path)
                }
                // The top folders get their names, before the flush (a rename moves no data).
                for (name, placed) in state.withLock({ $0.placedFolders }).sorted(by: { $0.key < $1.key }) {
                    guard rename(folderPath + "/" + placed, folderPath + "/" + name) == 0 else {
                        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                    }
                }
                // One flush for the whole staging folder: the new site is on disk before it is swapped in.
                FileSync.flush(folder)
                // Checked again under the lock: another process may have created the folder meanwhile.
                try writer.checkReplaceable()
                try writer.swapIn(folder)
                FileSync.flushEntries(of: writer.directory.deletingLastPathComponent())
            } catch let error as Diagnostic {
                try? manager.removeItem(at: folder)
                throw error
            } catch {
                try? manager.removeItem(at: folder)
                throw writer.failure(OutputWriter.reason(error))
            }
        }

        /// Where the file at the site path `path` is in the staging folder
        /// now: under its top folder's placement name, once that folder is placed.
        private func stagedPath(_ path: String, _ state: State) -> String {
            guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")), let placed = state.placedFolders[String(path[..<slash])] else {
                return folderPath + "/" + path
            }
            return folderPath + "/" + placed + path[slash...]
        }

        private func put(_ content: OutputFile.Content, at path: String) throws {
            do {
                let target = try state.withLock { state throws in try stagedTarget(path, &state) }
                try write(content, at: path, to: target)
            } catch {
                throw FileTransaction.failure(writing: path, error)
            }
        }

        /// Where `path` goes in the staging folder, its folder created first
        /// (a top folder under its placement name). Called under the lock.
        private func stagedTarget(_ path: String, _ state: inout State) throws -> String {
            // Paths as strings: `URL.appendingPathComponent` cost more than the write itself.
            guard path.utf8.contains(UInt8(ascii: "/")) else { return folderPath + "/" + path }
            let top = String(path[..<path.utf8.firstIndex(of: UInt8(ascii: "/"))!])
            // A top folder is placed when it is first created (never one whose name a file already has).
            if placesFolders, state.placedFolders[top] == nil, !state.createdFolders.contains(folderPath + "/" + top),
                state.written[top] == nil
            {
                state.placedFolders[top] = FolderPlacement.placementName(state.placedFolders.count, token: placementToken)
            }
            let target = stagedPath(path, state)
            let parent = String(target[..<target.utf8.lastIndex(of: UInt8(ascii: "/"))!])
            if !state.createdFolders.contains(parent) {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
                state.createdFolders.insert(parent)
            }
            return target
        }

        /// Writes `content` (the file at `path` of the site) to `target`.
        private func write(_ content: OutputFile.Content, at path: String, to target: String) throws {
            switch content {
            case .data(let data):
                // An unchanged page is linked from the current site, not written again:
                // no new inode, no data written now, none freed when the old site goes.
                if !hasCurrentSite || !FileSync.linkIfIdentical(data, fromPath: currentPath + "/" + path, toPath: target) {
                    try FileSync.write(data, toPath: target)
                }
            case .copy(let source): try FileManager.default.copyItem(at: source, to: URL(fileURLWithPath: target))
            }
        }

        deinit {
            // Dropped without finishing: nothing of it may ever be swapped in.
            state.withLock { state in
                guard let lock = state.lock else { return }
                try? FileManager.default.removeItem(at: folder)
                lock.release()
                state.lock = nil
            }
        }
    }

    /// Changes the existing output folder file by file: writes `files` and
    /// removes `removedPaths`, all or nothing.
    ///
    /// Every new file is first written to a hidden temporary file beside its
    /// target; only when all are written are they renamed over the old ones
    /// (a reader — the preview server — sees the old page or the new one, never
    /// half of one). Replaced and removed files are kept as hard-linked
    /// backups until the end, so a failure halfway puts every old file back.
    public func update(_ files: [OutputFile], removing removedPaths: [String]) throws(Diagnostic) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw failure("'\(displayPath)' does not exist any more")
        }
        guard manager.fileExists(atPath: directory.appendingPathComponent(OutputFolderGuard.stampName).path) else {
            throw failure("'\(displayPath)' was replaced by a folder Galley did not write (it has no \(OutputFolderGuard.stampName) file)")
        }
        let lock = try OutputLock.acquire(beside: directory, displayPath: displayPath)
        defer { lock.release() }
        var transaction = FileTransaction(directory: directory)
        do {
            for file in files { try transaction.stage(file) }
            try transaction.commit(removing: removedPaths)
        } catch {
            transaction.rollBack()
            throw failure(Self.reason(error))
        }
    }

    /// Throws when the output folder exists and may not be replaced.
    package func checkReplaceable() throws(Diagnostic) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw failure("'\(displayPath)' exists and is not a folder") }
        guard OutputFolderGuard.mayReplace(directory) else {
            throw Diagnostic(
                "refusing to replace '\(displayPath)': it is not empty and Galley did not write it (it has no \(OutputFolderGuard.stampName) file)",
                suggestion: "Move its files elsewhere and remove it, or build into another folder with --output DIR"
            )
        }
    }

    /// Puts `staging` in the output folder's place: one `renameat2` exchange
    /// where the system has it, two renames where it does not.
    private func swapIn(_ staging: URL) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: directory.path) else {
            try manager.moveItem(at: staging, to: directory)
            return
        }
        switch DirectoryExchange.exchange(staging, directory) {
        case .exchanged:
            // `staging` now holds the previous site.
            try? manager.removeItem(at: staging)
            return
        case .failed(let code):
            throw Diagnostic(
                "cannot replace '\(displayPath)': \(String(cString: strerror(code)))",
                suggestion: "Check that the output folder and its parent folder are writable")
        case .unsupported:
            break
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

    private func failure(_ reason: String) -> Diagnostic {
        Diagnostic(
            "cannot write the output folder '\(displayPath)': \(reason)",
            suggestion: "Check that its parent folder is writable, or pass --output DIR"
        )
    }

    private static func reason(_ error: any Error, creating folder: URL? = nil) -> String {
        if let error = error as? FileTransaction.Failure { return error.reason }
        if let folder, let blocker = firstNonFolderAncestor(of: folder) {
            return "'\(blocker.lastPathComponent)' is a file, not a folder"
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
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
