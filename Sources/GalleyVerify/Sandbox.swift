import Foundation
import GalleyCore
import Synchronization

/// Confines each sample run with bubblewrap (Debian `bubblewrap`): the
/// file system read-only except the run's own temporary folder, no network,
/// no `$HOME`, a scrubbed environment (`PATH`, `LANG`, `HOME` and `TMPDIR` =
/// the run's folder, plus `verify.environment`), a PID namespace of its own
/// (every process the sample started dies with it), limits on file size
/// and address space (`prlimit`) and, where a `pids` control group can be
/// made, on processes (``ProcessCgroup``). Compilers are not confined.
///
/// bubblewrap reports a program killed by a signal as exit status 128 +
/// the signal; ``ProcessRunner`` reads it back as that signal, so a trap in
/// the sandbox is still a trap (a sample that calls `exit(132)` reads as one
/// too).
///
/// `galley.yml` → `verify.sandbox: auto | on | off` (default `auto`: on
/// where bubblewrap works here).
///
/// ```swift
/// let sandbox = try Sandbox.resolve(.auto)   // nil where bubblewrap cannot start
/// let (executable, arguments, environment) = sandbox!.wrap(sampleURL, [], in: folder, environment: extra)
/// ```
public struct Sandbox: Sendable, Equatable {
    /// Whether samples run in the sandbox.
    public enum Mode: String, Sendable, CaseIterable {
        /// Where bubblewrap works; otherwise unconfined, and the report says so.
        case auto
        /// Always; verification stops with an error where bubblewrap cannot start.
        case on
        /// Never.
        case off
    }

    /// The `bwrap` executable.
    public var bwrap: URL
    /// `prlimit`, when installed (util-linux).
    public var prlimit: URL?
    /// The largest file a sample may write, in bytes.
    public var fileSizeLimit = 64 << 20
    /// The most address space a sample may map, in bytes.
    public var addressSpaceLimit = 8 << 30
    /// The most processes (and threads) a sample run may have at once, where
    /// a `pids` control group can be made here (``ProcessCgroup``).
    public var processLimit = Sandbox.defaultProcessLimit
    /// The process limit unless one is set.
    public static let defaultProcessLimit = 256

    /// The file in the run's folder where the sandbox lists the processes a
    /// program left running, one name per line.
    public static let leftRunningFile = ".galley-left-running"

    /// Runs `"$@"`, then lists the namespace's other live processes (not
    /// bubblewrap's init, PID 1, nor this shell) into ``leftRunningFile``,
    /// and exits with the program's status (128 + signal when it was killed).
    /// Only shell built-ins run after the program, so the list is exact.
    static let leftRunningScript = """
        "$@"; status=$?
        for entry in /proc/[0-9]*; do
          pid=${entry#/proc/}
          [ "$pid" = 1 ] || [ "$pid" = $$ ] || { read -r name < "$entry/comm" && echo "$name" >> \(leftRunningFile); } 2>/dev/null
        done
        exit $status
        """

    /// The processes a sandboxed run left running, from ``leftRunningFile`` in its folder.
    public static func leftRunning(in folder: URL) -> [String] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(leftRunningFile), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).sorted()
    }

    /// Whether bubblewrap could start here, probed once per process.
    private static let probed = Mutex<[String: Bool]>([:])

    /// The sandbox `mode` asks for: `nil` for `off`, and for `auto` where
    /// bubblewrap cannot start; for `on` where it cannot, an error saying why.
    public static func resolve(_ mode: Mode, environment: [String: String] = ProcessInfo.processInfo.environment) throws(Diagnostic) -> Sandbox? {
        guard mode != .off else { return nil }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        func find(_ name: String) -> URL? {
            path.split(separator: ":").map { "\($0)/\(name)" }
                .first { FileManager.default.isExecutableFile(atPath: $0) }
                .map { URL(fileURLWithPath: $0) }
        }
        guard let bwrap = find("bwrap") else {
            guard mode == .on else { return nil }
            throw Diagnostic("verify.sandbox is `on`, but bubblewrap (bwrap) is not installed",
                              suggestion: "Install it (apt-get install bubblewrap), or set `sandbox: auto` in galley.yml")
        }
        guard works(bwrap) else {
            guard mode == .on else { return nil }
            throw Diagnostic("verify.sandbox is `on`, but bubblewrap cannot start here (user namespaces may be disabled)",
                              suggestion: "Enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1), or set `sandbox: auto`")
        }
        return Sandbox(bwrap: bwrap, prlimit: find("prlimit"))
    }

    /// Whether `bwrap` can build the sandbox here (a container may forbid namespaces).
    private static func works(_ bwrap: URL) -> Bool {
        if let known = probed.withLock({ $0[bwrap.path] }) { return known }
        let probe = ProcessRunner(timeout: .seconds(10), outputLimit: 1 << 16, supervisor: ProcessSupervisor())
        let arguments = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-all", "--die-with-parent", "--", "/bin/true"]
        let ok = (try? probe.run(bwrap, arguments, in: URL(fileURLWithPath: "/")))?.ending == .exited(0)
        probed.withLock { $0[bwrap.path] = ok }
        return ok
    }

    /// The command that runs `executable arguments` inside the sandbox, with
    /// `folder` as its only writable place and working directory, and the
    /// environment it starts with (scrubbed, plus `extra`).
    ///
    /// `readable` are folders the program needs to read even where they lie
    /// under the hidden `$HOME` (the program's own folder is added): the
    /// sample library's build folder, say.
    public func wrap(
        _ executable: URL, _ arguments: [String], in folder: URL, environment extra: [String: String], readable: [URL] = []
    ) -> (executable: URL, arguments: [String], environment: [String: String]) {
        let folderPath = folder.standardizedFileURL.path
        var environment: [String: String] = [
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": ProcessInfo.processInfo.environment["LANG"] ?? "C.UTF-8",
            "HOME": folderPath,
            "TMPDIR": folderPath,
        ]
        environment.merge(extra) { _, new in new }
        var command = [
            "--ro-bind", "/", "/",
            "--dev", "/dev",
            "--proc", "/proc",
        ]
        // No $HOME: an empty folder in its place, with only what the program needs shown again.
        if let home = ProcessInfo.processInfo.environment["HOME"], home != "/", !folderPath.hasPrefix(home + "/") {
            command += ["--tmpfs", home]
            let needed = ([executable.deletingLastPathComponent()] + readable).map(\.standardizedFileURL.path)
            for path in Set(needed).sorted() where path.hasPrefix(home + "/") && FileManager.default.fileExists(atPath: path) {
                command += ["--ro-bind", path, path]
            }
        }
        command += [
            "--bind", folderPath, folderPath,
            "--unshare-all",            // no network; own PID, IPC, UTS and user namespaces
            "--die-with-parent",
            "--new-session",
            "--chdir", folderPath,
            "--clearenv",
        ]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { command += ["--setenv", key, value] }
        command.append("--")
        // The sandbox's PID namespace ends every process with the program; a
        // shell around it first writes down what was still running then.
        command += ["/bin/sh", "-c", Self.leftRunningScript, "sh"]
        if let prlimit {
            command += [prlimit.path, "--fsize=\(fileSizeLimit)", "--as=\(addressSpaceLimit)", "--"]
        }
        command += [executable.path] + arguments
        return (bwrap, command, ProcessInfo.processInfo.environment)
    }
}
