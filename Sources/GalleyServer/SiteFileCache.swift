import Foundation
import Synchronization

/// The bytes of served files, kept in memory until the next successful
/// rebuild, so that a page is read from disk once per build.
///
/// Entries carry the generation they were read in; a rebuild bumps the
/// generation after the new files are in place, which retires every older
/// entry, including one read while the files were being replaced.
final class SiteFileCache: Sendable {
    /// A cached response body.
    struct Entry: Sendable {
        var bytes: [UInt8]
        var contentType: String
    }

    private struct State {
        var generation = 0
        var entries: [String: Entry] = [:]
        var size = 0
    }

    private let state = Mutex(State())
    /// Files larger than this are read every time and never kept.
    let largestFile: Int
    /// The most bytes kept in all.
    let capacity: Int

    init(largestFile: Int = 2 << 20, capacity: Int = 64 << 20) {
        self.largestFile = largestFile
        self.capacity = capacity
    }

    /// The current generation; read it before reading a file, and store with it.
    var generation: Int { state.withLock { $0.generation } }

    /// The entry for `key` in the current generation.
    func entry(for key: String) -> Entry? {
        state.withLock { $0.entries[key] }
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
