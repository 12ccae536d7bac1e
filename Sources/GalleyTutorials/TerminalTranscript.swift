/// What a tutorial's terminal step says running its project prints: the
/// lines after its last `swift run` prompt, up to the next prompt, without
/// SwiftPM's own progress lines.
///
/// ```swift
/// TerminalTranscript.expectedOutput(of: "$ swift run\nBuilding for debugging...\n6\n")   // "6"
/// TerminalTranscript.matches("ok(Body(\n  message: \"Hi\"))", "ok(Body(message: \"Hi\"))")   // true
/// ```
public enum TerminalTranscript {
    /// The output `text` shows of `swift run`; `nil` when it runs nothing or shows no output.
    public static func expectedOutput(of text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let run = lines.lastIndex(where: isSwiftRun) else { return nil }
        var output: [String] = []
        for line in lines[(run + 1)...] {
            if isPrompt(line) { break }
            if isSwiftPMProgress(line) { continue }
            output.append(line)
        }
        let shown = output.joined(separator: "\n").trimmingWhitespace
        return shown.isEmpty ? nil : shown
    }

    /// Whether `actual` prints what `expected` shows, whitespace aside: a
    /// transcript often wraps or indents a long line that the program prints as one.
    public static func matches(_ expected: String, _ actual: String) -> Bool {
        expected.filter { !$0.isWhitespace } == actual.filter { !$0.isWhitespace }
    }

    /// `$ swift run`, `% swift run --package-path X`, `swift run`.
    static func isSwiftRun(_ line: String) -> Bool {
        let command = isPrompt(line) ? String(line.drop { $0 != " " }.dropFirst()) : line
        return command.hasPrefix("swift run")
    }

    /// A line that starts a command: `$ `, `% `, `# `, `> ` first.
    static func isPrompt(_ line: String) -> Bool {
        ["$ ", "% ", "# ", "> "].contains { line.hasPrefix($0) }
    }

    /// What SwiftPM prints while it builds (`[3/8] Compiling…`, `Build complete!`).
    static func isSwiftPMProgress(_ line: String) -> Bool {
        let prefixes = [
            "Building for", "Build complete", "Build of product", "Compiling", "Linking", "Fetching", "Computing", "Resolving",
            "Creating working copy", "Working copy", "Emitting", "Write ", "Planning build",
        ]
        if prefixes.contains(where: { line.hasPrefix($0) }) { return true }
        // `[12/40] Compiling …`
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return false }
        let counts = line[line.index(after: line.startIndex)..<close].split(separator: "/")
        return counts.count == 2 && counts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }
}

extension String {
    /// The text without leading and trailing whitespace and newlines.
    fileprivate var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
