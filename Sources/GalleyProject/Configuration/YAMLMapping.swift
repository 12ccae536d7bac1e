import GalleyCore
import Yams

/// A YAML mapping with the file lines of its keys, for checked, located reads.
///
/// Used for front matter and `galley.yml`: every error names the line of the
/// offending key, shifted by `lineOffset` to the line in the real file.
struct YAMLMapping {
    private let pairs: [(key: String, line: Int, value: Node)]
    let file: String
    let lineOffset: Int

    /// Parses `text` (which starts at line `lineOffset + 1` of `file`);
    /// `what` names the YAML in error messages ("front matter", "configuration").
    /// (`readsPlainLinesFirst: false` sends every text to the YAML parser: tests compare the two.)
    init(parsing text: String, file: String, lineOffset: Int, what: String, readsPlainLinesFirst: Bool = true) throws(Diagnostic) {
        self.file = file
        self.lineOffset = lineOffset
        if readsPlainLinesFirst, let simple = Self.simplePairs(text, lineOffset: lineOffset) {
            pairs = simple
            return
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            let (problem, line) = Self.describe(error)
            throw Diagnostic(
                "invalid \(what): \(problem)",
                at: SourceLocation(path: file, line: line.map { $0 + lineOffset }),
                suggestion: "Fix the YAML syntax on that line"
            )
        } catch {
            throw Diagnostic("invalid \(what): \(error)", at: SourceLocation(path: file, line: lineOffset + 1))
        }
        guard let node else {
            pairs = []
            return
        }
        guard let mapping = node.mapping else {
            throw Diagnostic(
                "invalid \(what): expected `key: value` lines, found \(Self.kind(of: node))",
                at: SourceLocation(path: file, line: (node.mark?.line ?? 1) + lineOffset),
                suggestion: "Write one `key: value` pair per line"
            )
        }
        var pairs: [(key: String, line: Int, value: Node)] = []
        for (key, value) in mapping {
            let line = (key.mark?.line ?? 1) + lineOffset
            // A key that is a list or an alias to one is never printed whole: it may stand for billions of nodes.
            guard let name = key.scalar?.string else {
                throw Diagnostic(
                    "invalid \(what): a key must be a name, found \(Self.kind(of: key))",
                    at: SourceLocation(path: file, line: line),
                    suggestion: "Write one `key: value` pair per line"
                )
            }
            // Aliases that repeat each other ("billion laughs") are refused here,
            // before any reader walks the value.
            guard YAMLValue.converting(value) != nil else {
                throw Diagnostic(
                    "'\(name)' expands to more than \(YAMLValue.nodeLimit) values (YAML aliases that repeat each other)",
                    at: SourceLocation(path: file, line: line),
                    suggestion: "Write the value out, or use fewer nested aliases"
                )
            }
            pairs.append((name, line, value))
        }
        self.pairs = pairs
    }

    /// The pairs of YAML that is only `name: plain text` lines (most front
    /// matter), read without the YAML parser, exactly as it reads them: each
    /// value a plain scalar of the text as written. `nil` for anything else
    /// (quotes, lists, nesting, comments, flow or block indicators, blank
    /// lines, repeated keys, non-ASCII), which the parser reads.
    private static func simplePairs(_ text: String, lineOffset: Int) -> [(key: String, line: Int, value: Node)]? {
        var text = text
        return text.withUTF8 { simplePairs($0, lineOffset: lineOffset) }
    }

