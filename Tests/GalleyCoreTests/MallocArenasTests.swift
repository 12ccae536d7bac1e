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

        /// What one thread saw.
        struct Observation: Sendable {
            var first: UInt?
            var second: UInt?
            var mappingEnd: UInt?
            var permissions = ""
        }

        @Test("the reservation is taken from the thread's heap, which stays writable over it after it is freed; once per thread")
        func heapGrown() throws {
            let seen = Mutex<Observation?>(nil)
            onNewThread {
                var observation = Observation()
                observation.first = MallocArenas.reserveForThisThread()
                observation.second = MallocArenas.reserveForThisThread()
                if let first = observation.first, let found = try? mapping(holding: first) {
                    observation.mappingEnd = found.end
                    observation.permissions = found.permissions
                }
                seen.withLock { $0 = observation }
            }
            let observation = try #require(seen.withLock { $0 })
            let first = try #require(observation.first)
            #expect(observation.second == nil)
            // With more threads than arenas (other tests running), the thread may
            // share an arena whose extra heap glibc unmaps when the block is freed;
            // a thread of its own (a build's) keeps it.
            if let end = observation.mappingEnd {
                #expect(observation.permissions.hasPrefix("rw"))
                #expect(end - first >= UInt(MallocArenas.reservation))
            }
        }
    }
#endif
