import Foundation
import GalleyCore

/// Maps a request path to a file under the site folder, refusing any path
/// that would leave it: `..` in any encoding, encoded slashes and
/// backslashes, NUL bytes, and symbolic links that point outside.
///
/// ```swift
/// let resolver = SitePathResolver(root: layout.outputDirectory)
/// resolver.resolve("/guide/")          // .file(…/public/guide/index.html)
/// resolver.resolve("/%2e%2e/etc/passwd") // .forbidden
/// ```
package struct SitePathResolver: Sendable {
    /// What a request path leads to.
    public enum Resolution: Sendable, Equatable {
        /// A regular file inside the site folder (symbolic links resolved).
        case file(URL)
        /// A folder asked for without its final `/`: redirect there, so relative links work.
        /// The location is an absolute path on this server, e.g. `/guide/`, never `//host/`.
        case redirect(String)
        /// Nothing there (or a hidden file): the site's 404 page.
        case notFound
        /// The path tries to leave the site folder.
        case forbidden
    }

    /// The site folder, e.g. `public/`.
    public let root: URL

    /// Creates a resolver for `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// Resolves the path of a request's target (percent-encoded, without the query).
    public func resolve(_ rawPath: String) -> Resolution {
        let lowered = rawPath.lowercased()
        if lowered.contains("%2f") || lowered.contains("%5c") || lowered.contains("%00") || rawPath.contains("\\") {
            return .forbidden
        }
        guard rawPath.hasPrefix("/"), let decoded = rawPath.removingPercentEncoding, !decoded.contains("\0") else {
            return .forbidden
        }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        if segments.contains(where: { $0 == ".." || $0 == "." }) { return .forbidden }
        if segments.contains(where: { $0.hasPrefix(".") }) { return .notFound }
        guard let base = RealPath.of(root.path) else { return .notFound }
        let site = FolderPath(base)
        let candidate = segments.isEmpty ? base : base + "/" + segments.joined(separator: "/")
        guard let real = RealPath.of(candidate) else { return .notFound }
        guard site.contains(real) else { return .forbidden }
        var info = stat()
        guard stat(real, &info) == 0 else { return .notFound }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            guard rawPath.hasSuffix("/") else { return .redirect(Self.folderLocation(segments)) }
            guard let index = RealPath.of(real + "/index.html") else { return .notFound }
            guard site.strictlyContains(index) else { return .forbidden }
            guard stat(index, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .notFound }
            return .file(URL(fileURLWithPath: index))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .notFound }
        return .file(URL(fileURLWithPath: real))
    }

    /// The location of the folder made of `segments` (decoded): one leading `/`,
    /// each segment percent-encoded again, and a final `/`. Built from the
    /// segments rather than the request's path, whose empty segments would
    /// make `//evil` a redirect to the host `evil`.
    static func folderLocation(_ segments: [Substring]) -> String {
        let encoded = segments.map { $0.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? "" }
        return "/" + encoded.map { $0 + "/" }.joined()
    }

    /// The characters a path segment may carry unencoded (RFC 3986 `pchar`, ASCII only).
    private static let segmentCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@"
    )

}
