import GalleyCore
import Synchronization

/// The YAML block between `---` lines at the top of a page.
///
/// ```markdown
/// ---
/// title: Migrating to @Observable
/// description: Step by step, with every sample verified.
/// order: 2
/// ---
/// ```
public struct FrontMatter: Sendable, Equatable {
    /// The keys Galley reads itself; every other key is kept in ``params``.
    public static let knownKeys = ["title", "description", "order", "verify", "hovers"]

    /// The page title; when absent the page's first H1 is used.
    public var title: String?
    /// A one-sentence summary for `<meta name="description">`.
    public var description: String?
    /// The page's position in navigation; lower comes first.
    public var order: Int?
    /// The page's `verify:` section: sample settings that override `galley.yml`'s.
    public var verify: SampleSettingsOverride?
    /// `hovers: false` turns off the compiler's answers (hovers, `// ^?`
    /// queries) for this page; `nil`: as `galley.yml` says.
    public var hovers: Bool?
    /// Every other key (`tags`, `author`, `applyTo`, …), for templates as
    /// `page.params.<key>`, as Hugo's `.Params`. Written for other tools,
    /// such keys are never errors.
    public var params: [String: YAMLValue] = [:]
    /// Keys that are probably misspelt known keys (`titel`), as warnings.
    public var warnings: [Diagnostic] = []

    /// Creates front matter.
    public init(title: String? = nil, description: String? = nil, order: Int? = nil) {
        self.title = title
        self.description = description
        self.order = order
    }

    /// Splits `text` into front matter and the Markdown body after it.
    ///
    /// Returns the body and the file line it starts on. A file without a
    /// leading `---` line has empty front matter and a body starting at line 1.
    public static func split(
        _ text: String, file: String
    ) throws(Diagnostic) -> (frontMatter: FrontMatter, body: String, bodyFirstLine: Int) {
        // A UTF-8 byte order mark (editors on Windows write one) is not text.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
        // Lines are read one at a time up to the closing `---`: the body is a
        // slice of the text, never split into lines and joined again.
        let utf8 = text.utf8
        var next = text.startIndex
        func nextLine() -> Substring? {
            guard next < text.endIndex else { return nil }
            let end = utf8[next...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            defer { next = end < text.endIndex ? utf8.index(after: end) : end }
            return text[next..<end]
        }
        guard text.hasPrefix("---"), let first = nextLine(), Self.isFence(first) else {
            return (FrontMatter(), text, 1)
        }
        // The YAML is the text from here to the end of the last line before the closing fence.
        let yamlStart = next
        var yamlEnd = next
        var end = 0
        var closed = false
        while let line = nextLine() {
            if Self.isFence(line) { closed = true; break }
            yamlEnd = line.endIndex
            end += 1
        }
        guard closed else {
            throw Diagnostic(
                "front matter is not closed",
                at: .init(path: file, line: 1),
                suggestion: "Add a line `---` after the last front matter line"
            )
        }
        let yaml = String(text[yamlStart..<yamlEnd])
        let mapping = try YAMLMapping(parsing: yaml, file: file, lineOffset: 1, what: "front matter")
        var frontMatter = FrontMatter(
            title: try mapping.string("title"),
            description: try mapping.string("description"),
            order: try mapping.int("order")
        )
        frontMatter.hovers = try mapping.bool("hovers")
        if let verify = try mapping.mapping("verify") {
            try verify.rejectUnknownKeys(SampleSettingsOverride.keys, in: "front matter verify")
            frontMatter.verify = try SampleSettingsOverride.read(verify)
        }
        for (key, line) in mapping.keys where !knownKeys.contains(key) {
            if let value = try mapping.value(key) { frontMatter.params[key] = value }
            if let known = nearMiss(key) {
                frontMatter.warnings.append(
                    Diagnostic(
                        "unknown front matter key '\(key)'",
                        at: SourceLocation(path: file, line: line),
                        suggestion: "Did you mean '\(known)'? (Other keys are kept for templates as page.params.\(key))"
                    ))
            }
        }
        return (frontMatter, String(text[next...]), end + 3)
    }
}

extension FrontMatter {
    /// The known key `key` is probably a misspelling of (`titel` → `title`),
    /// or `nil`. Remembered by key: the same unknown keys (`weight`, `tags`)
    /// come back on every page.
    static func nearMiss(_ key: String) -> String? {
        if let known = nearMisses.withLock({ $0[key] }) { return known }
        let found = knownKeys.first { EditDistance.isWithin($0, key, 2) }
        nearMisses.withLock { cache in
            if cache.count >= 1024 { cache.removeAll() }
            cache[key] = .some(found)
        }
        return found
    }

    private static let nearMisses = Mutex<[String: String?]>([:])

    /// Whether `line` is `---` followed by whitespace only: looked at
    /// Character by Character only when it starts with `-` (the other lines
    /// of the front matter cannot be a fence).
    static func isFence(_ line: Substring) -> Bool {
        line.utf8.first == UInt8(ascii: "-") && line.trimmingTrailingWhitespace() == "---"
    }
}

extension Substring {
    func trimmingTrailingWhitespace() -> Substring {
        var result = self
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}
