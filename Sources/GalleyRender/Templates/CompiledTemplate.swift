/// A Mustache template parsed once into a tree of segments and rendered
/// against a typed context (``TemplateValue``): no name is split, and no
/// value is cast, while a page renders.
///
/// It renders exactly what swift-mustache renders for the templates it
/// accepts — the same standalone-line and whitespace rules, lookups up the
/// context stack, dotted names, the implicit iterator `{{.}}`, sections over
/// lists, flags and objects, inverted sections, partials (with the
/// indentation of a standalone partial), comments, `{{{triple}}}` and `{{&name}}`,
/// HTML escaping of `<>&"'` — and it accepts only those: a template with
/// another delimiter (`{{=<% %>=}}`), transforms (`{{uppercased(x)}}`),
/// inheritance (`{{<parent}}`, `{{$block}}`), dynamic partials (`{{>*name}}`)
/// or a content type (`{{%CONTENT_TYPE:TEXT}}`) is not compiled
/// (``init(parsing:)`` returns `nil`) and ``TemplateSet`` renders the theme
/// through swift-mustache as before. Templates are checked (syntax errors,
/// missing partials, cycles) by ``TemplateSet`` before they are compiled.
///
/// ```swift
/// let layout = CompiledTemplate(parsing: "<h1>{{page.title}}</h1>{{> partials/toc}}")!
/// layout.render(["page": ["title": "Intro"]], partials: ["partials/toc": toc])
/// ```
struct CompiledTemplate: Sendable {
    /// One piece of a template.
    indirect enum Segment: Sendable {
        /// Text copied as it is.
        case text(String)
        /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not).
        case variable(Name, escaped: Bool)
        /// `{{#name}}…{{/name}}`.
        case section(Name, [Segment])
        /// `{{^name}}…{{/name}}`.
        case invertedSection(Name, [Segment])
        /// `{{> name}}`; `indentation` is the whitespace before a standalone one.
        case partial(String, indentation: String?)
    }

    /// A name looked up in the context, split once.
    struct Name: Sendable {
        /// The name's parts: `page.title` → `["page", "title"]`; empty for `.`.
        let parts: [String]
        /// Whether only the innermost context is searched (`.`, `.name`), not the stack.
        let innermostOnly: Bool

        init(_ name: String) {
            parts = name.split(separator: ".").map(String.init)
            innermostOnly = name.first == "."
        }
    }

    /// The template's segments.
    let segments: [Segment]

    /// A theme's templates, compiled, by name.
    final class Library: Sendable {
        /// The templates (partials included) by name.
        let templates: [String: CompiledTemplate]

        /// Compiles `texts` (by template name); `nil` when one of them cannot be.
        init?(compiling texts: [String: String]) {
            var templates: [String: CompiledTemplate] = [:]
            for (name, text) in texts {
                guard let template = CompiledTemplate(parsing: text) else { return nil }
                templates[name] = template
            }
            self.templates = templates
        }

        /// Renders the template `name` with `context`; "" when there is no such template.
        func render(_ name: String, _ context: TemplateValue) -> String {
            templates[name]?.render(context, partials: templates) ?? ""
        }
    }

    /// Parses `text`; `nil` when it uses Mustache features this renderer does not have.
    init?(parsing text: String) {
        var parser = Parser(Array(text))
        guard let segments = parser.parse(newLine: true, section: nil) else { return nil }
        self.segments = segments
    }

    /// Renders the template with `context`, its partials from `partials`.
    func render(_ context: TemplateValue, partials: [String: CompiledTemplate]) -> String {
        var renderer = Renderer(partials: partials, stack: [context])
        var output = ""
        output.reserveCapacity(32 * 1024)
        renderer.render(segments, indentation: nil, into: &output)
        return output
    }

    // MARK: - Rendering

    private struct Renderer {
        let partials: [String: CompiledTemplate]
        var stack: [TemplateValue]

        /// swift-mustache renders each template (and each section's body) into
        /// a string of its own and, inside an indented partial, indents a
        /// segment's output when that string ends a line: the same here.
        mutating func render(_ segments: [Segment], indentation: String?, into output: inout String) {
            guard let indentation, !indentation.isEmpty else {
                for segment in segments { render(segment, indentation: indentation, into: &output) }
                return
            }
            var local = ""
            for segment in segments {
                var piece = ""
                render(segment, indentation: indentation, into: &piece)
                if !piece.isEmpty, Self.endsWithNewline(local) { local += indentation }
                local += piece
            }
            output += local
        }

        mutating func render(_ segment: Segment, indentation: String?, into output: inout String) {
            switch segment {
            case .text(let text):
                output += text
            case .variable(let name, let escaped):
                guard let value = lookUp(name) else { return }
                let text = Self.text(of: value)
                if escaped { Self.appendEscaped(text, to: &output) } else { output += text }
            case .section(let name, let body):
                switch lookUp(name) {
                case .none, .bool(false):
                    return
                case .bool(true):
                    render(body, indentation: indentation, into: &output)
                case .list(let items):
                    for item in items { renderPushing(item, body, indentation: indentation, into: &output) }
                case .some(let value):
                    renderPushing(value, body, indentation: indentation, into: &output)
                }
            case .invertedSection(let name, let body):
                switch lookUp(name) {
                case .none, .bool(false):
                    render(body, indentation: indentation, into: &output)
                case .list(let items) where items.isEmpty:
                    // swift-mustache puts the empty list on the stack.
                    renderPushing(.list(items), body, indentation: indentation, into: &output)
                default:
                    return
                }
            case .partial(let name, let indented):
                guard let partial = partials[name] else { return }
                let inner: String? = indented.map { (indentation ?? "") + $0 } ?? indentation
                render(partial.segments, indentation: inner, into: &output)
            }
        }

        private mutating func renderPushing(_ value: TemplateValue, _ body: [Segment], indentation: String?, into output: inout String) {
            stack.append(value)
            render(body, indentation: indentation, into: &output)
            stack.removeLast()
        }

        /// The value `name` names: its first part in the innermost context that
        /// has it (or in the innermost context only), the other parts inside it.
        func lookUp(_ name: Name) -> TemplateValue? {
            guard let first = name.parts.first else { return stack.last }
            var value: TemplateValue?
            if name.innermostOnly {
                value = stack.last?[first]
            } else {
                for context in stack.reversed() {
                    if let found = context[first] { value = found; break }
                }
            }
            for part in name.parts.dropFirst() {
                guard let current = value else { return nil }
                value = current[part]
            }
            return value
        }

        /// `String(describing:)` of the value, as swift-mustache renders it.
        static func text(of value: TemplateValue) -> String {
            switch value {
            case .string(let text): text
            case .bool(let flag): flag ? "true" : "false"
            case .int(let number): String(number)
            case .list, .object: String(describing: value.any)
            }
        }

        /// Whether `text`'s last Character is "\n" (a "\r\n" is one Character).
        static func endsWithNewline(_ text: String) -> Bool {
            var bytes = text.utf8.reversed().makeIterator()
            guard bytes.next() == UInt8(ascii: "\n") else { return false }
            return bytes.next() != UInt8(ascii: "\r")
        }

        /// swift-mustache's HTML escaping: `<`, `>`, `&`, `"` and `'`, each as a
        /// whole Character (one followed by a combining mark is left as it is).
        static func appendEscaped(_ text: String, to output: inout String) {
            var isASCII = true
            var needsEscaping = false
            for byte in text.utf8 {
                if byte >= 0x80 { isASCII = false; break }
                switch byte {
                case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "'"): needsEscaping = true
                default: break
                }
            }
            if isASCII && !needsEscaping {
                output += text
                return
            }
            for character in text {
                switch character {
                case "<": output += "&lt;"
                case ">": output += "&gt;"
                case "&": output += "&amp;"
                case "\"": output += "&quot;"
                case "'": output += "&#39;"
                default: output.append(character)
                }
            }
        }
    }

    // MARK: - Parsing

    /// The parser: swift-mustache's rules for the tags it keeps, Character
    /// by Character as swift-mustache reads them.
    private struct Parser {
        let characters: [Character]
        var position = 0

        init(_ characters: [Character]) { self.characters = characters }

        private var atEnd: Bool { position >= characters.count }
        /// The current Character, "\0" at the end.
        private var current: Character { atEnd ? "\0" : characters[position] }

        private static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
        private static let partialNameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/")
        private static let lineWhitespace = Set<Character>(" \t")

        /// The segments up to the end, or up to `{{/section}}` when `section` is given.
        mutating func parse(newLine startsLine: Bool, section: String?) -> [Segment]? {
            var segments: [Segment] = []
            var newLine = startsLine
            var whitespaceBefore = ""
            while !atEnd {
                if newLine { whitespaceBefore = read(while: Self.lineWhitespace) }
                guard let text = readUntilTagOrNewline() else { return nil }
                if current.isNewline {
                    segments.append(.text(whitespaceBefore + text + String(current)))
                    newLine = true
                    position += 1
                    continue
                }
                if !text.isEmpty {
                    segments.append(.text(whitespaceBefore + text))
                    whitespaceBefore = ""
                    newLine = false
                }
                if atEnd { break }
                var setNewLine = false
                switch current {
                case "#", "^":
                    guard let standalone = readSection(newLine: newLine, whitespaceBefore: &whitespaceBefore, into: &segments) else { return nil }
                    setNewLine = standalone
                case "/":
                    position += 1
                    guard let name = readName(), name == section else { return nil }
                    if !isStandalone(newLine), !whitespaceBefore.isEmpty {
                        segments.append(.text(whitespaceBefore))
                    }
                    return segments
                case "!":
                    position += 1
                    guard skipComment() else { return nil }
                    setNewLine = isStandalone(newLine)
                case "{", "&":
                    guard readUnescapedVariable(whitespaceBefore: &whitespaceBefore, into: &segments) else { return nil }
                case ">":
                    guard let standalone = readPartial(newLine: newLine, whitespaceBefore: &whitespaceBefore, into: &segments) else { return nil }
                    setNewLine = standalone
                case "<", "$", "=", "%":
                    return nil
                default:
                    if !whitespaceBefore.isEmpty {
                        segments.append(.text(whitespaceBefore))
                        whitespaceBefore = ""
                    }
                    guard let name = readName() else { return nil }
                    segments.append(.variable(Name(name), escaped: true))
                }
                newLine = setNewLine
            }
            return section == nil ? segments : nil
        }

        /// Reads a section, `{{#name}}` or `{{^name}}` (at its `#` or `^`) up to
        /// its `{{/name}}`, into `segments`. Returns whether the opening tag
        /// stands alone on its line, or `nil` when the template is malformed.
        private mutating func readSection(newLine: Bool, whitespaceBefore: inout String, into segments: inout [Segment]) -> Bool? {
            var setNewLine = false
            let inverted = current == "^"
            position += 1
            guard let name = readName() else { return nil }
            if isStandalone(newLine) {
                setNewLine = true
            } else if !whitespaceBefore.isEmpty {
                segments.append(.text(whitespaceBefore))
                whitespaceBefore = ""
            }
            guard let body = parse(newLine: newLine && setNewLine, section: name) else { return nil }
            segments.append(inverted ? .invertedSection(Name(name), body) : .section(Name(name), body))
            return setNewLine
        }

        /// Reads an unescaped variable, `{{{name}}}` or `{{&name}}` (at its
        /// `{` or `&`), into `segments`; `false` when it is malformed.
        private mutating func readUnescapedVariable(whitespaceBefore: inout String, into segments: inout [Segment]) -> Bool {
            let triple = current == "{"
            if !whitespaceBefore.isEmpty {
                segments.append(.text(whitespaceBefore))
                whitespaceBefore = ""
            }
            position += 1
            guard let name = readName() else { return false }
            if triple {
                guard current == "}" else { return false }
                position += 1
            }
            segments.append(.variable(Name(name), escaped: false))
            return true
        }

        /// Reads a partial, `{{>name}}` (at its `>`), into `segments`. Returns
        /// whether it stands alone on its line (then indented by the whitespace
        /// before it), or `nil` when it is malformed.
        private mutating func readPartial(newLine: Bool, whitespaceBefore: inout String, into segments: inout [Segment]) -> Bool? {
            var setNewLine = false
            position += 1
            _ = read(while: { $0.isWhitespace })
            guard current != "*", let name = readPartialName() else { return nil }
            if !whitespaceBefore.isEmpty { segments.append(.text(whitespaceBefore)) }
            if isStandalone(newLine) {
                setNewLine = true
                segments.append(.partial(name, indentation: whitespaceBefore))
            } else {
                segments.append(.partial(name, indentation: nil))
            }
            whitespaceBefore = ""
            return setNewLine
        }

        /// Text up to a newline (not read) or up to and including `{{`.
        private mutating func readUntilTagOrNewline() -> String? {
            var text = ""
            while !atEnd {
                let character = characters[position]
                if character == "\n" || character == "\r\n" { break }
                if character == "{" {
                    guard position + 1 < characters.count else { return nil }
                    if characters[position + 1] == "{" {
                        position += 2
                        break
                    }
                }
                text.append(character)
                position += 1
            }
            return text
        }

        /// A tag's name up to and including `}}`; `nil` for a transform or a tag not closed.
        private mutating func readName() -> String? {
            _ = read(while: { $0.isWhitespace })
            let name = read(while: Self.nameCharacters)
            _ = read(while: { $0.isWhitespace })
            guard readClose(), !name.contains("("), !name.contains(")") else { return nil }
            return name
        }

        private mutating func readPartialName() -> String? {
            _ = read(while: { $0.isWhitespace })
            let name = read(while: Self.partialNameCharacters)
            _ = read(while: { $0.isWhitespace })
            return readClose() ? name : nil
        }

        private mutating func readClose() -> Bool {
            guard position + 1 < characters.count, characters[position] == "}", characters[position + 1] == "}" else { return false }
            position += 2
            return true
        }

        private mutating func skipComment() -> Bool {
            while position + 1 < characters.count {
                if characters[position] == "}" && characters[position + 1] == "}" {
                    position += 2
                    return true
                }
                position += 1
            }
            return false
        }

        /// A tag alone on its line: the rest of the line is spaces and tabs,
        /// read with its newline; or the template ends.
        private mutating func isStandalone(_ newLine: Bool) -> Bool {
            guard newLine else { return false }
            if atEnd { return true }
            var end = position
            while end < characters.count, Self.lineWhitespace.contains(characters[end]) { end += 1 }
            guard end < characters.count, characters[end].isNewline else { return false }
            position = end + 1
            return true
        }

        private mutating func read(while set: Set<Character>) -> String {
            read(while: { set.contains($0) })
        }

        private mutating func read(while matches: (Character) -> Bool) -> String {
            let start = position
            while !atEnd, matches(characters[position]) { position += 1 }
            return String(characters[start..<position])
        }
    }
}
