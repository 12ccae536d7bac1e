import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyProject
import GalleySite
import GalleyTestSupport
import Synchronization
import Testing

/// Pages from somewhere other than `content/`: the build asks a `PageSource`
/// and knows nothing of its format (the extension point DocC catalogs use).
@Suite("Page sources")
struct PageSourceTests {
    /// Pages made in memory, with assets in a folder of their own.
    struct MemorySource: PageSource {
        var pages: [String: String]
        var directory: URL
        var displayPath: String { "memory" }
        let loads = Counter()

        func load(reusing previous: [String: Page], changed: Set<String>) throws(DiagnosticList) -> LoadedContent {
            loads.increment()
            let pages = self.pages.sorted { $0.key < $1.key }.map { path, text in
                Page(sourcePath: path, displayPath: "memory/\(path)", frontMatter: FrontMatter(), document: MarkdownDocument(parsing: text))
            }
            return LoadedContent(pages: pages, assets: ["logo.txt"])
        }
    }

    final class Counter: Sendable {
        private let count = Mutex(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    @Test("a build renders the pages a custom source gives, copies its assets and checks links between them")
    func customSourceBuilds() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try project.write("assets-folder/logo.txt", "logo")
        let source = MemorySource(
            pages: ["index.md": "# Home\n\nSee [the guide](guide.md#usage).\n", "guide.md": "# Guide\n\n## Usage\n"],
            directory: project.url.appendingPathComponent("assets-folder")
        )
        var settings = BuildSettings(layout: SiteLayout(root: project.url))
        settings.pageSource = { _, _ in source }
        let report = try BuildSession.build(settings)
        #expect(report.pageCount == 2)
        #expect(source.loads.value == 1)
        #expect(try project.read("public/guide.html").contains("<h1"))
        #expect(try project.read("public/index.html").contains("href=\"guide.html#usage\""))
        #expect(try project.read("public/logo.txt") == "logo")
        // Nothing was read from content/, which does not exist.
        #expect(!project.exists("content"))
    }

    @Test("a broken link in a custom source's page fails the build at that page")
    func customSourceLinksAreChecked() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try project.write("assets-folder/logo.txt", "logo")
        let source = MemorySource(
            pages: ["index.md": "# Home\n\n[gone](missing.md)\n"], directory: project.url.appendingPathComponent("assets-folder"))
        var settings = BuildSettings(layout: SiteLayout(root: project.url))
        settings.pageSource = { _, _ in source }
        #expect {
            try BuildSession.build(settings)
        } throws: { error in
            (error as? BuildFailure)?.errors.contains { $0.location?.path == "memory/index.md" && $0.message.contains("missing.md") } == true
        }
        #expect(!project.exists("public"), "a failed build writes nothing")
    }
}
