import Foundation
import GalleyServer
import GalleyTestSupport
import Synchronization
import Testing

@Suite("Watching the sources")
struct FileWatcherTests {
    /// Collects a watcher's batches from one long-lived task (an AsyncStream
    /// ends for good when a task iterating it is cancelled).
    final class Collector: Sendable {
        private let task: Task<Void, Never>

        init(_ watcher: FileWatcher) {
            let box = Box()
            task = Task {
                for await batch in watcher.changes { box.append(batch.map(\.lastPathComponent)) }
            }
            self.box = box
        }

        private let box: Box

        final class Box: Sendable {
            private let batches = Mutex<[[String]]>([])
            func append(_ batch: [String]) { batches.withLock { $0.append(batch) } }
            func takeFirst() -> [String]? { batches.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
        }

        /// The next batch, or `nil` after `timeout`.
        func next(timeout: Duration = .seconds(5)) async -> [String]? {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if let batch = box.takeFirst() { return batch }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return box.takeFirst()
        }
    }

    @Test("inotify reports a save storm as one batch and ignores editor swap and backup files")
    func inotifyDebounces() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("content/page.md", "one")
        // A window wider than the gaps between the storm's writes on a loaded
        // machine (with 100 ms, a full test run once saw the storm split in two).
        let watcher = try FileWatcher(targets: [.folder(directory.url.appendingPathComponent("content"))], debounce: .milliseconds(300))
        defer { watcher.stop() }
        let collector = Collector(watcher)
        #expect(watcher.usesInotify)
        // What vim does on :w — probe file, swap file, backup, write, delete backup.
        try directory.write("content/4913", "")
        try directory.write("content/.page.md.swp", "swap")
        try directory.write("content/page.md~", "one")
        try directory.write("content/.#page.md", "lock")
        try directory.write("content/page.md", "two")
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("content/page.md~"))
        // Up to 30 s: in a full parallel test run on 2 cores the batch once took longer than 5 s to arrive.
        let batch = await collector.next(timeout: .seconds(30))
        #expect(batch == ["page.md"])
        #expect(await collector.next(timeout: .milliseconds(900)) == nil, "one storm, one batch")
    }

    @Test("inotify follows folders created after the watch started, and a single watched file")
    func newFoldersAndFiles() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("content/index.md", "x")
        try directory.write("galley.yml", "title: A\n")
        let watcher = try FileWatcher(
            targets: [
                .folder(directory.url.appendingPathComponent("content")), .file(directory.url.appendingPathComponent("galley.yml")),
            ], debounce: .milliseconds(50))
        defer { watcher.stop() }
        let collector = Collector(watcher)
        try directory.write("unrelated.txt", "not watched")
        try directory.write("galley.yml", "title: B\n")
        #expect(await collector.next() == ["galley.yml"])
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("content/guide"), withIntermediateDirectories: true)
        // The watch on the new folder is added asynchronously: wait until a file
        // written into it is reported (no fixed sleep), then check a real page.
        var probes = 0
        var followed = false
        let deadline = ContinuousClock.now + .seconds(10)
        while !followed, ContinuousClock.now < deadline {
            probes += 1
            try directory.write("content/guide/probe\(probes).txt", "p")
            followed = await collector.next(timeout: .milliseconds(250))?.contains { $0.hasPrefix("probe") } == true
        }
        #expect(followed, "a file in the folder created after the watch started is reported")
        try directory.write("content/guide/deep.md", "y")
        // Late probe events (several on a loaded machine) may still arrive first,
        // each in a batch of its own; the page's comes alone or with one of them.
        var batch = await collector.next()
        while let probesOnly = batch, !probesOnly.contains("deep.md"), probesOnly.allSatisfy({ $0.hasPrefix("probe") }) {
            batch = await collector.next()
        }
        #expect(batch?.contains("deep.md") == true, "\(batch ?? [])")
    }

    @Test("the polling fallback sees changes, additions and deletions")
    func polling() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("content/a.md", "a")
        try directory.write("content/b.md", "b")
        let watcher = try FileWatcher(
            targets: [.folder(directory.url.appendingPathComponent("content"))],
            debounce: .milliseconds(50), mode: .polling(interval: .milliseconds(50))
        )
        defer { watcher.stop() }
        let collector = Collector(watcher)
        #expect(!watcher.usesInotify)
        try directory.write("content/a.md", "a, longer")
        try directory.write("content/c.md", "c")
        try directory.write("content/.c.md.swp", "swap")
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("content/b.md"))
        // On a loaded machine the four writes can span more than one poll
        // interval, so they may arrive in several batches: gather them.
        var seen: [String] = []
        while Set(seen).count < 3, let batch = await collector.next(timeout: .seconds(30)) { seen += batch }
        #expect(Set(seen) == ["a.md", "b.md", "c.md"], "\(seen)")
        #expect(!seen.contains(".c.md.swp"), "swap files are ignored")
    }

    @Test("stopping a watcher closes its file descriptors")
    func stopCloses() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("content/a.md", "a")
        let before = try openFileDescriptorCount()
        for _ in 0..<100 {
            let watcher = try FileWatcher(targets: [.folder(directory.url.appendingPathComponent("content"))])
            watcher.stop()
        }
        // Other suites open files and pipes in parallel: wait for the count to settle (a leak would be 100 or more).
        var after = try openFileDescriptorCount()
        let deadline = ContinuousClock.now + .seconds(10)
        while after > before + 50 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            after = try openFileDescriptorCount()
        }
        #expect(after <= before + 50, "before \(before), after \(after)")
    }

    @Test("editor files are recognised by name")
    func ignoredNames() {
        for name in [".index.md.swp", ".index.md.swx", "index.md~", "4913", ".#index.md"] {
            #expect(FileWatcher.isIgnored(name), "\(name)")
        }
        for name in ["index.md", "galley.yml", "4913.md", "logo.png"] {
            #expect(!FileWatcher.isIgnored(name), "\(name)")
        }
    }
}
