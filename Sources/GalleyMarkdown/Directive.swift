/// A DocC directive written in a page: `@Name(arguments)`, optionally
/// followed by a block `{` … `}` of Markdown content.
///
/// cmark reads directives as paragraphs of text, so ``DirectiveScanner``
/// finds them in the page's lines before cmark parses it (outside code
/// blocks), and ``MarkdownHTMLRenderer`` renders them: metadata directives
/// are dropped, layout directives (`@Row`, `@TabNavigator`, `@Small`, …) wrap
/// their content, media directives become `<img>` and `<video>`.
///
/// ```swift
/// let doc = MarkdownDocument(parsing: "@Image(source: \"diagram\", alt: \"A diagram\")\n")
/// doc.directives[0].name               // "Image"
/// doc.directives[0].argument("source") // "diagram"
/// ```
public struct Directive: Sendable, Hashable {
    /// The name after `@` (`Row`).
    public var name: String
    /// The arguments in order: (label, value), the label `""` when unlabelled
    /// (`@Tab("Swift")`); quotes are removed from values.
    public var arguments: [Argument]
    /// The line of `@Name` in the Markdown file.
    public var line: Int
    /// Whether it has a `{` … `}` block.
    public var hasBlock: Bool
    /// Its position among the document's directives.
    public var index: Int
    /// The directive it is written in, by ``index``, or `nil` at the top level.
    public var parent: Int?
    /// The lines of its block's content in the Markdown file (empty when none).
    public var contentLines: ClosedRange<Int>?
    /// Content written on the directive's own line (`@Small { text }`), or `nil`.
    public var inlineContent: String?

    /// One argument: `label: value`, the label `""` when unlabelled.
    public struct Argument: Sendable, Hashable {
        /// The label before `:`, or `""`.
        public var label: String
        /// The value, unquoted.
        public var value: String
    }

    /// The value of the argument labelled `label` (`""` for the first unlabelled one).
    public func argument(_ label: String) -> String? {
        arguments.first { $0.label == label }?.value
    }

    /// What Galley does with a directive of this name.
    public enum Role: Sendable, Equatable {
        /// Page metadata or options: not shown, its content dropped.
        case metadata
        /// Shown: its content rendered, wrapped in the directive's markup.
        case content
        /// Not a directive Galley knows: its content rendered as is, with a warning.
        case unknown
    }

    /// Directives that say something about the page rather than show content.
    public static let metadataNames: Set<String> = [
        "Metadata", "Options", "Comment", "Available", "PageImage", "TechnologyRoot", "DisplayName",
        "CallToAction", "PageKind", "PageColor", "SupportedLanguage", "TitleHeading", "AutomaticTitleHeading",
        "AutomaticSeeAlso", "AutomaticArticleSubheading", "TopicsVisualStyle", "DocumentationExtension",
        "Redirected", "CustomMetadata", "AlternateRepresentation",
    ]

    /// Directives whose content or media Galley shows.
    public static let contentNames: Set<String> = Set([
        "Row", "Column", "TabNavigator", "Tab", "Image", "Video", "Links", "Small", "DeprecationSummary", "Snippet",
    ]).union(tutorialNames)

    /// The directives of DocC's tutorial files (`.tutorial`): a table of
    /// contents (`@Tutorials`, `@Chapter`, `@TutorialReference`, `@Resources`),
    /// a tutorial (`@Tutorial`, `@Section`, `@Steps`, `@Step`, `@Code`,
    /// `@Assessments`) or a tutorial article (`@Article`, `@Stack`).
    public static let tutorialNames: Set<String> = [
        "Tutorials", "Intro", "Chapter", "Volume", "TutorialReference", "Resources", "Documentation", "SampleCode", "Downloads",
        "Videos", "Forums", "Tutorial", "XcodeRequirement", "Section", "ContentAndMedia", "Steps", "Step", "Code", "Assessments",
        "MultipleChoice", "Choice", "Justification", "Article", "Stack",
    ]

    /// The heading a tutorial's directive is shown under (a chapter's or
    /// section's name, "Check Your Understanding" over `@Assessments`): what
    /// its page shows and lists in its table of contents; `nil` for others.
    public var tutorialHeading: String? {
        switch name {
        case "Chapter", "Volume": argument("name") ?? ""
        case "Section": argument("title") ?? ""
        case "Resources": "Resources"
        case "Assessments": "Check Your Understanding"
        default: nil
        }
    }

    /// The role of this directive.
    public var role: Role {
        if Self.metadataNames.contains(name) { return .metadata }
        if Self.contentNames.contains(name) { return .content }
        return .unknown
    }
}

