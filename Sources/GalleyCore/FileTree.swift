import Foundation

/// Listing the files of a folder tree.
package enum FileTree {
    /// Files under `directory` as sorted `/`-separated relative paths, hidden
    /// files and folders skipped, and folders whose name `skipsFolder` accepts.
    /// Symbolic links are listed too when `includingSymbolicLinks` is set (so
    /// a dangling one can be reported).
    package static func files(
        under directory: URL, includingSymbolicLinks: Bool = false, skipsFolder: (String) -> Bool = { _ in false }
    ) -> [String] {
        // Listed with readdir and lstat: FileManager's enumerator with
        // resource values cost a twentieth of a 1,000-page build.
        let root = directory.standardizedFileURL.path
        var info = stat()
        // As the enumerator, which lists nothing under a symbolic link named as the folder.
        guard lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return [] }
        var paths: [String] = []
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
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR where !skipsFolder(name): walk(path, prefix + name + "/")
                case S_IFREG: paths.append(prefix + name)
                case S_IFLNK where includingSymbolicLinks: paths.append(prefix + name)
                default: break
                }
            }
        }
        walk(root == "/" ? "" : root, "")
        return paths.sorted()
    }
}
