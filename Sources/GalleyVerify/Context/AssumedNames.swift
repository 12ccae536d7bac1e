import Foundation
import GalleyCore
import GalleyPackage
import GalleyPrograms
import GalleySamples

/// Type-checking fragments against the names they assume: a sample whose
/// only problem is names nothing declares (``SampleResult/Cause/context``)
/// is compiled again — never run — with each name bound to a placeholder
/// of the type ``NameTyping`` gives it (`var logger: Logger { get { fatalError() } set {} }`),
/// and attributes such as `@Test` given their module.
///
/// - It type-checks: the sample is skipped, never passed, and says so
///   ("type-checks, assuming logger: Logger"): what it claims about the API
///   holds, though nothing ran.
/// - It fails with an error of its own (a renamed member, a label, a
///   missing `try`): that is an error in the docs, reported as such, with
///   the assumption named.
/// - Anything else (a name no type fits, another undeclared name): the
///   context failure stands.
struct AssumedNames {
    /// Modules whose names are never a library's: their graphs are not read.
    static let systemModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "Dispatch",
        "Glibc", "Musl", "_Concurrency", "XCTest", "Testing", "Observation", "Synchronization", "RegexBuilder", "Distributed",
    ]

    /// Attributes and types of the toolchain's modules an author imports:
    /// an undeclared `@Test` is `import Testing`.
    static let moduleOfName: [String: String] = [
        "@Test": "Testing", "@Suite": "Testing", "#expect": "Testing", "#require": "Testing", "@Observable": "Observation",
        "@ObservationIgnored": "Observation",
        "@ObservationTracked": "Observation", "XCTestCase": "XCTest", "XCTAssertEqual": "XCTest", "XCTAssert": "XCTest",
        "XCTAssertTrue": "XCTest", "XCTAssertFalse": "XCTest", "XCTAssertNil": "XCTest", "XCTAssertNotNil": "XCTest",
        "XCTAssertThrowsError": "XCTest", "XCTFail": "XCTest", "Mutex": "Synchronization", "Atomic": "Synchronization",
        "UUID": "Foundation", "Date": "Foundation", "URL": "Foundation", "Data": "Foundation", "JSONEncoder": "Foundation",
        "JSONDecoder": "Foundation", "FileManager": "Foundation", "ProcessInfo": "Foundation", "NSLock": "Foundation",
        "Locale": "Foundation", "TimeZone": "Foundation", "Calendar": "Foundation", "DateFormatter": "Foundation",
        "NSError": "Foundation", "CharacterSet": "Foundation", "Bundle": "Foundation", "DispatchQueue": "Dispatch",
        "URLSession": "FoundationNetworking", "URLRequest": "FoundationNetworking", "HTTPURLResponse": "FoundationNetworking",
    ]

    /// The types a module's names can be given (from the verifier's
    /// ``SymbolGraphStore``); `nil` when its graph cannot be read.
    var types: (String) -> [NameTyping.TypeGuess]?
    /// The public names of the library's module graph (its own modules and
    /// its dependencies'): an undeclared name one of them declares is that
    /// module's import, which docs leave out as they leave out every import.
    var graph = ModuleDeclarations()
    /// The typing of each set of modules, made once.
    private var typings: [[String]: NameTyping] = [:]

    init(types: @escaping (String) -> [NameTyping.TypeGuess]?) {
        self.types = types
    }

    /// Names' types read through `store`, kept beside the graphs: a warm run
    /// reads no graph (the kind's version changes with what ``NameTyping/types(in:)`` keeps).
    init(store: SymbolGraphStore) {
        self.init { module in try? store.derived("types-v1", of: module) { graph in NameTyping.types(in: graph) } }
    }

    /// The library modules `sample` imports: its prelude's (a catalog's module), its setup's and its own.
    static func modules(of sample: Sample) -> [String] {
        modules(in: [sample.settings.prelude, sample.settings.setup, sample.compiledCode])
    }

    /// The library modules the `import` lines of `parts` name.
    static func modules(in parts: [String]) -> [String] {
        var modules: [String] = []
        for text in parts {
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                guard words.count >= 2, words[0] == "import" else { continue }
                let module = String(words[words.count - 1].split(separator: ".").first ?? "")
                if !module.isEmpty, !systemModules.contains(module), !FailureClassifier.appleModules.contains(module), !modules.contains(module) {
                    modules.append(module)
                }
            }
        }
        return modules
    }

    /// What `names` are assumed to be — `["logger: Logger", "import Testing"]`
    /// as the verdict says it, and the setup lines that declare it — or
    /// `nil` when one of them fits no type.
    /// `documenting`: the symbol whose doc comment the names are in, whose type a name may stand for;
    /// `code`: the sample's, where a name that receives the documented member (`coders.requireURLEncoder()`
    /// in `ContentConfiguration.requireURLEncoder()`'s comment) is a value of the member's type.
    mutating func assumptions(
        for names: [String], modules: [String], documenting: [String] = [], code: String = ""
    ) -> (said: [String], declarations: [String])? {
        guard !names.isEmpty else { return nil }
        let typing = typing(of: modules)
        var said: [String] = []
        var declarations: [String] = []
        for name in names {
            // The toolchain's names first, then a value the library's types fit (`app: Application`), then the
            // module of the graph that declares the name (`AsyncTimerSequence`: `import AsyncAlgorithms`).
            let type =
                Self.moduleOfName[name] == nil && (name.first?.isLetter == true || name.first == "_")
                ? (Self.receives(documenting, name: name, in: code) ? typing.owner(of: documenting) : nil)
                    ?? typing.type(for: name, documenting: documenting) : nil
            if type == nil, let module = Self.moduleOfName[name] ?? graph.modules(declaring: name).first(where: { !modules.contains($0) }) {
                if !declarations.contains("import \(module)") {
                    said.append("import \(module)")
                    declarations.append("import \(module)")
                }
                continue
            }
            // A name no type fits leaves the fragment unchecked: checked with it undeclared, the errors its absence
            // leaves in the lines around it (an `Any`, a member on the wrong type) read as the docs' (measured on the corpus).
            guard let type else { return nil }
            said.append("\(name): \(type.spelled)")
            declarations.append("var \(name): \(type.spelled) { get { fatalError(\"assumed by galley verify\") } set {} }")
        }
        return (said, declarations)
    }

    /// Whether `code` calls or reads the member at `documenting` (its last
    /// component, `requireURLEncoder()`) on `name`, a value's name (lowercase):
    /// `name.requireURLEncoder`.
    static func receives(_ documenting: [String], name: String, in code: String) -> Bool {
        // A value's name: `Player.fetchOne(db)` calls a static member on the reader's own type.
        guard documenting.count >= 2, name.first?.isLowercase == true, let member = documenting.last?.prefix(while: { $0 != "(" }),
            !member.isEmpty
        else { return false }
        let pattern =
            "(?<![\\w.])" + NSRegularExpression.escapedPattern(for: name) + "\\s*\\.\\s*" + NSRegularExpression.escapedPattern(for: String(member))
            + "(?!\\w)"
        return code.range(of: pattern, options: .regularExpression) != nil
    }

    /// The typing of `modules`' types.
    mutating func typing(of modules: [String]) -> NameTyping {
        if let typing = typings[modules] { return typing }
        let typing = NameTyping(types: modules.compactMap(types).flatMap { $0 })
        typings[modules] = typing
        return typing
    }

    /// Whether `result` is a fragment this pass may check: a program's
    /// compile failure whose cause is only undeclared names.
    static func isCandidate(_ result: SampleResult) -> Bool {
        result.status == .failed && result.cause == .context && result.failureKind == .compile && !result.undeclaredNames.isEmpty
            && (result.sample.mode == .run || result.sample.mode == .noRun) && result.sample.kind == .program
            && !result.sample.origin.isWholeFile
    }

    /// `sample`, standalone and compile-only, with `declarations` after its setup.
    static func derived(_ sample: Sample, declarations: [String]) -> Sample {
        var derived = sample
        derived.mode = .noRun
        derived.group = nil
        derived.standalone = true
        derived.settings.pageProgram = false
        let placeholders = declarations.joined(separator: "\n")
        if derived.settings.setup.isEmpty {
            derived.settings.setupSource = sample.page
            derived.settings.setup = placeholders
        } else {
            // After the setup, whose lines keep their numbers.
            derived.settings.setup += "\n" + placeholders
        }
        return derived
    }

    /// The names `code` declares anywhere (`var audioPlayer` in an
    /// extension too), and the types it extends: what a later block may use.
    static func declaredNames(in code: String) -> Set<String> {
        let keywords: Set<String> = ["var", "let", "func", "struct", "class", "enum", "actor", "protocol", "typealias", "case", "extension"]
        let words = identifiers(in: code)
        var names: Set<String> = []
        for (word, next) in zip(words, words.dropFirst()) where keywords.contains(word) { names.insert(next) }
        return names
    }

    /// The identifier-like words of `code`, in order.
    static func identifiers(in code: String) -> [String] {
        // Split at ASCII bytes first (Character properties are slow); only words with other letters are split by them.
        var words: [String] = []
        for word in code.utf8.split(whereSeparator: { $0 < 0x80 && !($0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF)) })
        {
            guard let first = word.first, !(0x30...0x39).contains(first) else { continue }
            let text = String(Substring(word))
            guard word.contains(where: { $0 >= 0x80 }) else {
                words.append(text)
                continue
            }
            words += text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init).filter { !($0.first?.isNumber ?? true) }
        }
        return words
    }

    /// The names `code` uses that are not members of an expression
    /// (`meter` in `meter.record(1)`, not `record`; `audioPlayer` in the key
    /// path `\.audioPlayer.play`): what another block may have to declare.
    static func freeNames(in code: String) -> Set<String> {
        var names: Set<String> = []
        let characters = Array(code)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character.isLetter || character == "_" else {
                index += 1
                continue
            }
            let start = index
            while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" { index += 1 }
            // A member: after a dot that follows an expression (a name, `)`, `]`, `?`, `!`), not a key path's `\.`.
            let isMember =
                start >= 2 && characters[start - 1] == "."
                && (characters[start - 2].isLetter || characters[start - 2].isNumber || ")]?!_".contains(characters[start - 2]))
            if !isMember { names.insert(String(characters[start..<index])) }
        }
        return names
    }

    /// `original`'s verdict given the derived sample's `checked` one;
    /// `missing`: names that blocks of its page that did not pass declare, which
    /// the check could not include — a failure that may come from them is
    /// not claimed as the docs'.
    static func verdict(_ original: SampleResult, checked: SampleResult, assumed: [String], missing: Set<String> = []) -> SampleResult {
        var result = original
        let assumption = assumed.joined(separator: ", ")
        if checked.status == .passed {
            result.status = .skipped
            result.failure = nil
            result.failureLocation = nil
            result.failureKind = nil
            result.cause = nil
            result.assumed = assumed
            result.skipReason = "type-checks, assuming \(assumption) (not run: the docs do not declare them)"
            return result
        }
        guard checked.status == .failed, checked.cause == .docs, checked.failureKind == .compile, let failure = checked.failure,
            missing.subtracting(declaredNames(in: original.sample.compiledCode)).subtracting(original.undeclaredNames)
                .isDisjoint(with: freeNames(in: original.sample.compiledCode))
        else {
            return original
        }
        var lines = failure.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[0] += " (assuming \(assumption))"
        result.failure = lines.joined(separator: "\n")
        result.failureLocation = checked.failureLocation
        result.annotations = checked.annotations
        result.evidence = checked.evidence
        result.cause = .docs
        result.assumed = assumed
        result.undeclaredNames = []
        return result
    }
}
