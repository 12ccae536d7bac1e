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
/// ```swift
/// FolderPlacement.spreadSubfolders(of: stagingPath)   // before the pages' folders are created
/// ```
enum FolderPlacement {
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
