import Foundation
import GalleyCore
import GalleyProject
import GalleySite
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// `galley serve`'s engine: builds the site, serves the output folder over
/// HTTP, watches the sources, rebuilds what changed and reloads the browsers.
///
/// ```swift
/// let server = PreviewServer(settings: BuildSettings(layout: layout), options: .init(port: 8000))
/// try await server.run(handlesSignals: true) { port in print("http://127.0.0.1:\(port)/") }
/// ```
public struct PreviewServer: Sendable {
    /// Where and how to serve.
    public struct Options: Sendable {
        /// The address to listen on; loopback by default.
        public var host: String
        /// The port; `0` picks a free one (reported to `onReady`).
        public var port: Int
        /// How long the sources must be quiet before a rebuild starts.
        public var debounce: Duration
        /// How changes are found.
        public var watchMode: FileWatcher.Mode
        /// How often idle event streams get a heartbeat.
        public var heartbeat: Duration
        /// The most live-reload event streams open at once (one per open page);
        /// a page asking for one more gets 503. A closed page frees its place
        /// at the next heartbeat at the latest.
        public var maxEventStreams: Int
        /// How long a connection may sit between requests (or send a request
        /// head slowly) before it is closed. An open event stream is a request
        /// in progress, not idle.
        public var idleTimeout: Duration
        /// The folder served, when it is not the build's output folder: a
        /// versioned site's (`public/`), whose checked-out version the
        /// build writes into a folder of it (`public/main/`).
        public var servedRoot: URL?

        /// Options with the defaults of `galley serve`.
        public init(
            host: String = "127.0.0.1", port: Int = 8000, debounce: Duration = .milliseconds(100),
            watchMode: FileWatcher.Mode = .automatic, heartbeat: Duration = .seconds(15), maxEventStreams: Int = 64,
            idleTimeout: Duration = .seconds(30)
        ) {
            self.host = host
            self.port = port
            self.debounce = debounce
            self.watchMode = watchMode
            self.heartbeat = heartbeat
            self.maxEventStreams = maxEventStreams
            self.idleTimeout = idleTimeout
        }
    }

    /// The build settings (folders, cache, progress).
    public var settings: BuildSettings
    /// Where and how to serve.
    public var options: Options

    /// Creates a server; nothing happens until ``run(handlesSignals:onBuild:onReady:)``.
    public init(settings: BuildSettings, options: Options = Options()) {
        self.settings = settings
        self.options = options
    }

