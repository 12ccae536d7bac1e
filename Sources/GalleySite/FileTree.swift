import Foundation

/// Listing the files of a folder tree.
enum FileTree {
    /// Files under `directory` as sorted `/`-separated relative paths, hidden
    /// files and folders skipped. Symbolic links are listed too when
    /// `includingSymbolicLinks` is set (so a dangling one can be reported).
    static func files(under directory: URL, includingSymbolicLinks: Bool = false) -> [String] {
        let keys: Set<URLResourceKey> = [.isRegularFileKey, .isSymbolicLinkKey]
        guard let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: Array(keys), options: [.skipsHiddenFiles]
        ) else { return [] }
        let base = directory.standardizedFileURL.path
        var paths: [String] = []
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: keys)
            let isSymbolicLink = includingSymbolicLinks && values?.isSymbolicLink == true
            guard values?.isRegularFile == true || isSymbolicLink else { continue }
            var path = url.standardizedFileURL.path
            if path.hasPrefix(base) { path = String(path.dropFirst(base.count)) }
            while path.hasPrefix("/") { path.removeFirst() }
            paths.append(path)
        }
        return paths.sorted()
    }
}
