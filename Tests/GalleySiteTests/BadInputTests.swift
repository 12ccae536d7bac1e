import Foundation
import GalleySamples
import GalleySite
import GalleyTestSupport
import Testing

/// Every kind of bad input fails the build with one located sentence and
/// leaves the last good `public/` byte-identical.
@Suite("Bad input")
struct BadInputTests {
    /// Builds a good site, applies `breakIt`, and returns the errors of the
    /// next build after checking that `public/` did not change.
    func errorsAfter(_ breakIt: (TemporaryDirectory) throws -> Void) throws -> [String] {
        let project = try Project(pages: [
            "index.md": "# Home\n\nSee [guide](guide.md#setup).\n",
            "guide.md": "---\ntitle: Guide\n---\n# Guide\n\n## Setup\n",
        ])
        defer { project.directory.remove() }
        try project.build()
        let before = try project.directory.snapshot("public")
        #expect(
            before.count == 15,
            "three pages, the two pages' .md copies, llms.txt, llms-full.txt, the fixture's asset, the built-in theme's five, the search index and the .galley-output stamp"
        )
        try breakIt(project.directory)
        let errors = project.buildErrors()
        #expect(try project.directory.snapshot("public") == before, "public/ changed after a failed build")
        return errors
    }

    @Test("invalid YAML front matter names the file and line")
    func invalidFrontMatter() throws {
        let errors = try errorsAfter { try $0.write("content/x.md", "---\ntitle: ok\norder: [1,\n---\n# X\n") }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("content/x.md:") == true)
        #expect(errors.first?.contains("invalid front matter: ") == true)
    }

    @Test("a file that is not UTF-8 is named with its line")
    func notUTF8() throws {
        let errors = try errorsAfter { try $0.write("content/bin.md", bytes: Array("# Fine\n\nbad: ".utf8) + [0xFF, 0xFE, 0x0A]) }
        #expect(errors == ["content/bin.md:3: file is not valid UTF-8. Save the file as UTF-8"])
    }

    @Test("an unreadable file (a dangling link) is named")
    func unreadable() throws {
        let errors = try errorsAfter { directory in
            try FileManager.default.createSymbolicLink(
                atPath: directory.url.appendingPathComponent("content/gone.md").path,
                withDestinationPath: "/nonexistent/galley/gone.md"
            )
        }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("content/gone.md: cannot read file") == true)
    }

    @Test("two pages mapping to the same URL are both named")
    func urlCollision() throws {
        let errors = try errorsAfter { try $0.write("content/Guide.markdown", "# Other guide\n") }
        #expect(
            errors == [
                "content/guide.md: 'content/guide.md' and 'content/Guide.markdown' both map to the URL 'guide.html'. Rename or remove one of them"
            ]
                || errors == [
                    "content/Guide.markdown: 'content/Guide.markdown' and 'content/guide.md' both map to the URL 'Guide.html'. Rename or remove one of them"
                ])
    }

    @Test("a partial that neither templates/ nor the built-in theme has is named at its line")
    func missingPartial() throws {
        let errors = try errorsAfter {
            try $0.write("templates/partials/head.mustache", "<title>{{page.title}}</title>\n{{> partials/menu}}\n")
        }
        #expect(
            errors == [
                "templates/partials/head.mustache:2: missing partial 'partials/menu' (no file templates/partials/menu.mustache). Create the partial or fix its name"
            ])
    }

    @Test("a Mustache syntax error names the template file and line")
    func mustacheSyntax() throws {
        let errors = try errorsAfter { try $0.write("templates/partials/head.mustache", "<title>\n{{#page}}{{title}}{{/pages}}\n") }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("templates/partials/head.mustache:2:") == true)
        #expect(errors.first?.contains("Mustache syntax error: a section is closed with the wrong name") == true)
    }

    @Test("broken links and anchors are each reported at their line")
    func brokenLinks() throws {
        let errors = try errorsAfter {
            try $0.write(
                "content/index.md",
                "# Home\n\nSee [guide](guide.md#setup).\n\n[a](missing.md) [b](guide.md#nope) [c](#home) [d](#gone)\n![e](pic.png)\n")
        }
        #expect(
            errors == [
                "content/index.md:5:1: broken link 'missing.md': no page or file 'missing.md' exists. Fix the link or create its target",
                "content/index.md:5:17: broken link 'guide.md#nope': 'guide.md' has no heading with id 'nope' (ids: guide, setup). Fix the link or create its target",
                "content/index.md:5:47: broken link '#gone': this page has no heading with id 'gone' (ids: home). Fix the link or create its target",
                "content/index.md:6:1: broken image 'pic.png': no page or file 'pic.png' exists. Fix the link or create its target",
            ])
    }

    @Test("a failing sample fails the build at its line")
    func failingSample() throws {
        let errors = try errorsAfter {
            try $0.write("content/sample.md", "# Sample\n\n```swift\nprint(1 + 1) // Prints \"3\"\n```\n")
        }
        #expect(errors == ["content/sample.md:4:14: sample failed: printed output does not match its // Prints comments (- expected, + printed):"])
    }

    @Test("an output folder that cannot be written fails clearly")
    func unwritableOutput() throws {
        let project = try Project(pages: ["index.md": "# Home\n"])
        defer { project.directory.remove() }
        try project.directory.write("blocker", "a file where a folder should be")
        var layout = project.layout
        layout.outputDirectory = project.directory.url.appendingPathComponent("blocker/public")
        #expect {
            try BuildSession.build(BuildSettings(layout: layout))
        } throws: { error in
            let text = (error as! BuildFailure).description
            return text.contains("cannot write the output folder") && text.contains("is a file, not a folder")
        }
    }
}

