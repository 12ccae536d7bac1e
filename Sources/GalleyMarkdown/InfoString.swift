/// The info string of a fenced code block, read the ways authors write it
/// for other tools:
///
/// | info string | language | attributes |
/// |---|---|---|
/// | `swift no_run group=a` | `swift` | `no_run`, `group=a` |
/// | `Swift` | `swift` | |
/// | `swift,no_run` (rustdoc, mdBook) | `swift` | `no_run` |
/// | `{.swift .no_run}` (Pandoc) | `swift` | `no_run` |
/// | `swift {.numberLines}` (Pandoc) | `swift` | (class `numberLines`) |
///
/// The language is lowercased. Pandoc classes that are not attributes Galley
/// knows are kept as ``classes`` (they style the block; they are not
/// verification attributes).
package struct InfoString: Sendable, Hashable {
    /// The language, lowercased, or `""`.
    public var language: String
    /// Words after the language: space- or comma-separated, or inside `{…}`.
    public var attributes: [String]
    /// Pandoc classes after the first that are not sample attributes.
    public var classes: [String]
    /// Why the info string cannot be read, when it cannot (e.g. `swift:no_run`, `{.swift`).
    public var problem: String?

    /// Attributes that a Pandoc class may carry (`{.swift .no_run}`).
    static let attributeClasses: Set<String> = ["no_run", "compile_fail", "crash", "ignore", "swift5", "swift6"]

    /// Reads `raw`, the text after the opening fence.
    public init(_ raw: String) {
        language = ""
        attributes = []
        classes = []
        problem = nil
        let text = raw.trimmingWhitespace()
        guard !text.isEmpty else { return }
        if text.hasPrefix("{") {
            readBraces(text, languageFromFirstClass: true)
            return
        }
        let end = text.firstIndex { $0 == " " || $0 == "\t" || $0 == "," || $0 == "{" } ?? text.endIndex
        language = String(text[..<end]).lowercased()
        let rest = String(text[end...]).trimmingWhitespace()
        if language.hasPrefix("swift"), language != "swift" {
            problem = "'\(text[..<end])' is not a language Galley knows"
        }
        if rest.hasPrefix("{") {
            readBraces(rest, languageFromFirstClass: false)
        } else {
            attributes = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        }
    }

    /// Whether the block is meant as Swift (the language is `swift`, or the
    /// info string cannot be read but starts like Swift).
    public var looksLikeSwift: Bool {
        language == "swift" || language.hasPrefix("swift")
    }

    private mutating func readBraces(_ text: String, languageFromFirstClass: Bool) {
        guard text.hasSuffix("}"), text.filter({ $0 == "{" }).count == 1, text.filter({ $0 == "}" }).count == 1 else {
            problem = "the attributes '\(text)' are not closed by one '}'"
            if languageFromFirstClass, text.lowercased().contains("swift") { language = "swift" }
            return
        }
        let words = text.dropFirst().dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
        for word in words {
            if word.hasPrefix(".") {
                let name = String(word.dropFirst())
                if languageFromFirstClass && language.isEmpty {
                    language = name.lowercased()
                } else if Self.attributeClasses.contains(name) {
                    attributes.append(name)
                } else {
                    classes.append(name)
                }
            } else if word.hasPrefix("#") {
                continue
            } else {
                attributes.append(String(word))
            }
        }
        if languageFromFirstClass, language.hasPrefix("swift"), language != "swift" {
            problem = "'.\(language)' is not a language Galley knows"
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
