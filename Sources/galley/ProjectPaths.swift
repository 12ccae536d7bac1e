import ArgumentParser
import Foundation
import GalleyCore
import GalleyProject
import GalleySite

/// The folder options every command that reads a project shares.
struct ProjectPaths: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder of Markdown pages (default: content; in a package root, every DocC catalog and content/ beside them, or the one named here).",
            valueName: "dir"
        ))
    var content: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The theme folder: Mustache templates and assets/ that replace the built-in theme's file by file (default: templates, when it exists).",
            valueName: "dir"
        ))
    var templates: String?

    @Option(name: .long, help: ArgumentHelp("The folder the site is written to; replaced whole on success.", valueName: "dir"))
    var output = "public"

    @Option(name: .long, help: ArgumentHelp("The site settings file (optional).", valueName: "file"))
    var config = "galley.yml"

    /// The folders as URLs resolved against the working directory.
    var layout: SiteLayout {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var layout = SiteLayout(root: cwd)
        layout.contentDirectory = resolve(content ?? "content", against: cwd)
        layout.namesContentDirectory = content != nil
        layout.templatesDirectory = resolve(templates ?? "templates", against: cwd)
        // A folder named on the command line must exist; the default one is optional.
        layout.requiresTemplatesDirectory = templates != nil
        layout.outputDirectory = resolve(output, against: cwd)
        layout.configurationFile = resolve(config, against: cwd)
        // What the user named is trusted wherever it is; links found inside it are still checked.
        layout.trustedDirectories = (content != nil ? [layout.contentDirectory] : []) + (templates != nil ? [layout.templatesDirectory] : [])
        return layout
    }

    /// The package site of a package root (its DocC catalogs and `content/`,
    /// see `PackageSite`); `nil` in a site of its own. A package SwiftPM
    /// cannot describe is reported, and the command exits 1.
    func packageSite(paths: [String] = []) throws -> PackageSite? {
        do {
            return try PackageSite.discover(layout: layout, paths: paths)
        } catch {
            Diagnostics.report([error])
            throw ExitCode.failure
        }
    }

    private func resolve(_ path: String, against base: URL) -> URL {
        URL(userPath: path, relativeTo: base)
    }

    /// Makes `settings` build `site`, announcing what was found in one line
    /// on standard error once the build has read the pages.
    func configure(_ settings: inout BuildSettings, for site: PackageSite) {
        site.configure(&settings) { summary in FileHandle.standardError.write(Data("\(summary)\n".utf8)) }
    }
}
