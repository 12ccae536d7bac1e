#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Stops the program the way SwiftUI does for a programming error (a missing
/// environment object, say), after flushing standard output so that what the
/// sample printed before the crash is not lost when output goes to a file.
func trap(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fflush(nil)  // nil flushes every output stream, stdout included
    // Deliberate product behaviour, not error handling: SwiftUI traps here too.
    fatalError(message, file: file, line: line)
}
