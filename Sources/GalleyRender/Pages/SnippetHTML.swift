import GalleyMarkdown
import GalleySamples

/// The markup of a DocC `@Snippet`: the snippet file's visible code,
/// highlighted, with the verdict on the file (verified as a whole program).
///
/// A snippet file hides lines between `// snippet.hide` and
/// `// snippet.show`, and names slices with `// snippet.NAME` …
/// `// snippet.end`; its leading `//!` lines describe it and are not code.
///
/// ```swift
/// SnippetHTML.code("// snippet.setup\nlet x = 1\n// snippet.end\nprint(x)\n", slice: "setup")   // "let x = 1"
/// ```
package enum SnippetHTML {
    /// The snippet's figure; `result` is the verdict on its file, `nil` when it was not verified.
    package static func render(_ text: String, slice: String?, path: String, result: SampleResult? = nil) -> String {
        let code = code(text, slice: slice)
        let highlighted = SwiftHighlighter.highlightedLines(code).map { $0 + "\n" }.joined()
        let name = HTMLEscaping.escape(path.split(separator: "/").last.map(String.init) ?? path)
        let (kind, verdict) = result.map(SampleHTML.verdict) ?? ("not-verified", "not verified")
        return "<figure class=\"sample sample-\(kind) sample-snippet\">\n"
            + "<figcaption class=\"sample-badge\">Snippet \(name)\(slice.map { " · " + HTMLEscaping.escape($0) } ?? "") · \(verdict)</figcaption>\n"
            + "<pre><code class=\"language-swift\">\(highlighted)</code></pre>\n</figure>"
    }

    /// The visible code of the snippet (of one slice when `slice` is given), unindented.
    package static func code(_ text: String, slice: String?) -> String {
        var lines: [Substring] = []
        var hidden = false
        var inSlice = slice == nil
        var seenCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if !seenCode, trimmed.hasPrefix("//!") { continue }
            if trimmed.hasPrefix("// snippet.") {
                let marker = trimmed.dropFirst("// snippet.".count).prefix { !$0.isWhitespace }
                switch marker {
                case "hide": hidden = true
                case "show": hidden = false
                case "end": if slice != nil { inSlice = false }
                default: if let slice { inSlice = marker == slice }
                }
                continue
            }
            if !trimmed.isEmpty { seenCode = true }
            if inSlice, !hidden { lines.append(line) }
        }
        while lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        let indent = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }
}
