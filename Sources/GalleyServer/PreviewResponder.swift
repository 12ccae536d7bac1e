import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle

/// Answers the preview server's requests: files of the built site (with the
/// live-reload script added to HTML), the site's `404.html` with status 404,
/// and the `/__galley/events` stream.
///
/// Only `GET` and `HEAD` are allowed; every response says
/// `Cache-Control: no-cache`, since the site changes under the browser. A
/// file answers a single-range `Range` request with 206 (416 when the range
/// starts past its end); files too large for the cache are streamed from disk.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    /// What a file of the site is answered with.
    enum FileContent: Sendable {
        /// Bytes in memory, through the cache: a page with the script, or a small file.
        case bytes(SiteFileCache.Entry)
        /// A file larger than the cache keeps (never HTML), streamed from disk.
        case stream(path: String, size: Int, contentType: String)

        /// The length of the response body for the whole file.
        var size: Int {
            switch self {
            case .bytes(let entry): entry.bytes.count
            case .stream(_, let size, _): size
            }
        }

        /// The `Content-Type`.
        var contentType: String {
            switch self {
            case .bytes(let entry): entry.contentType
            case .stream(_, _, let contentType): contentType
            }
        }
    }

    let resolver: SitePathResolver
    let reloader: Reloader
    let cache: SiteFileCache
    /// The most `/__galley/events` streams open at once; one more gets 503.
    let maxEventStreams: Int
    /// Reads a whole file; tests replace it to act between the read and what follows it.
    let readFile: @Sendable (String) -> Data?
    /// Whether only requests for a loopback name are answered (the server listens on loopback):
    /// a page on another site that rebinds its DNS name to 127.0.0.1 gets 403, not the preview.
    let loopbackHostsOnly: Bool
    /// Streams large files from disk in chunks, on NIO's thread pool.
    private let fileIO = FileIO()

    init(
        resolver: SitePathResolver, reloader: Reloader, cache: SiteFileCache, maxEventStreams: Int = 64,
        loopbackHostsOnly: Bool = true,
        readFile: @escaping @Sendable (String) -> Data? = { FileManager.default.contents(atPath: $0) }
    ) {
        self.loopbackHostsOnly = loopbackHostsOnly
        self.resolver = resolver
        self.reloader = reloader
        self.cache = cache
        self.maxEventStreams = maxEventStreams
        self.readFile = readFile
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        if loopbackHostsOnly, !Self.isLoopbackHost(request.head.authority) {
            return plain(
                .forbidden, "Forbidden: this preview answers only requests for localhost, 127.0.0.1 or [::1].\n", head: request.method == .head)
        }
        guard request.method == .get || request.method == .head else {
            return plain(.methodNotAllowed, "Only GET and HEAD are allowed.\n", extra: [.allow: "GET, HEAD"], head: false)
        }
        let head = request.method == .head
        let path = request.uri.path
        if path == LiveReloadScript.eventsPath {
            if head { return eventStreamHead() }
            guard let events = reloader.subscribe(limit: maxEventStreams) else {
                let sentence =
                    "This preview server already has \(maxEventStreams) live-reload connections open, its limit: "
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
            guard let content = load(file) else { return notFound(head: head) }
            return await respond(to: request, with: content, head: head, context: context)
        }
    }

    /// A file's response: whole (200) or the byte range asked for (206, or 416).
    private func respond(to request: Request, with content: FileContent, head: Bool, context: Context) async -> Response {
        let size = content.size
        // Ranges apply to GET only (RFC 9110 §14.2). This server sends no validators,
        // so an If-Range never matches and asks for the whole file.
        let range =
            request.method == .get && request.headers[.ifRange] == nil
            ? ByteRange(header: request.headers[.range], length: size) : .whole
        var headers = Self.headers(contentType: content.contentType)
        headers[.acceptRanges] = "bytes"
        let status: HTTPResponse.Status
        let selected: ClosedRange<Int>?
        switch range {
        case .unsatisfiable:
            let sentence = "The range asked for starts after the end of the file, which has \(size) bytes.\n"
            return plain(.rangeNotSatisfiable, sentence, extra: [.contentRange: "bytes */\(size)"], head: head)
        case .part(let part):
            status = .partialContent
            selected = part
            headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(size)"
        case .whole:
            status = .ok
            selected = size > 0 ? 0...(size - 1) : nil
        }
        headers[.contentLength] = String(selected?.count ?? 0)
        guard !head, let selected else { return Response(status: status, headers: headers, body: ResponseBody()) }
        switch content {
        case .bytes(let entry):
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: entry.bytes[selected])))
        case .stream(let path, _, _):
            // FileIO opens the file when the body is written and reads it chunk by chunk.
            // (A file replaced by a rebuild meanwhile may end short; the page reloads after it.)
            guard let body = try? await fileIO.loadFile(path: path, range: selected, context: context) else {
                return notFound(head: false)
            }
            return Response(status: status, headers: headers, body: body)
        }
    }

    /// Whether a `Host` value (`localhost:8000`, `[::1]:8000`, `127.0.0.1`) names this machine.
    static func isLoopbackHost(_ host: String?) -> Bool {
        guard var name = host?.lowercased(), !name.isEmpty else { return false }
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            name = String(name[name.index(after: name.startIndex)..<close])
        } else if let colon = name.lastIndex(of: ":") {
            name = String(name[..<colon])
        }
        return name == "localhost" || name == "127.0.0.1" || name == "::1"
    }

    /// The file's bytes, through the cache, HTML with the script injected; or,
    /// for a file larger than the cache keeps that is not HTML, where to stream it from.
    ///
    /// The build identifier is read before the bytes. A rebuild replaces the
    /// files first and changes the identifier after, so a page read while it
    /// runs carries either the new identifier over new content or the old
    /// identifier (over old or new content), which the `ready` event reloads;
    /// never the new identifier over old content, which would never reload.
    func load(_ file: URL) -> FileContent? {
        let key = file.path
        let buildID = reloader.buildID
        let generation = cache.generation
        if let entry = cache.entry(for: key, buildID: buildID) { return .bytes(entry) }
        let contentType = MediaTypes.contentType(forPath: key)
        let isHTML = MediaTypes.isHTML(contentType)
        if !isHTML {
            guard let size = Self.fileSize(atPath: key) else { return nil }
            if size > cache.largestFile { return .stream(path: key, size: size, contentType: contentType) }
        }
        guard let data = readFile(key) else { return nil }
        var bytes = [UInt8](data)
        if isHTML {
            bytes = LiveReloadScript.inject(into: bytes, buildID: buildID)
        }
        let entry = SiteFileCache.Entry(bytes: bytes, contentType: contentType, buildID: buildID)
        cache.store(entry, for: key, generation: generation)
        return .bytes(entry)
    }

    /// The size of the file at `path`, `nil` when it is gone.
    private static func fileSize(atPath path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    private func notFound(head: Bool) -> Response {
        if case .file(let page) = resolver.resolve("/404.html"), case .bytes(let entry)? = load(page) {
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
        var headers = Self.headers(contentType: entry.contentType)
        headers[.contentLength] = String(entry.bytes.count)
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: entry.bytes)))
    }

    /// The headers of every file response: its type, no caching without asking, no sniffing.
    private static func headers(contentType: String) -> HTTPFields {
        var headers: HTTPFields = [.contentType: contentType, .cacheControl: "no-cache"]
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        return headers
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
        Response(
            status: .ok, headers: Self.eventHeaders,
            body: ResponseBody { writer in
                for await event in events.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: event.serverSentEvent))
                }
                try await writer.finish(nil)
            })
    }
}
