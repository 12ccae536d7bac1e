import Foundation
import Synchronization

/// Runs a program with bounds: a timeout, a cap on captured output, standard
/// input from `/dev/null`, and a working directory of its own.
///
/// The program starts in a process group of its own, with no signal blocked
/// and every signal at its default action (Dispatch's worker threads block
/// most signals, and a child inherits that mask). A timeout, the output cap,
/// an interruption (``ProcessSupervisor``) or the program's own exit kills
/// the whole group — compiler jobs, `swift build`'s children, a sample's
/// background processes — and every descendant that carries the run's
/// environment tag, and the wait for its output ends with it.
package struct ProcessRunner: Sendable {
    /// How a run ended.
    package struct Outcome: Sendable {
        package enum Ending: Sendable, Equatable {
            /// Exited with this status.
            case exited(Int32)
            /// Killed by this signal (a trap is SIGILL or SIGTRAP).
            case signalled(Int32)
            /// Killed by Galley after the time limit.
            case timedOut
            /// Killed by Galley after printing more than the output cap.
            case outputLimitExceeded
        }

        package var ending: Ending
        package var standardOutput: String
        package var standardError: String
        package var duration: Duration
        /// The processes the program left running when it ended (killed then), by name.
        package var leftRunning: [String] = []
    }

    /// Why a program could not be started.
    package struct LaunchFailure: Error, LocalizedError {
        package var reason: String
        package var errorDescription: String? { reason }
    }

    /// Seconds a run may take.
    package var timeout: Duration = .seconds(10)
    /// Bytes of standard output plus standard error kept before the run is stopped.
    package var outputLimit = 1 << 20
    /// How long to keep reading output after the program ended and its group was killed.
    package var drainGrace: Duration = .milliseconds(300)
    /// Where the run's process group is registered, so an interruption ends it.
    package var supervisor: ProcessSupervisor = .shared
    /// Whether the program confines its descendants itself: the sandbox,
    /// whose PID namespace dies with it (every process in it is killed by the
    /// kernel) and which lists what was left running on its own
    /// (``Sandbox/leftRunningFile``). Then the two scans of `/proc` for
    /// descendants that left the process group (tens of milliseconds each on a
    /// busy machine) are skipped; the group is still killed.
    package var confinesDescendants = false

    /// A runner that stops a run after `timeout` or `outputLimit` bytes of
    /// output, its process group registered with `supervisor`.
    package init(
        timeout: Duration = .seconds(10), outputLimit: Int = 1 << 20, drainGrace: Duration = .milliseconds(300),
        supervisor: ProcessSupervisor = .shared, confinesDescendants: Bool = false
    ) {
        self.timeout = timeout
        self.outputLimit = outputLimit
        self.drainGrace = drainGrace
        self.supervisor = supervisor
        self.confinesDescendants = confinesDescendants
    }

    /// Serialises pipe creation and spawning: a pipe is marked close-on-exec
    /// before any other child can start, so no child inherits another run's
    /// pipes (which would keep that run waiting for end-of-file).
    private static let spawnLock = Mutex(())

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29+), which Swift's Glibc module does not declare.
    private static let addChdir: AddChdir? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()

    /// Runs `executable arguments…` in `directory` and waits for it.
    ///
    /// A run whose `environment` sets no `TMPDIR` gets a temporary folder of
    /// its own as `TMPDIR`, removed when it ends: the Swift driver leaves an
    /// empty `TemporaryDirectory.*` behind on every invocation (even
    /// `swiftc --version`), which filled a CI machine's `/tmp` by thousands.
    package func run(_ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String]? = nil) throws -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        let tag = supervisor.makeTag()
        let scratch = environment?["TMPDIR"] == nil ? try? supervisor.makeTemporaryFolder() : nil
        defer { if let scratch { supervisor.removeTemporaryFolder(scratch) } }
        var environment = environment ?? ProcessInfo.processInfo.environment
        if let scratch { environment["TMPDIR"] = scratch.path }
        environment[ProcessSupervisor.tagVariable] = tag
        let (pid, outputFD, errorFD) = try spawn(executable, arguments, in: directory, environment: environment)
        guard supervisor.register(group: pid) else {
            close(outputFD)
            close(errorFD)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            throw LaunchFailure(reason: "interrupted")
        }
        var capture = OutputCapture(runner: self, pid: pid, tag: tag, descriptors: [outputFD, errorFD], deadline: start + timeout)
        capture.readUntilEnd(clock: clock)
        // Forget the group before reaping its leader, so nobody signals a reused PID.
        supervisor.unregister(group: pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Outcome(
            ending: capture.ending(status: status),
            standardOutput: String(decoding: capture.captured[0], as: UTF8.self),
            standardError: String(decoding: capture.captured[1], as: UTF8.self),
            duration: clock.now - start,
            leftRunning: capture.leftRunning
        )
    }

    /// The output of one running program, read until it ends, and the
    /// bounds (time, output size) it is held to on the way.
    private struct OutputCapture {
        /// The runner's settings: output limit, drain grace, supervisor.
        let runner: ProcessRunner
        /// The program, leader of its process group.
        let pid: pid_t
        /// The run's environment tag, carried by every descendant.
        let tag: String
        /// When the program is killed for taking too long.
        let deadline: ContinuousClock.Instant
        /// The read ends of standard output and error; -1 once closed.
        var descriptors: [Int32]
        /// What was read of standard output and error, up to the output limit.
        var captured = [Data(), Data()]
        /// Bytes read in all, kept or not.
        var total = 0
        var limitExceeded = false
        var timedOut = false
        var exited = false
        var groupKilled = false
        /// The processes the program left running when it exited, by name.
        var leftRunning: [String] = []
        /// When to stop reading after the program exited.
        var drainDeadline: ContinuousClock.Instant?
        var buffer = [UInt8](repeating: 0, count: 65536)

        /// A capture of `pid`'s output from `descriptors` (standard output, then standard error).
        init(runner: ProcessRunner, pid: pid_t, tag: String, descriptors: [Int32], deadline: ContinuousClock.Instant) {
            self.runner = runner
            self.pid = pid
            self.tag = tag
            self.descriptors = descriptors
            self.deadline = deadline
        }

        /// Reads the output until both pipes are closed after the program
        /// exited, or the drain grace after its exit is over; kills its group
        /// on exit, timeout or too much output; closes the pipes.
        mutating func readUntilEnd(clock: ContinuousClock) {
            while true {
                checkExitAndDeadline(clock: clock)
                let open = descriptors.indices.filter { descriptors[$0] >= 0 }
                if open.isEmpty {
                    if exited { break }
                    usleep(500)
                    continue
                }
                if let drainDeadline, clock.now >= drainDeadline { break }
                readReady(open)
            }
            for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
        }

        /// Notes that the program exited (listing what it left running and
        /// starting the drain grace) or ran out of time, and kills its group.
        private mutating func checkExitAndDeadline(clock: ContinuousClock) {
            if !exited, ProcessRunner.hasExited(pid) {
                exited = true
                // Whatever the program left running in its group ends with it, and is reported.
                if !groupKilled, !runner.confinesDescendants {
                    leftRunning = runner.supervisor.leftRunning(tag: tag, group: pid, leader: pid)
                }
                killGroup()
                drainDeadline = clock.now + runner.drainGrace
            }
            if !exited, !timedOut, clock.now >= deadline {
                timedOut = true
                killGroup()
            }
        }

        /// Waits up to 10 ms for output on the `open` slots of
        /// ``descriptors`` and reads it; closes a pipe at its end.
        private mutating func readReady(_ open: [Int]) {
            var polled = open.map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), 10)
            guard ready > 0 else { return }
            for (slot, entry) in zip(open, polled) where entry.revents != 0 {
                let count = read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    keep(count, in: slot)
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    close(entry.fd)
                    descriptors[slot] = -1
                }
            }
        }

        /// Keeps the `count` bytes just read into ``buffer`` from `slot`, up
        /// to the output limit; past it, kills the group.
        private mutating func keep(_ count: Int, in slot: Int) {
            guard !limitExceeded else { return }
            let room = max(0, runner.outputLimit - total)
            captured[slot].append(contentsOf: buffer[0..<min(count, room)])
            total += count
            if total > runner.outputLimit {
                limitExceeded = true
                killGroup()
            }
        }

        /// Kills the program's process group, and the descendants that left
        /// it, once.
        private mutating func killGroup() {
            guard !groupKilled else { return }
            kill(-pid, SIGKILL)
            // Descendants that left the group (Foundation's Process starts each child in a group of its own).
            if !runner.confinesDescendants { runner.supervisor.killTagged(tag) }
            groupKilled = true
        }

        /// How the run ended, given the program's wait `status`.
        func ending(status: Int32) -> Outcome.Ending {
            if limitExceeded {
                return .outputLimitExceeded
            } else if timedOut {
                return .timedOut
            } else if status & 0x7f == 0 {
                return .exited((status >> 8) & 0xff)
            } else {
                return .signalled(status & 0x7f)
            }
        }
    }

    /// Whether `pid` has ended, without reaping it (its PID stays reserved).
    private static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return false }
        return info._sifields._sigchld.si_pid == pid
    }

    /// Starts the program in a new process group with a clean signal state;
    /// returns its PID and the read ends of its standard output and error.
    private func spawn(_ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String]) throws -> (pid_t, Int32, Int32) {
        guard let addChdir = Self.addChdir else {
            throw LaunchFailure(reason: "this C library lacks posix_spawn_file_actions_addchdir_np (glibc 2.29 or later is needed)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }

        return try Self.spawnLock.withLock { _ throws -> (pid_t, Int32, Int32) in
            var output: [Int32] = [-1, -1]
            var error: [Int32] = [-1, -1]
            guard pipe(&output) == 0 else { throw LaunchFailure(reason: "cannot create a pipe: \(String(cString: strerror(errno)))") }
            guard pipe(&error) == 0 else {
                close(output[0]); close(output[1])
                throw LaunchFailure(reason: "cannot create a pipe: \(String(cString: strerror(errno)))")
            }
            for descriptor in output + error { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_adddup2(&actions, error[1], 2)
            _ = addChdir(&actions, directory.path)
            var pid: pid_t = 0
            let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
            close(output[1])
            close(error[1])
            guard result == 0 else {
                close(output[0])
                close(error[0])
                throw LaunchFailure(reason: "cannot start '\(executable.path)': \(String(cString: strerror(result)))")
            }
            return (pid, output[0], error[0])
        }
    }
}
