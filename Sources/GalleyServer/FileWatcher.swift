import Foundation
import GalleyCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Watches folders and files and reports what changed, in batches: an
/// editor's save storm (write, rename, delete) becomes one batch once the
/// files have been quiet for the debounce interval.
///
/// On Linux it uses inotify (folders are watched recursively, new subfolders
/// included); elsewhere, or when inotify is unavailable (e.g. the watch limit
/// is reached), it compares the files' sizes and modification times every
/// polling interval. Editor swap and backup files are ignored: hidden files
/// (`.*.swp`, `.#*`), `*~`, and vim's `4913` probe.
///
/// ```swift
/// let watcher = try FileWatcher(targets: [.folder(contentURL), .file(configURL)])
/// for await batch in watcher.changes { print(batch) }   // [URL]
/// ```
public final class FileWatcher: Sendable {
    /// Something to watch.
    public enum Target: Sendable, Hashable {
        /// A folder and everything under it.
        case folder(URL)
        /// One file (watched through its folder, so that a replace-by-rename is seen).
        case file(URL)
    }

    /// How changes are found.
    public enum Mode: Sendable, Equatable {
        /// inotify where available, else polling every 300 ms.
        case automatic
        /// Compare file sizes and modification times every `interval`.
        case polling(interval: Duration)
    }

    /// Batches of changed paths (files, or folders that appeared or went away).
    public let changes: AsyncStream<[URL]>
    /// Whether inotify is in use (`false`: polling).
    public let usesInotify: Bool

    private let continuation: AsyncStream<[URL]>.Continuation
    private let stopped = Atomic<Bool>(false)
    private let finished = Mutex<Bool>(false)
    private let finishedSignal = DispatchSemaphore(value: 0)
    private let wakeWrite: Int32
    private let wakeRead: Int32

    /// Starts watching `targets`.
    ///
    /// - Parameter debounce: how long the files must be quiet before a batch is reported.
    public init(targets: [Target], debounce: Duration = .milliseconds(100), mode: Mode = .automatic) throws(Diagnostic) {
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else {
            throw Diagnostic(
                "cannot start the file watcher: \(String(cString: strerror(errno)))",
                suggestion: "Close some programs or raise the open-file limit (ulimit -n)")
        }
        for fd in pipeFDs {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        wakeRead = pipeFDs[0]
        wakeWrite = pipeFDs[1]
        (changes, continuation) = AsyncStream.makeStream(of: [URL].self, bufferingPolicy: .unbounded)
        var loop = WatchLoop(targets: targets, debounce: debounce, wakeFD: pipeFDs[0])
        if mode == .automatic, loop.startInotify() {
            usesInotify = true
        } else {
            usesInotify = false
            if case .polling(let interval) = mode { loop.pollInterval = interval }
            loop.startPolling()
        }
        let start = loop
        let thread = Thread { [continuation, finishedSignal] in
            var loop = start
            loop.run { continuation.yield($0) }
            loop.close()
            continuation.finish()
            finishedSignal.signal()
        }
        thread.name = "galley-file-watcher"
        thread.start()
    }

    /// Stops watching, waits for the watching thread to end and closes its
    /// file descriptors; `changes` then finishes. Calling it again does nothing.
    public func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        finishedSignal.wait()
        close(wakeWrite)
    }

    deinit {
        stop()
    }

    /// Whether a file name is an editor's temporary, swap or backup file.
    public static func isIgnored(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name == "4913"
            || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".swo")
    }
}

/// The watching thread's state; owned by that thread alone once started.
private struct WatchLoop: Sendable {
    let targets: [FileWatcher.Target]
    let debounce: Duration
    let wakeFD: Int32
    var pollInterval: Duration = .milliseconds(300)
    var inotifyFD: Int32 = -1
    /// Watch descriptor → folder path, and whether it is watched recursively.
    var watches: [Int32: (path: String, recursive: Bool)] = [:]
    /// For a watched single file's folder: the file names that matter.
    var fileFilters: [String: Set<String>] = [:]
    var snapshot: [String: FileStamps.Stamp] = [:]

    init(targets: [FileWatcher.Target], debounce: Duration, wakeFD: Int32) {
        self.targets = targets
        self.debounce = debounce
        self.wakeFD = wakeFD
        for case .file(let url) in targets {
            let file = url.standardizedFileURL
            fileFilters[file.deletingLastPathComponent().path, default: []].insert(file.lastPathComponent)
        }
    }

    // MARK: inotify

    mutating func startInotify() -> Bool {
        #if os(Linux)
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { return false }
            inotifyFD = fd
            for target in targets {
                switch target {
                case .folder(let url): addWatches(under: url.standardizedFileURL.path, recursive: true)
                case .file(let url): addWatch(url.standardizedFileURL.deletingLastPathComponent().path, recursive: false)
                }
            }
            if watches.isEmpty && !targets.isEmpty {
                Glibc.close(fd)
                inotifyFD = -1
                return false
            }
            return true
        #else
            return false
        #endif
    }

