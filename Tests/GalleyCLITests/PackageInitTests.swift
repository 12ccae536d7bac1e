import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyProject

/// `galley init` in the root of a Swift package: what a package needs, not a `content/` site.
/// It runs `swift package describe` on the fixture (a second or two), and builds nothing.
@Suite("galley init in a package root", .serialized)
struct PackageInitTests {
    @Test("galley init in a package writes only a commented galley.yml, and says what it found")
    func packageConfiguration() throws {
        let package = try PackageRootTests.fixture()
        defer { package.remove() }
        let created = try GalleyExecutable.run(["init", "--no-setup", "."], in: package.url)
        #expect(created.status == 0, "\(created.standardError)")
        for line in [
            "Swift package Shapes:\n", "  1 DocC catalog: Library/Shapes/Shapes.docc\n", "  1 library product: Shapes\n",
            "  2 library targets: CShapes, Shapes\n", "Wrote:\n  galley.yml\n", "galley verify --suggest-setup",
            "galley init --ci github",
        ] {
            #expect(created.standardOutput.contains(line), "no '\(line)' in:\n\(created.standardOutput)")
        }
        #expect(!package.exists("content"), "a package gets no content/ site")
        #expect(!package.exists(".github"), "no workflow without --ci github")
        let text = try package.read("galley.yml")
        #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("#") }, "galley.yml sets something")
        #expect(try SiteConfiguration.load(from: package.url.appendingPathComponent("galley.yml"), displayPath: "galley.yml") == SiteConfiguration())

        // Uncommented, every setting it shows is one galley.yml takes, with the package's values.
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("# ") else { return String(line) }
            let rest = line.dropFirst(2)
            let isSetting = rest.first == " " || rest.prefix { $0 != ":" }.allSatisfy { $0.isLowercase || $0 == "_" } && rest.contains(":")
            return isSetting ? String(rest) : String(line)
        }.joined(separator: "\n")
        let file = try package.write("uncommented.yml", uncommented)
        let configuration = try SiteConfiguration.load(from: file, displayPath: "uncommented.yml")
        #expect(configuration.title == "Shapes")
        #expect(configuration.verification.products == ["Shapes"])
        #expect(configuration.verification.samples.swiftVersion == 5, "the fixture's tools version 5.9 means language mode 5")
        #expect(configuration.verification.docComments == .public)
    }

    @Test("--ci github adds the package's workflow and keeps galley.yml; a third run writes nothing and exits 1")
    func workflowAfterward() throws {
        let package = try PackageRootTests.fixture()
        defer { package.remove() }
        try package.write("galley.yml", "title: Mine\n")
        let added = try GalleyExecutable.run(["init", "--no-setup", "--ci", "github", "--shards", "3"], in: package.url)
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput.contains("Wrote:\n  .github/workflows/docs.yml\nKept galley.yml as it is.\n"), "\(added.standardOutput)")
        #expect(try package.read("galley.yml") == "title: Mine\n")
        let workflow = try package.read(".github/workflows/docs.yml")
        for needed in [
            "sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0", "galley verify --sandbox on --shard ${{ matrix.shard }}/3",
            "galley verify --merge-reports shard-*.json --format github", "--baseline galley-baseline.json",
            "galley build --sandbox on --base-url \"${{ steps.pages.outputs.base_url }}/\"", "actions/deploy-pages@",
        ] {
            #expect(workflow.contains(needed), "the workflow has no '\(needed)'")
        }
        #expect(!workflow.contains("container:"), "bubblewrap needs the runner's own namespaces")

        let again = try GalleyExecutable.run(["init", "--no-setup", "--ci", "github"], in: package.url)
        #expect(again.status == 1)
        #expect(
            again.standardError.contains("galley init wrote nothing: galley.yml and .github/workflows/docs.yml already exist"),
            "\(again.standardError)")
    }

    @Test("by default it verifies the package once and writes the setup a catalog needs; a package that needs none gets none")
    func setupFile() throws {
        let package = try PackageRootTests.fixture()
        defer { package.remove() }
        try package.write("Library/Shapes/Shapes.docc/Assumed.md", "# Assumed\n\n```swift\nprint(rectangle.area)\n```\n")
        let created = try GalleyExecutable.run(["init"], in: package.url)
        #expect(created.status == 0, "\(created.standardError)")
        #expect(
            created.standardOutput.contains("  Wrote Library/Shapes/Shapes.docc/galley-setup.swift: rectangle: Rectangle."),
            "\(created.standardOutput)")
        #expect(try package.read("Library/Shapes/Shapes.docc/galley-setup.swift").contains("let rectangle = Rectangle(width: 0, height: 0)"))
        // With the setup, the package verifies as it is.
        let verified = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(verified.status == 0, "\(verified.standardOutput)")

        let plain = try PackageRootTests.fixture()
        defer { plain.remove() }
        let none = try GalleyExecutable.run(["init"], in: plain.url)
        #expect(none.status == 0, "\(none.standardError)")
        #expect(none.standardOutput.contains("  No setup to suggest: no sample uses a name nothing declares."), "\(none.standardOutput)")
        #expect(!plain.exists("Library/Shapes/Shapes.docc/galley-setup.swift"))
    }

    @Test("--ci none leaves a new site without a workflow")
    func siteWithoutWorkflow() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let created = try GalleyExecutable.run(["init", "--ci", "none", "x"], in: folder.url)
        #expect(created.status == 0, "\(created.standardError)")
        #expect(folder.exists("x/galley.yml") && folder.exists("x/content/index.md"))
        #expect(!folder.exists("x/.github"))
    }
}

