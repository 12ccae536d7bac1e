import Foundation

/// Asks the file system to spread a new site's folders over the disk.
///
/// ext4 places a new file in the block group of its folder, and a new folder
/// near its parent; on a file system without a journal every new inode is
/// first checked against the inodes freed in the last minutes
/// (`recently_deleted`), so creating a site's files right after the previous
/// site was deleted (`rm -rf public`, or the site Galley itself replaced)
/// scans past every freed inode of the group on each create: quadratic in the
/// number of files. Marking the staging folder as the top of a directory
/// hierarchy (`chattr +T`, `FS_TOPDIR_FL`) makes ext4's Orlov allocator put
/// each of its subfolders in a block group of its own, so each create scans
/// only the few inodes freed in that folder's group. It is a placement hint:
/// the files, their names and contents are the same, and a file system that
/// does not know the flag (tmpfs, btrfs, XFS …) is left as it is.
///
///
/// The flag alone still put each subfolder in the same group on every
/// build: Orlov starts its search for a top-level folder's group at a hash
/// of the folder's name, and takes the first of the emptiest groups from
/// there — the group of the previous build's folder of that name, whose
/// inodes `rm -rf public` has just freed. So the staging folder's own
/// folders are created under a placement name with a random part
/// (``placementName(_:token:)``: a different group on each build) and
/// renamed to their names before the staging folder is flushed and swapped
/// in (``OutputWriter/Staging``).
///
/// ```swift
/// FolderPlacement.spreadSubfolders(of: stagingPath)   // before the pages' folders are created
/// ```
enum FolderPlacement {
    /// A random token for one staging folder's placement names.
    static func newToken() -> String {
        String(UInt64.random(in: .min ... .max), radix: 16)
    }

    /// The name the `index`th top folder of a staging folder is created
    /// under: hidden, and never a name of a site's file (hidden files of
    /// `content/` are not part of the site).
    static func placementName(_ index: Int, token: String) -> String {
        ".galley-placed-\(token)-\(index)"
    }

    /// `FS_IOC_GETFLAGS` and `FS_IOC_SETFLAGS` from `<linux/fs.h>` (`_IOR`/`_IOW('f', 1/2, long)`).
    private static let getFlags: UInt = 0x8008_6601
    private static let setFlags: UInt = 0x4008_6602
    /// `FS_TOPDIR_FL`: the top of a directory hierarchy.
    private static let topDirectory: Int32 = 0x0002_0000

    /// Marks the folder at `path` so that its subfolders are spread over the
    /// file system's block groups. Returns whether the flag is set; a failure
    /// (another file system, no permission) changes nothing and is not an error.
    @discardableResult
    static func spreadSubfolders(of path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // The kernel reads and writes an int, whatever the ioctl's name says.
        var flags: Int32 = 0
        guard ioctl(descriptor, getFlags, &flags) == 0 else { return false }
        if flags & topDirectory != 0 { return true }
        flags |= topDirectory
        return ioctl(descriptor, setFlags, &flags) == 0
    }
}
