import Foundation
import GalleyTestSupport
import Testing

@Suite("galley build, end to end")
struct BuildCommandTests {
    @Test("a warm build does not load sourcekitd (a cold one does: the same probe, glibc's record of loaded libraries)")
    func warmBuildLoadsNoSourceKit() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try site.write("content/index.md", "# Home\n\n```swift\nlet x = 1\nprint(x)\n```\n")
        func loadsSourceKit(_ run: String) throws -> Bool {
            let log = site.url.appendingPathComponent("ld-\(run)")
            try FileManager.default.createDirectory(at: log, withIntermediateDirectories: true)
            let result = try GalleyExecutable.run(
                ["build"], in: site.url,
                extraEnvironment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": log.path + "/ld"])
            #expect(result.status == 0, "\(result.standardError)")
            let files = try FileManager.default.contentsOfDirectory(at: log, includingPropertiesForKeys: nil)
            #expect(!files.isEmpty, "glibc wrote its record")
            return try files.contains { try String(contentsOf: $0, encoding: .utf8).contains("libsourcekitdInProc.so") }
        }
        #expect(try loadsSourceKit("cold"), "a cold build asks sourcekitd, so loads it")
        #expect(try !loadsSourceKit("warm"), "a warm build has every answer cached")
    }

    @Test("a build with nothing changed prints the last one's lines and builds nothing; an edit or --force builds")
    func unchangedBuildReplays() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try site.write("content/index.md", "---\ntilte: Home\n---\n# Home\n\n```swift\nprint(1)\n```\n")
        // Files written in the last tenth of a second are too fresh to vouch for (``BuildStamp``).
        Thread.sleep(forTimeInterval: 0.2)
        let first = try GalleyExecutable.run(["build"], in: site.url)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(!first.standardOutput.contains("nothing changed"))
        let second = try GalleyExecutable.run(["build"], in: site.url)
        #expect(second.status == 0)
        #expect(second.standardOutput.contains("(nothing changed since the last build)"), "\(second.standardOutput)")
        // The same lines as the build it replays: its warning and its samples' summary.
        #expect(first.standardError.contains("warning: ") && first.standardError.contains("tilte"), "\(first.standardError)")
        #expect(second.standardError.contains("warning: ") && second.standardError.contains("tilte"), "\(second.standardError)")
        #expect(second.standardOutput.components(separatedBy: "\n").first == first.standardOutput.components(separatedBy: "\n").first)
        #expect(second.standardOutput.contains("Built 1 page in "))
        // The output edited by hand: built again, and the next one replays.
        try Data("edited".utf8).write(to: site.url.appendingPathComponent("public/index.html"))
        let repaired = try GalleyExecutable.run(["build"], in: site.url)
        #expect(!repaired.standardOutput.contains("nothing changed"), "\(repaired.standardOutput)")
        #expect(try site.read("public/index.html").contains("<h1"))
        #expect(try GalleyExecutable.run(["build"], in: site.url).standardOutput.contains("nothing changed"))
        #expect(try !GalleyExecutable.run(["build", "--force"], in: site.url).standardOutput.contains("nothing changed"))
        // A page edited: built, with the edit.
        try site.write("content/index.md", "# Home again\n")
        Thread.sleep(forTimeInterval: 0.2)
        let edited = try GalleyExecutable.run(["build"], in: site.url)
        #expect(!edited.standardOutput.contains("nothing changed"))
        #expect(try site.read("public/index.html").contains("Home again"))
    }

    @Test("builds a fixture site and prints the summary line")
    func buildsSite() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try site.write("content/index.md", "---\ntitle: Home\n---\n# Home\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[Next](guide/one.md)\n")
        try site.write("content/guide/one.md", "# One\n\n## Part\n\n```swift no_run\nlet x = 1\n```\n")
        let result = try GalleyExecutable.run(["build"], in: site.url)
        #expect(result.status == 0, "\(result.standardError)")
        // "(sandboxed)" where bubblewrap works, "(not sandboxed)" where it cannot start.
        #expect(result.standardOutput.hasPrefix("Samples: 1 passed, 0 failed, 0 skipped ("), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("sandboxed)\nBuilt 2 pages in "))
        #expect(result.standardOutput.hasSuffix(" s → public/\n"))
        let index = try site.read("public/index.html")
        #expect(index.contains("<table>"))
        #expect(index.contains("<a href=\"guide/one.html\">Next</a>"))
        let one = try site.read("public/guide/one.html")
        #expect(one.contains("<h2 id=\"part\">Part"))
        #expect(
            one.contains(
                "<code class=\"language-swift\"><span class=\"ln\" id=\"L6\"><span class=\"tok-keyword\">let</span> <span class=\"hv\" aria-describedby=\"hv-1\">x</span> = <span class=\"tok-number\">1</span>"
            ), "\(one)")
        // Its popover: the inferred type, as Quick Help shows it.
        let body = one.components(separatedBy: "id=\"hv-1\"").dropFirst().first?.components(separatedBy: "</div>").first ?? ""
        #expect(body.contains("<span class=\"tok-keyword\">let</span> x: <span class=\"tok-type\">Int</span>"), "\(body)")
        #expect(one.contains("<figcaption class=\"sample-badge\">✓ Compiles</figcaption>"))
        #expect(site.exists("public/404.html"))
        #expect(site.exists("public/assets/site.css"))
    }

    @Test("--content, --templates and --output choose other folders")
    func customFolders() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try FileManager.default.moveItem(at: site.url.appendingPathComponent("templates"), to: site.url.appendingPathComponent("theme"))
        try site.write("docs/index.md", "# Docs\n")
        let result = try GalleyExecutable.run(["build", "--content", "docs", "--templates", "theme", "--output", "out/site"], in: site.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("→ out/site/"))
        #expect(try site.read("out/site/index.html").contains("<h1 id=\"docs\">Docs"))
    }

    @Test("a broken link exits 1 with file:line and keeps the old output")
    func failureExitCode() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try site.write("content/index.md", "# Home\n")
        #expect(try GalleyExecutable.run(["build"], in: site.url).status == 0)
        let before = try site.read("public/index.html")
        try site.write("content/index.md", "# Home\n\n[gone](gone.md)\n")
        let result = try GalleyExecutable.run(["build"], in: site.url)
        #expect(result.status == 1)
        #expect(result.standardError.contains("error: content/index.md:3:1: broken link 'gone.md'"))
        #expect(result.standardError.contains("error: build failed with 1 error; 'public' was left unchanged"))
        #expect(try site.read("public/index.html") == before)
    }

    @Test("--help explains the command and its options")
    func help() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        let result = try GalleyExecutable.run(["build", "--help"], in: site.url)
        #expect(result.status == 0)
        for option in ["--content <dir>", "--templates <dir>", "--output <dir>", "Examples:"] {
            #expect(result.standardOutput.contains(option))
        }
    }
}

