import Foundation
import GalleySite

/// Runs rebuilds one at a time: changes that arrive during a build are
/// gathered and start exactly one more build when it ends. After each build
/// it tells the browsers (through the ``Reloader``) and the terminal (through
/// `onBuild`); a failed build leaves the last good site being served.
///
/// ```swift
/// let coordinator = RebuildCoordinator(session: BuildSession(settings), reloader: reloader)
/// await coordinator.schedule(changes)
/// await coordinator.waitUntilIdle()
/// ```
public actor RebuildCoordinator {
    /// The outcome of one build, for the terminal.
    public enum Outcome: Sendable {
        /// The build succeeded.
        case succeeded(BuildReport, SiteChanges)
        /// The build failed; the previous site is still served.
        case failed(BuildFailure, SiteChanges)
    }

    private var session: BuildSession
    private let reloader: Reloader
    private let onBuild: @Sendable (Outcome) -> Void
    private let onSiteChanged: @Sendable () -> Void
    private var pending: SiteChanges?
    private var running: Task<Void, Never>?
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// How many builds have run.
    public private(set) var buildCount = 0
    /// The last build's outcome.
    public private(set) var lastOutcome: Outcome?

    /// Creates a coordinator.
    ///
    /// - Parameters:
    ///   - onSiteChanged: called after a successful build has replaced files and the
    ///     build identifier changed, before browsers are told.
    ///   - onBuild: called after every build.
    public init(
        session: BuildSession, reloader: Reloader,
        onSiteChanged: @escaping @Sendable () -> Void = {},
        onBuild: @escaping @Sendable (Outcome) -> Void = { _ in }
    ) {
        self.session = session
        self.reloader = reloader
        self.onSiteChanged = onSiteChanged
        self.onBuild = onBuild
    }

    /// The folders to watch besides content, templates and `galley.yml` (``BuildSession/watchedFolders``).
    public var watchedFolders: SiteChanges.Folders { session.watchedFolders }

    /// Builds for `changes` now, or after the build in progress (merged with
    /// every other change that arrives meanwhile).
    public func schedule(_ changes: SiteChanges) {
        pending = (pending ?? SiteChanges()).union(changes)
        if running == nil { startNext() }
    }

    /// Returns when no build is running or waiting.
    public func waitUntilIdle() async {
        guard running != nil else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func startNext() {
        guard let changes = pending else {
            running = nil
            for waiter in idleWaiters { waiter.resume() }
            idleWaiters.removeAll()
            return
        }
        pending = nil
        let session = self.session
        running = Task {
            let (next, outcome) = await Self.runOffCooperativePool(session, changes)
            self.finish(next, outcome)
        }
    }

    private func finish(_ next: BuildSession, _ outcome: Outcome) {
        session = next
        buildCount += 1
        lastOutcome = outcome
        // The terminal first, then the browsers: whoever hears of a build can read its outcome.
        onBuild(outcome)
        switch outcome {
        case .succeeded(let report, _):
            reloader.publishSuccess(failingSamples: ErrorOverlay(failingSamplesOf: report), beforeBroadcast: onSiteChanged)
        case .failed(let errors, _):
            reloader.publishFailure(ErrorOverlay(errors))
        }
        startNext()
    }

    /// Builds on a Dispatch thread: a build blocks on swiftc and the disk,
    /// which must not hold a thread of Swift's cooperative pool.
    private static func runOffCooperativePool(
        _ session: BuildSession, _ changes: SiteChanges
    ) async -> (BuildSession, Outcome) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                var session = session
                do throws(BuildFailure) {
                    let report = try session.build(changes)
                    continuation.resume(returning: (session, .succeeded(report, changes)))
                } catch {
                    continuation.resume(returning: (session, .failed(error, changes)))
                }
            }
        }
    }
}
