import Foundation
import Synchronization

/// What sourcekitd answered about declarations made in a library, shared by
/// every file of a run: macros by name (`@Observable` of Observation) and
/// properties by the type they are read off and their name (`[String].count`).
///
/// Such an answer is the same in every file that asks the same question: a
/// macro's name means the library's macro, and a property read off a value of
/// a library type means the library's property — unless that file declares a
/// name the question involves, which could shadow it or add an overload: such
/// a file asks for itself. Asking costs more than it seems: about a tenth of
/// a second for a macro (sourcekitd expands it again) and 50 ms for the first
/// standard-library property of each file.
///
/// ```swift
/// let answers = LibraryAnswers()
/// answers.remember(info, for: "@Observable")
/// answers.answer(for: "@Observable", names: ["Observable"], in: fileText)   // info, unless fileText declares `Observable`
/// ```
package final class LibraryAnswers: Sendable {
    private let known = Mutex<[String: CursorInfo]>([:])

    /// An empty table.
    package init() {}

    /// Keeps `info` (a library declaration) as the answer for `key`.
    package func remember(_ info: CursorInfo, for key: String) {
        known.withLock { $0[key] = info }
    }

    /// The remembered answer for `key` in a file whose text is `text`; `nil`
    /// when none is known or `text` declares one of `names` itself.
    package func answer(for key: String, names: [String], in text: String) -> CursorInfo? {
        guard let info = known.withLock({ $0[key] }) else { return nil }
        return names.contains { Self.declares($0, in: text) } ? nil : info
    }

    /// The names a property question about `type` and `member` involves:
    /// the type's names (`String` of `[String]`) and the member's.
    package static func names(ofType type: String, member: String) -> [String] {
        type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init) + [member]
    }

    /// Whether `text` declares `name` as a type, macro, function, value or
    /// generic parameter: something a use of `name` could mean instead of
    /// the library's declaration.
    package static func declares(_ name: String, in text: String) -> Bool {
        let keywords = ["macro", "struct", "class", "enum", "actor", "protocol", "typealias", "associatedtype", "func", "var", "let", "case"]
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
