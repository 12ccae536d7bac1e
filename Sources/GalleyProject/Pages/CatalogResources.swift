import Foundation
import GalleyCore
import GalleyMarkdown

/// The resources of a site's catalogs, by name: resolves `![alt](diagram)`
/// and `@Image(source: "diagram.png")` to `Resources/diagram@2x.png`, and
/// reads `@Snippet(path:)` files from the package's `Snippets/` folder.
///
/// ```swift
/// let resources = CatalogResources(assets: ["Mod/Resources/diagram@2x.png", "Mod/Resources/diagram~dark.png"])
/// resources.image(named: "diagram.png", near: "Mod")   // Mod/Resources/diagram@2x.png, dark: Mod/Resources/diagram~dark.png
/// ```
public struct CatalogResources: Sendable {
    /// Site paths of image files by their name: lowercased, without extension, `@2x` or `~dark`.
    private var imagesByName: [String: [String]] = [:]

    /// Indexes `assets`, the site paths of a site's files.
    public init(assets: [String]) {
        for asset in assets {
            let name = Self.name(of: asset)
            guard !name.isEmpty else { continue }
            imagesByName[name, default: []].append(asset)
        }
    }

    /// `Resources/Diagram~dark@2x.png` → `diagram`.
    static func name(of path: String) -> String {
        var file = Substring(path.split(separator: "/").last ?? "")
        if let dot = file.lastIndex(of: "."), dot != file.startIndex { file = file[..<dot] }
        for suffix in ["@1x", "@2x", "@3x"] where file.hasSuffix(suffix) { file = file.dropLast(suffix.count) }
        if file.hasSuffix("~dark") { file = file.dropLast("~dark".count) }
        for suffix in ["@1x", "@2x", "@3x"] where file.hasSuffix(suffix) { file = file.dropLast(suffix.count) }
        return file.lowercased()
    }

    /// The image `source` names, preferring files under `prefix` (the page's
    /// catalog): the plain file, else `@2x`, else any; its `~dark` variant likewise.
    public func image(named source: String, near prefix: String) -> CatalogImage? {
        guard !source.isEmpty, !MarkdownLink(destination: source, line: 0, column: 0).isExternal else { return nil }
        let wanted = Self.name(of: source)
        let written = Substring(source.split(separator: "/").last ?? "")
        let hasExtension = written.contains(".")
        guard var candidates = imagesByName[wanted] else { return nil }
        if !prefix.isEmpty {
            let local = candidates.filter { RelativePath.is($0, inside: prefix) }
            if !local.isEmpty { candidates = local }
        }
        if hasExtension, let dot = written.lastIndex(of: ".") {
            let fileExtension = written[dot...].lowercased()
            let same = candidates.filter { $0.lowercased().hasSuffix(fileExtension) }
            if !same.isEmpty { candidates = same }
        }
        candidates.sort()
        let file = { (path: String) in String(path.split(separator: "/").last ?? "") }
        let light = candidates.filter { !file($0).contains("~dark") }
        let dark = candidates.filter { file($0).contains("~dark") }
        func best(_ paths: [String]) -> String? {
            paths.first { !file($0).contains("@") } ?? paths.first { file($0).contains("@2x") } ?? paths.first
        }
        guard let path = best(light) ?? best(dark) else { return nil }
        return CatalogImage(path: path, darkPath: best(light).flatMap { _ in best(dark) })
    }

    /// The images `page` names by resource name rather than by a path that exists.
    public func images(of page: Page, prefix: String, files: Set<String>) -> [String: CatalogImage] {
        var sources = page.document.links.filter(\.isImage).map(\.destination)
        for directive in page.document.directives where directive.name == "Image" || directive.name == "Video" {
            sources += ["source", "poster"].compactMap { directive.argument($0) }
        }
        var found: [String: CatalogImage] = [:]
        for source in sources where found[source] == nil {
            if let resolved = RelativeURL.resolve(source, against: page.sourcePath), files.contains(resolved) { continue }
            if let image = image(named: source, near: prefix) { found[source] = image }
        }
        return found
    }

    /// Each `@Snippet(path:)` file of `page`: `Package/Snippets/Name` is
    /// `Snippets/Name.swift` in the package folder `root`.
    public static func snippets(of page: Page, root: URL) -> [String: SnippetFile] {
        var found: [String: SnippetFile] = [:]
        for directive in page.document.directives where directive.name == "Snippet" {
            guard let path = directive.argument("path"), found[path] == nil else { continue }
            let parts = path.split(separator: "/").map(String.init)
            guard !parts.contains(".."), parts.count >= 2 else { continue }
            let candidates = [parts.dropFirst().joined(separator: "/"), parts.joined(separator: "/")]
            for candidate in candidates {
                let relative = candidate.hasSuffix(".swift") ? candidate : candidate + ".swift"
                let file = root.appendingPathComponent(relative)
                if FolderPath(root).contains(file.path), let text = try? String(contentsOf: file, encoding: .utf8) {
                    found[path] = SnippetFile(path: relative, text: text)
                    break
                }
            }
        }
        return found
    }
}
