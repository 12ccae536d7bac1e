import Foundation
import GalleyCore
import GalleyReports
import GalleySamples
import GalleySite
import GalleyVerify

/// Printing problems to standard error, in colour only when it is a terminal.
enum Diagnostics {
    static let usesColour = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    /// Prints each error as `error: file:line: message. suggestion`.
    static func report(_ errors: [Diagnostic]) {
        for error in errors { printError(error.description) }
    }

    /// Prints what a failed build found: the verifier's report when samples
    /// failed, else one `error:` line per problem.
    static func reportBuildFailure(_ error: BuildFailure) {
        reportWarnings(error.warnings)
        if let verification = error.verification {
            report(error.problems)
            FileHandle.standardError.write(Data(ReportFormat.human.render(verification, colour: usesColour).utf8))
        } else {
            report(error.errors)
        }
    }

    /// Prints each warning as `warning: file:line: message. suggestion`.
    static func reportWarnings(_ warnings: [Diagnostic]) {
        for warning in warnings { printWarning(warning.description) }
    }

    /// Prints one `warning:` line.
    static func printWarning(_ message: String) {
        let label = usesColour ? "\u{1B}[1;33mwarning:\u{1B}[0m" : "warning:"
        FileHandle.standardError.write(Data("\(label) \(TerminalText.escaped(message))\n".utf8))
    }

    /// Prints one `error:` line.
    static func printError(_ message: String) {
        let label = usesColour ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
        FileHandle.standardError.write(Data("\(label) \(TerminalText.escaped(message))\n".utf8))
    }
}
