import Foundation
import GalleyCore
import GalleyProject
import GalleyRender

/// The pages, re-parsing only those that changed since the last build, and
/// the files of the site that are not pages.
struct PageStage {
    let context: BuildContext

    /// What the stage hands on.
    struct Output {
        /// The pages as loaded, with the problems of those that could not be read.
        var content: LoadedContent
        /// The source paths of the pages that changed.
        var changedSources: Set<String>
    }

    func run(_ source: any PageSource) throws(BuildFailure) -> Output {
        let previous = context.previous
        let changedSources = Set(
            (previous?.pages.keys).map { keys in
                keys.filter { key in context.changes.content.contains { RelativePath.is(key, inside: $0) } }
            } ?? [])
        let content: LoadedContent
        do {
            content = try source.load(reusing: previous?.pages ?? [:], changed: changedSources)
        } catch {
            throw BuildFailure(error.diagnostics)
        }
        context.settings.pagesLoaded(content)
        return Output(content: content, changedSources: changedSources)
    }

    /// The files that are not pages: the source's assets and the theme's
    /// (a site's theme files are copied; the built-in theme's are bytes).
    static func files(_ content: LoadedContent, source: any PageSource, templates: TemplateSet?) -> SiteFiles {
        var files = SiteFiles()
        for asset in content.assets { files.copied[asset] = source.assetFile(asset) }
        for (asset, origin) in templates?.assets ?? [:] {
            switch origin {
            case .file(let url): files.copied["assets/\(asset)"] = url
            case .builtIn(let data): files.builtInAssets["assets/\(asset)"] = data
            }
        }
        return files
    }
}

/// The files of a site that are not rendered pages.
struct SiteFiles {
    /// Copied as they are, by output path.
    var copied: [String: URL] = [:]
    /// The built-in theme's assets, written as bytes.
    var builtInAssets: [String: Data] = [:]
}