    /// Whether `host` names this machine only (`127.0.0.1`, `::1`, `localhost`).
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// Builds once, then serves and rebuilds on change until the task is
    /// cancelled or, when `handlesSignals` is set, SIGINT or SIGTERM arrives.
    /// A failed first build still starts the server, which shows the errors.
    /// On the way out it waits for a build in progress, so the output folder
    /// is never left half-written.
    ///
    /// - Parameters:
    ///   - onBuild: called after every build, the first one included.
    ///   - onReady: called with the port once the server listens.
    public func run(
        handlesSignals: Bool = false,
        onBuild: @escaping @Sendable (RebuildCoordinator.Outcome) -> Void = { _ in },
        onReady: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws(Diagnostic) {
        let layout = settings.layout
        // Say so before a first build that may take a while, not after it.
        try Self.checkPortIsFree(host: options.host, port: options.port)
        let reloader = Reloader()
        let cache = SiteFileCache()
        let coordinator = RebuildCoordinator(
            session: BuildSession(settings), reloader: reloader,
            onSiteChanged: { cache.invalidate() }, onBuild: onBuild
        )
        await coordinator.schedule(.all)
        await coordinator.waitUntilIdle()

        let folders = await coordinator.watchedFolders
        let targets: [FileWatcher.Target] =
            [
                .folder(layout.contentDirectory), .folder(layout.templatesDirectory), .file(layout.configurationFile),
            ] + folders.all.map { .folder($0) }
        let watcher = try FileWatcher(targets: targets, debounce: options.debounce, mode: options.watchMode)
        defer { watcher.stop() }

        var logger = Logger(label: "galley.serve")
        // Failures reach the caller as errors; cancelled connections at shutdown are not news.
        logger.logLevel = .critical
        let port = options.port
        let app = Application(
            responder: PreviewResponder(
                resolver: SitePathResolver(root: options.servedRoot ?? layout.outputDirectory), reloader: reloader, cache: cache,
                maxEventStreams: options.maxEventStreams, loopbackHostsOnly: Self.isLoopback(options.host)
            ),
            server: .http1(configuration: .init(idleTimeout: TimeAmount(options.idleTimeout))),
            configuration: ApplicationConfiguration(address: .hostname(options.host, port: port), serverName: "Galley"),
            services: [
                RebuildService(watcher: watcher, coordinator: coordinator, layout: layout, folders: folders),
                HeartbeatService(reloader: reloader, interval: options.heartbeat),
            ],
            onServerRunning: { channel in await onReady(channel.localAddress?.port ?? port) },
            logger: logger
        )
        do {
            if handlesSignals {
                try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
            } else {
                try await app.run()
            }
        } catch {
            reloader.finishAll()
            await coordinator.waitUntilIdle()
            if Task.isCancelled { return }
            throw Self.explain(error, host: options.host, port: port)
        }
        reloader.finishAll()
        await coordinator.waitUntilIdle()
    }

    /// Throws the port-in-use error when something already listens on
    /// `host:port` (the real bind later reports the same if it is taken meanwhile).
    static func checkPortIsFree(host: String, port: Int) throws(Diagnostic) {
        guard port != 0 else { return }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(name, String(port), &hints, &list) == 0, let first = list else { return }
        defer { freeaddrinfo(list) }
        let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 {
            let code = errno
            throw explain(IOError(errnoCode: code, reason: "bind"), host: host, port: port)
        }
    }

    /// The server's failure as one sentence and what to do.
    static func explain(_ error: any Error, host: String, port: Int) -> Diagnostic {
        if let error = error as? Diagnostic { return error }
        if let io = error as? IOError {
            switch io.errnoCode {
            case EADDRINUSE:
                return Diagnostic(
                    "port \(port) is already in use on \(host)",
                    suggestion: "Stop the program using it, or pick another port, e.g. galley serve --port \(port == 65535 ? 8001 : port + 1)"
                )
            case EACCES:
                return Diagnostic(
                    "not allowed to listen on port \(port)",
                    suggestion: "Ports below 1024 need privileges; pick another, e.g. `galley serve --port 8000`"
                )
            case EADDRNOTAVAIL:
                return Diagnostic(
                    "cannot listen on \(host): no network interface has that address",
                    suggestion: "Use `--host 127.0.0.1`, or an address of this machine"
                )
            default:
                break
            }
        }
        return Diagnostic("the server stopped: \(error)", suggestion: "Run `galley serve` again; report the problem if it persists")
    }
}

/// Turns the watcher's batches into rebuilds until the server stops.
struct RebuildService: Service {
    let watcher: FileWatcher
    let coordinator: RebuildCoordinator
    let layout: SiteLayout
    let folders: SiteChanges.Folders

    func run() async throws {
        for await batch in watcher.changes.cancelOnGracefulShutdown() {
            let changes = SiteChanges(files: batch, layout: layout, folders: folders)
            if !changes.isEmpty { await coordinator.schedule(changes) }
        }
        await coordinator.waitUntilIdle()
    }
}

/// Sends a heartbeat to idle event streams, which also ends the streams of
/// browsers that went away.
struct HeartbeatService: Service {
    let reloader: Reloader
    let interval: Duration

    func run() async throws {
        let (reloader, interval) = (self.reloader, self.interval)
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: interval)
                reloader.heartbeat()
            }
        }
    }
}
