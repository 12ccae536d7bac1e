/// Relative URLs between output files, so the site works from any folder or host path.
enum RelativeURL {
    /// The URL of `target` as seen from the page at `from` (both site-relative paths).
    ///
    /// `RelativeURL.from("guide/a.html", to: "index.html")` is `"../index.html"`.
    static func from(_ from: String, to target: String) -> String {
        let depth = from.filter { $0 == "/" }.count
        return String(repeating: "../", count: depth) + target
    }

    /// Resolves `path` (relative to the folder of `base`, or to the site root
    /// when it starts with `/`) into a normalized site-relative path; `nil`
    /// when it climbs above the root.
    static func resolve(_ path: String, against base: String) -> String? {
        var components: [Substring] = []
        if !path.hasPrefix("/") {
            components = base.split(separator: "/")
            if !components.isEmpty { components.removeLast() }
        }
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
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
