#if canImport(Glibc)
    import Glibc
#endif

/// glibc's malloc set up for work spread over threads (``Concurrently``).
///
/// Each thread that allocates gets an arena of its own, a heap that glibc
/// grows with one `mprotect` per page or two of new memory: a 1,000-page
/// build made over 7,000 such calls. ``reserveForThisThread()`` grows the
/// calling thread's heap once, by one large block allocated and freed
/// (never touched, so it costs no memory until used), and later growth up to
/// that size needs no system call. For that block to come from the heap
/// rather than its own `mmap`, blocks up to 32 MB are taken from the heaps
/// (glibc's largest setting; it also keeps large strings and buffers out of
/// `mmap`/`munmap` and their page faults), and up to 64 MB of free memory
/// at a heap's top is kept rather than returned. Elsewhere than glibc,
/// nothing changes.
enum MallocArenas {
    /// The size each thread's heap is grown to at once.
    static let reservation = 24 << 20

    /// The thresholds, set once for the process. (`mallopt` is declared in
    /// `<malloc.h>`, which Swift's Glibc module leaves out: looked up by name.)
    private static let configured: Bool = {
        #if canImport(Glibc)
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            let trimThreshold: Int32 = -1
            let mmapThreshold: Int32 = -3  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
            return mallopt(mmapThreshold, 32 << 20) == 1 && mallopt(trimThreshold, 64 << 20) == 1
        #else
            return false
        #endif
    }()

    /// Whether the thresholds are set (glibc only).
    static var isConfigured: Bool { configured }

    #if canImport(Glibc)
        /// Set on a thread once its heap has been grown.
        private static let reservedKey: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key, nil)
            return key
        }()

        /// `malloc`, looked up by name like `mallopt`.
        private static let allocate: @convention(c) (Int) -> UnsafeMutableRawPointer? = {
            unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc"), to: (@convention(c) (Int) -> UnsafeMutableRawPointer?).self)
        }()
    #endif

    /// Grows the calling thread's heap by ``reservation``, the first time
    /// it is called on that thread; afterwards a thread-local check only.
    /// Returns the address the reserved block had (for tests), `nil` when nothing was reserved.
    @discardableResult
    static func reserveForThisThread() -> UInt? {
        #if canImport(Glibc)
            guard configured, pthread_getspecific(reservedKey) == nil else { return nil }
            pthread_setspecific(reservedKey, UnsafeRawPointer(bitPattern: 1))
            // Through a pointer the optimizer cannot see (it removes a `malloc` whose block is only freed).
            guard let block = allocate(reservation) else { return nil }
            free(block)
            return UInt(bitPattern: block)
        #else
            return nil
        #endif
    }
}
