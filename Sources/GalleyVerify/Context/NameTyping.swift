import Foundation
import GalleyPackage

/// Types for the names docs use without declaring them, read from the
/// library's symbol graphs: `logger` is a `Logger`, `dbQueue` a
/// `DatabaseQueue`, `db` a `Database` — each part of the name the start, or
/// an abbreviation, of the same part of exactly one public type's name.
/// A name two types fit equally, or none, is not typed: it is listed for
/// the author, never guessed.
///
/// ```swift
/// let typing = NameTyping(types: NameTyping.types(in: try store.graph(of: "Logging")))
/// typing.type(for: "logger")?.spelled          // "Logger"
/// typing.type(for: "logger")?.construction     // "Logger(label: \"logger\")"
/// ```
public struct NameTyping: Sendable {
    /// A public type a name can be given.
    public struct TypeGuess: Sendable, Equatable, Codable {
        /// The type's name (`Logger`).
        public var name: String
        /// Its module (`Logging`).
        public var module: String
        /// How a declaration spells it: `Logger`, or `any LogHandler` for a protocol.
        public var spelled: String
        /// A call that makes one from literals (`Logger(label: "logger")`),
        /// with `NAME` where the name itself goes; `nil` when none of its
        /// public initializers takes only literals.
        public var construction: String?
    }

    /// Every non-generic public type of the graphs, by name.
    private var types: [String: [TypeGuess]] = [:]
    /// Each type name's words (``words(of:)``), split once.
    private var typeWords: [(name: String, words: [String])] = []

    /// A typing with `types` (``types(in:)`` of the library's modules).
    public init(types: [TypeGuess]) {
        for guess in types where !(self.types[guess.name]?.contains { $0.module == guess.module } ?? false) {
            self.types[guess.name, default: []].append(guess)
        }
        typeWords = self.types.keys.sorted().map { ($0, Self.words(of: $0)) }
    }

    /// The types of `graph` a name can be given: its own public,
    /// non-generic, non-SPI top-level types, each with a value to make when
    /// literals make one.
    public static func types(in graph: ModuleSymbolGraph) -> [TypeGuess] {
        let typeKinds: Set<SymbolKind> = [.struct, .class, .enum, .protocol, .typealias, SymbolKind(rawValue: "actor")]
        var guesses: [TypeGuess] = []
        for symbol in graph.symbols where symbol.pathComponents.count == 1 && typeKinds.contains(symbol.kind) {
            // A generic type needs its arguments, which its name does not tell; another module's or an SPI's is not the library's.
            guard symbol.generics?.parameters.isEmpty ?? true, !symbol.isSPI, let name = symbol.pathComponents.first else { continue }
            if case .extension = symbol.origin { continue }
            let initializers = graph.children(ofPath: [name]).filter { $0.kind == .`init` }.map(\.declaration)
            guesses.append(
                TypeGuess(
                    name: name, module: graph.moduleName, spelled: symbol.kind == .protocol ? "any " + name : name,
                    construction: symbol.kind == .protocol ? nil : construction(of: name, initializers: initializers)))
        }
        return guesses
    }

    /// The type `name` stands for in a doc comment of the symbol at
    /// `documenting` (`["FloatingPointCounter", "increment(by:)"]`): the
    /// documented type, or one around it, not a protocol, whose name ends
    /// with the name's words (`counter` there is a `FloatingPointCounter`, not a `Counter`),
    /// else ``type(for:)``.
    public func type(for name: String, documenting: [String]) -> TypeGuess? {
        let parts = Self.words(of: name)
        if name.first?.isLowercase == true, !parts.isEmpty {
            for component in documenting.reversed() {
                // Not a protocol: the reader's value is a type of their own that conforms to it (a `request` on
                // `FetchRequest`'s page), which `any FetchRequest` is not when the protocol has associated types.
                guard let type = concreteType(named: component), Self.words(of: component).reversed().starts(with: parts.reversed())
                else { continue }
                return type
            }
        }
        return type(for: name)
    }

    /// The type a member at `documenting` (`["ContentConfiguration",
    /// "requireURLEncoder()"]`) is declared in, when it is one of these
    /// types and not a protocol (whose values are the reader's own types).
    public func owner(of documenting: [String]) -> TypeGuess? {
        documenting.count == 2 ? concreteType(named: documenting[0]) : nil
    }

    /// The one type named `name`, when it is not a protocol.
    private func concreteType(named name: String) -> TypeGuess? {
        guard let guesses = types[name], guesses.count == 1, !guesses[0].spelled.hasPrefix("any ") else { return nil }
        return guesses[0]
    }

