import Foundation

/// Swaps two folders in one step with Linux's `renameat2(RENAME_EXCHANGE)`,
/// so there is no moment at which the output folder does not exist.
enum DirectoryExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
    private static let renameExchange: UInt32 = 2

    /// glibc's `renameat2`, looked up at run time (Swift's Glibc module does
    /// not declare it); `nil` where the C library lacks it.
    private static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    /// The outcome of an exchange.
    enum Result: Equatable {
        /// The folders were swapped.
        case exchanged
        /// The system cannot exchange here (no `renameat2`, or a file system without it).
        case unsupported
        /// The exchange failed with this `errno`.
        case failed(Int32)
    }

    /// Swaps `a` and `b`, which must both exist.
    static func exchange(_ a: URL, _ b: URL) -> Result {
        guard let renameat2 else { return .unsupported }
        if renameat2(AT_FDCWD, a.path, AT_FDCWD, b.path, renameExchange) == 0 { return .exchanged }
        let code = errno
        return code == ENOSYS || code == EINVAL ? .unsupported : .failed(code)
    }
}
