import ArgumentParser
import Foundation
import GalleySite

/// The folder options every command that reads a project shares.
struct ProjectPaths: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder of Markdown pages.", valueName: "dir"))
    var content = "content"

    @Option(name: .long, help: ArgumentHelp("The folder of Mustache templates and assets/.", valueName: "dir"))
    var templates = "templates"

    @Option(name: .long, help: ArgumentHelp("The folder the site is written to; replaced whole on success.", valueName: "dir"))
    var output = "public"

    @Option(name: .long, help: ArgumentHelp("The site settings file (optional).", valueName: "file"))
    var config = "galley.yml"

    /// The folders as URLs resolved against the working directory.
    var layout: SiteLayout {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var layout = SiteLayout(root: cwd)
        layout.contentDirectory = resolve(content, against: cwd)
        layout.templatesDirectory = resolve(templates, against: cwd)
        layout.outputDirectory = resolve(output, against: cwd)
        layout.configurationFile = resolve(config, against: cwd)
        return layout
    }

    private func resolve(_ path: String, against base: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)).standardizedFileURL
    }
}
