import Foundation

/// One message of `swiftc -diagnostic-style llvm`, at its (Markdown) location.
public struct CompilerDiagnostic: Sendable, Hashable, Codable {
    /// `error`, `warning` or `note`.
    public var severity: String
    /// The file as swiftc names it; a Markdown page thanks to `#sourceLocation`.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// The message.
    public var message: String

    /// Creates a diagnostic.
    public init(severity: String, file: String, line: Int, column: Int, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:col: severity: message`
    public var description: String { "\(file):\(line):\(column): \(severity): \(message)" }

    /// Every `file:line:col: severity: message` line of compiler output.
    public static func parse(_ output: String) -> [CompilerDiagnostic] {
        output.split(separator: "\n").compactMap { line in
            for severity in ["error", "warning", "note"] {
                guard let marker = line.range(of: ": \(severity): ") else { continue }
                let position = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
                guard position.count >= 3, let lineNumber = Int(position[position.count - 2]),
                    let column = Int(position[position.count - 1])
                else { continue }
                return CompilerDiagnostic(
                    severity: severity,
                    file: position.dropLast(2).joined(separator: ":"),
                    line: lineNumber, column: column,
                    message: String(line[marker.upperBound...])
                )
            }
            return nil
        }
    }

    /// The errors of compiler output that name no file and line: the
    /// frontend's `<unknown>:0: error: missing required module '_Shims'`, the
    /// driver's `error: link command failed …`, the linker's `undefined
    /// reference to 'f'`. Each is kept with its text (at most `limit`), so an
    /// error is never reported without its reason.
    ///
    /// ```swift
    /// CompilerDiagnostic.unlocatedErrors("<unknown>:0: error: missing required module 'C'")   // ["error: missing required module 'C'"]
    /// ```
    public static func unlocatedErrors(_ output: String, limit: Int = 12) -> [String] {
        var found: [String] = []
        for raw in output.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            if let unknown = line.range(of: "<unknown>:0: ") {
                let message = String(line[unknown.upperBound...])
                if message.hasPrefix("error: ") { found.append(message) }
                continue
            }
            let isError =
                line.hasPrefix("error: ") || line.contains(": error: ") || line.contains("undefined reference to")
                || line.contains("undefined symbol") || line.hasPrefix("fatal error: ")
            if isError && parse(String(raw)).isEmpty { found.append(line) }
        }
        var seen: Set<String> = []
        return Array(found.filter { seen.insert($0).inserted }.prefix(limit))
    }
}