/// Finds DocC directives in a page's lines and gives cmark a text in which
/// each has the same number of lines: a directive's `@Name(…) {` and `}`
/// lines become marker lines (`***`, a thematic break, which starts a block
/// of its own wherever it stands, found again by its line), its content is
/// unindented (DocC indents it; cmark would read four spaces as code), and a
/// metadata directive's lines are emptied. Every line keeps its number, so
/// samples and links are reported at their lines in the file.
package struct DirectiveScanner {
    /// The text cmark parses, line for line the input.
    package var text: String
    /// The directives found, in document order.
    package var directives: [Directive] = []
    /// The marker lines (1-based, in the text): the directive each opens or closes.
    package var markers: [Int: Marker] = [:]
    /// Lines (1-based) of directives opened and never closed.
    package var unclosed: [Int] = []

    /// A marker line: where a directive starts, or where its block ends.
    package struct Marker: Sendable, Hashable {
        /// The directive's index.
        package var directive: Int
        /// Whether this is its closing line.
        package var isEnd: Bool
    }

    private var lines: [Substring]

    /// Scans `markdown`.
    package init(scanning markdown: String) {
        self.text = markdown
        self.lines = []
        // Fast path: a page without `@` has no directive.
        guard TextSearch.containsByte(markdown, UInt8(ascii: "@")) else { return }
        lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        scan(0..<lines.count, parent: nil)
        if !directives.isEmpty { text = lines.joined(separator: "\n") }
    }

    private mutating func scan(_ range: Range<Int>, parent: Int?) {
        var index = range.lowerBound
        var fence: (character: Character, length: Int)?
        while index < range.upperBound {
            let line = lines[index]
            if let open = fence {
                if Self.closesFence(line, open) { fence = nil }
                index += 1
                continue
            }
            if let open = Self.opensFence(line) {
                fence = open
                index += 1
                continue
            }
            guard let head = Self.head(of: lines, at: index, limit: range.upperBound) else {
                index += 1
                continue
            }
            var directive = Directive(
                name: head.name, arguments: head.arguments, line: index + 1, hasBlock: head.opensBlock,
                index: directives.count, parent: parent)
            directive.inlineContent = head.inlineContent
            for argumentLine in index + 1...max(index + 1, head.lastLine) where argumentLine <= head.lastLine {
                lines[argumentLine] = ""
            }
            if !head.opensBlock {
                directives.append(directive)
                lines[index] = directive.role == .metadata ? "" : "***"
                if directive.role != .metadata { markers[index + 1] = Marker(directive: directive.index, isEnd: false) }
                index = head.lastLine + 1
                continue
            }
            guard let end = Self.blockEnd(of: lines, after: head.lastLine, limit: range.upperBound) else {
                // Never closed: the rest is read as it is, with a warning.
                unclosed.append(index + 1)
                index = head.lastLine + 1
                continue
            }
            let content = (head.lastLine + 1)..<end
            if !content.isEmpty { directive.contentLines = (content.lowerBound + 1)...content.upperBound }
            directives.append(directive)
            if directive.role == .metadata {
                for line in index...end { lines[line] = "" }
            } else {
                lines[index] = "***"
                lines[end] = "***"
                markers[index + 1] = Marker(directive: directive.index, isEnd: false)
                markers[end + 1] = Marker(directive: directive.index, isEnd: true)
                unindent(content)
                scan(content, parent: directive.index)
            }
            index = end + 1
        }
    }

    /// Removes the content's common indentation.
    private mutating func unindent(_ range: Range<Int>) {
        let indents = range.compactMap { line -> Int? in
            let text = lines[line]
            guard text.contains(where: { !$0.isWhitespace }) else { return nil }
            return text.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
        }
        guard let common = indents.min(), common > 0 else { return }
        for line in range {
            var removed = 0
            var text = lines[line]
            while removed < common, let first = text.first, first == " " || first == "\t" {
                removed += first == "\t" ? 4 : 1
                text = text.dropFirst()
            }
            lines[line] = text
        }
    }

    // MARK: Reading lines

    struct Head {
        var name: String
        var arguments: [Directive.Argument]
        /// The last line of the arguments (the `@Name` line when they fit on it).
        var lastLine: Int
        var opensBlock: Bool
        var inlineContent: String?
    }

    /// The directive starting at `lines[start]`, or `nil` when the line is not one.
    static func head(of lines: [Substring], at start: Int, limit: Int) -> Head? {
        let line = lines[start]
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return nil }
        var rest = line.dropFirst(indent.count)
        guard rest.first == "@", let initial = rest.dropFirst().first, initial.isUppercase, initial.isASCII else { return nil }
        rest = rest.dropFirst()
        let name = String(rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) })
        rest = rest.dropFirst(name.count)
        var argumentText = ""
        var lastLine = start
        if rest.first == "(" {
            guard let arguments = scanArguments(from: rest, of: lines, at: start, limit: limit) else { return nil }
            argumentText = arguments.text
            rest = arguments.rest
            lastLine = arguments.lastLine
        } else if !rest.isEmpty && rest.first != "{" && rest.first != " " && rest.first != "\r" {
            return nil
        }
        let tail = rest.trimmingSpaces
        var opensBlock = false
        var inlineContent: String?
        if tail == "{" {
            opensBlock = true
        } else if tail.count >= 2, tail.hasPrefix("{"), tail.hasSuffix("}") {
            // `@Small { text }`: content on the directive's own line.
            inlineContent = String(tail.dropFirst().dropLast().trimmingSpaces)
        } else if !tail.isEmpty {
            return nil
        }
        // A bare `@Name` line is a directive only when Galley knows the name (`@MainActor` in prose is not).
        if argumentText.isEmpty, !opensBlock, !Directive.metadataNames.contains(name), !Directive.contentNames.contains(name),
            lastLine == start, !line.contains("(")
        {
            return nil
        }
        return Head(name: name, arguments: parseArguments(argumentText), lastLine: lastLine, opensBlock: opensBlock, inlineContent: inlineContent)
    }

    /// The arguments of a directive whose `rest` (on `lines[start]`) starts
    /// with `(`: the text up to the matching `)` outside quotes, possibly over
    /// several lines (joined by a space), without the parentheses; what follows
    /// the `)`; and the line it is on. `nil` when no `)` closes them in time.
    private static func scanArguments(
        from rest: Substring, of lines: [Substring], at start: Int, limit: Int
    ) -> (text: String, rest: Substring, lastLine: Int)? {
        var argumentText = ""
        var lastLine = start
        var depth = 0
        var inQuote = false
        var escaped = false
        var remaining = rest
        while true {
            for (offset, character) in remaining.enumerated() {
                if escaped { escaped = false; argumentText.append(character); continue }
                if inQuote {
                    if character == "\\" { escaped = true } else if character == "\"" { inQuote = false }
                    argumentText.append(character)
                    continue
                }
                switch character {
                case "\"": inQuote = true
                case "(": depth += 1
                case ")": depth -= 1
                default: break
                }
                if depth == 0 {
                    argumentText.removeFirst()  // the opening `(`
                    return (argumentText, remaining.dropFirst(offset + 1), lastLine)
                }
                argumentText.append(character)
            }
            lastLine += 1
            guard lastLine < limit, lastLine - start < 20 else { return nil }
            argumentText.append(" ")
            remaining = lines[lastLine]
        }
    }

    /// The line of the `}` that closes a block opened on the line before `start`.
    static func blockEnd(of lines: [Substring], after start: Int, limit: Int) -> Int? {
        var depth = 1
        var fence: (character: Character, length: Int)?
        var index = start + 1
        while index < limit {
            let line = lines[index]
            if let open = fence {
                if closesFence(line, open) { fence = nil }
            } else if let open = opensFence(line, anyIndent: true) {
                // The block's content is indented, so its fences may be too.
                fence = open
            } else {
                let trimmed = line.trimmingSpaces
                if trimmed == "}" {
                    depth -= 1
                    if depth == 0 { return index }
                } else if trimmed.hasPrefix("@"), trimmed.hasSuffix("{") {
                    depth += 1
                }
            }
            index += 1
        }
        return nil
    }

    static func opensFence(_ line: Substring, anyIndent: Bool = false) -> (character: Character, length: Int)? {
        let trimmed = line.drop { $0 == " " }
        guard anyIndent || line.count - trimmed.count <= 3, let first = trimmed.first, first == "`" || first == "~" else { return nil }
        let length = trimmed.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        if first == "`", trimmed.dropFirst(length).contains("`") { return nil }
        return (first, length)
    }

    static func closesFence(_ line: Substring, _ fence: (character: Character, length: Int)) -> Bool {
        let trimmed = line.trimmingSpaces
        return trimmed.count >= fence.length && trimmed.allSatisfy { $0 == fence.character }
    }

    /// `source: "a, b", alt: x` → [("source", "a, b"), ("alt", "x")].
    static func parseArguments(_ text: String) -> [Directive.Argument] {
        var parts: [String] = []
        var current = ""
        var inQuote = false
        var escaped = false
        var depth = 0
        for character in text {
            if escaped { current.append(character); escaped = false; continue }
            if inQuote {
                if character == "\\" { escaped = true; continue }
                if character == "\"" { inQuote = false }
                current.append(character)
                continue
            }
            switch character {
            case "\"": inQuote = true
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        if !Substring(current).trimmingSpaces.isEmpty { parts.append(current) }
        return parts.map { part in
            var label = ""
            var value = Substring(part).trimmingSpaces
            if !value.hasPrefix("\""), let colon = value.firstIndex(of: ":") {
                let candidate = value[..<colon].trimmingSpaces
                if !candidate.isEmpty, candidate.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    label = String(candidate)
                    value = value[value.index(after: colon)...].trimmingSpaces
                }
            }
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            return Directive.Argument(label: label, value: String(value))
        }
    }
}

extension Substring {
    /// Without spaces, tabs and `\r` at either end.
    var trimmingSpaces: Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
