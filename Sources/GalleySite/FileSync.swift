import Foundation

/// Writes a whole folder of files durably with one flush instead of one per
/// file: each file is written with plain `write(2)` (Foundation's
/// `Data.write(to:)` calls `fsync` on every file, which was a fifth of a
/// 1,000-page build), then ``flush(_:)`` syncs the folder's file system once
/// with `syncfs(2)` before the folder is swapped in.
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
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(url) }
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
        guard written else { throw failure(url) }
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

    private static func failure(_ url: URL) -> FileTransaction.Failure {
        FileTransaction.Failure(reason: "cannot write '\(url.lastPathComponent)': \(String(cString: strerror(errno)))")
    }
}
