import Foundation
import GalleyTestSupport
import Testing

@Suite("galley verify --bless: links and exit codes")
struct BlessCommandTests {
    @Test("a symlinked page is rewritten where the link points; the link stays a link")
    func symlinkedPageInsideProject() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("shared/page.md", "# Page\n\n```swift\nprint(\"actual\") // Prints \"expected\"\n```\n")
        try FileManager.default.createDirectory(at: site.url.appendingPathComponent("content"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: site.url.appendingPathComponent("content/index.md").path, withDestinationPath: "../shared/page.md")
        let blessed = try GalleyExecutable.run(["verify", "--bless"], in: site.url)
        #expect(blessed.status == 0, "\(blessed.standardOutput)\(blessed.standardError)")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: site.url.appendingPathComponent("content/index.md").path)
        #expect(link == "../shared/page.md")
        #expect(try site.read("shared/page.md").contains("// Prints \"actual\""))
    }

    @Test("a page linked from outside the project is refused, untouched, with exit 1")
    func symlinkOutsideProject() throws {
        let site = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        defer { site.remove(); outside.remove() }
        let original = "# Page\n\n```swift\nprint(\"actual\") // Prints \"expected\"\n```\n"
        try outside.write("page.md", original)
        try FileManager.default.createDirectory(at: site.url.appendingPathComponent("content"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: site.url.appendingPathComponent("content/index.md"), withDestinationURL: outside.url.appendingPathComponent("page.md"))
        let result = try GalleyExecutable.run(["verify", "--bless"], in: site.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("'content/index.md' is a symbolic link to"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("outside the project"))
        #expect(try outside.read("page.md") == original)
    }

    @Test("a failure that blessing cannot fix still exits 1; the fixable one is blessed")
    func unfixableFailureFailsTheRun() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write(
            "content/index.md",
            """
            # Home

            ```swift
            print("actual") // Prints "expected"
            ```

            ```swift
            let broken: Int = "text"
            ```

            """)
        let result = try GalleyExecutable.run(["verify", "--bless"], in: site.url)
        #expect(result.status == 1, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("content/index.md:8"), "\(result.standardOutput)")
        #expect(result.standardOutput.hasSuffix("1 passed, 1 failed, 0 skipped\n"), "\(result.standardOutput)")
        #expect(try site.read("content/index.md").contains("// Prints \"actual\""))
    }
}
