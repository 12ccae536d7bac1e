import Foundation
import GalleyCore
import Synchronization

/// Confines each sample run with bubblewrap (Debian `bubblewrap`).
///
/// A sample sees a file system made of only what it needs, all read-only
/// but its own run folder: the system's programs and libraries (`/usr/bin`,
/// `/usr/lib`, `/usr/lib64` and the `/bin`, `/lib`, `/lib64` links to them),
/// `/etc/ld.so.cache`, `/etc/localtime` and `/usr/share/zoneinfo`, the
/// toolchain's runtime (``runtimeFolders(compiler:)``), the sample library's
/// dynamic libraries (``libraryFiles(flags:)``), the sample executable
/// itself, and its run folder (writable, its working directory, `$HOME` and
/// `TMPDIR`); a `/proc` of its own PID namespace and a minimal `/dev`.
/// Nothing else exists in there: no project file, no `$HOME`, no other
/// folder of `/tmp`, `/work`, `/root` or `/home`, no `/etc/shadow`.
///
/// It also has no network, no capabilities, a scrubbed environment (`PATH`,
/// `LANG`, `HOME` and `TMPDIR` = the run's folder, plus
/// `verify.environment`), a PID namespace of its own (every process the
/// sample started dies with it), limits on file size and address space
/// (set by the sandbox's shell before it starts the program) and, where a
/// `pids` control group can be made, on processes (``ProcessCgroup``).
/// Compilers are not confined.
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
/// var sandbox = try Sandbox.resolve(.auto)!   // nil where bubblewrap cannot start
/// sandbox.readable = Sandbox.runtimeFolders(compiler: toolchain.swiftc) + Sandbox.libraryFiles(flags: built.flags)
/// let (executable, arguments, environment) = sandbox.wrap(sampleURL, [], in: folder, environment: extra)
/// ```
public struct Sandbox: Sendable, Equatable {
    /// Whether samples run in the sandbox: a setting, so it is
    /// ``SandboxMode`` of `GalleyCore`, which the site's configuration reads.
    public typealias Mode = SandboxMode

    /// A note on how samples ran, for reports: confined (with the limits
    /// this machine gives) or why not.
    public static func runNote(confined: Bool) -> String {
        confined
            ? "samples ran sandboxed (bubblewrap: read-only files, no network, own PID namespace"
                + (ProcessCgroup.isAvailable
                    ? ", at most \(defaultProcessLimit) processes)" : "; no process limit: no writable pids control group)")
            : "samples ran without a sandbox: bubblewrap is off or cannot start here (apt-get install bubblewrap; verify.sandbox: on requires it)"
    }

    /// The `bwrap` executable.
    public var bwrap: URL
    /// Files and folders a sample may read besides the system's own (see
    /// the type's description): the toolchain's runtime and the sample
    /// library's dynamic libraries. Paths that do not exist are left out.
    public var readable: [URL] = []
    /// The largest file a sample may write, in bytes.
    public var fileSizeLimit = 64 << 20
    /// The most address space a sample may map, in bytes.
    public var addressSpaceLimit = 8 << 30
    /// The most processes (and threads) a sample run may have at once, where
    /// a `pids` control group can be made here (``ProcessCgroup``).
    public var processLimit = Sandbox.defaultProcessLimit
    /// The process limit unless one is set.
    public static let defaultProcessLimit = 256

    /// Creates a sandbox that runs programs with `bwrap`; ``resolve(_:environment:)``
    /// finds it and checks that it can start here.
    public init(bwrap: URL, readable: [URL] = []) {
        self.bwrap = bwrap
        self.readable = readable
    }

    /// The file in the run's folder where the sandbox lists the processes a
    /// program left running, one name per line.
    public static let leftRunningFile = ".galley-left-running"

