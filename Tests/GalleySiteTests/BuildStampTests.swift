import Foundation
import GalleySite
import GalleyTestSupport
import Testing

/// ``BuildStamp``: a build with nothing changed is replayed; any change of
/// what the build reads or wrote builds again.
@Suite("The stamp of the last build")
struct BuildStampTests {
    /// A built site whose files are older than the stamp's tick, and its stamp recorded.
    func builtProject() throws -> (Project, BuildSettings, String) {
        let project = try Project(pages: ["index.md": "# Home\n\nSee [the guide](guide.md).\n", "guide.md": "# Guide\n"])
        try project.build()
        try agePast(project.directory.url)
        let settings = BuildSettings(layout: project.layout)
        let inputs = try #require(BuildStamp.inputs(of: settings, arguments: ["build"]))
        let stamp = BuildStamp(
            inputs: inputs, output: BuildStamp.outputDigest(of: project.layout), pageCount: 2,
            lines: [.init(.warning, "w"), .init(.output, "Samples: none")])
        stamp.record(in: project.layout)
        return (project, settings, inputs)
    }

    /// Sets every file under `folder` a few seconds back (as if written before the build).
    func agePast(_ folder: URL) throws {
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) { try agePast(folder, path) }
    }

    /// Sets the file at `path` under `folder` a few seconds back, and nothing else.
    func agePast(_ folder: URL, _ path: String) throws {
        let past = Date().addingTimeInterval(-5)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder.appendingPathComponent(path).path)
    }

    func isReusable(_ project: Project, _ settings: BuildSettings, arguments: [String] = ["build"]) -> Bool {
        guard let inputs = BuildStamp.inputs(of: settings, arguments: arguments) else { return false }
        return BuildStamp.reusable(in: project.layout, inputs: inputs) != nil
    }

    @Test("nothing changed: the stamp is reused, with what the build printed")
    func unchanged() throws {
        let (project, settings, inputs) = try builtProject()
        defer { project.directory.remove() }
        let last = try #require(BuildStamp.reusable(in: project.layout, inputs: inputs))
        #expect(last.pageCount == 2)
        #expect(last.lines == [.init(.warning, "w"), .init(.output, "Samples: none")])
        #expect(BuildStamp.inputs(of: settings, arguments: ["build"]) == inputs)
    }

    @Test("a page edited, added or removed, a template or the settings file changed: built again")
    func inputsChanged() throws {
        for change in ["edit", "add", "remove", "template", "settings"] {
            let (project, settings, _) = try builtProject()
            defer { project.directory.remove() }
            #expect(isReusable(project, settings), "positive control before \(change)")
            let path: String? =
                switch change {
                case "edit": "content/guide.md"
                case "add": "content/new.md"
                case "template": "templates/page.html"
                case "settings": "galley.yml"
                default: nil
                }
            if let path {
                try project.directory.write(path, change == "edit" ? "# Gide\n" : "title: Other\n")  // an edit of the same size
                try agePast(project.directory.url, path)
            } else {
                try FileManager.default.removeItem(at: project.directory.url.appendingPathComponent("content/guide.md"))
            }
            #expect(!isReusable(project, settings), "\(change) is not seen")
        }
    }

    @Test("the output edited or removed by hand: built again")
    func outputChanged() throws {
        for change in ["edit", "remove"] {
            let (project, settings, _) = try builtProject()
            defer { project.directory.remove() }
            #expect(isReusable(project, settings))
            let page = project.directory.url.appendingPathComponent("public/guide.html")
            if change == "edit" { try Data("<p>hand-made</p>".utf8).write(to: page) } else { try FileManager.default.removeItem(at: page) }
            #expect(!isReusable(project, settings), "an output \(change) is not seen")
        }
    }

    @Test("other arguments, another branch or commit: built again")
    func argumentsAndGit() throws {
        let (project, settings, _) = try builtProject()
        defer { project.directory.remove() }
        #expect(isReusable(project, settings))
        #expect(!isReusable(project, settings, arguments: ["build", "--base-url", "https://example.com/"]))
        // Git's HEAD and the branch it names are read as files: a commit moves the branch's ref.
        try project.directory.write(".git/HEAD", "ref: refs/heads/main\n")
        try project.directory.write(".git/refs/heads/main", String(repeating: "a", count: 40) + "\n")
        try agePast(project.directory.url.appendingPathComponent(".git"))
        let inputs = try #require(BuildStamp.inputs(of: settings, arguments: ["build"]))
        BuildStamp(inputs: inputs, output: BuildStamp.outputDigest(of: project.layout), pageCount: 2, lines: []).record(in: project.layout)
        #expect(isReusable(project, settings))
        try project.directory.write(".git/refs/heads/main", String(repeating: "b", count: 40) + "\n")
        try agePast(project.directory.url, ".git/refs/heads/main")
        #expect(!isReusable(project, settings), "a new commit is not seen")
    }

    @Test("a file changed within the last tick gives no stamp (the next build records one)")
    func racyChange() throws {
        let (project, settings, _) = try builtProject()
        defer { project.directory.remove() }
        #expect(BuildStamp.inputs(of: settings, arguments: ["build"]) != nil)
        try project.directory.write("content/guide.md", "# Guide again\n")
        #expect(BuildStamp.inputs(of: settings, arguments: ["build"]) == nil)
    }
}
