import GalleyMarkdown

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
                      let column = Int(position[position.count - 1]) else { continue }
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
}
