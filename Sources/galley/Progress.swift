import Foundation

/// One self-overwriting progress line on standard error, only on a terminal.
enum Progress {
    static let enabled = isatty(STDERR_FILENO) == 1

    /// Shows `text` as the current progress.
    @Sendable static func line(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    /// Removes the progress line.
    static func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
