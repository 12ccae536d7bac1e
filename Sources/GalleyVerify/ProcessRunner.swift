import Foundation
import Synchronization

/// Runs a program with bounds: a timeout, a cap on captured output, standard
/// input from `/dev/null`, and a working directory of its own.
struct ProcessRunner: Sendable {
    /// How a run ended.
    struct Outcome: Sendable {
        enum Ending: Sendable, Equatable {
            /// Exited with this status.
            case exited(Int32)
            /// Killed by this signal (a trap is SIGILL or SIGTRAP).
            case signalled(Int32)
            /// Killed by Galley after the time limit.
            case timedOut
            /// Killed by Galley after printing more than the output cap.
            case outputLimitExceeded
        }

        var ending: Ending
        var standardOutput: String
        var standardError: String
        var duration: Duration
    }

    /// Seconds a run may take.
    var timeout: Duration = .seconds(10)
    /// Bytes of standard output plus standard error kept before the run is stopped.
    var outputLimit = 1 << 20

    /// Runs `executable arguments…` in `directory` and waits for it.
    func run(_ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String]? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error

        let state = Mutex(CaptureState())
        let limit = outputLimit
        let finished = DispatchGroup()
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        let pid = process.processIdentifier
        @Sendable func drain(_ handle: FileHandle, isError: Bool) {
            finished.enter()
            DispatchQueue.global().async {
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    let exceeded = state.withLock { state -> Bool in
                        guard !state.limitExceeded else { return false }
                        let room = max(0, limit - state.total)
                        if isError { state.error.append(chunk.prefix(room)) } else { state.output.append(chunk.prefix(room)) }
                        state.total += chunk.count
                        if state.total > limit { state.limitExceeded = true; return true }
                        return false
                    }
                    if exceeded { kill(pid, SIGKILL) }
                }
                finished.leave()
            }
        }
        drain(output.fileHandleForReading, isError: false)
        drain(error.fileHandleForReading, isError: true)
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)))
        timer.setEventHandler {
            state.withLock { $0.timedOut = true }
            kill(pid, SIGKILL)
        }
        timer.resume()
        process.waitUntilExit()
        timer.cancel()
        finished.wait()
        let duration = clock.now - start
        return state.withLock { state in
            var ending: Outcome.Ending
            if state.limitExceeded {
                ending = .outputLimitExceeded
            } else if state.timedOut {
                ending = .timedOut
            } else if process.terminationReason == .uncaughtSignal {
                ending = .signalled(process.terminationStatus)
            } else {
                ending = .exited(process.terminationStatus)
            }
            return Outcome(
                ending: ending,
                standardOutput: String(decoding: state.output, as: UTF8.self),
                standardError: String(decoding: state.error, as: UTF8.self),
                duration: duration
            )
        }
    }

    private struct CaptureState {
        var output = Data()
        var error = Data()
        var total = 0
        var limitExceeded = false
        var timedOut = false
    }
}
