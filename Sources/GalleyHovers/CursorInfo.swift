import Foundation

/// What the compiler says about one place in code (sourcekitd's cursor
/// info), in the plain text a reader is shown.
package struct CursorInfo: Sendable, Equatable {
    /// The kind, e.g. `source.lang.swift.decl.var.local` or `source.lang.swift.ref.struct`.
    package var kind: String
    /// The declaration as Quick Help shows it, on one line: `let board: Scoreboard`.
    package var declaration: String
    /// The type of the place (`Scoreboard`, `(Int) -> Int`), when there is one.
    package var typeName: String?
    /// The first paragraph of the declaration's documentation comment.
    package var summary: String?
    /// The file the declaration is in (the compiled file, not the page), when it is source code.
    package var declarationFile: String?
    /// The declaration's 1-based line in ``declarationFile``.
    package var declarationLine: Int?
    /// The declaration's precise identifier (its USR), for a link to its documentation.
    package var usr: String?

    /// Reads a cursor-info response; `nil` when it names no declaration.
    package init?(_ response: SourceKitValue) {
        guard let kind = response["key.kind"]?.string else { return nil }
        let declaration = response["key.annotated_decl"]?.string.map(Self.plainText).map(Self.withoutImplementationAttributes) ?? ""
        let typeName = response["key.typename"]?.string
        guard !declaration.isEmpty || typeName != nil else { return nil }
        self.kind = kind
        self.declaration = declaration.isEmpty ? typeName ?? "" : declaration
        self.typeName = typeName
        self.summary = Self.summary(xml: response["key.doc.full_as_xml"]?.string, comment: response["key.doc_comment"]?.string)
        self.declarationFile = response["key.filepath"]?.string
        self.declarationLine = response["key.line"]?.integer
        self.usr = response["key.usr"]?.string
    }

    /// Whether the place declares or names a value whose type was inferred
    /// (a `let`, a `var`, a closure's parameter).
    package var isVariable: Bool { kind.contains(".var.") }

    /// `xml` with its tags removed, entities decoded and runs of white space
    /// (line breaks included) made one space.
    package static func plainText(_ xml: String) -> String {
        var text = ""
        var inTag = false
        for character in xml {
            switch character {
            case "<": inTag = true
            case ">" where inTag: inTag = false
            default: if !inTag { text.append(character) }
            }
        }
        return collapsingSpace(decodingEntities(text))
    }

    /// Attributes about how code is compiled, not what it is: Quick Help and
    /// Apple's documentation leave them out (besides every `@_…` one).
    package static let implementationAttributes = ["@inline", "@inlinable", "@usableFromInline", "@_"]

    /// `declaration` without the standard library's implementation
    /// attributes (`@_eagerMove`, `@_effects(readonly)`, `@inline(__always)`),
    /// which Quick Help and Apple's documentation leave out:
    /// `@frozen @_eagerMove struct String` reads `@frozen struct String`.
    package static func withoutImplementationAttributes(_ declaration: String) -> String {
        guard implementationAttributes.contains(where: declaration.contains) else { return declaration }
        var text = Substring(declaration)
        var kept = ""
        while let at = text.firstRange(of: "@") {
            let name = text[at.lowerBound...].prefix { $0 == "@" || $0.isLetter || $0.isNumber || $0 == "_" }
            guard Self.implementationAttributes.contains(where: { $0 == "@_" ? name.hasPrefix("@_") : name == $0 }) else {
                kept += text[..<name.endIndex]
                text = text[name.endIndex...]
                continue
            }
            kept += text[..<at.lowerBound]
            var rest = text[name.endIndex...]
            if rest.first == "(" {
                // Arguments, with nested parentheses and quoted strings.
                var depth = 0
                var quoted = false
                var end = rest.startIndex
                for index in rest.indices {
                    let character = rest[index]
                    if character == "\"" { quoted.toggle() }
                    if quoted { continue }
                    if character == "(" { depth += 1 }
                    if character == ")" { depth -= 1 }
                    if depth == 0 { end = rest.index(after: index); break }
                }
                rest = depth == 0 ? rest[end...] : rest
            }
            text = rest.drop { $0 == " " }
        }
        return kept + text
    }

    /// The first paragraph of the documentation: the XML's `<Abstract>`, else
    /// the raw comment's text up to its first blank line.
    package static func summary(xml: String?, comment: String?) -> String? {
        if let xml, let start = xml.range(of: "<Abstract>"), let end = xml.range(of: "</Abstract>", range: start.upperBound..<xml.endIndex) {
            let text = plainText(String(xml[start.upperBound..<end.lowerBound]))
            if !text.isEmpty { return text }
        }
        guard let comment else { return nil }
        let paragraph = comment.components(separatedBy: "\n\n").first ?? comment
        let text = collapsingSpace(paragraph)
        return text.isEmpty ? nil : text
    }

    private static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func collapsingSpace(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