    /// Sets the file-size limit (`$1`, in 512-byte blocks) and the
    /// address-space limit (`$2`, in KiB) with the shell's own `ulimit`
    /// (no `prlimit` process to start), runs the rest of `"$@"`, then lists
    /// the namespace's other live processes (not bubblewrap's init, PID 1,
    /// nor this shell) into ``leftRunningFile``, and exits with the program's
    /// status (128 + signal when it was killed; 125 when a limit cannot be
    /// set). Only shell built-ins run after the program, so the list is exact.
    static let leftRunningScript = """
        ulimit -f "$1" && ulimit -v "$2" || { echo "the sandbox cannot set its file-size and address-space limits" >&2; exit 125; }
        shift 2
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
            throw Diagnostic(
                "the sandbox is `on` (--sandbox on, or galley.yml's verify.sandbox), but bubblewrap (bwrap) is not installed",
                suggestion: "Install it (sudo apt-get install bubblewrap); to run the samples unconfined, say so: --sandbox off")
        }
        guard works(bwrap) else {
            guard mode == .on else { return nil }
            throw Diagnostic(
                "the sandbox is `on` (--sandbox on, or galley.yml's verify.sandbox), but bubblewrap cannot start here (user namespaces may be disabled)",
                suggestion:
                    "Enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 also kernel.apparmor_restrict_unprivileged_userns=0); to run the samples unconfined, say so: --sandbox off"
            )
        }
        return Sandbox(bwrap: bwrap)
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

    /// The system's part of every sandbox, found once: the programs and
    /// libraries under `/usr`, the top-level links to them (or the folders,
    /// where `/bin` or `/lib` are not links), the dynamic linker's cache and
    /// the time zone. bubblewrap's arguments, ready to use.
    package static let systemMounts: [String] = {
        let manager = FileManager.default
        var arguments: [String] = []
        func exists(_ path: String) -> Bool { manager.fileExists(atPath: path) }
        for path in ["/usr/bin", "/usr/lib", "/usr/lib32", "/usr/lib64", "/usr/libx32", "/usr/share/zoneinfo"] where exists(path) {
            arguments += ["--ro-bind", path, path]
        }
        for path in ["/bin", "/lib", "/lib32", "/lib64", "/libx32", "/etc/localtime"] {
            if let target = try? manager.destinationOfSymbolicLink(atPath: path) {
                arguments += ["--symlink", target, path]
            } else if exists(path) {
                arguments += ["--ro-bind", path, path]
            }
        }
        if exists("/etc/ld.so.cache") { arguments += ["--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"] }
        return arguments
    }()

    /// The folders of the Swift runtime that programs built by `compiler`
    /// load: `<toolchain>/usr/lib/swift/linux` (the standard library,
    /// Foundation, Dispatch) and `<toolchain>/usr/libexec/swift/linux` (the
    /// crash backtracer), where they exist, found from the compiler's real
    /// path (links resolved).
    ///
    /// ```swift
    /// Sandbox.runtimeFolders(compiler: URL(fileURLWithPath: "/opt/swift/usr/bin/swiftc"))
    /// // [/opt/swift/usr/lib/swift/linux, /opt/swift/usr/libexec/swift/linux]
    /// ```
    public static func runtimeFolders(compiler: URL) -> [URL] {
        let usr = compiler.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        return ["lib/swift/linux", "libexec/swift/linux"]
            .map { usr.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The dynamic libraries (`*.so`) in the folders that `flags` link
    /// against (`-L <folder>`): the built sample library, without the rest
    /// of its build folder (objects, modules, sources stay hidden).
    public static func libraryFiles(flags: [String]) -> [URL] {
        let folders = zip(flags, flags.dropFirst()).filter { $0.0 == "-L" }.map { URL(fileURLWithPath: $0.1).resolvingSymlinksInPath() }
        var files: [URL] = []
        for folder in Set(folders).sorted(by: { $0.path < $1.path }) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".so") || name.contains(".so.") {
                files.append(folder.appendingPathComponent(name))
            }
        }
        return files
    }

    /// The command that runs `executable arguments` inside the sandbox, with
    /// `folder` as its only writable place and working directory, and the
    /// environment it starts with (scrubbed, plus `extra`).
    ///
    /// The program sees the system's part (``systemMounts``), ``readable``
    /// and `readable` (read-only), the executable file itself (read-only) and
    /// `folder`: nothing else of the machine's files.
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
            "--unshare-all",  // no network; own PID, IPC, UTS, cgroup and user namespaces
            "--cap-drop", "ALL",  // no capabilities, even where Galley runs as root
            "--die-with-parent",
            "--new-session",
            "--clearenv",
            "--dev", "/dev",
            "--proc", "/proc",
        ]
        command += Self.systemMounts
        var shown = Set<String>()
        for url in self.readable + readable + [executable] {
            let path = url.standardizedFileURL.path
            guard shown.insert(path).inserted, FileManager.default.fileExists(atPath: path) else { continue }
            command += ["--ro-bind", path, path]
        }
        command += [
            "--bind", folderPath, folderPath,
            "--remount-ro", "/",  // the sandbox's own root (a tmpfs) too: the run folder is the only writable place
            "--chdir", folderPath,
        ]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { command += ["--setenv", key, value] }
        command.append("--")
        // The sandbox's PID namespace ends every process with the program; a
        // shell around it sets the limits, then writes down what was still running.
        command += ["/bin/sh", "-c", Self.leftRunningScript, "sh", String(fileSizeLimit / 512), String(addressSpaceLimit / 1024)]
        command += [executable.path] + arguments
        return (bwrap, command, ProcessInfo.processInfo.environment)
    }
}
