import Foundation
import Synchronization

/// Keeps track of every process group and temporary folder a verification
/// started, so that an interruption (Ctrl-C, SIGTERM) ends them all and
/// leaves nothing behind in `/tmp`.
///
/// Every run is also tagged with an environment variable
/// (`GALLEY_RUN=<supervisor>/<run>`) that its descendants inherit, because a
/// process group does not hold them all: Foundation's `Process` starts each
/// child in a process group of its own. ``killTagged(_:)`` finds them by
/// that tag in `/proc`, wherever they were re-parented. (A descendant that
/// clears its environment escapes both; only a PID namespace holds those.)
///
/// ```swift
/// // In a signal handler of the command-line tool:
/// ProcessSupervisor.shared.interrupt()   // kills every compiler and sample, removes /tmp/galley-*
/// ```
public final class ProcessSupervisor: Sendable {
    /// The supervisor of this process's runs.
    public static let shared = ProcessSupervisor()

    private struct State {
        package var groups: Set<pid_t> = []
        package var folders: Set<String> = []
        package var interrupted = false
    }

    private let state = Mutex(State())
    /// This supervisor's part of every run tag.
    private let instance = UUID().uuidString
    private let runCounter = Mutex(0)

    /// The environment variable that tags a run's processes.
    package static let tagVariable = "GALLEY_RUN"

    /// Creates a supervisor (tests make their own; the tool uses ``shared``).
    public init() {}

    /// Whether ``interrupt()`` was called: no new process may start.
    public var isInterrupted: Bool { state.withLock { $0.interrupted } }

    /// Kills every running process group with SIGKILL, removes every
    /// registered temporary folder, and refuses new processes from now on.
    ///
    /// Folders are created and removed only under the supervisor's lock, so
    /// when this returns none is left and none can appear: the caller may
    /// exit at once.
    public func interrupt() {
        state.withLock { state in
            state.interrupted = true
            // Leaders are unregistered before they are reaped, so every PID here is still ours.
            for group in state.groups { kill(-group, SIGKILL) }
            for folder in state.folders { try? FileManager.default.removeItem(atPath: folder) }
            state.folders.removeAll()
        }
        killTagged(instance + "/")
    }

    /// A fresh tag for one run, the value of ``tagVariable`` in its environment.
    package func makeTag() -> String {
        let number = runCounter.withLock { counter -> Int in
            counter += 1
            return counter
        }
        return "\(instance)/\(number)"
    }

    /// Kills (SIGKILL) every process whose environment carries a run tag
    /// starting with `prefix` (a tag ends with `/`-free digits, so pass the
    /// whole tag, or `<instance>/` for all runs), repeating until none is left
    /// or a few passes have failed to clear them.
    package func killTagged(_ prefix: String) {
        let needle = Array("\(Self.tagVariable)=\(prefix)".utf8)
        let exact = !prefix.hasSuffix("/")
        let me = getpid()
        for _ in 0..<5 {
            var found = false
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            for entry in entries {
                guard let pid = pid_t(entry), pid != me,
                    let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
                else { continue }
                let matches = environment.split(separator: 0, omittingEmptySubsequences: true).contains { variable in
                    variable.starts(with: needle) && (!exact || variable.count == needle.count)
                }
                if matches {
                    kill(pid, SIGKILL)
                    found = true
                }
            }
            if !found { return }
        }
    }

    /// The names (`comm`) of the live processes, other than `leader`, that are
    /// in process group `group` or carry run tag `tag`: what a program left
    /// running when it ended. Zombies do not count.
    package func leftRunning(tag: String, group: pid_t, leader: pid_t) -> [String] {
        let needle = Array("\(Self.tagVariable)=\(tag)".utf8)
        let me = getpid()
        var names: [String] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), pid != me, pid != leader,
                let stat = FileManager.default.contents(atPath: "/proc/\(entry)/stat"),
                let close = stat.lastIndex(of: UInt8(ascii: ")"))
            else { continue }
            // After "pid (comm)": state, ppid, pgrp.
            let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
            guard fields.count > 2, fields[0].first != UInt8(ascii: "Z") else { continue }
            var member = pid_t(String(decoding: fields[2], as: UTF8.self)) == group
            if !member, let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ") {
                member = environment.split(separator: 0).contains { Array($0) == needle }
            }
            guard member, let open = stat.firstIndex(of: UInt8(ascii: "(")) else { continue }
            names.append(String(decoding: stat[(open + 1)..<close], as: UTF8.self))
        }
        return names.sorted()
    }

    /// Records a started process group; returns `false` (and kills it) when interrupted meanwhile.
    package func register(group: pid_t) -> Bool {
        state.withLock { state in
            if state.interrupted {
                kill(-group, SIGKILL)
                return false
            }
            state.groups.insert(group)
            return true
        }
    }

    /// Forgets a process group; call before reaping its leader.
    package func unregister(group: pid_t) {
        _ = state.withLock { $0.groups.remove(group) }
    }

    /// Creates a fresh `galley-<UUID>` folder under the temporary directory, removed on interruption.
    package func makeTemporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-\(UUID().uuidString)")
        try state.withLock { state throws in
            guard !state.interrupted else { throw CocoaError(.userCancelled) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            state.folders.insert(folder.path)
        }
        return folder
    }

    /// Removes a folder made by ``makeTemporaryFolder()`` (unless an interruption already did).
    package func removeTemporaryFolder(_ folder: URL) {
        state.withLock { state in
            guard state.folders.remove(folder.path) != nil else { return }
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
