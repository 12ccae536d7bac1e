import Foundation
import GalleyRender
import GalleySite
import GalleyTestSupport
import GalleyTheme
import Testing

/// Every incremental build is compared byte for byte with a full build of the same tree.
@Suite("Incremental builds equal full builds")
struct IncrementalBuildTests {
    let pages = [
        "index.md": "---\ntitle: Home\n---\n# Welcome\n\nRead the [guide](guide/intro.md#setup).\n",
        "guide/intro.md": "---\norder: 2\n---\n# Introduction\n\n## Setup\n\nBack [home](../index.md).\n",
        "alpha.md": "# Alpha\n![logo](images/logo.png)\n",
        "zeta.md": "# Zeta\n",
        "images/logo.png": "PNG-1",
        "files/unused.txt": "unused",
    ]

    /// An incremental session on a project, with the comparison against a full build.
    struct Session {
        let project: Project
        var session: BuildSession

        init(pages: [String: String]) throws {
            project = try Project(pages: pages)
            session = BuildSession(BuildSettings(layout: project.layout))
            _ = try session.build(.all)
        }

        init(project: Project, session: BuildSession) {
            self.project = project
            self.session = session
        }

        /// Builds the changes of `paths` (project-relative) incrementally.
        mutating func rebuild(_ paths: [String], library: URL? = nil) throws(BuildFailure) {
            let urls = paths.map { project.directory.url.appendingPathComponent($0) }
            _ = try session.build(SiteChanges(files: urls, layout: project.layout, folders: SiteChanges.Folders(library: library.map { [$0] } ?? [])))
        }

        /// `public/` after the incremental builds, and a full build of the same tree elsewhere.
        func compareWithFullBuild() throws -> (incremental: [String: Data], full: [String: Data]) {
            var layout = project.layout
            layout.outputDirectory = project.directory.url.appendingPathComponent("full")
            _ = try BuildSession.build(BuildSettings(layout: layout))
            defer { try? FileManager.default.removeItem(at: layout.outputDirectory) }
            return (try project.directory.snapshot("public"), try project.directory.snapshot("full"))
        }
    }

    @Test("a template change re-renders every page as a full build would")
    func templateChange() throws {
        var session = try Session(pages: pages)
        defer { session.project.directory.remove() }
        try session.project.directory.write("templates/partials/head.mustache", "<title>{{page.title}} — changed</title>\n")
        try session.rebuild(["templates/partials/head.mustache"])
        let (incremental, full) = try session.compareWithFullBuild()
        #expect(incremental == full)
        #expect(String(decoding: incremental["/zeta.html"] ?? Data(), as: UTF8.self).contains("Zeta — changed"))
    }

