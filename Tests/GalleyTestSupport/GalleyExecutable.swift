import Foundation

/// Runs the built `galley` executable, for end-to-end tests.
public enum GalleyExecutable {
    /// The result of one run.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var standardOutput: String
        /// Everything written to standard error.
        public var standardError: String
    }

    /// The `galley` binary next to the test bundle in SwiftPM's build folder.
    public static func url(file: String = #filePath) throws -> URL {
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("galley"))
            folder = folder.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/galley"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "galley (looked in \(candidates.map(\.path)))"])
        }
        return found
    }

    /// Runs `galley arguments…` in `directory` (with `extraEnvironment` added) and waits for it.
    public static func run(_ arguments: [String], in directory: URL, extraEnvironment: [String: String] = [:]) throws -> Result {
        let (process, output, error) = try started(arguments, in: directory, extraEnvironment: extraEnvironment)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }

    /// Runs `galley verify --format json page` in `directory`: each sample of
    /// its JSON report, and the run (whose output explains a failed
    /// expectation). Throws when the report cannot be read, with standard error.
    public static func verifiedSamples(_ page: String, in directory: URL) throws -> (samples: [[String: Any]], run: Result) {
        let run = try run(["verify", "--format", "json", page], in: directory)
        guard let report = try? JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any],
            let samples = report["samples"] as? [[String: Any]]
        else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSDebugDescriptionErrorKey: "no JSON report: \(run.standardError)"])
        }
        return (samples, run)
    }

    /// Runs `galley arguments…` in `directory` until its standard output
    /// contains `marker` (or it ends, or `timeout` seconds pass), then sends
    /// SIGINT and waits for it to stop: a server's (`galley serve`) whole
    /// output, start to stop. Standard error is read all along, so a long
    /// report never blocks it; a process that does not stop within 20 s of
    /// SIGINT is terminated (its status then says so).
    public static func runUntilOutput(_ marker: String, _ arguments: [String], in directory: URL, timeout: TimeInterval = 300) throws -> Result {
        let (process, output, error) = try started(arguments, in: directory)
        let errors = ErrorReader(error.fileHandleForReading)
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        while !text.contains(marker) && Date() < deadline && process.isRunning {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGINT)
        let stopBy = Date().addingTimeInterval(20)
        while process.isRunning && Date() < stopBy { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Result(status: process.terminationStatus, standardOutput: text, standardError: errors.text())
    }

    /// `galley arguments…` started in `directory` without colour, its output and error piped.
    private static func started(
        _ arguments: [String], in directory: URL, extraEnvironment: [String: String] = [:]
    ) throws -> (Process, output: Pipe, error: Pipe) {
        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extraEnvironment) { _, new in new }
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        return (process, output, error)
    }

    /// Reads a pipe to its end on a thread of its own.
    private final class ErrorReader: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                let all = handle.readDataToEndOfFile()
                lock.withLock { data = all }
                done.signal()
            }
        }

        /// Everything read, once the pipe has ended.
        func text() -> String {
            done.wait()
            return lock.withLock { String(decoding: data, as: UTF8.self) }
        }
    }
}
