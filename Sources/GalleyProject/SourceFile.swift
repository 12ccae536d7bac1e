import Foundation
import GalleyCore

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
