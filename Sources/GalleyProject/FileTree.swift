import Foundation
import GalleyCore

/// Listing the files of a folder tree.
package enum FileTree {
    /// Files under `directory` as sorted `/`-separated relative paths, hidden
    /// files and folders skipped. Symbolic links are listed too when
    /// `includingSymbolicLinks` is set (so a dangling one can be reported).
    package static func files(under directory: URL, includingSymbolicLinks: Bool = false) -> [String] {
        let keys: Set<URLResourceKey> = [.isRegularFileKey, .isSymbolicLinkKey]
        guard let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: Array(keys), options: [.skipsHiddenFiles]
        ) else { return [] }
        let base = FolderPath(directory)
        var paths: [String] = []
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: keys)
            let isSymbolicLink = includingSymbolicLinks && values?.isSymbolicLink == true
            guard values?.isRegularFile == true || isSymbolicLink else { continue }
            guard let path = base.relativePath(of: url.path), !path.isEmpty else { continue }
            paths.append(path)
        }
        return paths.sorted()
    }
}