    /// The one type `name` fits best, or `nil` when none fits or several fit equally.
    public func type(for name: String) -> TypeGuess? {
        let parts = Self.words(of: name)
        guard let first = name.first, first.isLowercase, !parts.isEmpty else { return nil }
        var best: (score: Int, guesses: [TypeGuess]) = (0, [])
        for (typeName, words) in typeWords {
            guard let guesses = types[typeName] else { continue }
            let score = Self.fit(parts, words)
            if score > best.score {
                best = (score, guesses)
            } else if score == best.score, score > 0 {
                best.guesses += guesses
            }
        }
        return best.guesses.count == 1 ? best.guesses.first : nil
    }

    /// How well a name's words fit a type's, word by word: 3 for the same
    /// word (`logger`, `Logger`), 2 for its start (`req`, `Request`), 1 for
    /// an abbreviation that keeps its first letter (`db`, `Database`); the
    /// worst word decides, and 0 is no fit (another number of words).
    static func fit(_ name: [String], _ type: [String]) -> Int {
        guard name.count == type.count, !name.isEmpty else { return 0 }
        var score = 3
        for (word, typeWord) in zip(name, type) {
            if word == typeWord { continue }
            if word.count >= 3, typeWord.hasPrefix(word) {
                score = min(score, 2)
            } else if word.count >= 2, word.first == typeWord.first, isSubsequence(word, of: typeWord) {
                score = min(score, 1)
            } else {
                return 0
            }
        }
        return score
    }

    /// `dbQueue` → `["db", "queue"]`; `HTTPClient` → `["http", "client"]`.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let previous = index > 0 ? characters[index - 1] : nil
            // A capital starts a word after a small letter, or before one after capitals (`HTTPClient`).
            let startsWord =
                character.isUppercase && !current.isEmpty
                && ((previous?.isLowercase ?? false) || (previous?.isNumber ?? false) || (next?.isLowercase ?? false))
            if startsWord {
                words.append(current)
                current = ""
            }
            current += character.lowercased()
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func isSubsequence(_ word: String, of other: String) -> Bool {
        var rest = Substring(other)
        for character in word {
            guard let found = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }

    /// A call of the initializer among `initializers` (declarations such as
    /// `init(label: String)`) with the fewest parameters, each filled with a
    /// literal of its type; `nil` when every one takes something else.
    static func construction(of type: String, initializers: [String]) -> String? {
        var best: (count: Int, call: String)?
        for declaration in initializers {
            guard !declaration.contains("init?"), !declaration.contains("init!"), let parameters = parameters(of: declaration) else { continue }
            // The setup's top-level code may try and await (`try DatabaseQueue()`).
            let effects = (declaration.contains(" throws") ? "try " : "") + (declaration.contains(" async") ? "await " : "")
            var arguments: [String] = []
            var fillable = true
            for (label, type) in parameters {
                // A parameter with a default value is left out of the call.
                if type.contains(" = ") { continue }
                guard let literal = literal(for: type) else {
                    fillable = false
                    break
                }
                arguments.append(label == "_" ? literal : "\(label): \(literal)")
            }
            guard fillable, best == nil || arguments.count < best?.count ?? 0 else { continue }
            best = (arguments.count, effects + "\(type)(" + arguments.joined(separator: ", ") + ")")
        }
        return best?.call
    }

    /// The parameters of an initializer's declaration, as label and type:
    /// `init(label: String, _ level: Int)` → `[("label", "String"), ("_", "Int")]`.
    static func parameters(of declaration: String) -> [(label: String, type: String)]? {
        guard let open = declaration.firstIndex(of: "(") else { return nil }
        var depth = 0
        var current = ""
        var pieces: [String] = []
        for character in declaration[declaration.index(after: open)...] {
            if character == "(" || character == "[" || character == "<" { depth += 1 }
            if character == ")" || character == "]" || character == ">" {
                if depth == 0 { break }
                depth -= 1
            }
            if character == ",", depth == 0 {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { pieces.append(current) }
        return pieces.compactMap { piece -> (String, String)? in
            guard let colon = piece.firstIndex(of: ":") else { return nil }
            let names = piece[..<colon].split(separator: " ")
            let type = piece[piece.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard let label = names.first else { return nil }
            return (String(label), type)
        }
    }

    /// A literal of `type`, or `nil` for a type literals do not make.
    static func literal(for type: String) -> String? {
        if type.hasSuffix("?") { return "nil" }
        if type.hasPrefix("[") { return type.contains(":") ? "[:]" : "[]" }
        switch type {
        case "String", "Substring": return "\"NAME\""
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float": return "0"
        case "Bool": return "false"
        default: return nil
        }
    }
}
