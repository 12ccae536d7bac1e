import Foundation
import Synchronization

/// A `pids` control group that caps how many processes one sandboxed run may
/// have at once, so a fork bomb in a sample fails its forks instead of
/// filling the machine's process table.
///
/// `RLIMIT_NPROC` cannot do this: it counts every process of the user (a
/// low limit breaks a desktop session), and root ignores it. A control group
/// counts only the run's own processes. It needs a writable `pids`
/// controller (cgroup v1 `/sys/fs/cgroup/pids`, or cgroup v2 with `pids` in
/// the root's `cgroup.subtree_control`): root has one on most machines and
/// CI runners; elsewhere ``make(limit:)`` returns `nil` and runs are only
/// bounded by the timeout and the PID namespace.
///
/// ```swift
/// let group = ProcessCgroup.make(limit: 256)
/// let command = group.map { $0.joining(executable, arguments) } ?? (executable, arguments)
/// // … run command …
/// if group?.limitReached == true { … }
/// group?.remove()
/// ```
package struct ProcessCgroup: Sendable {
    /// The control group's folder.
    package let path: String
    /// The most processes (and threads) its members may have at once.
    package let limit: Int

    private static let counter = Mutex(0)

    /// Where new `pids` groups can be made here, found once.
    private static let base: String? = {
        let manager = FileManager.default
        let v1 = "/sys/fs/cgroup/pids"
        if manager.fileExists(atPath: v1 + "/cgroup.procs"), access(v1, W_OK) == 0 { return v1 }
        let v2 = "/sys/fs/cgroup"
        if let controllers = try? String(contentsOfFile: v2 + "/cgroup.subtree_control", encoding: .utf8),
            controllers.split(whereSeparator: \.isWhitespace).contains("pids"), access(v2, W_OK) == 0
        {
            return v2
        }
        return nil
    }()

    /// Whether groups can be made here.
    package static var isAvailable: Bool { base != nil }

    /// A new, empty group limited to `limit` processes, or `nil` where no
    /// `pids` controller is writable here.
    package static func make(limit: Int) -> ProcessCgroup? {
        guard let base else { return nil }
        let number = counter.withLock { value -> Int in
            value += 1
            return value
        }
        let path = "\(base)/galley-\(getpid())-\(number)"
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { return nil }
        let group = ProcessCgroup(path: path, limit: limit)
        guard (try? "\(limit)\n".write(toFile: path + "/pids.max", atomically: false, encoding: .utf8)) != nil else {
            group.remove()
            return nil
        }
        return group
    }

    /// The command that enters this group and then execs `executable arguments`:
    /// every process it starts is counted against the limit.
    package func joining(_ executable: URL, _ arguments: [String]) -> (executable: URL, arguments: [String]) {
        let script = #"echo $$ > "$0/cgroup.procs" || exit 125; exec "$@""#
        return (URL(fileURLWithPath: "/bin/sh"), ["-c", script, path, executable.path] + arguments)
    }

    /// Whether a fork in the group failed because of the limit.
    package var limitReached: Bool {
        guard let events = try? String(contentsOfFile: path + "/pids.events", encoding: .utf8) else { return false }
        return events.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count == 2 && fields[0] == "max" && fields[1] != "0"
        }
    }

    /// Removes the group once its processes are gone (waiting up to a second
    /// for the kernel to finish killing a PID namespace).
    package func remove() {
        for _ in 0..<100 {
            if rmdir(path) == 0 || errno == ENOENT { return }
            usleep(10_000)
        }
    }

    /// Groups whose runs ended, removed as soon as the kernel has emptied them.
    private static let pending = Mutex<[String]>([])

    /// Removes the group without waiting: the kernel takes tens of
    /// milliseconds to empty it after a sandbox's PID namespace ends (45 ms
    /// measured on a loaded 2-core machine), and the next sample need not
    /// wait for that. Each call also removes the earlier groups that are
    /// empty by now; ``finishRemovals()`` waits for the rest.
    package func removeLater() {
        Self.pending.withLock { pending in
            pending.append(path)
            pending.removeAll { rmdir($0) == 0 || errno == ENOENT }
        }
    }

    /// Removes every group passed to ``removeLater()``, waiting up to a
    /// second for the kernel to empty them.
    package static func finishRemovals() {
        for _ in 0..<100 {
            let left = pending.withLock { pending in
                pending.removeAll { rmdir($0) == 0 || errno == ENOENT }
                return pending.count
            }
            if left == 0 { return }
            usleep(10_000)
        }
    }
}
