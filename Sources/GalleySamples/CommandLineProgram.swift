import SwiftSyntax

/// Samples that are command-line programs: an `@main` entry point.
///
/// A tool built on swift-argument-parser (`ParsableCommand`) or reading
/// `CommandLine.arguments` is compiled only, unless the sample gives its
/// arguments with `args=` (one attribute per argument, in order):
/// ```` ```swift args=--count args=3 ````.
package enum CommandLineProgram {
    /// Whether `code` declares its own entry point.
    package static func isMain(_ code: String) -> Bool {
        code.contains("@main")
    }

    /// Whether `code` is an `@main` program that reads its command line, so
    /// that a run with no arguments shows nothing of what it documents.
    package static func needsArguments(_ code: String) -> Bool {
        isMain(code)
            && (code.contains("ParsableCommand") || code.contains("CommandLine.arguments")
                || code.contains("CommandLine.argc") || code.contains("CommandLine.unsafeArgv"))
    }
}
