import ArgumentParser

/// The `galley` command: builds documentation sites whose Swift samples are proven.
@main
struct Galley: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley",
        abstract: "Build a documentation site from Markdown, refusing Swift samples that do not compile and run.",
        discussion: """
            A Galley project has content/ (Markdown pages with optional YAML front matter), an optional \
            galley.yml, and optionally templates/, whose files replace those of the built-in Mustache theme \
            one by one. Run the commands from the project root; galley init starts a new project.

            Examples:
              galley init my-docs               Start a new site in my-docs/
              galley build                      Build content/ into public/
              galley build --output site        Build into site/ instead
              galley verify                     Only compile and run the Swift samples (CI)
              galley serve                      Preview at http://127.0.0.1:8000/, rebuilt and reloaded on save
            """,
        version: GalleyVersion.description,
        subcommands: [InitCommand.self, BuildCommand.self, VerifyCommand.self, ServeCommand.self, SourceKitWorkerCommand.self]
    )
}
