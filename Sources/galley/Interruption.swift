import Dispatch
import Foundation
import GalleyProcess
import Synchronization

/// What Ctrl-C, SIGTERM and SIGHUP do to a running `galley`: every compiler,
/// `swift build` and sample it started is killed with its whole process
/// group, and its `/tmp/galley-*` folders are removed, before it stops.
///
/// ```swift
/// Interruption.install(exiting: [SIGINT, SIGTERM, SIGHUP])   // galley build, galley verify
/// ```
enum Interruption {
    /// The signal sources, kept alive for the life of the process. Only
    /// ``install(exiting:cleaningUp:)`` touches it, once, from the command's
    /// `run()` before any source can fire; nothing reads it afterwards.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Set once something else (the server's graceful shutdown) stops the process on the `cleaningUp` signals.
    private static let handedOver = Mutex(false)

    /// Whether a signal that stops the process is being handled.
    private static let stopping = Atomic<Bool>(false)

    /// Returns at once unless a signal is stopping the process; then waits for
    /// its handler, which cleans up and exits with 128 + the signal. A command
    /// whose compilers and samples were just killed by the handler must not
    /// finish first and exit with its own status (1, "samples failed").
    static func waitIfStopping() {
        guard stopping.load(ordering: .acquiring) else { return }
        while true { sleep(1) }
    }

    /// Says that from now on the `cleaningUp` signals stop the process by
    /// other means (`galley serve`: once the server runs, its lifecycle does).
    static func handOver() {
        handedOver.withLock { $0 = true }
    }

    /// Handles `exiting` by cleaning up and exiting with 128 + the signal,
    /// and `cleaningUp` by cleaning up, then exiting too until ``handOver()``
    /// (`galley serve` shuts its server down gracefully on SIGINT and SIGTERM,
    /// but the first build runs before the server does).
    static func install(exiting: [Int32], cleaningUp: [Int32] = []) {
        for (signalNumber, exits) in exiting.map({ ($0, true) }) + cleaningUp.map({ ($0, false) }) {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                let stops = exits || !handedOver.withLock({ $0 })
                if stops { stopping.store(true, ordering: .releasing) }
                ProcessSupervisor.shared.interrupt()
                guard stops else { return }
                Progress.clear()
                FileHandle.standardError.write(Data("\nInterrupted: stopped every compiler and sample.\n".utf8))
                fflush(nil)
                _exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
