import ArgumentParser
import Foundation
import GalleyCore
import GalleyPackage
import GalleyProject
import GalleySite

/// `galley init`: start a new site in a folder.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new site (galley.yml, a first page, a workflow), or set up a Swift package's documentation.",
        discussion: """
            In the root of a Swift package (a folder with Package.swift), galley init writes only what \
            the package needs: a galley.yml whose every line is commented out (Galley reads the package's \
            DocC catalogs, doc comments and library products as they are) and, with --ci github, \
            .github/workflows/docs.yml (verify on pull requests with annotations and a baseline of \
            known failures, build and deploy to GitHub Pages on main). It says what it found, keeps a \
            file that exists, writes no content/ folder, and verifies the package once to write \
            galley-setup.swift into each catalog whose samples use names nothing declares (--no-setup \
            skips that; it builds the package, and galley verify reuses the results).

            Anywhere else it writes galley.yml (every setting commented out and explained), content/index.md (a page \
            with a Swift sample that galley build verifies) and .github/workflows/docs.yml (verify, \
            build and publish with GitHub Pages) into the folder, creating it if needed. The site \
            builds as it is, with the theme built into galley; --theme also writes a copy of that \
            theme into templates/, where each file you keep overrides the built-in one.

            galley init never overwrites a file. For a new site, when any of the files already exists \
            it writes nothing, names them and exits 1; in a package root it keeps each one that exists \
            and writes the others (exit 1 when there is nothing left to write).

            Examples:
              galley init                   Start a site in the current folder
              galley init my-docs           Start a site in my-docs/ (created if missing)
              galley init --theme my-docs   Also copy the theme into my-docs/templates/
              galley init --shards 4        A workflow that verifies on 4 machines at once
              galley init --ci none         No workflow
              galley init --ci github       In a package root: also a CI workflow
              galley init --ci github --shards 4
                                            In a package root: verify on 4 CI machines
              galley init --ci github --versions
                                            In a package root: publish every release's docs, one CI job per version
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

    @Flag(help: "In a package root with --ci github: main publishes every version (galley build --versions), one CI job per version.")
    var versions = false

    /// Where the written workflow runs.
    enum CI: String, ExpressibleByArgument, CaseIterable {
        /// GitHub Actions: `.github/workflows/docs.yml`.
        case github
        /// No workflow.
        case none
    }

    @Option(
        help: ArgumentHelp(
            "Write a CI workflow: github (.github/workflows/docs.yml) or none. Default: github for a new site, none in a package root.",
            valueName: "ci"))
    var ci: CI?

    @Flag(
        name: .customLong("no-setup"),
        help: """
            In a package root, do not verify the package once to write galley-setup.swift into each catalog whose samples \
            use names nothing declares (that builds the package: minutes the first time; galley verify reuses its results).
            """)
    var noSetup = false

    func validate() throws {
        guard (1...64).contains(shards) else {
            throw ValidationError("--shards must be between 1 and 64 (got \(shards)); 1 is one verify job")
        }
    }

    func run() throws {
        let shown = Self.displayPath(directory)
        let url = URL(fileURLWithPath: directory, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
        if SwiftPackage.isPackage(url) {
            try initPackage(at: url, shown: shown)
            return
        }
        let written: [String]
        do {
            written = try StarterProject(includesTheme: theme, shards: shards, writesWorkflow: ci != CI.none).write(into: url, displayPath: shown)
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

    /// `galley init` in a package root: galley.yml and the workflow (with
    /// `--ci github`), each only when it does not exist yet, then what was found.
    private func initPackage(at url: URL, shown: String) throws {
        let site: PackageSite
        do {
            guard let found = try PackageSite.discover(layout: SiteLayout(root: url)) else { throw ExitCode.failure }
            site = found
        } catch let error as Diagnostic {
            Diagnostics.report([error])
            throw ExitCode.failure
        }
        let starter = PackageStarter(site: site, workflow: ci == .github ? PackageWorkflow(shards: shards, versions: versions) : nil)
        let candidates = starter.files(skipping: [])
        let kept = candidates.map(\.path).filter { StarterFile.exists(url.appendingPathComponent($0)) }
        var files = starter.files(skipping: Set(kept))
        if theme {
            files += StarterProject(includesTheme: true).files.filter { $0.path.hasPrefix("templates/") }
        }
        let inFolder = { (path: String) in shown == "." ? path : "\(shown)/\(path)" }
        print("Swift package \(site.package.name)\(shown == "." ? "" : " in \(shown)/"):")
        for line in starter.findings { print("  " + line) }
        print("")
        if files.isEmpty {
            Diagnostics.report([
                Diagnostic(
                    "galley init wrote nothing: " + kept.map(inFolder).joined(separator: " and ") + " already exist\(kept.count == 1 ? "s" : "")",
                    suggestion: ci == .github
                        ? "Move \(kept.count == 1 ? "it" : "them") away to have galley init write \(kept.count == 1 ? "it" : "them") again"
                        : "Add --ci github for a GitHub Actions workflow")
            ])
            throw ExitCode.failure
        }
        let written: [String]
        do {
            written = try StarterFile.write(files, into: url, displayPath: shown)
        } catch {
            Diagnostics.report(error.diagnostics)
            throw ExitCode.failure
        }
        print("Wrote:")
        for path in written where !path.hasPrefix("templates/") { print("  " + inFolder(path)) }
        let themeCount = written.filter { $0.hasPrefix("templates/") }.count
        if themeCount > 0 { print("  \(inFolder("templates/")) (the built-in theme, \(themeCount) files: remove any you do not change)") }
        for path in kept { print("Kept \(inFolder(path)) as it is.") }
        print("")
        if !noSetup { suggestSetup(for: site, at: url) }
        print("Next:")
        let cd = shown == "." ? "" : "cd \(Self.shellQuoted(shown)) && "
        var next = [
            (cd + "galley verify", "compile and run the catalogs' samples and the doc comments' listings"),
            ("galley verify --suggest-setup", "write galley-setup.swift again after the catalogs change"),
            ("galley verify --baseline \(PackageWorkflow.baselineFile) --bless-baseline", "record today's failures as known, to commit"),
            ("galley serve", "preview the site at http://127.0.0.1:8000/"),
        ]
        if ci != .github { next.append(("galley init --ci github", "add a GitHub Actions workflow: verify pull requests, publish on main")) }
        let width = next.map(\.0.count).max() ?? 0
        for (command, what) in next {
            print("  " + command.padding(toLength: width, withPad: " ", startingAt: 0) + "   # " + what)
        }
    }

    /// Verifies the package once with `--suggest-setup`'s work: each catalog
    /// whose samples use names nothing declares gets a `galley-setup.swift`.
    /// What fails is reported but does not fail `galley init`.
    private func suggestSetup(for site: PackageSite, at url: URL) {
        print("Verifying the package once, for the setup its catalogs need (galley verify reuses the results)…")
        var settings = BuildSettings(layout: SiteLayout(root: url))
        settings.progress = Progress.line
        site.configure(&settings) { _ in }
        var options = VerifyOptions()
        options.suggestsSetup = true
        do {
            let outcome = try BuildSession.verify(settings, options: options)
            Progress.clear()
            for note in outcome.notes { print("  " + note.replacingOccurrences(of: "\n", with: "\n  ")) }
            print("  Samples: \(outcome.report.summary)")
        } catch {
            Progress.clear()
            Diagnostics.report(
                error.diagnostics.map { diagnostic in
                    var warning = diagnostic
                    warning.severity = .warning
                    return warning
                })
            print("  No setup was written; run `galley verify --suggest-setup` once the package builds.")
        }
        print("")
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