/// The options that adopting Galley brings: --version, --sandbox, --base-url.
@Suite("galley --version, --sandbox and --base-url")
struct AdoptionOptionTests {
    @Test("galley --version names Galley's version and the Swift compiler that built it")
    func version() throws {
        let result = try GalleyExecutable.run(["--version"], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 0)
        // The tests and galley are built by the swiftc on PATH.
        let swiftc = Process()
        swiftc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swiftc.arguments = ["swiftc", "--version"]
        let pipe = Pipe()
        swiftc.standardOutput = pipe
        swiftc.standardError = FileHandle.nullDevice
        try swiftc.run()
        let line = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        swiftc.waitUntilExit()
        let short = try #require(line.range(of: "Swift version ").map { line[$0.upperBound...].prefix { $0 != " " } })
        #expect(result.standardOutput == "0.1.0 (built with Swift \(short))\n")
    }

    @Test("--sandbox on without bubblewrap stops with what to install, naming --sandbox off; off runs unconfined and says so")
    func sandboxOption() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("content/index.md", "# Hi\n\n```swift\nprint(1)  // Prints \"1\"\n```\n")
        // swiftc's folder alone on PATH: no bwrap.
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let swiftFolder = try #require(
            path.split(separator: ":").map(String.init).first { FileManager.default.isExecutableFile(atPath: "\($0)/swiftc") })
        try #require(!FileManager.default.fileExists(atPath: "\(swiftFolder)/bwrap"))
        let on = try GalleyExecutable.run(["verify", "--sandbox", "on"], in: folder.url, extraEnvironment: ["PATH": swiftFolder])
        #expect(on.status == 1)
        #expect(
            on.standardError.contains("the sandbox is `on` (--sandbox on, or galley.yml's verify.sandbox), but bubblewrap (bwrap) is not installed"))
        #expect(on.standardError.contains("--sandbox off"))
        let off = try GalleyExecutable.run(["verify", "--sandbox", "off", "--no-cache"], in: folder.url)
        #expect(off.status == 0, "\(off.standardError)")
        #expect(off.standardError.contains("note: samples ran without a sandbox"), "\(off.standardError)")
        let bad = try GalleyExecutable.run(["verify", "--sandbox", "maybe"], in: folder.url)
        #expect(bad.status != 0 && bad.standardError.contains("maybe"))
    }

    @Test("build --base-url publishes at that address (sitemap.xml), over galley.yml's; a relative one is refused")
    func baseURL() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("galley.yml", "base_url: https://example.org/old/\n")
        try folder.write("content/index.md", "# Hi\n\nText.\n")
        let built = try GalleyExecutable.run(["build", "--base-url", "https://owner.github.io/repo"], in: folder.url)
        #expect(built.status == 0, "\(built.standardError)")
        let sitemap = try folder.read("public/sitemap.xml")
        #expect(sitemap.contains("<loc>https://owner.github.io/repo/</loc>"), "\(sitemap)")
        #expect(!sitemap.contains("example.org"))
        let bad = try GalleyExecutable.run(["build", "--base-url", "owner.github.io/repo"], in: folder.url)
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("--base-url takes an absolute http(s) address"), "\(bad.standardError)")
    }
}
