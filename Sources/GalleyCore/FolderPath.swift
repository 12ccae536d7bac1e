import Foundation

/// A folder, for the one question every safety check asks: is this path
/// inside it?
///
/// Paths are compared component by component after lexical normalisation
/// (`.` and empty components dropped, `..` applied), so `/a/bc` is not
/// inside `/a/b`, `/a/b/../c` is not inside `/a/b`, and `/` contains
/// everything. ``resolvingLinks(_:)`` first resolves symbolic links with
/// ``RealPath`` — use it where a link could lead out of the folder.
///
/// ```swift
/// let site = FolderPath("/srv/site")
/// site.contains("/srv/site/guide/a.html")        // true
/// site.contains("/srv/site-old/a.html")          // false
/// site.relativePath(of: "/srv/site/guide/a.html") // "guide/a.html"
/// ```
public struct FolderPath: Sendable, Hashable, CustomStringConvertible {
    /// The normalised absolute path, without a trailing `/` (but `/` itself).
    public let path: String
    private let components: [Substring]

    /// The folder at `path`, normalised lexically; a relative path is taken
    /// relative to the working directory.
    public init(_ path: String) {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        self.components = FolderPath.normalizedComponents(absolute)
        self.path = "/" + components.joined(separator: "/")
    }

    /// The folder at `url`'s path.
    public init(_ url: URL) {
        self.init(url.path)
    }

    /// The folder with every symbolic link in its path resolved, or `nil`
    /// when it does not exist.
    public static func resolvingLinks(_ path: String) -> FolderPath? {
        RealPath.of(path).map(FolderPath.init)
    }

    /// Whether `other` is this folder or anything below it, compared lexically.
    public func contains(_ other: String) -> Bool {
        let candidate = FolderPath(other).components
        return candidate.count >= components.count && candidate.starts(with: components)
    }

    /// Whether `other` is below this folder (not the folder itself).
    public func strictlyContains(_ other: String) -> Bool {
        let candidate = FolderPath(other).components
        return candidate.count > components.count && candidate.starts(with: components)
    }

    /// Whether `other` is this folder or below it once every symbolic link
    /// in `other` is resolved; `false` when `other` does not exist.
    public func containsResolved(_ other: String) -> Bool {
        guard let real = RealPath.of(other) else { return false }
        return contains(real)
    }

    /// `other`'s path below this folder (`guide/a.html`), `""` for the folder
    /// itself, or `nil` when it is not inside.
    public func relativePath(of other: String) -> String? {
        let candidate = FolderPath(other).components
        guard candidate.count >= components.count, candidate.starts(with: components) else { return nil }
        return candidate.dropFirst(components.count).joined(separator: "/")
    }

    /// The normalised path.
    public var description: String { path }

    private static func normalizedComponents(_ path: String) -> [Substring] {
        var result: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(component)
            }
        }
        return result
    }
}

/// Whether a relative, `/`-separated path (`guide/intro.md`) is `prefix` or
/// lies below it: the same question as ``FolderPath/contains(_:)`` for paths
/// inside a project, where no working directory is involved.
///
/// ```swift
/// RelativePath.is("guide/intro.md", inside: "guide")    // true
/// RelativePath.is("guides/intro.md", inside: "guide")   // false
/// ```
public enum RelativePath {
    /// Whether `path` equals `prefix` or starts with `prefix` followed by `/`.
    public static func `is`(_ path: String, inside prefix: String) -> Bool {
        if prefix.isEmpty { return true }
        let trimmed = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        return path == trimmed || path.hasPrefix(trimmed + "/")
    }
}

extension URL {
    /// A path the user wrote, as a file URL: absolute as it is, relative
    /// against `base` (the project folder), normalised.
    ///
    /// ```swift
    /// URL(userPath: "docs", relativeTo: project)        // <project>/docs
    /// URL(userPath: "/srv/theme", relativeTo: project)  // /srv/theme
    /// ```
    public init(userPath path: String, relativeTo base: URL) {
        self = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)).standardizedFileURL
    }
}
