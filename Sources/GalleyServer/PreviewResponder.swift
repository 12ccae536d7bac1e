import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle

/// Answers the preview server's requests: files of the built site (with the
/// live-reload script added to HTML), the site's `404.html` with status 404,
/// and the `/__galley/events` stream.
///
/// Only `GET` and `HEAD` are allowed; every response says
/// `Cache-Control: no-cache`, since the site changes under the browser.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let resolver: SitePathResolver
    let reloader: Reloader
    let cache: SiteFileCache
    /// The most `/__galley/events` streams open at once; one more gets 503.
    let maxEventStreams: Int
    /// Reads a whole file; tests replace it to act between the read and what follows it.
    let readFile: @Sendable (String) -> Data?

    init(
        resolver: SitePathResolver, reloader: Reloader, cache: SiteFileCache, maxEventStreams: Int = 64,
        readFile: @escaping @Sendable (String) -> Data? = { FileManager.default.contents(atPath: $0) }
    ) {
        self.resolver = resolver
        self.reloader = reloader
        self.cache = cache
        self.maxEventStreams = maxEventStreams
        self.readFile = readFile
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return plain(.methodNotAllowed, "Only GET and HEAD are allowed.\n", extra: [.allow: "GET, HEAD"], head: false)
        }
        let head = request.method == .head
        let path = request.uri.path
        if path == LiveReloadScript.eventsPath {
            if head { return eventStreamHead() }
            guard let events = reloader.subscribe(limit: maxEventStreams) else {
                let sentence = "This preview server already has \(maxEventStreams) live-reload connections open, its limit: "
                    + "close some of its tabs, then reload this page.\n"
                return plain(.serviceUnavailable, sentence, head: false)
            }
            return eventStream(events)
        }
        switch resolver.resolve(path) {
        case .forbidden:
            return plain(.forbidden, "Forbidden: the path leaves the site folder.\n", head: head)
        case .redirect(let location):
            let query = request.uri.query.map { "?\($0)" } ?? ""
            return plain(.movedPermanently, "Moved to \(location)\n", extra: [.location: location + query], head: head)
        case .notFound:
            return notFound(head: head)
        case .file(let file):
            guard let entry = load(file) else { return notFound(head: head) }
            return respond(.ok, entry, head: head)
        }
    }

    /// The file's bytes, through the cache; HTML with the script injected.
    ///
    /// The build identifier is read before the bytes. A rebuild replaces the
    /// files first and changes the identifier after, so a page read while it
    /// runs carries either the new identifier over new content or the old
    /// identifier (over old or new content), which the `ready` event reloads;
    /// never the new identifier over old content, which would never reload.
    func load(_ file: URL) -> SiteFileCache.Entry? {
        let key = file.path
        let buildID = reloader.buildID
        let generation = cache.generation
        if let entry = cache.entry(for: key, buildID: buildID) { return entry }
        guard let data = readFile(key) else { return nil }
        let contentType = MediaTypes.contentType(forPath: key)
        var bytes = [UInt8](data)
        if MediaTypes.isHTML(contentType) {
            bytes = LiveReloadScript.inject(into: bytes, buildID: buildID)
        }
        let entry = SiteFileCache.Entry(bytes: bytes, contentType: contentType, buildID: buildID)
        cache.store(entry, for: key, generation: generation)
        return entry
    }

    private func notFound(head: Bool) -> Response {
        if case .file(let page) = resolver.resolve("/404.html"), let entry = load(page) {
            return respond(.notFound, entry, head: head)
        }
        // No site yet (the first build failed): a page that still carries the script,
        // so the overlay shows the diagnostics and the fix reloads it.
        let html = """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Not found · Galley preview</title></head>
        <body><h1>Not found</h1><p>There is no page at this address\(reloader.currentFailure == nil ? "" : " yet: the site has not been built").</p></body></html>

        """
        let buildID = reloader.buildID
        let bytes = LiveReloadScript.inject(into: Array(html.utf8), buildID: buildID)
        let page = SiteFileCache.Entry(bytes: bytes, contentType: "text/html; charset=utf-8", buildID: buildID)
        return respond(.notFound, page, head: head)
    }

    private func respond(_ status: HTTPResponse.Status, _ entry: SiteFileCache.Entry, head: Bool) -> Response {
        var headers: HTTPFields = [
            .contentType: entry.contentType,
            .cacheControl: "no-cache",
            .contentLength: String(entry.bytes.count),
        ]
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: entry.bytes)))
    }

    private func plain(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:], head: Bool) -> Response {
        var headers = extra
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        headers[.contentLength] = String(text.utf8.count)
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private static let eventHeaders: HTTPFields = [
        .contentType: "text/event-stream; charset=utf-8",
        .cacheControl: "no-cache",
    ]

    private func eventStreamHead() -> Response {
        Response(status: .ok, headers: Self.eventHeaders, body: ResponseBody())
    }

    /// A stream that lasts until the browser leaves or the server stops.
    private func eventStream(_ events: AsyncStream<ReloadEvent>) -> Response {
        Response(status: .ok, headers: Self.eventHeaders, body: ResponseBody { writer in
            for await event in events.cancelOnGracefulShutdown() {
                try await writer.write(ByteBuffer(string: event.serverSentEvent))
            }
            try await writer.finish(nil)
        })
    }
}
