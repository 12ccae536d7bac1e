import Foundation

/// Relative URLs between output files, so the site works from any folder or host path.
package enum RelativeURL {
    /// The URL of `target` as seen from the page at `from` (both site-relative paths).
    ///
    /// `RelativeURL.from("guide/a.html", to: "index.html")` is `"../index.html"`;
    /// `target` is percent-encoded (see ``encoded(_:)``).
    package static func from(_ from: String, to target: String) -> String {
        let depth = from.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
        return String(repeating: "../", count: depth) + encoded(target)
    }

    /// `path` (site-relative, `/`-separated, as ``Page/url`` holds it) with
    /// each segment percent-encoded, for an `href` or a sitemap: a page
    /// named `a#b.md`, `what?.md`, `100%.md` or `my page.md` is linked as
    /// `a%23b.html`, `what%3F.html`, `100%25.html`, `my%20page.html`, which
    /// a browser and `galley serve` decode back to the file's name.
    /// A `../` prefix and the separators are kept.
    package static func encoded(_ path: String) -> String {
        // Most paths need no encoding: checked byte by byte, without Foundation.
        let allowed = segmentBytes  // once, not a global's accessor per byte
        if path.utf8.allSatisfy({ $0 == UInt8(ascii: "/") || allowed[Int($0)] }) { return path }
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? String($0) }
            .joined(separator: "/")
    }

    /// The characters a path segment may carry unencoded (RFC 3986 `pchar`, ASCII only).
    private static let segmentCharacters = CharacterSet(charactersIn: segmentCharacterList)
    private static let segmentCharacterList = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@"

    /// ``segmentCharacters`` as a table of bytes (non-ASCII bytes are never allowed).
    private static let segmentBytes: [Bool] = (0..<256).map { byte in
        segmentCharacterList.utf8.contains(UInt8(byte))
    }

    /// The non-empty `/`-separated segments of `path`, split at `/` bytes.
    /// `/` is one Unicode scalar and never part of another's UTF-8, so these
    /// are the segments a split of its scalars gives, not of its Characters:
    /// a `/` followed by a combining mark still separates.
    static func segments(_ path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

    /// Resolves `path` (relative to the folder of `base`, or to the site root
    /// when it starts with `/`) into a normalized site-relative path; `nil`
    /// when it climbs above the root.
    package static func resolve(_ path: String, against base: String) -> String? {
        var components: [Substring] = []
        if !path.hasPrefix("/") {
            components = segments(base)
            if !components.isEmpty { components.removeLast() }
        }
        for part in segments(path) {
            switch part {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(part)
            }
        }
        var resolved = components.joined(separator: "/")
        if path.hasSuffix("/") && !resolved.isEmpty { resolved += "/" }
        return resolved
    }
}
