import Foundation
import GalleyCore
import GalleyProject
import GalleyTestSupport
import Testing

@Suite("What containment errors name")
struct PathContainmentTests {
    @Test("a plain file outside the roots is 'outside the project', never 'a symbolic link to' itself")
    func plainFileOutside() throws {
        let project = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        defer { project.remove(); elsewhere.remove() }
        let file = try elsewhere.write("theme/layout.mustache", "x\n")
        let containment = PathContainment(roots: [project.url])
        let problem = try #require(containment.problem(for: file, displayPath: file.path))
        #expect(problem.message.contains("is outside the project"), "\(problem.message)")
        #expect(!problem.message.contains("symbolic link"), "\(problem.message)")
        // Named on the command line, its folder is a root: no problem at all.
        var layout = SiteLayout(root: project.url)
        layout.trustedDirectories = [elsewhere.url.appendingPathComponent("theme")]
        #expect(SiteConfiguration().containment(layout: layout).problem(for: file, displayPath: file.path) == nil)
    }

    @Test("a file reached through a linked folder names the folder's link")
    func linkedFolder() throws {
        let project = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        defer { project.remove(); elsewhere.remove() }
        try elsewhere.write("guides/a.md", "# A\n")
        try project.write("content/index.md", "# Home\n")
        try FileManager.default.createSymbolicLink(
            at: project.url.appendingPathComponent("content/guides"),
            withDestinationURL: elsewhere.url.appendingPathComponent("guides"))
        let containment = PathContainment(roots: [project.url])
        let file = project.url.appendingPathComponent("content/guides/a.md")
        let problem = try #require(containment.problem(for: file, displayPath: "content/guides/a.md"))
        #expect(problem.message.hasPrefix("'content/guides' is a symbolic link to '"), "\(problem.message)")
        #expect(problem.message.contains("(on the way to 'content/guides/a.md'), outside the project"), "\(problem.message)")
    }
}
