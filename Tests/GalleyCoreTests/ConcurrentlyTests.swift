import GalleyCore
import Synchronization
import Testing

@Suite("Work spread over the cores")
struct ConcurrentlyTests {
    @Test(
        "results keep the input's order, each element is transformed once, and progress counts to the end", arguments: [0, 1, 7, 100, 1_000, 4_099])
    func order(_ count: Int) {
        let calls = Mutex([Int](repeating: 0, count: count))
        let progress = Mutex<[Int]>([])
        let results = Concurrently.map(Array(0..<count), finished: { done in progress.withLock { $0.append(done) } }) { item in
            calls.withLock { $0[item] += 1 }
            return item * 2
        }
        #expect(results == (0..<count).map { $0 * 2 })
        #expect(calls.withLock { $0.allSatisfy { $0 == 1 } })
        #expect(progress.withLock { $0.sorted() } == (0..<count).map { $0 + 1 })
    }

    @Test("neighbouring elements go together: about eight runs per core, one element per run for short lists")
    func runs() {
        #expect(Concurrently.runLength(count: 1_000, cores: 2) == 62)
        #expect(Concurrently.runLength(count: 10, cores: 2) == 1)
        #expect(Concurrently.runLength(count: 5_000, cores: 8) == 78)
        #expect(Concurrently.runLength(count: 3, cores: 0) == 1)
    }
}
