import Foundation
import GalleyCore

/// An exclusive lock on an output folder, held while a build writes it, so
/// that `galley build` and `galley serve` on the same folder never write
/// into each other's staging folder.
///
/// The lock is `flock(2)` on a file beside the folder (`.public.galley-lock`);
/// the kernel releases it when the process ends, however it ends, so a
/// crashed build never leaves the folder locked.
///
/// ```swift
/// let lock = try OutputLock.acquire(beside: outputURL, displayPath: "public")
/// defer { lock.release() }
/// ```
final class OutputLock {
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock, waiting up to `patience` for another Galley process to finish writing.
    static func acquire(beside directory: URL, displayPath: String, patience: Duration = .seconds(30)) throws(Diagnostic) -> OutputLock {
        let file = directory.deletingLastPathComponent().appendingPathComponent(".\(directory.lastPathComponent).galley-lock")
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw Diagnostic(
                "cannot write the output folder '\(displayPath)': cannot create its lock file '\(file.lastPathComponent)': \(reason)",
                suggestion: "Check that the output folder's parent folder is writable, or pass --output DIR"
            )
        }
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline else {
                close(descriptor)
                throw Diagnostic(
                    "the output folder '\(displayPath)' is being written by another Galley process (a `galley build` or `galley serve`)",
                    suggestion: "Wait for it to finish, or build into another folder with --output DIR"
                )
            }
            usleep(20_000)
        }
        return OutputLock(descriptor: descriptor)
    }

    /// Releases the lock (once; later calls do nothing).
    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit {
        release()
    }
}
