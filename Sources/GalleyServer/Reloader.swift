import Foundation
import Synchronization

/// Broadcasts rebuild outcomes to every connected browser and remembers the
/// current one, so a browser that connects later learns it at once.
///
/// ```swift
/// let reloader = Reloader()
/// let events = reloader.subscribe()        // first event: .ready(buildID:)
/// reloader.publishSuccess()                // every subscriber gets .reload
/// ```
public final class Reloader: Sendable {
    private struct State {
        var subscribers: [Int: AsyncStream<ReloadEvent>.Continuation] = [:]
        var nextSubscriber = 0
        var generation = 0
        var failure: ErrorOverlay?
        var finished = false
    }

    private let state = Mutex(State())
    /// Distinguishes this server's builds from those of an earlier run, so
    /// a page left open across a restart reloads.
    private let instance = String(UInt32.random(in: 0...UInt32.max), radix: 36)

    /// Creates a reloader with no build yet.
    public init() {}

    /// The identifier of the build being served, e.g. `k3x9a-2`; it changes
    /// after each successful rebuild.
    public var buildID: String { state.withLock { "\(instance)-\($0.generation)" } }

    /// The failure of the last build, or `nil` when it succeeded.
    public var currentFailure: ErrorOverlay? { state.withLock { $0.failure } }

    /// How many browsers are connected.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// A stream of events for one browser: `.ready` first, then `.error` when
    /// the last build failed, then every later event until the connection ends.
    public func subscribe() -> AsyncStream<ReloadEvent> {
        switch admit(limit: .max) {
        case .admitted(let stream), .finished(let stream): stream
        case .full: AsyncStream { $0.finish() }
        }
    }

    /// Like ``subscribe()``, but `nil` when `limit` streams are already open.
    /// A stream stays open until its consumer stops or the stream is released.
    ///
    /// ```swift
    /// guard let events = reloader.subscribe(limit: 64) else { return tooManyStreams }
    /// ```
    public func subscribe(limit: Int) -> AsyncStream<ReloadEvent>? {
        switch admit(limit: limit) {
        case .admitted(let stream), .finished(let stream): stream
        case .full: nil
        }
    }

    private enum Admission {
        case admitted(AsyncStream<ReloadEvent>)
        /// The server is stopping: a stream that ends at once.
        case finished(AsyncStream<ReloadEvent>)
        case full
    }

    /// Registers a subscriber unless `limit` are open; counting and adding are one step.
    private func admit(limit: Int) -> Admission {
        let (stream, continuation) = AsyncStream.makeStream(of: ReloadEvent.self, bufferingPolicy: .bufferingNewest(32))
        enum Outcome { case admitted(Int), finished, full }
        let outcome: Outcome = state.withLock { state in
            guard !state.finished else { return .finished }
            guard state.subscribers.count < limit else { return .full }
            let id = state.nextSubscriber
            state.nextSubscriber += 1
            state.subscribers[id] = continuation
            continuation.yield(.ready(buildID: "\(instance)-\(state.generation)"))
            if let failure = state.failure { continuation.yield(.error(failure)) }
            return .admitted(id)
        }
        switch outcome {
        case .finished:
            continuation.finish()
            return .finished(stream)
        case .full:
            continuation.finish()
            return .full
        case .admitted(let id):
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
            }
            return .admitted(stream)
        }
    }

    /// Records a successful build and tells every browser to reload.
    ///
    /// - Parameters:
    ///   - beforeBroadcast: runs after the build identifier changed and
    ///     before any browser is told (the server empties its page cache there,
    ///     so no page carrying the old identifier outlives the change).
    ///   - failingSamples: the failing samples of a preview that rendered every
    ///     page anyway, shown (after the reload) in every browser until a
    ///     build has none.
    public func publishSuccess(failingSamples: ErrorOverlay? = nil, beforeBroadcast: () -> Void = {}) {
        state.withLock { state in
            state.generation += 1
            state.failure = failingSamples
            beforeBroadcast()
            let event = ReloadEvent.reload(buildID: "\(instance)-\(state.generation)")
            for continuation in state.subscribers.values { continuation.yield(event) }
        }
    }

    /// Records a failed build and shows its diagnostics in every browser.
    public func publishFailure(_ failure: ErrorOverlay) {
        state.withLock { state in
            state.failure = failure
            for continuation in state.subscribers.values { continuation.yield(.error(failure)) }
        }
    }

    /// Sends a heartbeat comment to every browser.
    public func heartbeat() {
        state.withLock { state in
            for continuation in state.subscribers.values { continuation.yield(.heartbeat) }
        }
    }

    /// Ends every stream and refuses new subscribers: the server is stopping.
    public func finishAll() {
        let continuations = state.withLock { state in
            state.finished = true
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
