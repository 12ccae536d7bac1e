import Foundation
import GalleyProject
import GalleyRender
import GalleySite
import GalleyTestSupport
import GalleyTheme
import Testing

/// The theme compiled into `galley`, and a site's `templates/` laid over it file by file.
@Suite("The built-in theme")
struct DefaultThemeTests {
    /// `templates/` in this checkout: the built-in theme's sources.
    static let themeFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("templates")

    /// A site with `pages` under `content/` and `theme` under `templates/` (none when empty).
    func site(
        pages: [String: String] = ["index.md": "# Home\n\n## Part\n\nSee [more](more.md).\n", "more.md": "# More\n"],
        theme: [String: String] = [:]
    ) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for (path, text) in pages { try directory.write("content/\(path)", text) }
        for (path, text) in theme { try directory.write("templates/\(path)", text) }
        return directory
    }

    func build(_ directory: TemporaryDirectory) throws(BuildFailure) {
        _ = try BuildSession.build(BuildSettings(layout: SiteLayout(root: directory.url)))
    }

    func output(_ directory: TemporaryDirectory, _ path: String) throws -> Data {
        try Data(contentsOf: directory.url.appendingPathComponent("public/\(path)"))
    }

    @Test("the compiled-in theme matches its folder, templates/")
    func noDrift() throws {
        let folder = Self.themeFolder
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("layout.mustache").path), "no theme at \(folder.path)")
        var onDisk: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            onDisk[path] = try Data(contentsOf: url)
        }
        let advice = "Sources/GalleyTheme/DefaultTheme.swift is out of date: run `make theme` and rebuild"
        for path in Set(onDisk.keys).subtracting(DefaultTheme.files.keys).sorted() {
            Issue.record("templates/\(path) is not compiled in. \(advice)")
        }
        for path in Set(DefaultTheme.files.keys).subtracting(onDisk.keys).sorted() {
            Issue.record("templates/\(path) is compiled in but no longer in the folder. \(advice)")
        }
        for (path, data) in onDisk.sorted(by: { $0.key < $1.key }) where DefaultTheme.files[path].map({ $0 != data }) == true {
            Issue.record("templates/\(path) differs from its compiled-in copy. \(advice)")
        }
        #expect(onDisk.count == DefaultTheme.files.count)
    }

    @Test("a site with no templates/ folder builds with the built-in theme")
    func noTemplatesFolder() throws {
        let directory = try site()
        defer { directory.remove() }
        #expect(!directory.exists("templates"))
        try build(directory)
        let index = try directory.read("public/index.html")
        #expect(index.contains("<link rel=\"stylesheet\" href=\"assets/galley.css\">"))
        #expect(index.contains("<header class=\"sidebar\">"))
        #expect(index.contains("<aside class=\"toc\""))
        #expect(index.contains("<h2 id=\"part\">"))
        #expect(try output(directory, "assets/galley.css") == DefaultTheme.files["assets/galley.css"])
        #expect(try output(directory, "assets/galley.js") == DefaultTheme.files["assets/galley.js"])
        #expect(try directory.read("public/404.html").contains("<article class=\"content not-found\">"))
    }

    @Test("templates/partials/head.mustache alone overrides that partial; the layout, other partials and assets are built in")
    func onePartialOverrides() throws {
        let directory = try site(theme: ["partials/head.mustache": "<head><title>Custom: {{page.title}}</title></head>\n"])
        defer { directory.remove() }
        try build(directory)
        let index = try directory.read("public/index.html")
        #expect(index.contains("<head><title>Custom: Home</title></head>"))
        #expect(!index.contains("assets/galley.css"), "the built-in head partial was used")
        #expect(index.contains("<header class=\"sidebar\">"), "the built-in sidebar partial was not used")
        #expect(index.contains("<nav class=\"pagination\""), "the built-in page partial was not used")
        #expect(try directory.read("public/404.html").contains("<title>Custom: Page not found</title>"))
        #expect(try output(directory, "assets/galley.css") == DefaultTheme.files["assets/galley.css"])
        #expect(try output(directory, "assets/galley.js") == DefaultTheme.files["assets/galley.js"])
    }

    @Test("a site's own asset is copied alongside the built-in ones, and one with a built-in name replaces it")
    func ownAssets() throws {
        let directory = try site(theme: ["assets/extra.js": "// extra\n", "assets/galley.css": "body { color: red }\n"])
        defer { directory.remove() }
        try build(directory)
        #expect(try directory.read("public/assets/extra.js") == "// extra\n")
        #expect(try directory.read("public/assets/galley.css") == "body { color: red }\n")
        #expect(try output(directory, "assets/galley.js") == DefaultTheme.files["assets/galley.js"])
    }

    @Test("a site's own partial can be used by its own layout, and a page may link to a built-in asset")
    func ownPartials() throws {
        let layout = String(decoding: DefaultTheme.files["layout.mustache"] ?? Data(), as: UTF8.self)
            .replacingOccurrences(of: "{{> partials/toc}}", with: "{{> partials/toc}}\n{{> custom/banner}}")
        let directory = try site(
            pages: ["index.md": "# Home\n\n[The style sheet](assets/galley.css)\n"],
            theme: ["layout.mustache": layout, "custom/banner.mustache": "<p class=\"banner\">{{site.title}}</p>\n"]
        )
        defer { directory.remove() }
        try build(directory)
        let index = try directory.read("public/index.html")
        #expect(index.contains("<p class=\"banner\">Documentation</p>"))
        #expect(index.contains("<header class=\"sidebar\">"))
    }

    @Test("a --templates folder that does not exist is an error; a file named templates is one too")
    func missingNamedFolder() throws {
        let directory = try site()
        defer { directory.remove() }
        var layout = SiteLayout(root: directory.url)
        layout.templatesDirectory = directory.url.appendingPathComponent("theme")
        layout.requiresTemplatesDirectory = true
        do {
            _ = try BuildSession.build(BuildSettings(layout: layout))
            Issue.record("a missing --templates folder was accepted")
        } catch {
            #expect(
                error.errors.map(\.description) == [
                    "templates folder 'theme' does not exist. Check the --templates path, leave the option out to use the built-in theme, or create a copy of the built-in theme to edit with `galley init --theme DIR`"
                ])
        }
        try directory.write("templates", "not a folder\n")
        do {
            try build(directory)
            Issue.record("a file named templates was accepted")
        } catch {
            #expect(error.errors.first?.description.hasPrefix("templates: templates folder 'templates' is a file, not a folder.") == true)
        }
        #expect(!directory.exists("public"))
    }
}
