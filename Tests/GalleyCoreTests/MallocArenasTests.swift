#if canImport(Glibc)
import Foundation
import Glibc
@testable import GalleyCore
import Synchronization
import Testing

@Suite("Malloc arenas grown once per thread")
struct MallocArenasTests {
    /// The readable and writable mapping of this process that holds `address`, as (size, permissions).
    func mapping(holding address: UInt) throws -> (size: UInt, permissions: String)? {
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            guard bounds.count == 2, bounds[0] <= address, address < bounds[1] else { continue }
            return (bounds[1] - bounds[0], String(fields[1]))
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

    /// (No control without the reservation: a new thread may be given the
    /// arena of a thread that ended, grown by an earlier test.)
    @Test("after the reservation, a thread's heap is writable over the reserved size")
    func heapGrown() throws {
        let sizes = Mutex<[String: UInt]>([:])
        onNewThread {
            MallocArenas.reserveForThisThread()
            MallocArenas.reserveForThisThread()
            let block = malloc(64)!
            defer { free(block) }
            if let found = try? mapping(holding: UInt(bitPattern: block)), found.permissions.hasPrefix("rw") {
                sizes.withLock { $0["reserved"] = found.size }
            }
        }
        let found = sizes.withLock { $0 }
        #expect((found["reserved"] ?? 0) >= UInt(MallocArenas.reservation))
    }
}
#endif
