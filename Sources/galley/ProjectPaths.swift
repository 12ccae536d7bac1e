import ArgumentParser
import Foundation
import GalleyProject
import GalleySite

/// The folder options every command that reads a project shares.
struct ProjectPaths: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder of Markdown pages.", valueName: "dir"))
    var content = "content"

    @Option(name: .long, help: ArgumentHelp(
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
        layout.contentDirectory = resolve(content, against: cwd)
        layout.templatesDirectory = resolve(templates ?? "templates", against: cwd)
        // A folder named on the command line must exist; the default one is optional.
        layout.requiresTemplatesDirectory = templates != nil
        layout.outputDirectory = resolve(output, against: cwd)
        layout.configurationFile = resolve(config, against: cwd)
        return layout
    }

    private func resolve(_ path: String, against base: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)).standardizedFileURL
    }
}
