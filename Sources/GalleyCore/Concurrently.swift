import Foundation
import Synchronization

/// Work spread over the machine's cores whose results keep their input's
/// order, so a parallel build writes exactly what a serial one would. Used
/// for sample runs here and for page parsing and rendering in GalleySite.
///
/// ```swift
/// let pages = Concurrently.map(paths) { path in parse(path) }   // pages[i] is parse(paths[i])
/// ```
public enum Concurrently {
    /// `transform` applied to every element of `items` at once on all cores,
    /// in `items`' order; `finished(n)` is called after each element with how
    /// many have finished so far (progress lines).
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], finished: (@Sendable (Int) -> Void)? = nil, _ transform: @Sendable (Item) -> Result
    ) -> [Result] {
        let results = Mutex([Result?](repeating: nil, count: items.count))
        let done = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            MallocArenas.reserveForThisThread()
            let result = transform(items[index])
            results.withLock { $0[index] = result }
            if let finished { finished(done.withLock { $0 += 1; return $0 }) }
        }
        return results.withLock { $0.map { $0! } }
    }
}