@Suite("Nothing outside the project is read or published")
struct ContainmentTests {
    @Test("a symbolic link out of the project in content/ or templates/ is an error naming the link and its target")
    func linksOut() throws {
        let project = try Project(pages: ["index.md": "# Home\n"])
        let outside = try TemporaryDirectory()
        defer { project.directory.remove(); outside.remove() }
        try outside.write("secret.md", "# Secret\n\nroot:x:0:0\n")
        try outside.write("head.mustache", "<title>stolen</title>\n")
        try FileManager.default.createSymbolicLink(
            at: project.directory.url.appendingPathComponent("content/p.md"),
            withDestinationURL: outside.url.appendingPathComponent("secret.md"))
        try FileManager.default.createSymbolicLink(
            at: project.directory.url.appendingPathComponent("content/data.txt"),
            withDestinationURL: URL(fileURLWithPath: "/etc/passwd"))
        try FileManager.default.createSymbolicLink(
            at: project.directory.url.appendingPathComponent("templates/partials/extra.mustache"),
            withDestinationURL: outside.url.appendingPathComponent("head.mustache"))
        let errors = project.buildErrors()
        #expect(
            errors.contains {
                $0.hasPrefix("content/p.md: 'content/p.md' is a symbolic link to '") && $0.contains("secret.md', outside the project")
            }, "\(errors)")
        #expect(
            errors.contains { $0.hasPrefix("content/data.txt: 'content/data.txt' is a symbolic link to '/etc/passwd', outside the project") },
            "\(errors)")
        #expect(errors.contains { $0.contains("'templates/partials/extra.mustache' is a symbolic link to '") }, "\(errors)")
        #expect(!project.directory.exists("public"))
        // Allowed explicitly, the outside folder may be used.
        try FileManager.default.removeItem(at: project.directory.url.appendingPathComponent("content/data.txt"))
        try project.directory.write("galley.yml", "allow_outside: [\(outside.url.path)]\n")
        try project.build()
        #expect(try project.directory.read("public/p.html").contains("Secret"))
    }

    @Test("links a listing finds are resolved: one to a folder outside is an error, one to a page inside the project is read")
    func linkedFolders() throws {
        let project = try Project(pages: ["index.md": "# Home\n", "guide/a.md": "# A\n"])
        let outside = try TemporaryDirectory()
        defer { project.directory.remove(); outside.remove() }
        try outside.write("docs/b.md", "# B\n")
        try project.directory.write("shared/c.md", "# Shared page\n")
        // A folder inside content/ that links out: its files are never listed, the link is the error.
        try FileManager.default.createSymbolicLink(
            at: project.directory.url.appendingPathComponent("content/guide/more"),
            withDestinationURL: outside.url.appendingPathComponent("docs"))
        // A page that links to a file inside the project (outside content/) is allowed.
        try FileManager.default.createSymbolicLink(
            at: project.directory.url.appendingPathComponent("content/guide/c.md"),
            withDestinationURL: project.directory.url.appendingPathComponent("shared/c.md"))
        let errors = project.buildErrors()
        #expect(
            errors.contains {
                $0.hasPrefix("content/guide/more: 'content/guide/more' is a symbolic link to '") && $0.contains("outside the project")
            }, "\(errors)")
        #expect(errors.count == 1, "\(errors)")
        try FileManager.default.removeItem(at: project.directory.url.appendingPathComponent("content/guide/more"))
        try project.build()
        #expect(try project.directory.read("public/guide/a.html").contains(">A<"))
        #expect(try project.directory.read("public/guide/c.html").contains("Shared page"))
    }

    @Test("a symbolic link loop is an error, not a hang")
    func loop() throws {
        let project = try Project(pages: ["index.md": "# Home\n"])
        defer { project.directory.remove() }
        let a = project.directory.url.appendingPathComponent("content/a.md")
        let b = project.directory.url.appendingPathComponent("content/b.md")
        try FileManager.default.createSymbolicLink(at: a, withDestinationURL: b)
        try FileManager.default.createSymbolicLink(at: b, withDestinationURL: a)
        let errors = project.buildErrors()
        #expect(errors.contains("content/a.md: 'content/a.md' is a symbolic link loop. Remove the link or point it at a file"), "\(errors)")
    }
}

