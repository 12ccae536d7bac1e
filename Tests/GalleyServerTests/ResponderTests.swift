import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyServer

@Suite("The responder's load path during a rebuild")
struct ResponderTests {
    /// A site folder with `public/index.html` saying `text`, and the resolved page.
    static func site(_ text: String) throws -> (TemporaryDirectory, root: URL, page: URL) {
        let directory = try TemporaryDirectory()
        try directory.write("public/index.html", "<html><body>\(text)</body></html>")
        let root = directory.url.appendingPathComponent("public")
        guard case .file(let page) = SitePathResolver(root: root).resolve("/index.html") else {
            throw HarnessError("index.html did not resolve")
        }
        return (directory, root, page)
    }

    @Test("a page whose bytes were read just before a rebuild published carries the old build id, so it reloads")
    func buildIDIsReadBeforeTheBytes() throws {
        let (directory, root, page) = try Self.site("old")
        defer { directory.remove() }
        let reloader = Reloader()
        let cache = SiteFileCache()
        let oldID = reloader.buildID
        // The rebuild lands between the read of the bytes and whatever the responder does next:
        // it replaces the page, changes the build id and empties the cache, as RebuildCoordinator does.
        let responder = PreviewResponder(resolver: SitePathResolver(root: root), reloader: reloader, cache: cache) { path in
            let bytes = FileManager.default.contents(atPath: path)
            if reloader.buildID == oldID {
                try? Data("<html><body>new</body></html>".utf8).write(to: URL(fileURLWithPath: path))
                reloader.publishSuccess(beforeBroadcast: { cache.invalidate() })
            }
            return bytes
        }
        let during = try #require(responder.load(page)?.entry)
        let served = String(decoding: during.bytes, as: UTF8.self)
        #expect(served.contains("old"))
        #expect(served.contains("var BUILD = \"\(oldID)\";"), "old content must carry the old id, which `ready` reloads")
        #expect(during.buildID == oldID)
        #expect(reloader.buildID != oldID, "the rebuild published during the read")

        // The reload gets the new page with the new id, not the entry read during the rebuild.
        let after = try #require(responder.load(page)?.entry)
        let reloaded = String(decoding: after.bytes, as: UTF8.self)
        #expect(reloaded.contains("new") && reloaded.contains("var BUILD = \"\(reloader.buildID)\";"))
        #expect(after.buildID == reloader.buildID)
        // And that one is cached for the new build: a third load reads nothing from disk.
        try Data("<html><body>changed on disk</body></html>".utf8).write(to: page)
        #expect(responder.load(page)?.entry?.bytes == after.bytes)
    }

    @Test("files larger than the cache keeps are streamed from disk, except HTML, which is read whole to add the script")
    func largeFilesAreStreamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("public/small.css", "p{}")
        try directory.write("public/large.bin", String(repeating: "x", count: 100))
        try directory.write("public/large.html", "<body>" + String(repeating: "x", count: 100) + "</body>")
        let root = directory.url.appendingPathComponent("public")
        let resolver = SitePathResolver(root: root)
        let responder = PreviewResponder(resolver: resolver, reloader: Reloader(), cache: SiteFileCache(largestFile: 64))
        func content(_ path: String) throws -> PreviewResponder.FileContent? {
            guard case .file(let file) = resolver.resolve(path) else { throw HarnessError("\(path) did not resolve") }
            return responder.load(file)
        }
        guard case .stream(let path, let size, let type)? = try content("/large.bin") else {
            Issue.record("a large file is not streamed")
            return
        }
        #expect(path.hasSuffix("/large.bin") && size == 100 && type == "application/octet-stream")
        #expect(try content("/small.css")?.entry?.bytes == Array("p{}".utf8))
        let page = try #require(try content("/large.html")?.entry)
        #expect(String(decoding: page.bytes, as: UTF8.self).contains("data-galley-live-reload"))
    }

    @Test("the cache hands an entry only to a request that read the same build id")
    func cacheEntryRemembersItsBuild() {
        let cache = SiteFileCache()
        let entry = SiteFileCache.Entry(bytes: Array("page".utf8), contentType: "text/html; charset=utf-8", buildID: "k-1")
        cache.store(entry, for: "/site/index.html", generation: cache.generation)
        #expect(cache.entry(for: "/site/index.html", buildID: "k-1")?.bytes == entry.bytes)
        #expect(cache.entry(for: "/site/index.html", buildID: "k-2") == nil)
        // An entry read before a rebuild emptied the cache is not kept.
        let generation = cache.generation
        cache.invalidate()
        cache.store(entry, for: "/site/other.html", generation: generation)
        #expect(cache.entry(for: "/site/other.html", buildID: "k-1") == nil)
    }
}

extension PreviewResponder.FileContent {
    /// The bytes in memory, `nil` for a streamed file.
    var entry: SiteFileCache.Entry? {
        if case .bytes(let entry) = self { entry } else { nil }
    }
}
