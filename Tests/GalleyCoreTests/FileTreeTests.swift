import Foundation
import GalleyCore
import GalleyTestSupport
import Testing

@Suite("Listing a folder tree")
struct FileTreeTests {
    @Test("files are listed sorted, hidden ones skipped; symbolic links are flagged and never walked into")
    func entries() throws {
        let folder = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        defer { folder.remove(); outside.remove() }
        try folder.write("b.md", "b")
        try folder.write("a/z.md", "z")
        try folder.write("a/.hidden.md", "h")
        try folder.write(".git/config", "x")
        try outside.write("inner/secret.md", "s")
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("a/linked"),
            withDestinationURL: outside.url.appendingPathComponent("inner"))
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("c.md"),
            withDestinationURL: folder.url.appendingPathComponent("b.md"))
        let entries = FileTree.entries(under: folder.url, includingSymbolicLinks: true)
        #expect(entries.map(\.path) == ["a/linked", "a/z.md", "b.md", "c.md"])
        #expect(entries.filter(\.isSymbolicLink).map(\.path) == ["a/linked", "c.md"])
        #expect(FileTree.files(under: folder.url) == ["a/z.md", "b.md"])
        #expect(FileTree.files(under: folder.url, skipsFolder: { $0 == "a" }) == ["b.md"])
    }
}
