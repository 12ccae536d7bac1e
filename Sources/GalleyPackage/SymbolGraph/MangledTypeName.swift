/// The module and path of a nominal type read from its precise identifier
/// (its USR, a mangled name), as a declaration fragment of another module's
/// type carries it: `s:7NIOCore15ChannelPipelineC8PositionO` is NIOCore's
/// `ChannelPipeline.Position`, `s:SS` the standard library's `String`.
///
/// It reads what a type's mangling holds: the module (`s` for `Swift`, a
/// known substitution such as `SS` or `ScT`), then each type's name and
/// kind (`V` structure, `C` class, `O` enumeration, `P` protocol, `a` type
/// alias), outermost first, names written in full or built from words of
/// names before them (`s:8Dispatch0A4DataV` is `DispatchData`, the word
/// `Dispatch` reused). Anything else (a member, a generic parameter, an
/// associated type, a C declaration `c:@S@sockaddr`) is `nil`, never a guess.
///
/// ```swift
/// MangledTypeName("s:7NIOCore15ChannelPipelineC8PositionO")   // NIOCore, ["ChannelPipeline", "Position"]
/// MangledTypeName("s:11DequeModule0A0V")?.path                   // ["Deque"]
/// ```
public struct MangledTypeName: Sendable, Hashable {
    /// The module that declares the type (`Swift`, `_Concurrency`, `NIOCore`).
    public var module: String
    /// The type's name and its parents', outermost first; empty for a
    /// standard library substitution (`s:SS`), whose name the mangling does not spell.
    public var path: [String]

    /// The kinds of a nominal type's mangling.
    static let kinds: Set<UInt8> = Set("VCOPa".utf8)

    /// The type at `path` of `module`.
    public init(module: String, path: [String]) {
        self.module = module
        self.path = path
    }

    /// Reads `identifier`; `nil` when it is not a nominal type's.
    public init?(_ identifier: String) {
        guard identifier.hasPrefix("s:") else { return nil }
        var reader = Reader(Array(identifier.utf8.dropFirst(2)))
        if reader.peek == UInt8(ascii: "S") {
            // A known substitution: one letter (`Si`), or two after `Sc` (`ScT`).
            let rest = reader.bytes.count - 1
            guard rest == 1 || (rest == 2 && reader.bytes[1] == UInt8(ascii: "c")) else { return nil }
            (module, path) = (rest == 1 ? "Swift" : "_Concurrency", [])
            return
        }
        if reader.peek == UInt8(ascii: "s") {
            reader.position += 1
            module = "Swift"
        } else {
            guard let name = reader.identifier() else { return nil }
            module = name
        }
        var path: [String] = []
        while !reader.isAtEnd {
            guard let name = reader.identifier(), let kind = reader.next(), Self.kinds.contains(kind) else { return nil }
            path.append(name)
        }
        guard !path.isEmpty else { return nil }
        self.path = path
    }

    /// Reads the identifiers of a mangled name, keeping the words later ones may reuse.
    struct Reader {
        let bytes: [UInt8]
        var position = 0
        var words: [ArraySlice<UInt8>] = []

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { position >= bytes.count }
        var peek: UInt8? { isAtEnd ? nil : bytes[position] }

        mutating func next() -> UInt8? {
            defer { position += 1 }
            return peek
        }

        /// A natural number's digits.
        mutating func number() -> Int? {
            var value: Int?
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                value = (value ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
                position += 1
                if value! > bytes.count { return nil }
            }
            return value
        }

        /// `<length><name>`, or `0` then words of earlier names (a lowercase
        /// letter each, an uppercase one for the last) and literal parts.
        mutating func identifier() -> String? {
            var name: [UInt8] = []
            var substitutes = false
            if peek == UInt8(ascii: "0") {
                position += 1
                // `00` starts a Punycode name: not read.
                guard peek != UInt8(ascii: "0") else { return nil }
                substitutes = true
            }
            repeat {
                while substitutes, let letter = peek, let word = Self.wordIndex(letter) {
                    position += 1
                    guard word.index < words.count else { return nil }
                    name += words[word.index]
                    if word.isLast { substitutes = false }
                }
                if substitutes || !name.isEmpty, peek == UInt8(ascii: "0") {
                    position += 1
                    break
                }
                guard let length = number(), length > 0, position + length <= bytes.count else { return nil }
                let literal = bytes[position..<(position + length)]
                name += literal
                collectWords(literal)
                position += length
            } while substitutes
            return String(decoding: name, as: UTF8.self)
        }

        /// `a`…`z` (a word, more follow) or `A`…`Z` (the last).
        static func wordIndex(_ letter: UInt8) -> (index: Int, isLast: Bool)? {
            if letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z") { return (Int(letter - UInt8(ascii: "a")), false) }
            if letter >= UInt8(ascii: "A"), letter <= UInt8(ascii: "Z") { return (Int(letter - UInt8(ascii: "A")), true) }
            return nil
        }

        /// The words of a literal name part, as the mangler splits them: a
        /// word starts at a character that is no digit or `_`, and ends before
        /// `_` or an uppercase letter after one that is not; two characters at least.
        mutating func collectWords(_ literal: ArraySlice<UInt8>) {
            let isUpper = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
            let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            var start: Int?
            for index in literal.startIndex...literal.endIndex {
                let byte = index < literal.endIndex ? literal[index] : 0
                if let begun = start, byte == UInt8(ascii: "_") || byte == 0 || (!isUpper(literal[index - 1]) && isUpper(byte)) {
                    if index - begun >= 2, words.count < 26 { words.append(literal[begun..<index]) }
                    start = nil
                }
                if start == nil, byte != 0, byte != UInt8(ascii: "_"), !isDigit(byte) { start = index }
            }
        }
    }
}