@Suite("galley verify, end to end")
struct VerifyCommandTests {
    @Test("exit code, file:line report, formats and --bless")
    func verify() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/index.md", "# Home\n\n```swift\nprint(\"actual\") // Prints \"expected\"\n```\n\n```swift no_run\nlet ok = 1\n```\n")
        let failing = try GalleyExecutable.run(["verify"], in: site.url)
        #expect(failing.status == 1)
        #expect(failing.standardOutput.contains("error: content/index.md:4:17: printed output does not match its // Prints comments"))
        #expect(failing.standardOutput.contains("    - expected\n    + actual"))
        #expect(failing.standardOutput.hasSuffix("1 passed, 1 failed, 0 skipped\n"))
        let junit = try GalleyExecutable.run(["verify", "--format", "junit"], in: site.url)
        #expect(junit.status == 1)
        #expect(
            junit.standardOutput.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"galley verify\" tests=\"2\" failures=\"1\""))
        let blessed = try GalleyExecutable.run(["verify", "--bless"], in: site.url)
        #expect(blessed.status == 0, "\(blessed.standardError)")
        #expect(try site.read("content/index.md").contains("print(\"actual\") // Prints \"actual\""))
        let clean = try GalleyExecutable.run(["verify", "content/index.md"], in: site.url)
        #expect(clean.status == 0)
        #expect(clean.standardOutput == "2 passed, 0 failed, 0 skipped\n")
        let unknown = try GalleyExecutable.run(["verify", "content/nope.md"], in: site.url)
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("no page 'content/nope.md' under 'content'"))
    }
}
