import Foundation
import GalleyMarkdown
import GalleyTestSupport
import Testing

@testable import GalleyPackage
@testable import GalleyProcess
@testable import GalleyVerify

/// The bounds of every compiler and sample run.
@Suite("Running programs: process groups, signals, interruption")
struct ProcessRunnerTests {
    /// A unique `sleep` duration, so concurrent tests never see each other's sleeps.
    static func uniqueSleep() -> String { "300.\(UInt32.random(in: 100_000...999_999))" }

    /// The bits of signals 1–31 in `SigBlk:` and `SigIgn:` lines of `/proc/self/status`.
    /// (glibc's `posix_spawn` itself ignores its internal real-time signals in every child.)
    static func standardSignals(in status: String) -> [String: UInt64] {
        var masks: [String: UInt64] = [:]
        for line in status.split(separator: "\n") {
            let parts = line.split(separator: ":\t")
            guard parts.count == 2, let value = UInt64(parts[1], radix: 16) else { continue }
            masks[String(parts[0])] = value & 0x7fff_ffff
        }
        return masks
    }

    @Test("a run gets a TMPDIR of its own, removed when it ends; a TMPDIR the caller sets is kept")
    func temporaryFolderOfItsOwn() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let runner = ProcessRunner(timeout: .seconds(10), outputLimit: 1 << 20, supervisor: ProcessSupervisor())
        // What the Swift driver does: leave a folder in TMPDIR.
        let script = "mkdir \"$TMPDIR/TemporaryDirectory.left\" && echo \"$TMPDIR\""
        let outcome = try runner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: folder.url)
        #expect(outcome.ending == .exited(0), "the folder existed and was writable during the run: \(outcome.standardError)")
        let used = outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(used.hasPrefix(FileManager.default.temporaryDirectory.path) && used.contains("galley-"), "\(used)")
        #expect(!FileManager.default.fileExists(atPath: used), "removed with what the program left in it")

        // The caller's own TMPDIR (a sample run's folder) is used as it is and not removed.
        let own = folder.url.appendingPathComponent("own")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        let kept = try runner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: folder.url, environment: ["TMPDIR": own.path])
        #expect(kept.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == own.path)
        #expect(FileManager.default.fileExists(atPath: own.appendingPathComponent("TemporaryDirectory.left").path))
    }

    @Test("a timeout kills the whole group: the run ends at the limit and its background sleep with it")
    func timeoutKillsGroup() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let seconds = Self.uniqueSleep()
        let runner = ProcessRunner(timeout: .seconds(1), outputLimit: 1 << 20, supervisor: ProcessSupervisor())
        let outcome = try runner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "/bin/sleep \(seconds) & wait"], in: folder.url)
        #expect(outcome.ending == .timedOut)
        #expect(outcome.duration < .seconds(2))
        #expect(LiveProcesses.running(["/bin/sleep", seconds]).isEmpty)
    }

    @Test("a program that exits leaving a child that holds its output ends at once, and the child is killed")
    func exitWithBackgroundChild() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let seconds = Self.uniqueSleep()
        let runner = ProcessRunner(timeout: .seconds(10), outputLimit: 1 << 20, supervisor: ProcessSupervisor())
        // The shell ends only once its child is `sleep` (not still the forked shell), so the name is certain.
        let script = "echo started; /bin/sleep \(seconds) & while [ \"$(cat /proc/$!/comm)\" != sleep ]; do :; done"
        let outcome = try runner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: folder.url)
        #expect(outcome.ending == .exited(0))
        #expect(outcome.standardOutput == "started\n")
        #expect(outcome.leftRunning == ["sleep"])
        #expect(outcome.duration < .seconds(2))
        #expect(LiveProcesses.running(["/bin/sleep", seconds]).isEmpty)
    }

    @Test("children start with no signal blocked or ignored, whatever the calling thread blocks")
    func cleanSignalState() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGUSR1] { sigaddset(&blocked, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let previousPipe = signal(SIGPIPE, SIG_IGN)
        defer {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            signal(SIGPIPE, previousPipe)
        }
        let runner = ProcessRunner(timeout: .seconds(10), outputLimit: 1 << 20, supervisor: ProcessSupervisor())
        let outcome = try runner.run(URL(fileURLWithPath: "/bin/grep"), ["-E", "^Sig(Blk|Ign)", "/proc/self/status"], in: folder.url)
        #expect(Self.standardSignals(in: outcome.standardOutput) == ["SigBlk": 0, "SigIgn": 0], "\(outcome.standardOutput)")
    }

    @Test("an interruption kills running groups, removes temporary folders and refuses new runs")
    func interruption() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let supervisor = ProcessSupervisor()
        let temporary = try supervisor.makeTemporaryFolder()
        let seconds = Self.uniqueSleep()
        let runner = ProcessRunner(timeout: .seconds(60), outputLimit: 1 << 20, supervisor: supervisor)
        let directory = folder.url
        let run = Task.detached { try runner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "/bin/sleep \(seconds) & wait"], in: directory) }
        let clock = ContinuousClock()
        // Interrupted only once the run is under way (a loaded machine may take seconds to launch it;
        // an interruption before the launch refuses it instead), well before the runner's 60 s timeout.
        let deadline = clock.now + .seconds(40)
        while LiveProcesses.running(["/bin/sleep", seconds]).isEmpty, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(!LiveProcesses.running(["/bin/sleep", seconds]).isEmpty, "the run's sleep did not start within 40 s")
        let interrupted = clock.now
        supervisor.interrupt()
        let outcome = try await run.value
        #expect(outcome.ending == .signalled(SIGKILL))
        // Killed by the interruption, not by the 60 s timeout (also SIGKILL): a bound
        // far from both, so a loaded machine's slow kill is no failure.
        #expect(clock.now - interrupted < .seconds(30))
        #expect(LiveProcesses.running(["/bin/sleep", seconds]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: temporary.path))
        #expect(throws: (any Error).self) { try runner.run(URL(fileURLWithPath: "/bin/true"), [], in: directory) }
    }

    @Test("a Swift sample that leaves a background process is reported as such (it ends with the sample); a hanging one at the timeout")
    func sampleBackgroundProcesses() throws {
        try checkBackgroundProcesses(sandbox: .off)
    }

    @Test(
        "in the sandbox, a Swift sample that leaves a background process is reported as such; a hanging one at the timeout",
        .enabled(if: (try? Sandbox.resolve(.on)) != nil, "bubblewrap is not installed or cannot start here (apt-get install bubblewrap)"))
    func sandboxedSampleBackgroundProcesses() throws {
        try checkBackgroundProcesses(sandbox: .on)
    }

    func checkBackgroundProcesses(sandbox: Sandbox.Mode) throws {
        let (first, second, third) = (Self.uniqueSleep(), Self.uniqueSleep(), Self.uniqueSleep())
        var verifier = Verifier(library: SampleLibrary(packageDirectory: URL(fileURLWithPath: "/")))
        verifier.timeout = .seconds(2)
        verifier.sandboxMode = sandbox
        func sample(_ seconds: String, hang: Bool, wait: Bool = false) -> String {
            """
            ```swift
            import Foundation
            let sleeper = Process()
            sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
            sleeper.arguments = ["\(seconds)"]
            try sleeper.run()
            \(hang ? "while true { usleep(1000) }" : wait ? "sleeper.terminate(); sleeper.waitUntilExit()" : "print(\"started\")")
            ```
            """
        }
        let markdown = [sample(first, hang: false), sample(second, hang: true), sample(third, hang: false, wait: true)].joined(separator: "\n\n")
        let report = try verifier.verify([("content/p.md", MarkdownDocument(parsing: markdown))])
        #expect(
            report.results[0].failure?.hasPrefix("left a background process running (sleep) when it ended; Galley stopped it.") == true,
            "\(report.results[0].failure ?? "passed")")
        #expect(report.results[1].failure == "timed out after 2 s and was stopped; samples must end on their own")
        #expect(report.results[2].status == .passed, "\(report.results[2].failure ?? "")")
        for seconds in [first, second, third] {
            #expect(LiveProcesses.running(["/bin/sleep", seconds]).isEmpty)
        }
    }

    @Test("a sample starts with no signal blocked or ignored")
    func sampleSignalState() throws {
        let verifier = Verifier(library: SampleLibrary(packageDirectory: URL(fileURLWithPath: "/")))
        let report = try verifier.verify([
            (
                "content/p.md",
                MarkdownDocument(
                    parsing: """
                        ```swift
                        import Foundation
                        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
                        for line in status.split(separator: "\\n") where line.hasPrefix("SigBlk") || line.hasPrefix("SigIgn") {
                            print(line)
                        }
                        ```
                        """)
            )
        ])
        let result = try #require(report.results.first)
        #expect(result.status == .passed, "\(result.failure ?? "")")
        #expect(Self.standardSignals(in: result.output) == ["SigBlk": 0, "SigIgn": 0], "\(result.output)")
    }
}
