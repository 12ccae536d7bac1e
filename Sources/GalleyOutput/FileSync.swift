import Foundation

/// Writes a whole folder of files durably with one flush instead of one per
/// file: each file is written with plain `write(2)` (Foundation's
/// `Data.write(to:)` calls `fsync` on every file, which was a fifth of a
/// 1,000-page build), then ``flush(_:)`` syncs the folder's file system once
/// with `syncfs(2)` before the folder is swapped in. A file whose bytes the
/// current site already has is hard-linked from it instead
/// (``linkIfIdentical(_:from:to:)``): a rebuild writes only what changed.
///
/// ```swift
/// try FileSync.write(data, to: staging.appendingPathComponent("index.html"))
/// FileSync.flush(staging)      // every file above is on disk
/// ```
enum FileSync {
    private typealias SyncFS = @convention(c) (Int32) -> Int32

    /// glibc's `syncfs`, looked up at run time (Swift's Glibc module does not declare it).
    private static let syncfs: SyncFS? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: SyncFS.self)
    }()

    /// Writes `data` to `url` (created or truncated), without flushing it.
    static func write(_ data: Data, to url: URL) throws(FileTransaction.Failure) {
        try write(data, toPath: url.path)
    }

    /// Writes `data` to the file at `path` (created or truncated), without flushing it.
    static func write(_ data: Data, toPath path: String) throws(FileTransaction.Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        guard written else { throw failure(path) }
    }

    /// Hard-links `existing` to `url` when it is a regular file holding
    /// exactly `data`; `false` (nothing done) otherwise. Files are never
    /// changed in place (a build writes a new folder; the preview server
    /// renames new files over old ones), so a link to a file of the current
    /// site stays that content.
    static func linkIfIdentical(_ data: Data, from existing: URL, to url: URL) -> Bool {
        linkIfIdentical(data, fromPath: existing.path, toPath: url.path)
    }

    /// ``linkIfIdentical(_:from:to:)`` with paths.
    static func linkIfIdentical(_ data: Data, fromPath existing: String, toPath path: String) -> Bool {
        var status = stat()
        guard lstat(existing, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size == data.count else { return false }
        let descriptor = open(existing, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var offset = 0
        let same = data.withUnsafeBytes { bytes -> Bool in
            while offset < bytes.count {
                let count = read(descriptor, &buffer, min(buffer.count, bytes.count - offset))
                if count < 0, errno == EINTR { continue }
                guard count > 0, memcmp(buffer, bytes.baseAddress! + offset, count) == 0 else { return false }
                offset += count
            }
            return true
        }
        return same && link(existing, path) == 0
    }

    /// Flushes everything written under `folder` (its whole file system) to
    /// disk: one `syncfs`, or a `sync` where the C library lacks it.
    static func flush(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { sync(); return }
        defer { close(descriptor) }
        if let syncfs, syncfs(descriptor) == 0 { return }
        sync()
    }

    /// Flushes the entries of `folder` itself (after a rename in it).
    static func flushEntries(of folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ path: String) -> FileTransaction.Failure {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return FileTransaction.Failure(reason: "cannot write '\(name)': \(String(cString: strerror(errno)))")
    }
}
