import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyPackage
import GalleyProject

/// A doc comment split as DocC lays it out on a symbol's page: the
/// abstract (its first paragraph), the parameters, return value and throws
/// of its callouts (`- Parameters:` with an item per parameter, or
/// `- Parameter name:`, `- Returns:`, `- Throws:`, in any case), and the
/// rest, the discussion. Only top-level list items are callouts; a
/// callout's continuation lines are indented under it.
///
/// ```swift
/// let sections = DocCommentSections("Adds.\n\n- Parameter x: A number.\n- Returns: The sum.\n")
/// sections.abstract                   // "Adds."
/// sections.parameters.map(\.name)     // ["x"]
/// sections.returns                    // "The sum."
/// ```
package struct DocCommentSections {
    /// The first paragraph.
    package var abstract = ""
    /// Each parameter's name and description, in order.
    var parameters: [(name: String, text: String)] = []
    /// What `- Returns:` says.
    var returns: String?
    /// What `- Throws:` says.
    var throwsText: String?
    /// Everything else, after the abstract.
    var discussion = ""

    package init(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
        var abstract: [String] = []
        // The first paragraph, unless the comment starts with something else (a listing, a callout).
        while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty, Self.callout(lines[index]) == nil,
            !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```"), !lines[index].hasPrefix("    ")
        {
            abstract.append(lines[index].trimmingCharacters(in: .whitespaces))
            index += 1
        }
        self.abstract = abstract.joined(separator: "\n")
        var rest: [String] = []
        var inFence = false
        while index < lines.count {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
            guard !inFence, let (keyword, name, first) = Self.callout(line) else {
                rest.append(line)
                index += 1
                continue
            }
            // The callout's own lines: those indented under it, and blank lines between them.
            var body = [first]
            index += 1
            while index < lines.count {
                let next = lines[index]
                let blank = next.trimmingCharacters(in: .whitespaces).isEmpty
                let indented = next.hasPrefix("  ") || next.hasPrefix("\t")
                if indented || (blank && index + 1 < lines.count && (lines[index + 1].hasPrefix("  ") || lines[index + 1].hasPrefix("\t"))) {
                    body.append(next)
                    index += 1
                } else {
                    break
                }
            }
            take(keyword, name: name, body: body)
        }
        discussion = rest.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    /// `line` as a callout: its keyword (`parameters`, `parameter`, `returns`, `throws`), the parameter's name, the text after the colon.
    private static func callout(_ line: String) -> (keyword: String, name: String?, text: String)? {
        let trimmed = line.drop { $0 == " " }
        guard line.count - trimmed.count <= 3, trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") || trimmed.hasPrefix("+ ") else { return nil }
        let item = trimmed.dropFirst(2).drop { $0 == " " }
        guard let colon = item.firstIndex(of: ":") else { return nil }
        let words = item[..<colon].split(separator: " ")
        let text = item[item.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch (words.first?.lowercased(), words.count) {
        case ("parameters", 1): return ("parameters", nil, text)
        case ("parameter", 2): return ("parameter", parameterName(words[1]), text)
        case ("returns", 1): return ("returns", nil, text)
        case ("throws", 1): return ("throws", nil, text)
        default: return nil
        }
    }

    /// `markdown` with each of its top-level indented code blocks written
    /// as a fenced block of the same code, so that a reference page shows a
    /// doc comment's indented listing highlighted and with its verdict, as
    /// it shows a fenced one (a block in a list item stays as written).
    static func fencingIndentedListings(_ markdown: String) -> String {
        let blocks = DocCommentListings.blocks(in: markdown, firstLine: 1).filter { $0.fenceLine == $0.firstCodeLine - 1 }
        guard !blocks.isEmpty else { return markdown }
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for block in blocks.reversed() {
            var code = block.code
            while code.hasSuffix("\n") { code.removeLast() }
            let codeLines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let first = block.firstCodeLine - 1
            guard first + codeLines.count <= lines.count else { continue }
            // At the top level, each line is the code's line after four spaces (in a list item, after more).
            let written = lines[first..<(first + codeLines.count)]
            guard
                zip(written, codeLines).allSatisfy({ line, code in
                    line.hasPrefix("    ") ? line.dropFirst(4) == code : code.isEmpty && line.allSatisfy(\.isWhitespace)
                })
            else { continue }
            var fence = "```"
            while code.contains(fence) { fence += "`" }
            lines.replaceSubrange(first..<(first + codeLines.count), with: [fence] + codeLines + [fence])
        }
        return lines.joined(separator: "\n")
    }

    /// A parameter's name as written, without the code span some write it in (`- Parameter `i`:`).
    private static func parameterName(_ written: Substring) -> String {
        written.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
    }

    private mutating func take(_ keyword: String, name: String?, body: [String]) {
        let text = Self.unindented(body)
        switch keyword {
        case "parameter": parameters.append((name ?? "", text))
        case "returns": returns = text
        case "throws": throwsText = text
        default:
            // `- Parameters:` then an item per parameter: `- name: description`, its lines indented under it.
            var current: (name: String, lines: [String])?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") || trimmed.hasPrefix("+ "), let colon = trimmed.firstIndex(of: ":"),
                    !trimmed.dropFirst(2)[..<colon].contains(" ")
                {
                    if let current { parameters.append((current.name, Self.unindented(current.lines))) }
                    let name = Self.parameterName(trimmed.dropFirst(2)[..<colon])
                    current = (name, [trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)])
                } else {
                    current?.lines.append(line)
                }
            }
            if let current { parameters.append((current.name, Self.unindented(current.lines))) }
        }
    }

    /// `lines` joined, the first as it is and the others without their common indentation.
    private static func unindented(_ lines: [String]) -> String {
        guard lines.count > 1 else { return lines.first ?? "" }
        let rest = lines.dropFirst()
        let indent = rest.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return ([lines[0]] + rest.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }).joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
