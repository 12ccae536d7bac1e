import Hummingbird

/// The `Content-Type` of a served file, by its extension.
///
/// ```swift
/// MediaTypes.contentType(forPath: "assets/galley.css")   // "text/css; charset=utf-8"
/// ```
package enum MediaTypes {
    private static let known: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "xml": "application/xml",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "pdf": "application/pdf",
        "wasm": "application/wasm",
        "zip": "application/zip",
        "mp4": "video/mp4",
        "webm": "video/webm",
    ]

    /// The content type for the file at `path`; `application/octet-stream` when unknown.
    public static func contentType(forPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        let ext = name[name.index(after: dot)...].lowercased()
        if let type = known[ext] { return type }
        return MediaType.getMediaType(forExtension: ext).map { "\($0)" } ?? "application/octet-stream"
    }

    /// Whether a content type is HTML, which gets the live-reload script.
    public static func isHTML(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/html")
    }
}
