import Foundation
import GalleyMarkdown

/// Rewrites expected output from actual output (`galley verify --bless`).
///
/// Only the text of `// Prints "…"` literals and the lines inside ` ```output `
/// blocks change; every other byte of the file stays as it was.
public enum Blesser {
    /// Rewrites the pages of `report` under `root`; returns how many files changed.
    public static func bless(_ report: VerificationReport, root: URL) throws -> Int {
        var changed = 0
        let byPage = Dictionary(grouping: report.results.filter { $0.ranToCompletion }, by: \.sample.page)
        for (page, results) in byPage.sorted(by: { $0.key < $1.key }) {
            let file = page.hasPrefix("/") ? URL(fileURLWithPath: page) : root.appendingPathComponent(page)
            let original = try String(contentsOf: file, encoding: .utf8)
            var lines = TextLines.split(original).map(String.init)
            // Bottom-up, so that replacing an output block's lines keeps earlier line numbers valid.
            for result in results.sorted(by: { $0.sample.block.fenceLine > $1.sample.block.fenceLine }) {
                let actual = OutputComparison.lines(of: result.output)
                if let block = result.sample.outputBlock, block.endLine > block.fenceLine {
                    lines.replaceSubrange(block.fenceLine..<(block.endLine - 1), with: actual)
                }
                blessPrints(result.sample, actual: actual, lines: &lines)
            }
            let updated = lines.joined(separator: "\n")
            if updated != original {
                try Data(updated.utf8).write(to: file, options: .atomic)
                changed += 1
            }
        }
        return changed
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

    /// `line` with the string literal after `// Prints "` replaced by `escaped`.
    private static func replacingPrintsLiteral(in line: String, with escaped: String) -> String {
        guard let start = line.range(of: "// Prints \"") else { return line }
        var index = start.upperBound
        while index < line.endIndex, line[index] != "\"" {
            if line[index] == "\\" { index = line.index(after: index) }
            guard index < line.endIndex else { return line }
            index = line.index(after: index)
        }
        guard index < line.endIndex else { return line }
        return String(line[..<start.upperBound]) + escaped + String(line[index...])
    }
}
