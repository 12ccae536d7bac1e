import Foundation
import GalleyProject
import GalleyServer
import GalleySite
import GalleyTestSupport
import Testing

@Suite("Paths, script and events")
struct UnitTests {
    @Test("the resolver maps paths into the site folder and refuses every way out")
    func resolver() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("public/index.html", "home")
        try directory.write("public/guide/index.html", "guide")
        try directory.write("public/read me/index.html", "spaces")
        try directory.write("public/.hidden", "no")
        try directory.write("outside.txt", "secret")
        let root = directory.url.appendingPathComponent("public")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("out.txt").path, withDestinationPath: directory.url.appendingPathComponent("outside.txt").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("in.html").path, withDestinationPath: "index.html")
        let resolver = SitePathResolver(root: root)
        let real = URL(fileURLWithPath: root.resolvingSymlinksInPath().path)
        #expect(resolver.resolve("/") == .file(real.appendingPathComponent("index.html")))
        #expect(resolver.resolve("/guide/") == .file(real.appendingPathComponent("guide/index.html")))
        #expect(resolver.resolve("/guide") == .redirect("/guide/"))
        // The Location is rebuilt from the segments: `//guide/` would name a host.
        #expect(resolver.resolve("//guide") == .redirect("/guide/"))
        #expect(resolver.resolve("///guide") == .redirect("/guide/"))
        #expect(resolver.resolve("/%67uide") == .redirect("/guide/"))
        #expect(resolver.resolve("/read%20me") == .redirect("/read%20me/"))
        #expect(resolver.resolve("/in.html") == .file(real.appendingPathComponent("index.html")))
        #expect(resolver.resolve("/out.txt") == .forbidden)
        #expect(resolver.resolve("/.hidden") == .notFound)
        #expect(resolver.resolve("/missing") == .notFound)
        for attempt in [
            "/../outside.txt", "/%2e%2e/outside.txt", "/%2E%2e/outside.txt", "/..%2Foutside.txt", "/guide%2f..%2f..%2foutside.txt",
            "/..\\outside.txt", "/a%00b", "relative",
        ] {
            #expect(resolver.resolve(attempt) == .forbidden, "\(attempt)")
        }
    }

    @Test("the script goes before the last </body>, whatever its case, or at the end")
    func injection() {
        let page = Array("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
        let injected = String(decoding: LiveReloadScript.inject(into: page, buildID: "b-1"), as: UTF8.self)
        #expect(injected.hasSuffix("</script>\n</BODY></html>"))
        #expect(injected.contains("var BUILD = \"b-1\";"))
        let bare = String(decoding: LiveReloadScript.inject(into: Array("<p>fragment</p>".utf8), buildID: "x"), as: UTF8.self)
        #expect(bare.hasPrefix("<p>fragment</p><script data-galley-live-reload>"))
    }

    @Test("MIME types by extension, case-insensitively")
    func mediaTypes() {
        #expect(MediaTypes.contentType(forPath: "a/b.HTML") == "text/html; charset=utf-8")
        #expect(MediaTypes.contentType(forPath: "x.js") == "text/javascript; charset=utf-8")
        #expect(MediaTypes.contentType(forPath: "font.woff2") == "font/woff2")
        #expect(MediaTypes.contentType(forPath: "README") == "application/octet-stream")
        #expect(MediaTypes.contentType(forPath: ".profile") == "application/octet-stream")
    }

    @Test("events on the wire: a failed build is `build-error` (not EventSource's own `error`), its diagnostics one JSON line")
    func events() throws {
        let failure = ErrorOverlay(message: "build failed with 1 error", diagnostics: ["content/a.md:3: sample failed: x"], details: "line 1\nline 2")
        let wire = ReloadEvent.error(failure).serverSentEvent
        #expect(ReloadEvent.error(failure).name == "build-error")
        #expect(wire.hasPrefix("event: build-error\ndata: {"))
        #expect(wire.hasSuffix("}\n\n"))
        #expect(wire.filter { $0 == "\n" }.count == 3, "data stays on one line")
        #expect(wire.contains("content/a.md:3"))
        let decoded = try JSONDecoder().decode(ErrorOverlay.self, from: Data(wire.dropFirst("event: build-error\ndata: ".count).dropLast(2).utf8))
        #expect(decoded == failure)
        #expect(ReloadEvent.reload(buildID: "k-2").serverSentEvent == "event: reload\ndata: k-2\n\n")
    }

    @Test("the injected script listens for build-error, and not for EventSource's error event")
    func scriptListensForBuildError() {
        let script = LiveReloadScript.element(buildID: "b-1")
        #expect(script.contains("addEventListener(\"build-error\""))
        #expect(!script.contains("addEventListener(\"error\""))
    }

    @Test("the reloader tells late subscribers the current build and failure, and forgets ended streams")
    func reloader() async {
        let reloader = Reloader()
        let failure = ErrorOverlay(message: "m", diagnostics: ["d"])
        reloader.publishFailure(failure)
        var iterator = reloader.subscribe().makeAsyncIterator()
        #expect(await iterator.next() == .ready(buildID: reloader.buildID))
        #expect(await iterator.next() == .error(failure))
        reloader.publishSuccess()
        #expect(await iterator.next() == .reload(buildID: reloader.buildID))
        #expect(reloader.subscriberCount == 1)
        reloader.finishAll()
        #expect(await iterator.next() == nil)
        #expect(reloader.subscriberCount == 0)
    }

    @Test("a capped subscription is refused when the cap is reached, and a closed stream frees its place")
    func subscriberCap() async throws {
        let reloader = Reloader()
        var first = reloader.subscribe(limit: 2)
        let second = reloader.subscribe(limit: 2)
        #expect(first != nil && second != nil)
        #expect(reloader.subscribe(limit: 2) == nil)
        #expect(reloader.subscriberCount == 2)
        first = nil
        #expect(reloader.subscriberCount == 1)
        let third = try #require(reloader.subscribe(limit: 2))
        var iterator = third.makeAsyncIterator()
        #expect(await iterator.next() == .ready(buildID: reloader.buildID))
        _ = second
    }

    @Test("changed files are sorted into content, templates, configuration and library changes")
    func changes() {
        let layout = SiteLayout(root: URL(fileURLWithPath: "/site"))
        let library = URL(fileURLWithPath: "/site/Sources")
        let changes = SiteChanges(
            files: [
                URL(fileURLWithPath: "/site/content/guide/a.md"), URL(fileURLWithPath: "/site/templates/layout.mustache"),
                URL(fileURLWithPath: "/site/galley.yml"), URL(fileURLWithPath: "/site/Sources/Lib/X.swift"),
                URL(fileURLWithPath: "/site/public/index.html"),
            ], layout: layout, folders: SiteChanges.Folders(library: [library]))
        #expect(changes.content == ["guide/a.md"])
        #expect(changes.templates && changes.configuration && changes.library && !changes.everything)
        #expect(SiteChanges(files: [URL(fileURLWithPath: "/site/public/x.html")], layout: layout).isEmpty)

        // A package root: its catalogs (wherever its targets are) and Snippets/ are pages; a library target outside Sources/ is the library.
        let package = SiteChanges.Folders(
            library: [URL(fileURLWithPath: "/site/Library/Shapes")],
            pages: [URL(fileURLWithPath: "/site/Library/Shapes/Shapes.docc"), URL(fileURLWithPath: "/site/Snippets")]
        )
        let snippet = SiteChanges(files: [URL(fileURLWithPath: "/site/Snippets/Area.swift")], layout: layout, folders: package)
        #expect(snippet.everything && !snippet.library)
        let source = SiteChanges(files: [URL(fileURLWithPath: "/site/Library/Shapes/Rectangle.swift")], layout: layout, folders: package)
        #expect(source.library && !source.everything)
        let article = SiteChanges(files: [URL(fileURLWithPath: "/site/Library/Shapes/Shapes.docc/Intro.md")], layout: layout, folders: package)
        #expect(article.everything && !article.library, "an article edit is not a library change")
        #expect(SiteChanges(files: [URL(fileURLWithPath: "/site/Snippets/Area.swift")], layout: layout).isEmpty, "not watched without the folders")
    }
}
