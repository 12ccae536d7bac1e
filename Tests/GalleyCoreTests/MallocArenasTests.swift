#if canImport(Glibc)
import Foundation
import Glibc
@testable import GalleyCore
import Synchronization
import Testing

@Suite("Malloc arenas grown once per thread")
struct MallocArenasTests {
    /// The mapping of this process that holds `address`: where it ends, and its permissions.
    func mapping(holding address: UInt) throws -> (end: UInt, permissions: String)? {
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            guard bounds.count == 2, bounds[0] <= address, address < bounds[1] else { continue }
            return (bounds[1], String(fields[1]))
        }
        return nil
    }

    /// Runs `body` on a new thread (a new malloc arena) and waits for it.
    func onNewThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.start()
        done.wait()
    }

    @Test("glibc takes the thresholds")
    func configured() {
        #expect(MallocArenas.isConfigured)
    }

    @Test("the reservation is taken from the thread's heap, which stays writable over it after it is freed; once per thread")
    func heapGrown() throws {
        let found = Mutex<(first: UInt?, second: UInt?, size: UInt, permissions: String)?>(nil)
        onNewThread {
            let first = MallocArenas.reserveForThisThread()
            let second = MallocArenas.reserveForThisThread()
            guard let first, let mapping = try? mapping(holding: first) else { return }
            found.withLock { $0 = (first, second, mapping.end - first, mapping.permissions) }
        }
        let result = try #require(found.withLock { $0 })
        #expect(result.second == nil)
        #expect(result.permissions.hasPrefix("rw"))
        #expect(result.size >= UInt(MallocArenas.reservation))
    }
}
#endif
