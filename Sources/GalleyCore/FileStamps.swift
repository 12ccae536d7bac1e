import Foundation

/// A digest of what files look like on disk — each one's path, size,
/// modification time (nanoseconds) and inode, never its bytes — so that "has
/// anything changed since?" costs a walk of `stat` calls, as make and ninja
/// decide. An editor's save (a new inode, or a new time) and a file added,
/// removed or renamed all change the digest; a file rewritten with the same
/// size within the same nanosecond on the same inode does not.
///
/// The digest is 64-bit FNV-1a over the listing, twice with different
/// offsets (128 bits): it tells states apart, it does not resist forgery.
///
/// ```swift
/// var stamps = FileStamps()
/// stamps.add(tree: contentFolder)            // every file under it, hidden ones skipped
/// stamps.add(file: configurationFile)        // present or absent
/// stamps.add(text: "--base-url https://x/")  // anything else the result depends on
/// let digest = stamps.digest                 // "3f0c…", 32 hex digits
/// ```
package struct FileStamps: Sendable {
    private var low: UInt64 = 0xcbf2_9ce4_8422_2325
    private var high: UInt64 = 0x6c62_272e_07bb_0142
    /// The newest modification time among them, in nanoseconds since 1970
    /// (a file changed again within the file system's clock tick keeps its
    /// time: a digest taken that close to a change cannot vouch for it).
    package private(set) var newestModification = 0

    /// What `stat` says of one file that tells its versions apart: size,
    /// modification time in nanoseconds since 1970, inode, mode.
    package struct Stamp: Sendable, Equatable {
        /// The size in bytes.
        package var size: Int64
        /// The modification time, in nanoseconds since 1970.
        package var modified: Int
        /// The inode (a save by rename makes a new one).
        package var inode: UInt64
        /// The type and permission bits.
        package var mode: UInt32

        /// The stamp of the file at `path` (a link's target), `nil` when there is none.
        package init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            size = Int64(info.st_size)
            modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
            inode = UInt64(info.st_ino)
            mode = UInt32(info.st_mode)
        }
    }

    /// An empty listing.
    package init() {}

    /// Adds `text` to the digest, ended so that two texts never read as one.
    package mutating func add(text: String) {
        for byte in text.utf8 { mix(byte) }
        mix(0)
    }

    /// Adds the file (or folder, or link's target) at `url`: its path and
    /// what `stat` says of it, or that it is absent.
    package mutating func add(file url: URL) {
        add(path: url.standardizedFileURL.path, shown: url.standardizedFileURL.path)
    }

    /// Adds every file under `folder` (hidden files and folders skipped,
    /// and the folder at the absolute path `skipping`; a symbolic link by
    /// its target's state), in sorted order, by its path relative to the folder.
    package mutating func add(tree folder: URL, skipping: String? = nil) {
        let root = folder.standardizedFileURL.path
        add(text: "tree " + root)
        let skipped = skipping.flatMap { FolderPath(root).relativePath(of: $0) }.map { $0 + "/" }
        for entry in FileTree.entries(under: folder, includingSymbolicLinks: true) {
            if let skipped, entry.path.hasPrefix(skipped) { continue }
            add(path: root + "/" + entry.path, shown: entry.path)
        }
    }

    /// The digest of everything added, as 32 hexadecimal digits.
    package var digest: String {
        HexDigits.of(withUnsafeBytes(of: low.bigEndian) { Array($0) } + withUnsafeBytes(of: high.bigEndian) { Array($0) })
    }

    private mutating func add(path: String, shown: String) {
        guard let stamp = Stamp(path: path) else {
            add(text: shown + " absent")
            return
        }
        newestModification = max(newestModification, stamp.modified)
        add(text: shown)
        for number in [UInt64(bitPattern: stamp.size), UInt64(bitPattern: Int64(stamp.modified)), stamp.inode, UInt64(stamp.mode)] {
            withUnsafeBytes(of: number.littleEndian) { for byte in $0 { mix(byte) } }
        }
    }

    private mutating func mix(_ byte: UInt8) {
        low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        high = (high ^ UInt64(byte ^ 0x5a)) &* 0x0000_0100_0000_01b3
    }
}
