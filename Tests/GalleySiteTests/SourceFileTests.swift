import Foundation
import GalleyCore
import GalleyTestSupport
import Testing

@testable import GalleyProject

/// Content pages are read by path (POSIX `read`); everything else by URL
/// (Foundation). Both give the same text and the same errors.
@Suite("Reading source files by path")
struct SourceFileTests {
    func both(_ directory: TemporaryDirectory, _ name: String) -> (byPath: Result<String, Diagnostic>, byURL: Result<String, Diagnostic>) {
        let url = directory.url.appendingPathComponent(name)
        let byPath = Result { () throws(Diagnostic) in try SourceFile.readText(atPath: url.path, displayPath: "content/\(name)") }
        let byURL = Result { () throws(Diagnostic) in try SourceFile.readText(at: url, displayPath: "content/\(name)") }
        return (byPath, byURL)
    }

    @Test("the same text for empty, small, large, CRLF, BOM and non-ASCII files")
    func sameText() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let large = String(repeating: "Line with ünïcode and `code` — 0123456789.\r\n", count: 20_000)
        let files: [String: [UInt8]] = [
            "empty.md": [],
            "small.md": Array("# Hi\n".utf8),
            "large.md": Array(large.utf8),
            "bom.md": [0xEF, 0xBB, 0xBF] + Array("---\ntitle: T\n---\n".utf8),
            "exact4096.md": Array(repeating: UInt8(ascii: "a"), count: 4096),
        ]
        for (name, bytes) in files {
            try directory.write(name, bytes: bytes)
            let (byPath, byURL) = both(directory, name)
            #expect(try byPath.get() == byURL.get(), "\(name)")
            #expect(try Array(byPath.get().utf8) == bytes, "\(name)")
        }
    }

    @Test("the same errors: not UTF-8 (with its line), missing, a folder, a dangling link")
    func sameErrors() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("bin.md", bytes: Array("# Fine\n\nbad: ".utf8) + [0xFF, 0xFE, 0x0A])
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("folder.md"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: directory.url.appendingPathComponent("gone.md").path, withDestinationPath: "/nonexistent/galley/gone.md"
        )
        for name in ["bin.md", "missing.md", "folder.md", "gone.md"] {
            let (byPath, byURL) = both(directory, name)
            guard case .failure(let pathError) = byPath, case .failure(let urlError) = byURL else {
                Issue.record("\(name) was read")
                continue
            }
            #expect(pathError == urlError, "\(name)")
        }
        if case .failure(let error) = both(directory, "bin.md").byPath {
            #expect(error.location?.line == 3)
        }
    }
}
