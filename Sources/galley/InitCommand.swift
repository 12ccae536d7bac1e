import ArgumentParser
import Foundation

/// `galley init`: start a new site in a folder.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new site: galley.yml, a first page and a GitHub Actions workflow.",
        discussion: """
            Writes galley.yml (every setting commented out and explained), content/index.md (a page \
            with a Swift sample that galley build verifies) and .github/workflows/docs.yml (verify, \
            build and publish with GitHub Pages) into the folder, creating it if needed. The site \
            builds as it is, with the theme built into galley; --theme also writes a copy of that \
            theme into templates/, where each file you keep overrides the built-in one.

            galley init never overwrites a file: when any of the files already exists it writes \
            nothing, names them and exits 1.

            Examples:
              galley init                   Start a site in the current folder
              galley init my-docs           Start a site in my-docs/ (created if missing)
              galley init --theme my-docs   Also copy the theme into my-docs/templates/
              galley init --shards 4        A workflow that verifies on 4 machines at once
            """
    )

    @Argument(help: ArgumentHelp("The folder to create the site in (created if missing).", valueName: "dir"))
    var directory = "."

    @Flag(help: "Also copy the built-in theme into DIR/templates/ to edit it.")
    var theme = false

    @Option(
        help: ArgumentHelp(
            "Verify the samples on N CI machines at once: the workflow becomes a matrix of `galley verify --shard I/N` jobs whose reports merge and whose cached results the site build reuses.",
            valueName: "n"))
    var shards = 1

    func validate() throws {
        guard (1...64).contains(shards) else {
            throw ValidationError("--shards must be between 1 and 64 (got \(shards)); 1 is one verify job")
        }
    }

    func run() throws {
        let shown = Self.displayPath(directory)
        let url = URL(fileURLWithPath: directory, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
        let written: [String]
        do {
            written = try StarterProject(includesTheme: theme, shards: shards).write(into: url, displayPath: shown)
        } catch {
            Diagnostics.report(error.diagnostics)
            throw ExitCode.failure
        }
        let themeCount = written.filter { $0.hasPrefix("templates/") }.count
        print("Created a Galley site in \(shown == "." ? "the current folder" : "\(shown)/"):")
        for path in written where !path.hasPrefix("templates/") {
            print("  \(shown == "." ? path : "\(shown)/\(path)")")
        }
        if themeCount > 0 {
            print("  \(shown == "." ? "" : "\(shown)/")templates/ (the built-in theme, \(themeCount) files: remove any you do not change)")
        }
        print("")
        print("Next:")
        let next = [
            ((shown == "." ? "" : "cd \(Self.shellQuoted(shown)) && ") + "galley build", "verify the sample and write public/"),
            ("galley serve", "preview at http://127.0.0.1:8000/, rebuilt on every save"),
        ]
        let width = next.map(\.0.count).max() ?? 0
        for (command, what) in next {
            print("  " + command.padding(toLength: width, withPad: " ", startingAt: 0) + "   # " + what)
        }
    }

    /// `dir` as the user typed it, without trailing slashes (`.` for the current folder).
    static func displayPath(_ directory: String) -> String {
        var path = directory
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? "." : path
    }

    /// `path` quoted for a POSIX shell when it needs to be.
    static func shellQuoted(_ path: String) -> String {
        let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "-_./+,@".contains($0) }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
