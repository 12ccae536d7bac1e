import Foundation
import GalleyCore
import GalleyTestSupport
import Testing

/// The one "is this path inside that folder" check every safety rule uses.
@Suite("FolderPath: is a path inside a folder")
struct FolderPathTests {
    @Test("a folder contains itself and what is below it")
    func containsItselfAndChildren() {
        let site = FolderPath("/srv/site")
        #expect(site.contains("/srv/site"))
        #expect(site.contains("/srv/site/"))
        #expect(site.contains("/srv/site/a.html"))
        #expect(site.contains("/srv/site/guide/deep/a.html"))
        #expect(!site.strictlyContains("/srv/site"))
        #expect(site.strictlyContains("/srv/site/a.html"))
    }

    @Test("a sibling whose name starts with the folder's name is outside")
    func siblingWithCommonPrefixIsOutside() {
        let site = FolderPath("/srv/site")
        #expect(!site.contains("/srv/site-old/a.html"))
        #expect(!site.contains("/srv/sites"))
        #expect(!site.contains("/srv/sit"))
        #expect(!site.contains("/srv"))
    }

    @Test("dot-dot that climbs out is outside; dot-dot that stays in is inside")
    func dotDotIsApplied() {
        let site = FolderPath("/srv/site")
        #expect(!site.contains("/srv/site/../secret"))
        #expect(!site.contains("/srv/site/guide/../../etc/passwd"))
        #expect(site.contains("/srv/site/guide/../a.html"))
        #expect(site.contains("/srv/./site/./a.html"))
        #expect(!site.contains("/srv/site/.."))
        // Climbing above `/` stays at `/`.
        #expect(FolderPath("/../../etc").path == "/etc")
    }

    @Test("trailing and doubled slashes do not matter")
    func slashesAreNormalised() {
        #expect(FolderPath("/srv//site/").path == "/srv/site")
        #expect(FolderPath("/srv/site/").contains("/srv//site//a"))
        #expect(FolderPath("/srv/site") == FolderPath("/srv/site/."))
    }

    @Test("the root folder contains every absolute path")
    func rootContainsEverything() {
        let root = FolderPath("/")
        #expect(root.path == "/")
        #expect(root.contains("/"))
        #expect(root.contains("/etc/passwd"))
        #expect(!root.strictlyContains("/"))
        #expect(root.relativePath(of: "/etc/passwd") == "etc/passwd")
    }

    @Test("a relative path is taken relative to the working directory")
    func relativePathsUseTheWorkingDirectory() {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(FolderPath("docs").path == FolderPath(cwd + "/docs").path)
        #expect(FolderPath(cwd).contains("docs/a.md"))
    }

    @Test("relativePath names the part below the folder, or nil outside it")
    func relativePathBelowTheFolder() {
        let site = FolderPath("/srv/site")
        #expect(site.relativePath(of: "/srv/site/guide/a.html") == "guide/a.html")
        #expect(site.relativePath(of: "/srv/site") == "")
        #expect(site.relativePath(of: "/srv/site-old/a") == nil)
        #expect(site.relativePath(of: "/srv/site/x/../../y") == nil)
    }

    @Test("containsResolved follows symbolic links: a link that leaves the folder is outside")
    func symbolicLinksAreResolved() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("site/page.html", "page")
        try directory.write("outside/secret.txt", "secret")
        let site = directory.url.appendingPathComponent("site")
        try FileManager.default.createSymbolicLink(
            atPath: site.appendingPathComponent("link").path,
            withDestinationPath: directory.url.appendingPathComponent("outside/secret.txt").path
        )
        let folder = try #require(FolderPath.resolvingLinks(site.path))
        // Lexically the link is inside; resolved, it is not.
        #expect(FolderPath(site).contains(site.appendingPathComponent("link").path))
        #expect(!folder.containsResolved(site.appendingPathComponent("link").path))
        // Positive control: a real file in the folder is inside when resolved too.
        #expect(folder.containsResolved(site.appendingPathComponent("page.html").path))
        // A path that does not exist is never "inside" once resolved.
        #expect(!folder.containsResolved(site.appendingPathComponent("missing").path))
    }

    @Test("RelativePath compares paths inside a project by whole components")
    func relativePathsInsideAProject() {
        #expect(RelativePath.is("guide/intro.md", inside: "guide"))
        #expect(RelativePath.is("guide", inside: "guide"))
        #expect(RelativePath.is("guide/intro.md", inside: "guide/"))
        #expect(!RelativePath.is("guides/intro.md", inside: "guide"))
        #expect(!RelativePath.is("guid", inside: "guide"))
        #expect(RelativePath.is("anything", inside: ""))
    }
}
