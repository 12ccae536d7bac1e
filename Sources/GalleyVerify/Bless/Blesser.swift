import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import GalleySamples

/// Rewrites expected output from actual output (`galley verify --bless`).
///
/// Only the text of `// Prints "…"` literals, the comment lines after a
/// failing `// Prints:` and the lines inside ` ```output ` blocks change;
/// every other byte of the file stays as it was.
public enum Blesser {
    /// Rewrites the pages of `report` under `root`; returns how many files changed.
    public static func bless(_ report: VerificationReport, root: URL) throws(Diagnostic) -> Int {
        var changed = 0
        let byPage = Dictionary(grouping: report.results.filter { $0.ranToCompletion }, by: \.sample.page)
        for (page, results) in byPage.sorted(by: { $0.key < $1.key }) {
            let file = try target(of: page, root: root)
            guard let original = try? String(contentsOf: file, encoding: .utf8) else {
                throw Diagnostic("cannot bless '\(page)': the file cannot be read as UTF-8", suggestion: "Check that it exists and is readable")
            }
            var lines = TextLines.split(original).map(String.init)
            // Bottom-up, so that replacing an output block's lines keeps earlier line numbers valid.
            for result in results.sorted(by: { $0.sample.block.fenceLine > $1.sample.block.fenceLine }) {
                let actual = OutputComparison.lines(of: result.output)
                if let block = result.sample.outputBlock, block.endLine > block.fenceLine {
                    lines.replaceSubrange(block.fenceLine..<(block.endLine - 1), with: actual)
                }
                blessPrints(result.sample, actual: actual, lines: &lines)
                if result.status == .failed || result.status == .knownFailure {
                    blessPrintsBlock(result.sample, actual: actual, lines: &lines)
                }
            }
            let updated = lines.joined(separator: "\n")
            if updated != original {
                do {
                    try Data(updated.utf8).write(to: file, options: .atomic)
                } catch {
                    throw Diagnostic(
                        "cannot bless '\(page)': \(error.localizedDescription)", suggestion: "Check that the file and its folder are writable")
                }
                changed += 1
            }
        }
        return changed
    }

    /// The file to rewrite for `page`: the page itself, or the file its
    /// symbolic link points to when that is inside the project. Writing the
    /// link's path would replace the link with a copy.
    static func target(of page: String, root: URL) throws(Diagnostic) -> URL {
        let file = URL(userPath: page, relativeTo: root)
        guard let real = RealPath.of(file.path) else {
            throw Diagnostic("cannot bless '\(page)': the file cannot be read", suggestion: "Check that it exists and is readable")
        }
        guard real != file.standardizedFileURL.path else { return file }
        let project = FolderPath.resolvingLinks(root.path) ?? FolderPath(root)
        guard project.strictlyContains(real) else {
            throw Diagnostic(
                "refusing to bless '\(page)': it is a symbolic link to '\(real)', outside the project",
                suggestion: "Run `galley verify --bless` in the project that holds the file, or replace the link with a copy"
            )
        }
        return URL(fileURLWithPath: real)
    }

    private static func blessPrints(_ sample: Sample, actual: [String], lines: inout [String]) {
        let codeLines = TextLines.split(sample.compiledCode)
        let commented = codeLines.indices.filter { PrintsComment.expected(in: codeLines[$0]) != nil }
            .map { sample.block.firstCodeLine + $0 }
        let replacements: [String]
        if commented.count == actual.count {
            replacements = actual
        } else if commented.count == 1 {
            replacements = [actual.joined(separator: "\n")]
        } else {
            return
        }
        for (line, text) in zip(commented, replacements) where line - 1 < lines.count {
            lines[line - 1] = replacingPrintsLiteral(in: lines[line - 1], with: PrintsComment.escape(text))
        }
    }

    /// The comment lines after a sample's one `// Prints:` replaced by the
    /// actual output, at the same indentation. Only for a failing sample (its
    /// `…` wildcards are the author's, kept while they match) whose only
    /// expectation is that block; a sample mixing it with `// Prints "…"`
    /// comments is left for the author, since which lines belong where is
    /// not known.
    private static func blessPrintsBlock(_ sample: Sample, actual: [String], lines: inout [String]) {
        let printsLines = sample.expectedPrintsLines
        guard let first = printsLines.first, let last = printsLines.last, !sample.expectedPrintsMatching.isEmpty,
            sample.expectedPrintsMatching.allSatisfy({ $0 == .elided }),
            printsLines == Array(first...last), last - 1 < lines.count
        else { return }
        // The first line's `    //  ` (spaces, slashes, the block's indent after them) starts every new line;
        // in a doc comment, the code's `//` is the one after the comment's `///` (kept in the prefix).
        let block = lines[(first - 1)...(last - 1)]
        func codeComment(in line: String) -> Range<String.Index>? {
            let start = sample.origin == .docComment ? (line.range(of: "///")?.upperBound ?? line.startIndex) : line.startIndex
            return line.range(of: "//", range: start..<line.endIndex)
        }
        guard let firstLine = block.first, let slashes = codeComment(in: firstLine) else { return }
        let indent =
            block.compactMap { line -> Int? in
                guard let range = codeComment(in: line) else { return nil }
                let after = line[range.upperBound...]
                return after.allSatisfy(\.isWhitespace) ? nil : after.prefix { $0 == " " }.count
            }.min() ?? 1
        let prefix = String(firstLine[..<slashes.upperBound]) + String(repeating: " ", count: indent)
        let rewritten = actual.map { $0.isEmpty ? String(firstLine[..<slashes.upperBound]) : prefix + $0 }
        lines.replaceSubrange((first - 1)...(last - 1), with: rewritten)
    }

    /// `line` with the text between the first and the last quote of its
    /// `// Prints "…"` comment replaced by `escaped`.
    private static func replacingPrintsLiteral(in line: String, with escaped: String) -> String {
        guard let start = line.range(of: "// Prints \""),
            let close = line[start.upperBound...].lastIndex(of: "\"")
        else { return line }
        return String(line[..<start.upperBound]) + escaped + String(line[close...])
    }
}
