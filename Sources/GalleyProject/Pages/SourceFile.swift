import Foundation
import GalleyCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the text of content, template and configuration files with clear errors.
package enum SourceFile {
    /// The UTF-8 text of `url`; fails with the file named when it cannot be
    /// read or is not valid UTF-8 (naming the first bad line).
    package static func readText(at url: URL, displayPath: String) throws(Diagnostic) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "\(error.localizedDescription)"
            throw Diagnostic(
                "cannot read file: \(reason)",
                at: SourceLocation(path: displayPath),
                suggestion: "Check that the file exists and is readable"
            )
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw Diagnostic(
                "file is not valid UTF-8",
                at: SourceLocation(path: displayPath, line: firstInvalidLine(in: data)),
                suggestion: "Save the file as UTF-8"
            )
        }
        return text
    }

    /// ``readText(at:displayPath:)`` of the file at `path`, read with one
    /// `open`, `fstat` and `read` (no `URL`, no `Data`): what content
    /// pages are read with. Any failure, or text that is not UTF-8, is
    /// reported by ``readText(at:displayPath:)`` itself, in its words.
    package static func readText(atPath path: String, displayPath: String) throws(Diagnostic) -> String {
        if let bytes = readBytes(atPath: path), let text = String(validating: bytes, as: UTF8.self) {
            return text
        }
        return try readText(at: URL(fileURLWithPath: path), displayPath: displayPath)
    }

    /// The bytes of the file at `path` up to its end, or `nil` when it cannot be read.
    private static func readBytes(atPath path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        // One byte more than the size, so that a file that did not grow is read to its end in one call.
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
            let result = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if result == 0 { break }
            count += result
            // All the bytes `fstat` counted: no further call only to learn that the file ended.
            if count == Int(status.st_size) { break }
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// The 1-based line holding the first byte sequence that is not UTF-8.
    private static func firstInvalidLine(in data: Data) -> Int {
        var line = 1
        for lineBytes in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if String(validating: lineBytes, as: UTF8.self) == nil { return line }
            line += 1
        }
        return line
    }
}
