import Foundation

/// Listing the files of a folder tree.
package enum FileTree {
    /// A file found under the folder.
    package struct Entry: Sendable, Equatable {
        /// The `/`-separated path relative to the folder.
        package var path: String
        /// Whether the entry itself is a symbolic link. The folders above it
        /// never are: the walk does not descend into links.
        package var isSymbolicLink: Bool
    }

    /// Files under `directory` as sorted `/`-separated relative paths, hidden
    /// files and folders skipped, and folders whose name `skipsFolder` accepts.
    /// Symbolic links are listed too when `includingSymbolicLinks` is set (so
    /// a dangling one can be reported).
    package static func files(
        under directory: URL, includingSymbolicLinks: Bool = false, skipsFolder: (String) -> Bool = { _ in false }
    ) -> [String] {
        entries(under: directory, includingSymbolicLinks: includingSymbolicLinks, skipsFolder: skipsFolder).map(\.path)
    }

    /// ``files(under:includingSymbolicLinks:skipsFolder:)`` with, for each
    /// path, whether it is a symbolic link: a caller keeping reads inside a
    /// folder resolves only those (everything else lies under real folders).
    package static func entries(
        under directory: URL, includingSymbolicLinks: Bool = false, skipsFolder: (String) -> Bool = { _ in false }
    ) -> [Entry] {
        // Listed with readdir (its entry types, `lstat` only where the file
        // system gives none): FileManager's enumerator with resource values
        // cost a twentieth of a 1,000-page build.
        let root = directory.standardizedFileURL.path
        var info = stat()
        // As the enumerator, which lists nothing under a symbolic link named as the folder.
        guard lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return [] }
        var entries: [Entry] = []
        func walk(_ folder: String, _ prefix: String) {
            guard let stream = opendir(folder) else { return }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                // Hidden files and folders are skipped; a name that is not UTF-8 cannot be a URL, as with the enumerator.
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(validating: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                guard let name, !name.isEmpty, !name.hasPrefix(".") else { continue }
                let path = folder + "/" + name
                var type = mode_t(0)
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): type = S_IFDIR
                case Int32(DT_REG): type = S_IFREG
                case Int32(DT_LNK): type = S_IFLNK
                case Int32(DT_UNKNOWN):
                    guard lstat(path, &info) == 0 else { continue }
                    type = info.st_mode & S_IFMT
                default: continue
                }
                switch type {
                case S_IFDIR where !skipsFolder(name): walk(path, prefix + name + "/")
                case S_IFREG: entries.append(Entry(path: prefix + name, isSymbolicLink: false))
                case S_IFLNK where includingSymbolicLinks: entries.append(Entry(path: prefix + name, isSymbolicLink: true))
                default: break
                }
            }
        }
        walk(root == "/" ? "" : root, "")
        return entries.sorted { $0.path < $1.path }
    }
}