    /// ``simplePairs(_:lineOffset:)`` over the text's bytes.
    private static func simplePairs(_ bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) -> [(key: String, line: Int, value: Node)]? {
        guard !bytes.isEmpty else { return [] }
        var pairs: [(key: String, line: Int, value: Node)] = []
        // A handful of keys: a list is faster than a set; a set from the 33rd key on, so a
        // front matter of thousands of keys stays linear.
        var seen: [String] = []
        var seenSet: Set<String>?
        func isNew(_ key: String) -> Bool {
            if seenSet == nil, seen.count == 32 { seenSet = Set(seen) }
            if seenSet != nil { return seenSet!.insert(key).inserted }
            guard !seen.contains(key) else { return false }
            seen.append(key)
            return true
        }
        // Split at `\n` bytes: the same lines as splitting at the Character
        // `\n` except where `\r\n` (one Character) ends a line, and a line
        // with `\r` is refused below either way.
        // A file's final line end (`galley.yml` has one) ends the last line, as in YAML: no blank line after it.
        let end = bytes[bytes.count - 1] == UInt8(ascii: "\n") ? bytes.count - 1 : bytes.count
        var lineStart = 0
        var index = 0
        while lineStart <= end {
            var lineEnd = lineStart
            while lineEnd < end, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1; index += 1 }
            guard let colon = bytes[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let key = bytes[lineStart..<colon]
            guard (1...64).contains(key.count), let first = key.first,
                first == UInt8(ascii: "_") || isASCIILetter(first),
                key.allSatisfy({ $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || isASCIILetter($0) || isASCIIDigit($0) })
            else { return nil }
            let name = String(decoding: key, as: UTF8.self)
            guard isNew(name) else { return nil }
            var valueStart = colon + 1
            var valueEnd = lineEnd
            guard valueStart < valueEnd, bytes[valueStart] == UInt8(ascii: " ") else { return nil }
            while valueStart < valueEnd, bytes[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
            while valueEnd > valueStart, bytes[valueEnd - 1] == UInt8(ascii: " ") { valueEnd -= 1 }
            let value = bytes[valueStart..<valueEnd]
            guard let start = value.first, !"-?:,[]{}#&*!|>'\"%@`".utf8.contains(start),
                value.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }), value.last != UInt8(ascii: ":"),
                !containsPair(value, UInt8(ascii: ":"), UInt8(ascii: " ")),
                !containsPair(value, UInt8(ascii: " "), UInt8(ascii: "#"))
            else { return nil }
            // `Resolver.basic`: these scalars are read as text, never resolved by
            // pattern, and `.default` would compile its regular expressions first.
            let tag = Tag(.implicit, .basic, implicitTagConstructor)
            pairs.append((name, index + 1 + lineOffset, .scalar(Node.Scalar(String(decoding: value, as: UTF8.self), tag, .plain))))
        }
        return pairs
    }

    /// The constructor of the tags ``simplePairs(_:lineOffset:)`` makes:
    /// `Tag.implicit` builds a new `Constructor` (three dictionaries) each time.
    /// Shared safely: a `Constructor`'s stored properties are all `let`
    /// (Yams 6), so it is never mutated after this initialization.
    private nonisolated(unsafe) static let implicitTagConstructor = Constructor.default

    /// Whether the byte `first` is directly followed by `second` in `text`.
    private static func containsPair(_ text: Slice<UnsafeBufferPointer<UInt8>>, _ first: UInt8, _ second: UInt8) -> Bool {
        var previous: UInt8 = 0
        for byte in text {
            if previous == first && byte == second { return true }
            previous = byte
        }
        return false
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private init(pairs: [(key: String, line: Int, value: Node)], file: String, lineOffset: Int) {
        self.pairs = pairs
        self.file = file
        self.lineOffset = lineOffset
    }

    /// Throws for the first key not in `known`, naming the keys that are.
    func rejectUnknownKeys(_ known: [String], in what: String) throws(Diagnostic) {
        for pair in pairs where !known.contains(pair.key) {
            throw Diagnostic(
                "unknown \(what) key '\(pair.key)'",
                at: location(pair.line),
                suggestion: "Known keys are: \(known.joined(separator: ", "))"
            )
        }
    }

    /// The string at `key`, or `nil` when absent; scalars of any type read as text.
    func string(_ key: String) throws(Diagnostic) -> String? {
        guard let pair = pairs.first(where: { $0.key == key }) else { return nil }
        guard let scalar = pair.value.scalar else {
            throw Diagnostic("'\(key)' must be text", at: location(pair.line), suggestion: "Write `\(key): some text`")
        }
        return scalar.string
    }

    /// The integer at `key`, or `nil` when absent.
    func int(_ key: String) throws(Diagnostic) -> Int? {
        guard let pair = pairs.first(where: { $0.key == key }) else { return nil }
        guard let value = pair.value.scalar.flatMap({ Int($0.string) }) else {
            throw Diagnostic("'\(key)' must be a whole number", at: location(pair.line), suggestion: "Write e.g. `\(key): 10`")
        }
        return value
    }

    /// The Boolean at `key`, or `nil` when absent.
    func bool(_ key: String) throws(Diagnostic) -> Bool? {
        guard let pair = pairs.first(where: { $0.key == key }) else { return nil }
        switch pair.value.scalar?.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            throw Diagnostic("'\(key)' must be true or false", at: location(pair.line), suggestion: "Write `\(key): true` or `\(key): false`")
        }
    }

    /// The list of strings at `key` (`[a, b]` or one `- a` per line), or `nil` when absent.
    func stringList(_ key: String) throws(Diagnostic) -> [String]? {
        guard let pair = pairs.first(where: { $0.key == key }) else { return nil }
        if let scalar = pair.value.scalar { return [scalar.string] }
        guard let sequence = pair.value.sequence else {
            throw Diagnostic("'\(key)' must be a list", at: location(pair.line), suggestion: "Write `\(key): [A, B]`")
        }
        var values: [String] = []
        for item in sequence {
            guard let scalar = item.scalar else {
                throw Diagnostic("'\(key)' must be a list of names", at: location(pair.line), suggestion: "Write `\(key): [A, B]`")
            }
            values.append(scalar.string)
        }
        return values
    }

    /// Every key of this mapping with its text value; non-text values are errors.
    func stringPairs(in what: String) throws(Diagnostic) -> [String: String] {
        var result: [String: String] = [:]
        for pair in pairs {
            guard let scalar = pair.value.scalar else {
                throw Diagnostic("'\(pair.key)' in \(what) must be a name", at: location(pair.line), suggestion: "Write `\(pair.key): ModuleName`")
            }
            result[pair.key] = scalar.string
        }
        return result
    }

    /// The nested mapping at `key`, or `nil` when absent.
    func mapping(_ key: String) throws(Diagnostic) -> YAMLMapping? {
        guard let pair = pairs.first(where: { $0.key == key }) else { return nil }
        guard let mapping = pair.value.mapping else {
            throw Diagnostic("'\(key)' must be a mapping of `key: value` lines", at: location(pair.line))
        }
        let nested = mapping.map { key, value in
            (key.scalar?.string ?? "", (key.mark?.line ?? 1) + lineOffset, value)
        }
        return YAMLMapping(pairs: nested, file: file, lineOffset: lineOffset)
    }

    /// The keys in the order written, with their file lines.
    var keys: [(key: String, line: Int)] {
        pairs.map { ($0.key, $0.line) }
    }

    /// The value at `key` as a ``YAMLValue``, or `nil` when absent; an
    /// error when aliases expand it beyond ``YAMLValue/nodeLimit`` nodes.
    func value(_ key: String) throws(Diagnostic) -> YAMLValue? {
        guard let pair = pairs.first(where: { $0.key == key }) else { return nil }
        guard let value = YAMLValue.converting(pair.value) else {
            throw Diagnostic(
                "'\(key)' expands to more than \(YAMLValue.nodeLimit) values (YAML aliases that repeat each other)",
                at: location(pair.line),
                suggestion: "Write the value out, or use fewer nested aliases"
            )
        }
        return value
    }

    /// Where `key` is written (the mapping's first line when it is absent).
    func location(ofKey key: String) -> SourceLocation {
        location(pairs.first { $0.key == key }?.line ?? lineOffset + 1)
    }

    private func location(_ line: Int) -> SourceLocation {
        SourceLocation(path: file, line: line)
    }

    private static func kind(of node: Node) -> String {
        switch node {
        case .scalar: "a single value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        // An alias (Yams 6's `.alias`; Yams 5, which Package.swift also accepts, has no such case).
        default: "an alias"
        }
    }

    private static func describe(_ error: YamlError) -> (String, Int?) {
        switch error {
        case let .scanner(context, problem, mark, _),
            let .parser(context, problem, mark, _),
            let .composer(context, problem, mark, _):
            let text = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            // An unclosed `[`, `{` or quote is noticed only at the next token,
            // often on the line after it: the line to fix is where it opened.
            if let context, context.text.contains("flow") || context.text.contains("quoted scalar") {
                return (text, context.mark.line)
            }
            return (text, mark.line)
        case let .reader(problem, _, _, _):
            return (problem, nil)
        default:
            return ("\(error)", nil)
        }
    }
}
