import Foundation
import GalleyProject
import GalleyServer
import GalleySite
import GalleyTestSupport
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking

#endif

/// A preview server running on a free loopback port over a temporary site.
final class ServerHarness: Sendable {
    let directory: TemporaryDirectory
    let port: Int
    let builds: BuildLog
    private let task: Task<Void, any Error>

    private init(directory: TemporaryDirectory, port: Int, builds: BuildLog, task: Task<Void, any Error>) {
        self.directory = directory
        self.port = port
        self.builds = builds
        self.task = task
    }

    /// A site with the fixture theme and `pages` (path under content/ → Markdown).
    static func makeSite(_ pages: [String: String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FixtureTheme.write(into: directory)
        for (path, text) in pages { try directory.write("content/\(path)", text) }
        return directory
    }

    /// Starts the server and waits until it listens; ``withServer`` stops it again.
    private static func start(
        _ directory: TemporaryDirectory, settings: BuildSettings?, watchMode: FileWatcher.Mode = .automatic, debounce: Duration = .milliseconds(50),
        maxEventStreams: Int = 64, idleTimeout: Duration = .seconds(30)
    ) async throws -> ServerHarness {
        let builds = BuildLog()
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = PreviewServer(
            settings: settings ?? BuildSettings(layout: SiteLayout(root: directory.url)),
            options: PreviewServer.Options(
                port: 0, debounce: debounce, watchMode: watchMode, maxEventStreams: maxEventStreams,
                idleTimeout: idleTimeout)
        )
        let task = Task {
            defer { portContinuation.finish() }
            try await server.run(onBuild: { outcome in builds.withLock { $0.append(outcome) } }) { port in
                portContinuation.yield(port)
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await task.value
            throw HarnessError("the server stopped before it listened")
        }
        return ServerHarness(directory: directory, port: port, builds: builds, task: task)
    }

    /// Starts a server, runs `body` with it, and stops it whether `body`
    /// returns or throws (a `defer` cannot wait for the stop).
    static func withServer<T>(
        _ directory: TemporaryDirectory, settings: BuildSettings? = nil, watchMode: FileWatcher.Mode = .automatic,
        debounce: Duration = .milliseconds(50), maxEventStreams: Int = 64, idleTimeout: Duration = .seconds(30),
        _ body: (ServerHarness) async throws -> T
    ) async throws -> T {
        let server = try await start(
            directory, settings: settings, watchMode: watchMode, debounce: debounce, maxEventStreams: maxEventStreams, idleTimeout: idleTimeout
        )
        let result: T
        do {
            result = try await body(server)
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()
        return result
    }

    /// Stops the server and waits for it; throws when it does not stop within `limit`.
    func stop(within limit: Duration = .seconds(20)) async throws {
        task.cancel()
        let stopped = Atomic<Bool>(false)
        let deadline = ContinuousClock.now + limit
        let waiter = Task { [task] in
            _ = try? await task.value
            stopped.store(true, ordering: .sequentiallyConsistent)
        }
        while !stopped.load(ordering: .sequentiallyConsistent) {
            if ContinuousClock.now > deadline { throw HarnessError("the server did not stop within \(limit)") }
            try await Task.sleep(for: .milliseconds(20))
        }
        _ = await waiter.value
    }

    var buildCount: Int { builds.withLock { $0.count } }

    /// A real HTTP request with URLSession.
    func request(
        _ path: String, method: String = "GET", headers extra: [String: String] = [:]
    ) async throws -> (status: Int, headers: [String: String], body: Data) {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw HarnessError("not a URL path: \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in extra { request.setValue(value, forHTTPHeaderField: name) }
        request.timeoutInterval = 10
        let configuration = URLSessionConfiguration.ephemeral
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw HarnessError("not an HTTP response") }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        return (http.statusCode, headers, data)
    }

    /// The text of a GET.
    func text(_ path: String) async throws -> String {
        String(decoding: try await request(path).body, as: UTF8.self)
    }
}

/// Every build's outcome, in order.
final class BuildLog: Sendable {
    private let outcomes = Mutex<[RebuildCoordinator.Outcome]>([])

    func withLock<T>(_ body: (inout [RebuildCoordinator.Outcome]) -> T) -> T {
        outcomes.withLock { body(&$0) }
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Counts this process's open file descriptors; throws (so the test fails,
/// never compares -1 with -1) where `/proc/self/fd` cannot be read.
///
/// Descriptors of the toolchain's files and the compilers' module caches are
/// not counted: sourcekitd, which the hover tests load into this same test
/// process while the server tests run, keeps some open for the process's life.
func openFileDescriptorCount() throws -> Int {
    do {
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        let toolchain = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .first { FileManager.default.isExecutableFile(atPath: "\($0)/swiftc") }
            .map { URL(fileURLWithPath: String($0)).deletingLastPathComponent().deletingLastPathComponent().path + "/" }
        return descriptors.filter { name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)") else { return true }
            if let toolchain, target.hasPrefix(toolchain) { return false }
            return !(target.contains("/ModuleCache") || target.hasSuffix(".pcm") || target.hasSuffix(".swiftmodule"))
        }.count
    } catch {
        throw HarnessError(
            "cannot count open file descriptors: /proc/self/fd is unreadable (\(error.localizedDescription)); run the tests where /proc is mounted")
    }
}
