import Foundation
import GalleyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C or SIGTERM to a running `galley` ends every compiler and sample it
/// started and leaves no `/tmp/galley-*` folder behind.
@Suite("Interrupting galley build, verify and serve")
struct InterruptionTests {
    @Test(
        "a signal stops every sample and removes the temporary folders",
        arguments: [
            (["verify"], SIGINT), (["build"], SIGTERM), (["serve", "--port", "0"], SIGINT),
        ])
    // Synchronous on purpose: an async test waiting with Task.sleep may not be
    // resumed for many seconds while other suites block the cooperative pool.
    func interrupt(arguments: [String], signal signalNumber: Int32) throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try site.write("galley.yml", "verify:\n  timeout: 120\n")
        let seconds = "300.\(UInt32.random(in: 100_000...999_999))"
        // A sample that starts a background process and never ends on its own.
        try site.write(
            "content/index.md",
            """
            # Home

            ```swift
            import Foundation
            let sleeper = Process()
            sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
            sleeper.arguments = ["\(seconds)"]
            try sleeper.run()
            while true { usleep(1000) }
            ```

            """)
        let temporary = site.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = try GalleyExecutable.url()
        process.arguments = arguments
        process.currentDirectoryURL = site.url
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        let log = site.url.appendingPathComponent("galley.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        defer { try? logHandle.close() }
        process.standardOutput = logHandle
        process.standardError = logHandle
        try process.run()

        let clock = ContinuousClock()
        let started = clock.now + .seconds(120)
        while LiveProcesses.running(["/bin/sleep", seconds]).isEmpty, clock.now < started, process.isRunning {
            usleep(50_000)
        }
        #expect(
            !LiveProcesses.running(["/bin/sleep", seconds]).isEmpty,
            "the sample never started: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        kill(process.processIdentifier, signalNumber)
        let stopped = clock.now + .seconds(10)
        while process.isRunning, clock.now < stopped { usleep(20_000) }
        #expect(!process.isRunning, "galley \(arguments[0]) did not stop")
        if process.isRunning { process.terminate() }
        // The sleep belongs to the sample's process group: it must be gone, not re-parented to init.
        let gone = clock.now + .seconds(2)
        while !LiveProcesses.running(["/bin/sleep", seconds]).isEmpty, clock.now < gone {
            usleep(20_000)
        }
        #expect(LiveProcesses.running(["/bin/sleep", seconds]).isEmpty, "the sample's background process outlived galley")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("galley-") }
        #expect(left.isEmpty, "left behind: \(left)")
        if arguments[0] != "serve" {
            #expect(process.terminationStatus == 128 + signalNumber)
        }
    }
}
