import Foundation
import Synchronization

/// What sourcekitd answered about macros declared in a library
/// (`@Observable` of Observation), by name, for every file of a run.
///
/// Asking about a macro's name in a file makes sourcekitd expand the macro
/// again (about a tenth of a second each time, more than the rest of a
/// file's questions together); the declaration it answers is the same in
/// every file that names it, unless that file declares something of the
/// same name, which could shadow it: such a file asks for itself.
///
/// ```swift
/// let macros = LibraryMacros()
/// macros.remember(info, for: "Observable")
/// macros.answer(for: "Observable", in: fileText)   // info, unless fileText declares its own `Observable`
/// ```
final class LibraryMacros: Sendable {
    private let known = Mutex<[String: CursorInfo]>([:])

    /// An empty table.
    init() {}

    /// Keeps `info` (a library macro's declaration) as the answer for `name`.
    func remember(_ info: CursorInfo, for name: String) {
        known.withLock { $0[name] = info }
    }

    /// The remembered answer for the macro `name` in a file whose text is
    /// `text`; `nil` when none is known or `text` declares `name` itself.
    func answer(for name: String, in text: String) -> CursorInfo? {
        guard let info = known.withLock({ $0[name] }) else { return nil }
        return Self.declares(name, in: text) ? nil : info
    }

    /// Whether `text` declares `name` as a type, macro, function or value
    /// that an attribute `@name` could mean instead of the library's macro.
    static func declares(_ name: String, in text: String) -> Bool {
        let keywords = ["macro", "struct", "class", "enum", "actor", "protocol", "typealias", "associatedtype", "func", "var", "let"]
        var searchStart = text.startIndex
        while let range = text.range(of: name, range: searchStart..<text.endIndex) {
            searchStart = range.upperBound
            // A whole word …
            if range.lowerBound > text.startIndex, isWordCharacter(text[text.index(before: range.lowerBound)]) { continue }
            if range.upperBound < text.endIndex, isWordCharacter(text[range.upperBound]) { continue }
            // … after a declaring keyword, or a generic parameter (`<name` or `, name:`).
            let before = text[..<range.lowerBound].reversed().drop { $0 == " " || $0 == "\t" }
            if before.first == "<" { return true }
            let word = String(before.prefix { isWordCharacter($0) }.reversed())
            if keywords.contains(word) { return true }
            if before.first == ",", text[range.upperBound...].first == ":" { return true }
        }
        return false
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
