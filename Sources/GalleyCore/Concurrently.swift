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
    ///
    /// Each core takes runs of neighbouring elements (``runLength(count:cores:)``),
    /// not one element at a time: neighbouring pages share a folder, and two
    /// threads creating files in one folder wait on its lock in the kernel.
    /// Each result goes into its own slot, without a lock.
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], finished: (@Sendable (Int) -> Void)? = nil, _ transform: @Sendable (Item) -> Result
    ) -> [Result] {
        let count = items.count
        guard count > 0 else { return [] }
        let run = runLength(count: count, cores: ProcessInfo.processInfo.activeProcessorCount)
        let slots = Slots<Result>(count: count)
        let done = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: (count + run - 1) / run) { chunk in
            MallocArenas.reserveForThisThread()
            for index in chunk * run..<min(count, (chunk + 1) * run) {
                slots.set(index, transform(items[index]))
                if let finished {
                    finished(
                        done.withLock {
                            $0 += 1; return $0
                        })
                }
            }
        }
        // `concurrentPerform` returns after every iteration has: each slot is set.
        return slots.values()
    }

    /// How many neighbouring elements one task takes: about eight tasks per
    /// core (so a core that finishes early takes more), and one element per
    /// task for short lists (sample groups, each a compiler run).
    public static func runLength(count: Int, cores: Int) -> Int {
        max(1, count / (max(1, cores) * 8))
    }
}

/// Fixed result slots that threads fill at distinct indices.
private final class Slots<Value>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    /// Sets slot `index`; each index is set by one thread only.
    func set(_ index: Int, _ value: Value) {
        buffer[index] = value
    }

    /// Every slot's value, once all are set (after the threads that set them have finished).
    func values() -> [Value] {
        buffer.map { $0! }
    }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }
}
