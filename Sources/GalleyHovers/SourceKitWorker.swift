import Dispatch
import Foundation
import Synchronization

/// What answers cursor-info requests: sourcekitd in this process
/// (``SourceKitD``) or in a worker process (``SourceKitWorker``).
package protocol CursorInfoAnswering: Sendable {
    /// `source.request.cursorinfo` at the UTF-8 `offset` of `file`, compiled
    /// with `arguments`; `nil` when there is nothing there or no answer came.
    func cursorInfo(file: String, offset: Int, arguments: [String]) -> SourceKitValue?
    /// Whether it stopped answering (no more requests are sent).
    var isUnresponsive: Bool { get }
}

/// Another sourcekitd, in a process of its own (`galley sourcekitd-worker
/// <library>`, which loads the library in process and answers requests
/// read from its standard input): sourcekitd answers one request at a time
/// within a process, so more processes are what let the hover work of a
/// cold build use more cores.
///
/// The process starts with the first request and ends with ``stop()`` (or
/// when this process ends: its input closes). One request at a time; a
/// request that gets no answer in ``timeout`` ends the worker, and it is
/// then unresponsive like a ``SourceKitD`` that timed out.
///
/// ```swift
/// let worker = SourceKitWorker(executable: galley, library: "/usr/lib/libsourcekitdInProc.so")
/// let info = worker.cursorInfo(file: path, offset: 120, arguments: arguments)
/// worker.stop()
/// ```
package final class SourceKitWorker: CursorInfoAnswering, @unchecked Sendable {
    /// The `galley` executable that has the `sourcekitd-worker` command.
    package let executable: URL
    /// The sourcekitd library the worker loads.
    package let library: String
    /// How long one request may take (the first of a file builds its AST).
    package var timeout: Duration = .seconds(60)

    private struct State {
        package var process: Process?
        package var input: FileHandle?
        package var output: Int32 = -1
        package var buffer: [UInt8] = []
        package var failed = false
        package var requests = 0
    }

    private let state = Mutex(State())

    /// A worker to be started by the first request.
    package init(executable: URL, library: String) {
        self.executable = executable
        self.library = library
    }

    deinit { stop() }

    /// Whether it stopped answering, or could not start.
    package var isUnresponsive: Bool { state.withLock { $0.failed } }

    /// How many requests it was sent.
    package var requestCount: Int { state.withLock { $0.requests } }

    /// How many requests every worker of this process was sent (tests check
    /// that a second lane was used).
    package static var requestsSent: Int { sent.withLock { $0 } }
    private static let sent = Mutex(0)

    /// The `galley` executable running this process, when it is one (not a
    /// test runner): what a worker is started from.
    package static var currentGalley: URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
            (path as NSString).lastPathComponent == "galley"
        else { return nil }
        return URL(fileURLWithPath: path)
    }

    package func cursorInfo(file: String, offset: Int, arguments: [String]) -> SourceKitValue? {
        guard let request = try? JSONSerialization.data(withJSONObject: ["file": file, "offset": offset, "arguments": arguments]) else {
            return nil
        }
        return state.withLock { state -> SourceKitValue? in
            guard !state.failed, startIfNeeded(&state), let input = state.input else { return nil }
            state.requests += 1
            Self.sent.withLock { $0 += 1 }
            do {
                try input.write(contentsOf: request + [UInt8(ascii: "\n")])
            } catch {
                fail(&state)
                return nil
            }
            guard let line = readLine(&state) else {
                fail(&state)
                return nil
            }
            guard let reply = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { return nil }
            return (reply["text"] as? String).flatMap(SourceKitValue.parse)
        }
    }

    /// Ends the worker (its input closes; it exits).
    package func stop() {
        state.withLock { state in
            try? state.input?.close()
            state.input = nil
            if let process = state.process, process.isRunning { process.terminate() }
            state.process?.waitUntilExit()
            state.process = nil
            if state.output >= 0 { close(state.output) }
            state.output = -1
        }
    }

    private func startIfNeeded(_ state: inout State) -> Bool {
        if state.process != nil { return true }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["sourcekitd-worker", library]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        // sourcekitd prints the compiler's diagnostics of the code it is asked
        // about to standard error now and then (seen: a page program's errors,
        // in swiftc's format, amid `galley build`'s report); the worker's
        // answers and failures come through its replies, so its stderr is dropped.
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            state.failed = true
            return false
        }
        state.process = process
        state.input = input.fileHandleForWriting
        state.output = dup(output.fileHandleForReading.fileDescriptor)
        return true
    }

    /// The next line of the worker's output, waiting at most ``timeout``.
    private func readLine(_ state: inout State) -> [UInt8]? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let end = state.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(state.buffer[..<end])
                state.buffer.removeSubrange(...end)
                return line
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var descriptor = pollfd(fd: state.output, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 60_000))
            guard poll(&descriptor, 1, max(1, milliseconds)) >= 0 else { return nil }
            guard descriptor.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(state.output, &chunk, chunk.count)
            guard count > 0 else { return nil }
            state.buffer += chunk[..<count]
        }
    }

    private func fail(_ state: inout State) {
        state.failed = true
        try? state.input?.close()
        state.input = nil
        if let process = state.process, process.isRunning { process.terminate() }
    }

    /// The worker's side: loads `library` and answers each request line of
    /// standard input (`{"file", "offset", "arguments"}`) with a line of
    /// standard output (`{"text": sourcekitd's response, or null}`) until
    /// its input ends. Returns the exit status.
    package static func serve(library: String) -> Int32 {
        let loaded = SourceKitD.shared(besides: URL(fileURLWithPath: "/"), environment: ["GALLEY_SOURCEKITD": library])
        guard case .success(let sourcekitd) = loaded else {
            if case .failure(let failure) = loaded { FileHandle.standardError.write(Data("\(failure.message)\n".utf8)) }
            return 1
        }
        while let line = Swift.readLine(strippingNewline: true) {
            var text: String?
            if let request = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let file = request["file"] as? String, let offset = request["offset"] as? Int,
                let arguments = request["arguments"] as? [String]
            {
                text = sourcekitd.cursorInfoText(file: file, offset: offset, arguments: arguments)
            }
            let object: [String: Any] = ["text": text.map { $0 as Any } ?? NSNull()]
            let reply = (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
            FileHandle.standardOutput.write(reply + [UInt8(ascii: "\n")])
        }
        return 0
    }
}
