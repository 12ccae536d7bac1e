import Foundation
import GalleySite

/// Printing problems to standard error, in colour only when it is a terminal.
enum Diagnostics {
    static let usesColour = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    /// Prints each error as `error: file:line: message. suggestion`.
    static func report(_ errors: [SiteError]) {
        for error in errors { printError(error.description) }
    }

    /// Prints one `error:` line.
    static func printError(_ message: String) {
        let label = usesColour ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
        FileHandle.standardError.write(Data("\(label) \(message)\n".utf8))
    }
}
