import Foundation

/// The bytes libFuzzer hands a target, read the ways Galley reads files.
///
/// ```swift
/// let text = FuzzInput(data, size).text   // invalid UTF-8 becomes U+FFFD
/// ```
struct FuzzInput {
    /// The raw bytes of the input.
    let bytes: UnsafeBufferPointer<UInt8>

    /// Wraps `size` bytes at `data` (libFuzzer passes a non-null pointer even for 0 bytes).
    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = UnsafeBufferPointer(start: data, count: size)
    }

    /// The input as text, with invalid UTF-8 replaced as `String(decoding:)` does.
    var text: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The input as `Data`, e.g. to write it to a file.
    var data: Data {
        Data(buffer: bytes)
    }
}

/// Stops the run with `message` when `condition` is false: libFuzzer reports
/// the input as a crash and saves it. Unlike `precondition`, the message is
/// kept in optimised builds.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("fuzz check failed: \(message())")
    }
}
