import Foundation

/// `realpath(3)`: the absolute path of an existing file with every symbolic
/// link resolved. One place for the verifier (blessing through links), the
/// site (output and containment checks) and the preview server (serving
/// only what is inside the site folder).
///
/// ```swift
/// RealPath.of("content/linked.md")   // "/work/docs/shared/linked.md", or nil when it does not exist
/// ```
public enum RealPath {
    /// The resolved path, or `nil` when `path` does not exist (`errno` says why: `ELOOP` for a link loop).
    public static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
