import Synchronization

/// Collects invalidations that may arrive on any thread (Observation's
/// `onChange` and Combine's `objectWillChange` run on the mutating thread);
/// the host drains it on the main actor when it flushes.
final class InvalidationInbox: Sendable {
    /// One invalidation: which node, and the reason `_printChanges` reports.
    struct Entry: Sendable {
        var nodeID: Int
        var reason: String
    }

    private let entries = Mutex<[Entry]>([])

    /// Records that a node must be re-evaluated. Safe from any thread.
    func post(_ nodeID: Int, reason: String) {
        entries.withLock { $0.append(Entry(nodeID: nodeID, reason: reason)) }
    }

    /// Takes every recorded invalidation, oldest first.
    func drain() -> [Entry] {
        entries.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }

    /// Whether nothing is waiting.
    var isEmpty: Bool { entries.withLock { $0.isEmpty } }
}