@Suite("Bad input found by probes")
struct ProbeRegressionTests {
    @Test("a partial that includes itself is an error naming the chain, not a crash")
    func recursivePartial() throws {
        let project = try Project(pages: ["index.md": "# Home\n"])
        defer { project.directory.remove() }
        try project.directory.write("templates/partials/head.mustache", "<title>x</title>\n{{> partials/loop}}\n")
        try project.directory.write("templates/partials/loop.mustache", "a\n{{> partials/again}}\n")
        try project.directory.write("templates/partials/again.mustache", "{{> partials/loop}}\n")
        try project.directory.write("templates/partials/self.mustache", "{{> partials/self}}\n")
        let errors = project.buildErrors()
        #expect(
            errors.contains(
                "templates/partials/again.mustache:1: the partial 'partials/again' includes itself: {{> partials/again}} → {{> partials/loop}} → {{> partials/again}}. Break the cycle: a partial may not include itself, directly or through other partials"
            ), "\(errors)")
        #expect(
            errors.contains {
                $0.hasPrefix(
                    "templates/partials/self.mustache:1: the partial 'partials/self' includes itself: {{> partials/self}} → {{> partials/self}}")
            }, "\(errors)")
        #expect(errors.count == 2, "one error per cycle: \(errors)")
    }

    @Test("a UTF-8 byte order mark before the front matter is not page text")
    func byteOrderMark() throws {
        let project = try Project(pages: ["index.md": "\u{FEFF}---\ntitle: Marked\n---\n# Body\n"])
        defer { project.directory.remove() }
        try project.build()
        let html = try project.directory.read("public/index.html")
        #expect(html.contains("<title>Marked"))
        #expect(!html.contains("<hr"))
        #expect(!html.contains("title: Marked"))
    }
}
