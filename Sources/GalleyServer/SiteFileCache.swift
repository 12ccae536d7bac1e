import Foundation
import Synchronization

/// The bytes of served files, kept in memory until the next successful
/// rebuild, so that a page is read from disk once per build.
///
/// Each entry remembers the build identifier its page was injected with, and
/// is handed out only to a request that read the same identifier: a page read
/// while a rebuild published never outlives it (a page with an older
/// identifier would make every browser reload again and again). Entries are
/// also stored with the cache's generation; a rebuild bumps the generation
/// after the new files are in place, which retires every older entry.
final class SiteFileCache: Sendable {
    /// A cached response body.
    struct Entry: Sendable {
        var bytes: [UInt8]
        var contentType: String
        /// The build identifier read before the bytes (and injected into them, for HTML).
        var buildID: String
    }

    private struct State {
        var generation = 0
        var entries: [String: Entry] = [:]
        var size = 0
    }

    private let state = Mutex(State())
    /// Files larger than this are never kept: the server streams them from
    /// disk (an HTML page is still read whole, to add the script).
    let largestFile: Int
    /// The most bytes kept in all.
    let capacity: Int

    init(largestFile: Int = 2 << 20, capacity: Int = 64 << 20) {
        self.largestFile = largestFile
        self.capacity = capacity
    }

    /// The current generation; read it before reading a file, and store with it.
    var generation: Int { state.withLock { $0.generation } }

    /// The entry for `key`, when it was read under build `buildID`.
    func entry(for key: String, buildID: String) -> Entry? {
        state.withLock { state in
            guard let entry = state.entries[key], entry.buildID == buildID else { return nil }
            return entry
        }
    }

    /// Keeps `entry` if no rebuild happened since `generation` was read.
    func store(_ entry: Entry, for key: String, generation: Int) {
        guard entry.bytes.count <= largestFile else { return }
        state.withLock { state in
            guard state.generation == generation, state.size + entry.bytes.count <= capacity else { return }
            if let old = state.entries.updateValue(entry, forKey: key) { state.size -= old.bytes.count }
            state.size += entry.bytes.count
        }
    }

    /// Retires every entry: the site changed.
    func invalidate() {
        state.withLock { state in
            state.generation += 1
            state.entries.removeAll()
            state.size = 0
        }
    }
}
