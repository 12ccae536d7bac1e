import Foundation
import GalleyTestSupport
import Testing

@Suite("galley init, end to end")
struct InitCommandTests {
    @Test("galley init DIR writes a site that galley build builds with nothing else, its sample verified")
    func initThenBuild() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let created = try GalleyExecutable.run(["init", "x"], in: folder.url)
        #expect(created.status == 0, "\(created.standardError)")
        for line in [
            "  x/galley.yml\n", "  x/content/index.md\n", "  x/.github/workflows/docs.yml\n",
            "cd x && galley build", "galley serve",
        ] {
            #expect(created.standardOutput.contains(line), "missing \(line) in:\n\(created.standardOutput)")
        }
        #expect(!folder.exists("x/templates"))
        #expect(try folder.read("x/galley.yml").split(separator: "\n").allSatisfy { $0.hasPrefix("#") }, "galley.yml sets something")

        let site = folder.url.appendingPathComponent("x")
        let built = try GalleyExecutable.run(["build"], in: site)
        #expect(built.status == 0, "\(built.standardError)")
        #expect(built.standardOutput.hasPrefix("Samples: 1 passed, 0 failed, 0 skipped ("), "\(built.standardOutput)")
        #expect(built.standardOutput.contains("sandboxed)\nBuilt 1 page in "))
        let index = try folder.read("x/public/index.html")
        #expect(index.contains("<figcaption class=\"sample-badge\">✓ Verified</figcaption>"))
        #expect(index.contains("Hello, Galley!"))
        #expect(folder.exists("x/public/assets/galley.css"))
    }

    @Test("galley init in the current folder keeps other files and says to run galley build there")
    func currentFolder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("README.md", "mine\n")
        let created = try GalleyExecutable.run(["init"], in: folder.url)
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput.contains("  galley.yml\n"))
        #expect(created.standardOutput.contains("\n  galley build "))
        #expect(!created.standardOutput.contains("cd "))
        #expect(try folder.read("README.md") == "mine\n")
        #expect(folder.exists("content/index.md"))
    }

    @Test("galley init again exits 1, names each existing file, and changes nothing")
    func refusesToOverwrite() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        #expect(try GalleyExecutable.run(["init", "x"], in: folder.url).status == 0)
        try folder.write("x/galley.yml", "title: Mine\n")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("x/.github/workflows/docs.yml"))
        let before = try folder.snapshot("x")

        let again = try GalleyExecutable.run(["init", "x"], in: folder.url)
        #expect(again.status == 1)
        #expect(again.standardOutput.isEmpty)
        #expect(
            again.standardError == """
                error: x/galley.yml: already exists
                error: x/content/index.md: already exists
                error: galley init wrote nothing: 2 files are in the way, and it never overwrites one. Move or remove them, or pick another folder: galley init DIR

                """)
        #expect(try folder.snapshot("x") == before)
        #expect(!folder.exists("x/.github/workflows/docs.yml"), "a missing file was written although others were in the way")
    }

    @Test("galley init --theme copies the theme, and a build uses an edited copy of a partial")
    func theme() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let created = try GalleyExecutable.run(["init", "--theme", "x"], in: folder.url)
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput.contains("x/templates/ (the built-in theme, 11 files"))
        for path in [
            "layout.mustache", "404.mustache", "partials/head.mustache", "partials/sidebar.mustache",
            "partials/page.mustache", "partials/toc.mustache", "assets/galley.css", "assets/galley.js",
            "assets/lunr.min.js", "assets/lunr-LICENSE.txt", "assets/favicon.svg",
        ] {
            #expect(folder.exists("x/templates/\(path)"), "missing templates/\(path)")
        }
        #expect(try folder.read("x/templates/layout.mustache").contains("{{> partials/sidebar}}"))

        let sidebar = try folder.read("x/templates/partials/sidebar.mustache")
        try folder.write(
            "x/templates/partials/sidebar.mustache",
            sidebar.replacingOccurrences(of: "<header class=\"sidebar\">", with: "<header class=\"sidebar\">\n<p class=\"edited\">Edited sidebar</p>")
        )
        let built = try GalleyExecutable.run(["build"], in: folder.url.appendingPathComponent("x"))
        #expect(built.status == 0, "\(built.standardError)")
        let index = try folder.read("x/public/index.html")
        #expect(index.contains("<p class=\"edited\">Edited sidebar</p>"))
        #expect(try folder.read("x/public/assets/galley.css") == folder.read("x/templates/assets/galley.css"))
    }

    @Test("--help explains the command with examples, and galley --help lists it")
    func help() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try GalleyExecutable.run(["init", "--help"], in: folder.url)
        #expect(result.status == 0)
        for text in ["<dir>", "--theme", "never overwrites", "Examples:", "galley init my-docs"] {
            #expect(result.standardOutput.contains(text), "missing \(text)")
        }
        #expect(try GalleyExecutable.run(["--help"], in: folder.url).standardOutput.contains("  init "))
        #expect(!folder.exists("galley.yml"))
    }
}

@Suite("The built-in theme, end to end")
struct BuiltInThemeCommandTests {
    @Test("galley build needs no templates/, but a --templates folder that does not exist is an error")
    func templatesOption() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/index.md", "# Home\n")
        let missing = try GalleyExecutable.run(["build", "--templates", "theme"], in: site.url)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("error: templates folder 'theme' does not exist."))
        #expect(!site.exists("public"))
        let built = try GalleyExecutable.run(["build"], in: site.url)
        #expect(built.status == 0, "\(built.standardError)")
        #expect(try site.read("public/index.html").contains("assets/galley.css"))
    }
}
