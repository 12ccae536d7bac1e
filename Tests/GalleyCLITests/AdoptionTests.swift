import Foundation
import GalleyReports
import GalleyTestSupport
import Testing

/// Galley on documentation it did not write.
@Suite("Adopting Galley on existing docs")
struct AdoptionTests {
    /// A copy of `Tests/Fixtures/AdoptedDocs` with the fixture theme.
    static func fixture(file: String = #filePath) throws -> TemporaryDirectory {
        let source = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/AdoptedDocs")
        let site = try TemporaryDirectory()
        for item in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(item), to: site.url.appendingPathComponent(item))
        }
        try FixtureTheme.write(into: site)
        return site
    }

    @Test("docs written for Hugo, DocC and TSPL verify and build unedited")
    func fixtureVerifiesAndBuilds() throws {
        let site = try Self.fixture()
        defer { site.remove() }
        let verify = try GalleyExecutable.run(["verify"], in: site.url)
        #expect(verify.status == 0, "\(verify.standardOutput)\(verify.standardError)")
        #expect(verify.standardOutput == "6 passed, 0 failed, 0 skipped\n")
        let build = try GalleyExecutable.run(["build"], in: site.url)
        #expect(build.status == 0, "\(build.standardError)")
        let home = try site.read("public/index.html")
        #expect(home.contains("<a href=\"guides/Collections.html\">Collections</a>"), "<doc:Page> shows the page's title")
        #expect(home.contains("<a href=\"guides/Collections.html#dictionary-order\">Dictionary Order</a>"))
        #expect(home.contains("<code>String</code>"), "``Symbol`` renders as code")
        #expect(!home.contains("import Foundation"), "the prelude is never shown")
    }

    @Test("one page's problem never hides another's: every page is reported and the readable ones verified")
    func everyPageReported() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try site.write("content/index.md", "# Home\n\n```swift\nprint(1) // Prints \"2\"\n```\n")
        try site.write("content/broken.md", "---\ntitle: [unclosed\n---\n# Broken\n")
        try site.write("content/links.md", "# Links\n\nSee <doc:Nowhere> and <doc:index#No-Such-Heading>.\n")
        try site.write("content/ok.md", "# OK\n\n```swift\nprint(3) // Prints \"3\"\n```\n")
        let verify = try GalleyExecutable.run(["verify"], in: site.url)
        #expect(verify.status == 1)
        #expect(verify.standardOutput.contains("content/broken.md:2: invalid front matter"), "\(verify.standardOutput)")
        #expect(verify.standardOutput.contains("content/index.md:4:10: printed output does not match"))
        #expect(verify.standardOutput.hasSuffix("1 passed, 2 failed, 0 skipped\n"))
        let build = try GalleyExecutable.run(["build"], in: site.url)
        #expect(build.status == 1)
        for expected in [
            "content/broken.md:2: invalid front matter", "content/index.md:4",
            "content/links.md:3:5: broken link 'doc:Nowhere': no page is named 'Nowhere'",
            "content/links.md:3:23: broken link 'doc:index#No-Such-Heading': 'index.md' has no heading 'No-Such-Heading'",
        ] {
            #expect(build.standardError.contains(expected), "missing \(expected) in \(build.standardError)")
        }
        #expect(!site.exists("public"), "a failed build writes nothing")
    }

    @Test("front matter keys of other tools reach templates as page.params; a near miss is a warning")
    func params() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try site.write(
            "templates/partials/head.mustache",
            "<title>{{page.title}}</title>{{#page.params.tags}}<meta name=\"tag\" content=\"{{.}}\">{{/page.params.tags}}<meta name=\"author\" content=\"{{page.params.author}}\">\n"
        )
        try site.write("content/index.md", "---\ntitle: Home\ntags: [a, b]\nauthor: Ada\ntitel: Typo\n---\n# Home\n")
        let build = try GalleyExecutable.run(["build"], in: site.url)
        #expect(build.status == 0, "\(build.standardError)")
        #expect(build.standardError.contains("warning: content/index.md:5: unknown front matter key 'titel'. Did you mean 'title'?"))
        let html = try site.read("public/index.html")
        #expect(html.contains("<meta name=\"tag\" content=\"a\"><meta name=\"tag\" content=\"b\"><meta name=\"author\" content=\"Ada\">"))
    }

    @Test("a baseline: known failures pass, new ones fail, a fixed listed one must leave the list")
    func baseline() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/index.md", "# Home\n\n```swift\nprint(1) // Prints \"2\"\n```\n\n```swift\nprint(3) // Prints \"3\"\n```\n")
        try site.write("content/other.md", "# Other\n\n```swift bogus\nprint(4)\n```\n")
        let recorded = try GalleyExecutable.run(["verify", "--baseline", "known.json", "--bless-baseline"], in: site.url)
        #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
        #expect(recorded.standardError.contains("Recorded 2 known failures in known.json."))
        #expect(recorded.standardOutput.hasSuffix("1 passed, 0 failed, 2 known failures, 0 skipped\n"))
        let known = try GalleyExecutable.run(["verify", "--baseline", "known.json"], in: site.url)
        #expect(known.status == 0)
        #expect(known.standardOutput.contains("note: 2 known failures listed in the baseline:"))
        let junit = try GalleyExecutable.run(["verify", "--baseline", "known.json", "--format", "junit"], in: site.url)
        #expect(junit.standardOutput.contains("<skipped message=\"known failure (in the baseline): "))
        // A new failure fails the run even with the baseline.
        try site.write("content/new.md", "# New\n\n```swift\nprint(5) // Prints \"6\"\n```\n")
        let fresh = try GalleyExecutable.run(["verify", "--baseline", "known.json"], in: site.url)
        #expect(fresh.status == 1)
        #expect(fresh.standardOutput.contains("content/new.md:4"))
        try FileManager.default.removeItem(at: site.url.appendingPathComponent("content/new.md"))
        // A listed sample whose code is unchanged but passes now (its output block was fixed)
        // fails the run until it leaves the baseline.
        try site.write("content/block.md", "# Block\n\n```swift\nprint(\"x\")\n```\n\n```output\ny\n```\n")
        _ = try GalleyExecutable.run(["verify", "--baseline", "known.json", "--bless-baseline"], in: site.url)
        // One line per known failure: its file, line and reason.
        #expect(try site.read("known.json").contains("\n{\"file\": \"content/block.md\", \"line\": 3, \"reason\": "))
        try site.write("content/block.md", "# Block\n\n```swift\nprint(\"x\")\n```\n\n```output\nx\n```\n")
        let fixed = try GalleyExecutable.run(["verify", "--baseline", "known.json"], in: site.url)
        #expect(fixed.status == 1)
        #expect(
            fixed.standardOutput.contains(
                "content/block.md:3:1: passes now, but 'known.json' lists it as a known failure; remove it from the baseline"),
            "\(fixed.standardOutput)")
        // Editing a listed sample's code takes it off the list: the stale entry is a warning.
        try site.write("content/index.md", "# Home\n\n```swift\nprint(1) // Prints \"1\"\n```\n\n```swift\nprint(3) // Prints \"3\"\n```\n")
        let stale = try GalleyExecutable.run(["verify", "--baseline", "known.json"], in: site.url)
        #expect(stale.standardError.contains("match no sample any more"), "\(stale.standardError)")
        let missing = try GalleyExecutable.run(["verify", "--baseline", "nope.json"], in: site.url)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("the baseline file 'nope.json' does not exist"))
    }

    @Test("galley build with a baseline: the site builds with known failures shown as such; new and fixed ones fail the build")
    func buildWithBaseline() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try site.write("content/index.md", "# Home\n\n```swift\nprint(1) // Prints \"2\"\n```\n\n```swift\nprint(3) // Prints \"3\"\n```\n")
        // The same failing code twice on one page: two entries, both known.
        try site.write("content/other.md", "# Other\n\n```swift\nlet x: Int = \"four\"\n```\n\n```swift\nlet x: Int = \"four\"\n```\n")
        let plain = try GalleyExecutable.run(["build"], in: site.url)
        #expect(plain.status == 1, "without the baseline the failures fail the build")
        let blessWithout = try GalleyExecutable.run(["build", "--bless-baseline"], in: site.url)
        #expect(blessWithout.status != 0)
        #expect(blessWithout.standardError.contains("--bless-baseline needs --baseline FILE"), "\(blessWithout.standardError)")

        let recorded = try GalleyExecutable.run(["build", "--baseline", "known.json", "--bless-baseline"], in: site.url)
        #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
        #expect(recorded.standardError.contains("Recorded 3 known failures in known.json."), "\(recorded.standardError)")
        #expect(recorded.standardOutput.contains("Samples: 1 passed, 0 failed, 3 known failures, 0 skipped"), "\(recorded.standardOutput)")
        let home = try site.read("public/index.html")
        #expect(home.contains("<figcaption class=\"sample-badge\">⚠ Known failure</figcaption>"), "\(home)")
        #expect(home.contains("<figcaption class=\"sample-badge\">✓ Verified</figcaption>"))
        #expect(home.contains("sample-known-failure"), "the reason is shown with the sample")
        let other = try site.read("public/other.html")
        #expect(other.contains("⚠ Known failure") && other.contains("cannot convert value of type"), "\(other)")

        let known = try GalleyExecutable.run(["build", "--baseline", "known.json"], in: site.url)
        #expect(known.status == 0, "\(known.standardError)")
        #expect(known.standardOutput.contains("3 known failures"), "\(known.standardOutput)")

        // A new failure fails the build, naming its line; the site is left as it was.
        try site.write("content/new.md", "# New\n\n```swift\nprint(5) // Prints \"6\"\n```\n")
        let fresh = try GalleyExecutable.run(["build", "--baseline", "known.json"], in: site.url)
        #expect(fresh.status == 1)
        #expect(fresh.standardError.contains("content/new.md:4"), "\(fresh.standardError)")
        #expect(!site.exists("public/new.html"))
        try FileManager.default.removeItem(at: site.url.appendingPathComponent("content/new.md"))

        // A listed sample that passes now fails the build until it leaves the baseline.
        try site.write("content/block.md", "# Block\n\n```swift\nprint(\"x\")\n```\n\n```output\ny\n```\n")
        #expect(try GalleyExecutable.run(["build", "--baseline", "known.json", "--bless-baseline"], in: site.url).status == 0)
        try site.write("content/block.md", "# Block\n\n```swift\nprint(\"x\")\n```\n\n```output\nx\n```\n")
        let fixed = try GalleyExecutable.run(["build", "--baseline", "known.json"], in: site.url)
        #expect(fixed.status == 1)
        #expect(
            fixed.standardError.contains("content/block.md:3:1: passes now, but 'known.json' lists it as a known failure"),
            "\(fixed.standardError)")
        let missing = try GalleyExecutable.run(["build", "--baseline", "nope.json"], in: site.url)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("the baseline file 'nope.json' does not exist"), "\(missing.standardError)")
    }
}