    @Test("changed, added and removed assets of content and theme match a full build")
    func assetChanges() throws {
        var session = try Session(pages: pages)
        defer { session.project.directory.remove() }
        let directory = session.project.directory
        try directory.write("content/images/logo.png", "PNG-2")
        try directory.write("content/images/new.png", "NEW")
        try directory.write("templates/assets/site.css", "body { margin: 1em }\n")
        try directory.write("templates/assets/extra.js", "// extra\n")
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("content/files/unused.txt"))
        try session.rebuild([
            "content/images/logo.png", "content/images/new.png", "templates/assets/site.css",
            "templates/assets/extra.js", "content/files/unused.txt",
        ])
        let (incremental, full) = try session.compareWithFullBuild()
        #expect(incremental == full)
        #expect(incremental["/images/logo.png"] == Data("PNG-2".utf8))
        #expect(incremental["/files/unused.txt"] == nil)
    }

    @Test("overriding a built-in asset and partial, then removing the overrides, match full builds")
    func builtInThemeOverrides() throws {
        var session = try Session(pages: pages)
        defer { session.project.directory.remove() }
        let directory = session.project.directory
        try directory.write("templates/assets/galley.css", "body { color: red }\n")
        try session.rebuild(["templates/assets/galley.css"])
        var (incremental, full) = try session.compareWithFullBuild()
        #expect(incremental == full)
        #expect(incremental["/assets/galley.css"] == Data("body { color: red }\n".utf8))

        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("templates/assets/galley.css"))
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("templates/partials/head.mustache"))
        try session.rebuild(["templates/assets/galley.css", "templates/partials/head.mustache"])
        (incremental, full) = try session.compareWithFullBuild()
        #expect(incremental == full)
        #expect(incremental["/assets/galley.css"] == DefaultTheme.files["assets/galley.css"])
        #expect(
            String(decoding: incremental["/zeta.html"] ?? Data(), as: UTF8.self).contains("href=\"assets/galley.css\""),
            "the built-in head partial is used again")
    }

    @Test("a deleted page disappears and the navigation of every other page changes")
    func deletion() throws {
        var session = try Session(pages: pages)
        defer { session.project.directory.remove() }
        try FileManager.default.removeItem(at: session.project.directory.url.appendingPathComponent("content/zeta.md"))
        try session.rebuild(["content/zeta.md"])
        let (incremental, full) = try session.compareWithFullBuild()
        #expect(incremental == full)
        #expect(incremental["/zeta.html"] == nil)
    }

    @Test("changes of a failed build are replayed by the next one")
    func replayAfterFailure() throws {
        var session = try Session(pages: pages)
        defer { session.project.directory.remove() }
        let directory = session.project.directory
        let before = try directory.snapshot("public")
        // One edit breaks a link, another renames a page: the build fails and writes nothing.
        try directory.write("content/index.md", "# Welcome\n\n[broken](missing.md)\n")
        try directory.write("content/zeta.md", "---\ntitle: Omega\n---\n# Zeta\n")
        #expect(throws: BuildFailure.self) { try session.rebuild(["content/index.md", "content/zeta.md"]) }
        #expect(try directory.snapshot("public") == before)
        // Fixing the first file alone must still bring the second one's change.
        try directory.write("content/index.md", "# Welcome back\n")
        try session.rebuild(["content/index.md"])
        let (incremental, full) = try session.compareWithFullBuild()
        #expect(incremental == full)
        #expect(String(decoding: incremental["/alpha.html"] ?? Data(), as: UTF8.self).contains("Omega"))
    }

    @Test("an output update that fails halfway leaves the previous files, and the next build completes")
    func failedUpdate() throws {
        var session = try Session(pages: pages)
        defer { session.project.directory.remove() }
        let directory = session.project.directory
        // A new title re-renders every page; a folder in the place of zeta.html stops the update halfway.
        try directory.write("content/alpha.md", "---\ntitle: First\n---\n# Alpha\n![logo](images/logo.png)\n")
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("public/zeta.html"))
        try directory.write("public/zeta.html/blocker", "x")
        let before = try directory.snapshot("public")
        #expect(throws: BuildFailure.self) { try session.rebuild(["content/alpha.md"]) }
        #expect(try directory.snapshot("public") == before)
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("public/zeta.html"))
        try directory.write("content/zeta.md", "# Zeta, rewritten\n")
        try session.rebuild(["content/zeta.md"])
        let (incremental, full) = try session.compareWithFullBuild()
        #expect(incremental == full)
    }

    @Test("a change of the sample library rebuilds it and re-verifies every sample")
    func libraryChange() throws {
        let sample = "# Lib\n\n```swift\nimport Lib\nprint(Lib.greeting)\n```\n"
        let project = try Project(pages: ["index.md": "# Home\n", "lib.md": sample])
        let directory = project.directory
        defer { directory.remove() }
        try directory.write("galley.yml", "verify:\n  package: lib\n  products: [Lib]\n")
        try directory.write(
            "lib/Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Lib", products: [.library(name: "Lib", type: .dynamic, targets: ["Lib"])],
                                  targets: [.target(name: "Lib")])

            """)
        try directory.write("lib/Sources/Lib/Lib.swift", "public enum Lib { public static let greeting = \"first\" }\n")
        var session = Session(project: project, session: BuildSession(BuildSettings(layout: project.layout)))
        _ = try session.session.build(.all)
        #expect(try directory.read("public/lib.html").contains("<pre>first</pre>"))
        try directory.write("lib/Sources/Lib/Lib.swift", "public enum Lib { public static let greeting = \"second\" }\n")
        try session.rebuild(["lib/Sources/Lib/Lib.swift"], library: directory.url.appendingPathComponent("lib/Sources"))
        let (incremental, full) = try session.compareWithFullBuild()
        #expect(incremental == full)
        #expect(String(decoding: incremental["/lib.html"] ?? Data(), as: UTF8.self).contains("<pre>second</pre>"))
    }
}