    #if os(Linux)
        private static let mask =
            UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
            | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF)
            | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

        private mutating func addWatch(_ path: String, recursive: Bool) {
            let wd = inotify_add_watch(inotifyFD, path, Self.mask)
            if wd >= 0 { watches[wd] = (path, recursive) }
        }

        private mutating func addWatches(under path: String, recursive: Bool) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return }
            addWatch(path, recursive: recursive)
            guard recursive, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names where !FileWatcher.isIgnored(name) {
                let child = path + "/" + name
                var childIsDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: child, isDirectory: &childIsDirectory), childIsDirectory.boolValue {
                    addWatches(under: child, recursive: true)
                }
            }
        }

        /// Reads every pending inotify event into `changed`.
        private mutating func drainInotify(into changed: inout Set<String>) {
            let capacity = 64 * 1024
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
            defer { buffer.deallocate() }
            while true {
                let count = read(inotifyFD, buffer, capacity)
                guard count > 0 else { return }
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                    let name = event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                    offset += MemoryLayout<inotify_event>.size + Int(event.len)
                    handle(event, name: name, into: &changed)
                }
            }
        }

        private mutating func handle(_ event: inotify_event, name: String, into changed: inout Set<String>) {
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                // Events were lost: report every target, which rebuilds everything.
                for target in targets {
                    switch target {
                    case .folder(let url), .file(let url): changed.insert(url.standardizedFileURL.path)
                    }
                }
                return
            }
            guard let watch = watches[event.wd] else { return }
            if event.mask & UInt32(IN_IGNORED) != 0 {
                watches[event.wd] = nil
                return
            }
            if event.mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 {
                changed.insert(watch.path)
                return
            }
            guard !name.isEmpty, !FileWatcher.isIgnored(name) else { return }
            if let names = fileFilters[watch.path], !watch.recursive {
                guard names.contains(name) else { return }
            }
            let path = watch.path + "/" + name
            changed.insert(path)
            let isDirectory = event.mask & UInt32(IN_ISDIR) != 0
            if isDirectory, watch.recursive, event.mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 {
                addWatches(under: path, recursive: true)
                for file in Self.files(under: path) { changed.insert(file) }
            }
        }
    #endif

    // MARK: polling

    mutating func startPolling() {
        snapshot = takeSnapshot()
    }

    private func takeSnapshot() -> [String: FileStamps.Stamp] {
        var stamps: [String: FileStamps.Stamp] = [:]
        for target in targets {
            switch target {
            case .folder(let url):
                for file in Self.files(under: url.standardizedFileURL.path) { stamps[file] = FileStamps.Stamp(path: file) }
            case .file(let url):
                let path = url.standardizedFileURL.path
                if let stamp = FileStamps.Stamp(path: path) { stamps[path] = stamp }
            }
        }
        return stamps
    }

    private mutating func pollChanges(into changed: inout Set<String>) {
        let now = takeSnapshot()
        for (path, stamp) in now where snapshot[path] != stamp { changed.insert(path) }
        for path in snapshot.keys where now[path] == nil { changed.insert(path) }
        snapshot = now
    }

    /// Every file under `path`, editor files skipped.
    static func files(under path: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if FileWatcher.isIgnored(name) {
                if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { enumerator.skipDescendants() }
                continue
            }
            if (enumerator.fileAttributes?[.type] as? FileAttributeType) != .typeDirectory { files.append(path + "/" + relative) }
        }
        return files
    }

    // MARK: the loop

    /// Waits for changes and reports them in debounced batches until woken through `wakeFD`.
    mutating func run(report: ([URL]) -> Void) {
        var changed: Set<String> = []
        var quietSince = ContinuousClock.now
        var firstChange = ContinuousClock.now
        let longestWait = Duration.seconds(1)
        while true {
            var timeout: Duration
            if inotifyFD >= 0 {
                timeout = changed.isEmpty ? .seconds(3600) : debounce - (ContinuousClock.now - quietSince)
            } else {
                timeout = pollInterval
            }
            if timeout < .zero { timeout = .zero }
            var fds = [pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
            if inotifyFD >= 0 { fds.append(pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0)) }
            let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&fds, nfds_t(fds.count), milliseconds)
            if ready < 0 && errno != EINTR { return }
            if fds[0].revents != 0 { return }
            var round: Set<String> = []
            #if os(Linux)
                if inotifyFD >= 0, fds[1].revents != 0 { drainInotify(into: &round) }
            #endif
            if inotifyFD < 0 { pollChanges(into: &round) }
            let now = ContinuousClock.now
            if !round.isEmpty {
                if changed.isEmpty { firstChange = now }
                quietSince = now
                changed.formUnion(round)
            }
            guard !changed.isEmpty else { continue }
            let settled = inotifyFD >= 0 ? now - quietSince >= debounce : round.isEmpty
            if settled || now - firstChange >= longestWait {
                report(changed.sorted().map { URL(fileURLWithPath: $0) })
                changed.removeAll()
            }
        }
    }

    func close() {
        if inotifyFD >= 0 { Glibc.close(inotifyFD) }
        Glibc.close(wakeFD)
    }
}
