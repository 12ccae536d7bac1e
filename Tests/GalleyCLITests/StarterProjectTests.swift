import Foundation
import GalleyCore
import GalleyRender
import GalleySite
import GalleyTestSupport
import GalleyTheme
import Testing

@testable import GalleyProject
@testable import galley

/// The files `galley init` writes, and how it refuses to overwrite any.
@Suite("The starter project of galley init")
struct StarterProjectTests {
    /// The starter `galley.yml` with every setting line uncommented (prose comments stay).
    static var uncommentedConfiguration: String {
        StarterProject.configuration.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.hasPrefix("# ") else { return String(line) }
            let rest = line.dropFirst(2)
            let isSetting = rest.first == " " || rest.prefix { $0 != ":" }.allSatisfy { $0.isLowercase || $0 == "_" } && rest.contains(":")
            return isSetting ? String(rest) : String(line)
        }.joined(separator: "\n")
    }

    @Test("galley.yml sets nothing, and uncommented it names every key and is a valid configuration")
    func configuration() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let commented = try directory.write("commented.yml", StarterProject.configuration)
        #expect(try SiteConfiguration.load(from: commented, displayPath: "galley.yml") == SiteConfiguration())

        let file = try directory.write("galley.yml", Self.uncommentedConfiguration)
        let yaml = try YAMLMapping(parsing: Self.uncommentedConfiguration, file: "galley.yml", lineOffset: 0, what: "configuration")
        for key in SiteConfiguration.knownKeys {
            #expect(try yaml.value(key) != nil, "galley.yml of galley init does not mention '\(key)'")
        }
        let verify = try #require(try yaml.mapping("verify"))
        for key in ["package", "products", "module_aliases", "timeout", "sandbox"] + SampleSettingsOverride.keys {
            #expect(try verify.value(key) != nil, "galley.yml of galley init does not mention 'verify.\(key)'")
        }
        let configuration = try SiteConfiguration.load(from: file, displayPath: "galley.yml")
        #expect(configuration.title == "My Documentation")
        #expect(configuration.baseURL == "https://example.org/docs/")
        #expect(configuration.editURL == "https://github.com/org/repo/edit/main/content/")
        #expect(configuration.allowsRawHTML == false)
        #expect(configuration.verification.products == ["MyLibrary"])
        #expect(configuration.verification.moduleAliases == ["SwiftUI": "HeadlessSwiftUI"])
        #expect(configuration.verification.timeoutSeconds == 10)
        #expect(configuration.verification.samples.prelude == "import Foundation\n")
        #expect(configuration.verification.samples.swiftVersion == 6)
        #expect(configuration.verification.samples.flags == ["-enable-upcoming-feature", "ExistentialAny"])
        #expect(configuration.verification.samples.environment == ["LANG": "C"])
        #expect(configuration.verification.samples.defaultMode.rawValue == "no_run")
    }

    @Test("the workflow is YAML with checkout, cmark-gfm, verify, build, upload and deploy steps")
    func workflow() throws {
        let yaml = try YAMLMapping(parsing: StarterProject.workflow, file: "docs.yml", lineOffset: 0, what: "workflow")
        let jobs = try #require(try yaml.mapping("jobs"))
        #expect(try jobs.mapping("build") != nil && jobs.mapping("deploy") != nil)
        for step in [
            "actions/checkout@", "libcmark-gfm-dev", "galley verify --format github", "run: galley build",
            "actions/upload-pages-artifact@", "path: public/", "actions/deploy-pages@",
        ] {
            #expect(StarterProject.workflow.contains(step), "the workflow has no '\(step)'")
        }
    }

    @Test("the matrix workflow is YAML: galley built once, N verify shards, merged reports, a build from their cached results")
    func shardedWorkflow() throws {
        let text = StarterProject.shardedWorkflow(shards: 4)
        let yaml = try YAMLMapping(parsing: text, file: "docs.yml", lineOffset: 0, what: "workflow")
        let jobs = try #require(try yaml.mapping("jobs"))
        for job in ["galley", "verify", "build", "deploy"] {
            #expect(try jobs.mapping(job) != nil, "no job '\(job)'")
        }
        let matrix = try #require(try jobs.mapping("verify")?.mapping("strategy")?.mapping("matrix"))
        #expect(try matrix.stringList("shard") == ["1", "2", "3", "4"])
        for step in [
            "galley verify --shard ${{ matrix.shard }}/4 --format json > shard-${{ matrix.shard }}.json",
            ".build/galley/cache/", "pattern: shard-*", "galley verify --merge-reports shard-*.json --format github",
            "run: bin/galley build", "actions/upload-pages-artifact@", "actions/deploy-pages@",
        ] {
            #expect(text.contains(step), "the matrix workflow has no '\(step)'")
        }
        #expect(StarterProject(shards: 4).files.first { $0.path == ".github/workflows/docs.yml" }?.contents == Data(text.utf8))
        #expect(StarterProject(shards: 1).files.first { $0.path == ".github/workflows/docs.yml" }?.contents == Data(StarterProject.workflow.utf8))
    }

    @Test("the files are galley.yml, the first page and the workflow, plus the whole built-in theme with --theme")
    func files() {
        #expect(StarterProject().files.map(\.path) == ["galley.yml", "content/index.md", ".github/workflows/docs.yml"])
        let themed = StarterProject(includesTheme: true).files
        #expect(themed.count == 3 + DefaultTheme.files.count)
        for (path, data) in DefaultTheme.files {
            #expect(themed.first { $0.path == "templates/\(path)" }?.contents == data, "templates/\(path)")
        }
    }

    @Test("a project written into a new folder builds with the built-in theme")
    func writesAndBuilds() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let site = directory.url.appendingPathComponent("a/b")
        let written = try StarterProject().write(into: site, displayPath: "a/b")
        #expect(written == ["galley.yml", "content/index.md", ".github/workflows/docs.yml"])
        #expect(try directory.read("a/b/content/index.md") == StarterProject.indexPage)
        _ = try BuildSession.build(BuildSettings(layout: SiteLayout(root: site)))
        let index = try directory.read("a/b/public/index.html")
        #expect(index.contains("✓ Verified"))
        #expect(index.contains("<title>Documentation</title>"))
    }

    @Test("nothing is written when any file is in the way, and every one is named")
    func refusesToOverwrite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("galley.yml", "title: Mine\n")
        try directory.write(".github", "a file where a folder must go\n")
        try directory.write("templates/layout.mustache", "mine\n")
        let before = try directory.snapshot("")
        do {
            _ = try StarterProject(includesTheme: true).write(into: directory.url, displayPath: ".")
            Issue.record("galley init overwrote files")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "galley.yml: already exists",
                    ".github: is a file where galley init needs a folder",
                    "templates/layout.mustache: already exists",
                    "galley init wrote nothing: 3 files are in the way, and it never overwrites one. Move or remove them, or pick another folder: galley init DIR. To add only the theme to an existing site, run `galley init --theme /tmp/galley-theme` and move its templates/ folder into the site",
                ])
        }
        #expect(try directory.snapshot("") == before)
        #expect(!directory.exists("content"))
    }

    @Test("a dangling symbolic link counts as a file in the way")
    func danglingLink() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: directory.url.appendingPathComponent("galley.yml").path, withDestinationPath: "/nonexistent/galley.yml"
        )
        #expect(throws: DiagnosticList.self) { try StarterProject().write(into: directory.url, displayPath: "site") }
        #expect(!directory.exists("content"))
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/galley.yml"))
    }

    @Test("a folder path that is a file is refused")
    func folderIsAFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("site", "x\n")
        do {
            _ = try StarterProject().write(into: file, displayPath: "site")
            Issue.record("wrote into a file")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["site: is a file, not a folder. Pick another folder: galley init DIR"])
        }
    }
}
