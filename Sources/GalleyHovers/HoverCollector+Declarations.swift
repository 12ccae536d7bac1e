import GalleyPrograms
import GalleySamples

// A declaration the compiler answers with, shown as the page's author wrote it.
extension HoverCollector {
    /// The code of Markdown `line` in one of `program`'s samples.
    static func pageLine(_ line: Int, in program: SampleProgram) -> Substring? {
        guard let sample = (program.context + program.samples).first(where: { ($0.block.firstCodeLine...$0.block.endLine).contains(line) })
        else { return nil }
        let lines = sample.compiledCode.split(separator: "\n", omittingEmptySubsequences: false)
        let index = line - sample.block.firstCodeLine
        return lines.indices.contains(index) ? lines[index] : nil
    }

    /// A page's declaration as its author wrote it: without the
    /// `fileprivate` that merging adds, or the `@MainActor` a top-level
    /// variable of a program gets, unless its line (`source`) says so.
    static func asWritten(_ declaration: String, source: Substring?) -> String {
        var text = Substring(declaration)
        for added in ["@MainActor ", "fileprivate "] {
            if let range = text.range(of: added), source?.contains(added.dropLast()) != true {
                text.removeSubrange(range)
            }
        }
        // The compiler's text leaves out attached macros (`@Observable`): the
        // attributes written before the declaration on its line are put back.
        let written = source.map(attributes(before:)) ?? []
        // Only for the declaration the line is about (`class Cart` of
        // `@Observable final class Cart`), not a parameter declared on it.
        guard written.contains(where: { !text.contains($0) }), let source, let introducer = introducer(of: source),
            text.contains(introducer)
        else { return String(text) }
        for attribute in written {
            if let range = text.range(of: attribute + " ") { text.removeSubrange(range) }
        }
        return (written + [String(text)]).joined(separator: " ")
    }

    /// The keyword and name a declaration's line introduces, after its
    /// attributes and modifiers: `class Cart` of `@Observable final class Cart {`.
    static func introducer(of line: Substring) -> String? {
        let keywords: Set<String> = ["class", "struct", "enum", "actor", "protocol", "func", "var", "let", "typealias", "macro"]
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" || $0 == "(" || $0 == ":" || $0 == "<" || $0 == "=" })[...]
        while let word = words.first, !keywords.contains(String(word)) { words = words.dropFirst() }
        guard words.count >= 2, let keyword = words.first else { return nil }
        return "\(keyword) \(words[words.index(after: words.startIndex)])"
    }

    /// The attributes (`@Observable`, `@available(iOS 17, *)`) at the start
    /// of a declaration's line, before its first word that is not one.
    static func attributes(before line: Substring) -> [String] {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        var found: [String] = []
        while rest.first == "@" {
            var end = rest.index(after: rest.startIndex)
            while end < rest.endIndex, rest[end].isLetter || rest[end].isNumber || rest[end] == "_" || rest[end] == "." {
                end = rest.index(after: end)
            }
            if end < rest.endIndex, rest[end] == "(" {
                var depth = 0
                while end < rest.endIndex {
                    if rest[end] == "(" { depth += 1 }
                    if rest[end] == ")" { depth -= 1 }
                    end = rest.index(after: end)
                    if depth == 0 { break }
                }
                guard depth == 0 else { return found }
            }
            found.append(String(rest[..<end]))
            rest = rest[end...].drop { $0 == " " || $0 == "\t" }
        }
        return found
    }
}
