import Foundation
import GalleyServer

/// A request path → `SitePathResolver.resolve`, against a small site with a
/// folder, a hidden file and symbolic links inside and outside it.
///
/// Checks the resolver's promise: a file it serves is inside the site folder,
/// and a redirect is a path on this server (`/…`, never `//host`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSitePathResolver(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = FuzzInput(data, size).text
    let site = FuzzSite.shared
    switch site.resolver.resolve(path) {
    case .file(let url):
        fuzzCheck(url.path.hasPrefix(site.realRoot + "/"), "\(path.debugDescription) served \(url.path), outside \(site.realRoot)")
        fuzzCheck(!url.path.contains("/."), "\(path.debugDescription) served the hidden file \(url.path)")
    case .redirect(let location):
        fuzzCheck(
            location.hasPrefix("/") && !location.hasPrefix("//") && location.hasSuffix("/"),
            "\(path.debugDescription) redirects to \(location.debugDescription)")
        fuzzCheck(
            !location.contains("\\") && !location.contains("\r") && !location.contains("\n"),
            "\(path.debugDescription) redirects to \(location.debugDescription)")
    case .notFound, .forbidden:
        break
    }
    return 0
}

/// The site the resolver serves: made once per fuzzing process in its temporary folder.
///
/// ```
/// <tmp>/galley-fuzz-<pid>/secret.txt
/// <tmp>/galley-fuzz-<pid>/public/{index.html, guide/index.html, read me/index.html,
///   empty/, .hidden, a%20b.html, in.html → index.html, out.txt → ../secret.txt, up → ..}
/// ```
final class FuzzSite: Sendable {
    static let shared = FuzzSite()

    let resolver: SitePathResolver
    let realRoot: String
    /// The folder holding the site and the file outside it; removed at exit.
    let base: URL

    private init() {
        let manager = FileManager.default
        let base = manager.temporaryDirectory.appendingPathComponent("galley-fuzz-\(getpid())")
        let root = base.appendingPathComponent("public")
        do {
            try? manager.removeItem(at: base)
            for folder in ["guide", "read me", "empty"] {
                try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            for file in ["index.html", "guide/index.html", "read me/index.html", ".hidden", "a%20b.html", "../secret.txt"] {
                try Data("x".utf8).write(to: root.appendingPathComponent(file))
            }
            try manager.createSymbolicLink(atPath: root.appendingPathComponent("in.html").path, withDestinationPath: "index.html")
            try manager.createSymbolicLink(atPath: root.appendingPathComponent("out.txt").path, withDestinationPath: "../secret.txt")
            try manager.createSymbolicLink(atPath: root.appendingPathComponent("up").path, withDestinationPath: "..")
        } catch {
            fatalError("cannot make the fuzzing site in \(base.path): \(error)")
        }
        atexit { try? FileManager.default.removeItem(at: FuzzSite.shared.base) }
        self.base = base
        resolver = SitePathResolver(root: root)
        realRoot = root.resolvingSymlinksInPath().path
    }
}
