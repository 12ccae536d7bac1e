import Foundation
import Synchronization

/// Work spread over the machine's cores whose results keep their input's
/// order, so a parallel build writes exactly what a serial one would.
///
/// ```swift
/// let pages = Concurrently.map(paths) { path in parse(path) }   // pages[i] is parse(paths[i])
/// ```
enum Concurrently {
    /// `transform` applied to every element of `items` at once on all cores, in `items`' order.
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ transform: @Sendable (Item) -> Result
    ) -> [Result] {
        let results = Mutex([Result?](repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            let result = transform(items[index])
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
