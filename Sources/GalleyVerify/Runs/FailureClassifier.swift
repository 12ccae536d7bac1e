import GalleyCore
import GalleySamples
import SwiftSyntax

/// Whose a failure is (``SampleResult/Cause``), decided from the compiler's
/// diagnostics and the run, not from the headline alone.
///
/// - A compile failure whose every error is a name the compiler cannot find
///   (`cannot find 'logger' in scope`, `unknown attribute 'Test'`) is
///   context, with those names, unless the compiler offers a near
///   did-you-mean for it or it misspells a declared or toolchain name (a
///   typo or a renamed API: the docs). Errors that follow from a missing
///   name (a type it could not infer), a member or declaration shown alone,
///   a type whose members the listing elides or leaves out (``SketchedTypes``),
///   and Glibc's lowercase types read for an undeclared value count with them.
/// - A name of Apple's UI frameworks (`View`, `ObservableObject`) or a
///   member only Apple's Foundation has (`URL.lines`) is the environment.
/// - `no such module` is the environment: an Apple platform's module, or a
///   package the library does not depend on.
/// - An error in the code Galley generates, or a compiler that failed
///   without a message, is Galley's.
/// - A trap that reads a file, a variable or a service that is not there,
///   and a timeout, are the environment; every other failure is the docs'.
///
/// ```swift
/// let (cause, names, needs) = FailureClassifier.classify(result, errors: ownErrors, notes: ownNotes, standardError: run.standardError)
/// ```
enum FailureClassifier {
    /// Modules of Apple's platforms that do not exist on Linux.
    static let appleModules: Set<String> = [
        "SwiftUI", "UIKit", "AppKit", "Combine", "Cocoa", "CoreData", "CoreGraphics", "CoreImage", "CoreLocation",
        "MapKit", "WatchKit", "WidgetKit", "SwiftData", "Charts", "os", "OSLog", "Darwin", "AVFoundation", "StoreKit",
        "CloudKit", "HealthKit", "ARKit", "RealityKit", "SceneKit", "SpriteKit", "GameplayKit", "Network", "CryptoKit",
        "UniformTypeIdentifiers", "PhotosUI", "Photos", "QuartzCore", "Metal", "MetalKit", "Security", "LocalAuthentication",
    ]

    /// Messages of code that only compiles inside a declaration the docs do
    /// not show (a member shown alone, a declaration shown without its
    /// body), and how the summary names what it needs.
    static let fragmentSigns: [(sign: String, name: String)] = [
        ("property wrappers are not yet supported in top-level code", "(the type around a member)"),
        ("can only be used in a non-local scope", "(the type around a member)"),
        ("can only be specified on class members", "(the type around a member)"),
        ("may only be declared within a type", "(the type around a member)"),
        ("only be declared on a type", "(the type around a member)"),
        ("cannot find 'self' in scope", "(the type around a member)"),
        ("expected '{' in body of function declaration", "(a declaration's body)"),
        ("expected '{' in struct", "(a declaration's body)"), ("expected '{' in class", "(a declaration's body)"),
        ("expected '{' in enum", "(a declaration's body)"), ("expected '{' to start getter definition", "(a declaration's body)"),
        ("initializer requires a body", "(a declaration's body)"),
        // `return something.eventLoop.tryFuture {`: a line from inside a function.
        ("return invalid outside of a func", "(the function around it)"),
    ]

    /// Members that only Apple's Foundation has (swift-corelibs-foundation
    /// does not): type and member names. Code that uses one needs an Apple
    /// platform; it is not wrong.
    static let appleFoundationMembers: [(type: String, member: String)] = [
        ("URL", "lines"), ("URL", "resourceBytes"), ("FileHandle", "bytes"), ("URLSession", "bytes"),
        ("NotificationCenter", "notifications"),
    ]

    /// The Apple-only Foundation member an error is about (`URL.lines`), if any.
    static func appleFoundationMember(in message: String) -> String? {
        for (type, member) in appleFoundationMembers {
            if message.contains("of type '\(type)' has no member '\(member)'") { return "\(type).\(member)" }
            if message.hasPrefix("reference to member '\(member)' cannot be resolved") { return "\(type).\(member)" }
        }
        return nil
    }

    /// The names of the toolchain's modules a sample may use without
    /// importing them (``AssumedNames/moduleOfName``), as written in code.
    static let toolchainNames = Set(AssumedNames.moduleOfName.keys.map { $0.hasPrefix("@") || $0.hasPrefix("#") ? String($0.dropFirst()) : $0 })

    /// Messages of types the compiler could not infer: after a name it
    /// cannot find, they follow from it.
    static let inferenceSigns = [
        "could not be inferred", "cannot infer", "without a contextual type", "is ambiguous without", "type of expression is ambiguous",
        "requires a contextual type",
        // `.dictionary([...])` passed to a function nothing declares: its argument's type is lost, so `Any`.
        "type 'Any' has no member",
        // A call whose closure or arguments use what nothing declares matches no overload.
        "no exact matches in call to",
    ]

    /// Messages of a name the compiler cannot find; the name is the first quoted one.
    static let missingName = ["cannot find '", "cannot find type '", "unknown attribute '", "no macro named '", "cannot find operator '"]

    /// The cause of `result`'s failure, the undeclared names (context) and
    /// what it needs (environment); `errors` and `notes` are the
    /// compiler's, at the sample's own lines.
    /// `declared`: the names the program's samples declare, against which a
    /// missing name is checked for a typo (`totl` for `total` is the docs').
    static func classify(
        _ result: SampleResult, errors: [CompilerDiagnostic], notes: [CompilerDiagnostic], standardError: String,
        declared: Set<String> = [], elsewhere: ExtensionMembers = ExtensionMembers()
    ) -> (cause: SampleResult.Cause, names: [String], needs: String?) {
        switch result.failureKind ?? .compile {
        case .compile:
            return compileCause(result, errors: errors, notes: notes, declared: declared, elsewhere: elsewhere)
        case .trap:
            return trapCause(standardError)
        case .limit:
            if (result.failure ?? "").hasPrefix("timed out") {
                return (.environment, [], "an end it never reaches on its own (a server, a live service)")
            }
            return (.docs, [], nil)
        case .listing, .output, .passesNow:
            return (.docs, [], nil)
        case .blocked, .notRun:
            // The block it depends on decides (``Verifier``); until then, the docs'.
            return (.docs, [], nil)
        }
    }

    private static func compileCause(
        _ result: SampleResult, errors: [CompilerDiagnostic], notes: [CompilerDiagnostic], declared: Set<String>,
        elsewhere: ExtensionMembers
    ) -> (cause: SampleResult.Cause, names: [String], needs: String?) {
        if let cause = evidentCompileCause(result, errors: errors) { return cause }
        var names: [String] = []
        let shadowed = shadowedNames(errors)
        var ownDeclaredOnce: Set<String>?
        func ownDeclared() -> Set<String> {
            if let ownDeclaredOnce { return ownDeclaredOnce }
            ownDeclaredOnce = PageIsolation.declaredNames(result.sample.compiledCode)
            return ownDeclaredOnce ?? []
        }
        var sketchedOnce: Set<String>?
        func sketched() -> Set<String> {
            if let sketchedOnce { return sketchedOnce }
            sketchedOnce = SketchedTypes.names(in: result.sample.compiledCode)
            return sketchedOnce ?? []
        }
        // An error the compiler gives because a type it could not find left it nothing to infer from
        // (`generic parameter 'Key' could not be inferred` after `cannot find 'Player'`) is that name's, when one is missing.
        let anyMissing = errors.contains { error in missingName.contains { error.message.hasPrefix($0) } }
        // A type the code declares with a missing type in it (`typealias InboundIn = Bacon`) cannot conform either.
        let anyMissingType = errors.contains { $0.message.hasPrefix("cannot find type '") }
        // Errors that are the code's own (a wrong member, label, type, `try`, syntax): evidence only when no missing
        // name can explain them (``isEvidence(_:of:missing:)``).
        var own: [CompilerDiagnostic] = []
        for error in errors {
            if anyMissing, inferenceSigns.contains(where: { error.message.contains($0) }) { continue }
            // Nor can it have the memberwise initializer its stored properties' types would give it.
            if anyMissingType, error.message.contains("does not conform to protocol") || error.message.hasSuffix("has no initializers") { continue }
            if anyMissing, error.message.contains("cannot be constructed because it has no accessible initializers"), error.message.hasPrefix("'any ")
            {
                continue
            }
            // `let request = …` and again `let request = …` in one listing: two ways to write the same
            // thing, shown side by side; the reader takes one.
            if let name = quoted(after: "invalid redeclaration of '", in: error.message),
                notes.contains(where: { $0.message == "'\(name)' previously declared here" && result.sample.owns($0) })
            {
                let alternatives = "(alternatives: `\(name)` declared twice)"
                if !names.contains(alternatives) { names.append(alternatives) }
                continue
            }
            // A conformance shown in part (`class PlayerObserver: TransactionObserver` with the two methods the page is
            // about): the requirements it leaves out are an omission. A member it writes with another type (a
            // `candidate` note) contradicts the protocol, and a type with no code member shows none of it: evidence.
            if let type = quoted(after: "type '", in: error.message), error.message.contains("does not conform to protocol"),
                ownDeclared().contains(type), !notes.contains(where: { $0.message.hasPrefix("candidate ") }),
                SketchedTypes.implementsMembers(type, in: result.sample.compiledCode)
            {
                let omission = "(the members of \(type) it leaves out)"
                if !names.contains(omission) { names.append(omission) }
                continue
            }
            // `requires that 'Country' conform to 'EncodableRecord'`, `Country` declared by another block of the page:
            // the conformances that block sketches, not this block's error.
            if let type = quoted(after: "requires that '", in: error.message), error.message.contains("' conform to '"),
                declared.contains(type), !ownDeclared().contains(type)
            {
                let conformances = "(the conformances of \(type), declared in another block)"
                if !names.contains(conformances) { names.append(conformances) }
                continue
            }
            // `$0.apiClient` where another listing's `extension DependencyValues` declares `apiClient`: that listing's context.
            if let member = quoted(after: "has no member '", in: error.message), !declared.contains(member),
                let type = quoted(after: "type '", in: error.message), elsewhere.declares(member, on: type)
            {
                if !names.contains(member) { names.append(member) }
                continue
            }
            if let name = missingContext(in: error, of: result.sample, shadowed: shadowed, sketched: sketched) {
                if !names.contains(name) { names.append(name) }
                continue
            }
            guard let name = missingName.lazy.compactMap({ quoted(after: $0, in: error.message) }).first else {
                own.append(error)
                continue
            }
            // The compiler's did-you-mean: a typo or a renamed API.
            // (Only a near spelling: for `db` the compiler offers the setup's `dbQueue`, for `player` the type `Player`.)
            if notes.contains(where: {
                $0.line == error.line && quoted(after: "did you mean '", in: $0.message).map { isTypo(name, of: [$0]) } == true
            }) {
                return (.docs, [], nil)
            }
            // A misspelling of a name the page declares, or of the toolchain's (`XCAssertEqual`), is the docs'.
            // (Long names only for the toolchain's: `Text` is SwiftUI's, not a misspelt `@Test`.)
            if isTypo(name, of: declared) || (name.count >= 8 && isTypo(name, of: toolchainNames)) { return (.docs, [], nil) }
            let shown = error.message.hasPrefix("unknown attribute") ? "@" + name : error.message.hasPrefix("no macro named") ? "#" + name : name
            if !names.contains(shown) { names.append(shown) }
        }
        // A name of Apple's UI frameworks: the code is for an Apple platform, not missing context (nor are the errors that follow).
        if let module = names.lazy.compactMap({ appleFrameworkNames[$0] }).first { return (.environment, [], "an Apple platform (\(module))") }
        // The compiler gave up on the expression: no evidence of anything.
        own.removeAll {
            $0.message.hasPrefix("failed to produce diagnostic for expression")
                || $0.message.hasPrefix("the compiler is unable to type-check this expression in reasonable time")
        }
        if own.contains(where: { isEvidence($0, of: result.sample, missing: names) }) { return (.docs, [], nil) }
        if names.isEmpty, own.isEmpty, !errors.isEmpty {
            return (.environment, [], "a compiler that can type-check it (this one gave up on an expression)")
        }
        return (.context, names, nil)
    }

    /// Messages of a syntax error: the block's own whatever names it lacks.
    static let syntaxSigns = ["expected ", "consecutive statements", "unterminated", "extraneous", "unexpected "]

    /// Whether `error`, the code's own, is evidence against the docs: with
    /// no name missing, always; else only a syntax error, or an error on a
    /// line that uses none of the `missing` names (an error that exists only
    /// because a name is unknown — `'self' is immutable` in a type whose
    /// property wrapper is unknown, `type annotation missing` after an
    /// unknown type — is never evidence; nor, with an unknown attribute or
    /// macro missing, is any error but a syntax error).
    static func isEvidence(_ error: CompilerDiagnostic, of sample: Sample, missing: [String]) -> Bool {
        // Alternatives side by side explain their redeclaration, not the block's other errors.
        let missing = missing.filter { !$0.hasPrefix("(alternatives") }
        let identifiers = missing.filter { !$0.hasPrefix("(") }.map { $0.drop { $0 == "@" || $0 == "#" } }
        // Context that is not a name (the type around a member, members it leaves out) explains every error of the block.
        if missing.isEmpty { return true }
        if syntaxSigns.contains(where: { error.message.hasPrefix($0) }) { return true }
        // An unknown attribute or macro may generate any member or conformance: with one missing, only syntax is evidence.
        if missing.contains(where: { $0.hasPrefix("@") || $0.hasPrefix("#") }) { return false }
        guard identifiers.count == missing.count else { return false }
        let words = Set(line(error.line, of: sample).split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        return !identifiers.contains { words.contains(String($0)) }
    }

    /// The cause of a compile failure that shows before its errors are read
    /// one by one: a module the page imports that is missing, an error of
    /// the catalog's setup file or outside the sample, Apple's Foundation.
    private static func evidentCompileCause(
        _ result: SampleResult, errors: [CompilerDiagnostic]
    ) -> (cause: SampleResult.Cause, names: [String], needs: String?)? {
        let failure = result.failure ?? ""
        // An implicit import of the page (a catalog's module that did not build) fails outside the sample's lines.
        if let module = quoted(after: "no such module '", in: failure) {
            return (.environment, [], appleModules.contains(module) ? "an Apple platform (\(module))" : "module \(module)")
        }
        // An error of the catalog's setup file is the author's, at the setup's lines.
        let setup = result.sample.settings.setupSource
        if errors.isEmpty, !setup.isEmpty, failure.contains(setup + ":") { return (.docs, [], nil) }
        if errors.isEmpty || failure.contains("(in the code Galley adds around this block)")
            || failure.contains("the compiler failed without an error message")
        {
            // A compile_fail sample whose errors differ is the docs'; an error nowhere in the sample is Galley's.
            return result.sample.mode == .compileFail && !errors.isEmpty ? (.docs, [], nil) : (.galley, [], nil)
        }
        if let member = errors.lazy.compactMap({ appleFoundationMember(in: $0.message) }).first {
            return (.environment, [], "Apple's Foundation (\(member))")
        }
        return nil
    }

    /// What a compile `error` of `sample` says the sample leaves out, when
    /// it is that kind of error: a value it uses before giving it one, a
    /// value name a C module's type shadows, a value or members it elides,
    /// a type it sketches without its members (one of `sketched`), a
    /// fragment that needs the type around it.
    private static func missingContext(
        in error: CompilerDiagnostic, of sample: Sample, shadowed: Set<String>, sketched: () -> Set<String>
    ) -> String? {
        // `let eventLoop: EventLoop` with no value, then used: the docs' way of saying "given an event loop".
        if error.message.hasSuffix("used before being initialized"),
            let name = quoted(after: "constant '", in: error.message) ?? quoted(after: "variable '", in: error.message)
        {
            return name
        }
        // A value name nothing declares that a C module's type happens to have (Glibc's `struct user`).
        if let name = shadowed.first(where: { error.message.contains("'\($0)'") || error.message.contains("'\($0).Type'") })
            ?? (error.message.hasPrefix("expected member name or initializer call after type name")
                ? shadowed.first { line(error.line, of: sample).contains($0) } : nil)
        {
            return name
        }
        // A value name nothing declares that a toolchain macro has (`"\(error)"` outside a `catch`: `#error`).
        if let name = quoted(after: "expansion of macro '", in: error.message), error.message.hasSuffix("requires leading '#'") {
            return name
        }
        // A value the code elides (`let buf = ...`, read as `_galleyHole()`) has no type to infer: the reader's context.
        if error.message.hasPrefix("generic parameter 'T' could not be inferred"),
            sample.holes.contains(where: { $0.line == error.line - sample.block.firstCodeLine + 1 }),
            line(error.line, of: sample).contains("_galleyHole()")
        {
            return "(the value it elides with ...)"
        }
        // A type whose members the listing elides (`struct Player: FetchableRecord { ... }`) cannot conform: a sketch.
        if error.message.contains("does not conform to protocol"),
            sample.holes.contains(where: { $0.line == error.line - sample.block.firstCodeLine + 1 })
        {
            return "(the members it elides)"
        }
        // A member of a type whose body says it leaves members out (`// ... implement the requirements ...`).
        if let type = quoted(after: "value of type '", in: error.message), error.message.contains("has no member"),
            SketchedTypes.elidedNames(in: sample.compiledCode).contains(type)
        {
            return "(the members of \(type) it leaves out)"
        }
        // Nor can a type it declares with protocols and no instance member (`struct Country: FetchableRecord { }`),
        // nor is what needs that conformance (`requires that 'Book' conform to 'Decodable'`) another error.
        if let type = quoted(after: "type '", in: error.message) ?? quoted(after: "requires that '", in: error.message),
            error.message.contains("does not conform to protocol") || error.message.contains("' conform to '"),
            sketched().contains(type)
        {
            return "(the members of \(type) it leaves out)"
        }
        if let omission = omittedInWriting(in: error, of: sample) { return omission }
        // `return Self(/* ... */)`: a call whose arguments the listing elides in a comment.
        if error.message.hasPrefix("missing argument"),
            line(error.line, of: sample).range(of: #"\(\s*/\*[^*]*\*/\s*\)"#, options: .regularExpression) != nil
        {
            return "(the arguments it elides)"
        }
        // `func f() -> [String] { // Generate the list }`: a signature shown with its body left out.
        if error.message.hasPrefix("missing return in"),
            SketchedTypes.bodiesLeftOut(in: sample.compiledCode).contains(error.line - sample.block.firstCodeLine + 1)
        {
            return "(a function's body, left out)"
        }
        // Code of a type's body, or a declaration without its body, shown alone: it needs the type around it.
        if let fragment = fragmentSigns.first(where: { error.message.contains($0.sign) })?.name { return fragment }
        // `struct Player: TableRecord { }` and then `Player.filter { $0.name == name }`: what the call needs is in the
        // members the type leaves out, so the call matches nothing.
        if inferenceSigns.contains(where: { error.message.contains($0) }),
            case let words = Set(AssumedNames.identifiers(in: line(error.line, of: sample))),
            let type = sketched().first(where: words.contains)
        {
            return "(the members of \(type) it leaves out)"
        }
        // A function shown alone (a test method without its test class) takes its isolation from the type around it,
        // which the block does not show: its actor-isolation errors are that type's context.
        if isolationSigns.contains(where: { error.message.contains($0) }), isFunctionsOnly(sample.compiledCode) {
            return "(the isolation of the type around it)"
        }
        return nil
    }

    /// What a compile `error` of `sample` says the listing leaves to the
    /// reader in how it is written, when it is that kind of error: a name
    /// Glibc captures as a call, the language mode it was written in, an
    /// ambiguity of the page's implicit imports, code elided in words, a
    /// call's arguments shown alone.
    private static func omittedInWriting(in error: CompilerDiagnostic, of sample: Sample) -> String? {
        // `assertSnapshot(of: user, as: .dump)` with no `user` declared: Glibc's `struct user`, a type where a value goes.
        if error.message.hasPrefix("expected member name or initializer call after type name"),
            let name = AssumedNames.identifiers(in: line(error.line, of: sample)).first(where: cTypeNames.contains),
            !AssumedNames.declaredNames(in: sample.compiledCode).contains(name)
        {
            return name
        }
        // `write(packet)` with no `write` declared: Glibc's `write(_:_:_:)`, whose parameters have no labels (`#2`).
        if error.message.contains("for parameters #") || error.message.contains("for parameter #"),
            let callee = callee(at: error.column, in: line(error.line, of: sample)), callee.first?.isLowercase == true,
            !sample.compiledCode.contains("func \(callee)")
        {
            return callee
        }
        // Swift 6's checking of shared mutable state (`static var liveValue` in a type shown alone): the language mode
        // the docs were written in, not a wrong statement about the library.
        if concurrencySigns.contains(where: { error.message.contains($0) }) { return "(Swift 6 concurrency checking)" }
        // An ambiguity only the page's implicit imports bring in (`import Foundation` beside the module's own builders).
        if error.message.contains("ambiguous"), sample.settings.prelude.contains("import Foundation"),
            !sample.compiledCode.contains("import Foundation")
        {
            return "(the imports the page is compiled with)"
        }
        // `. . . do some work . . .`, `{ ... a, b, c ... }`: code the listing elides in words.
        if syntaxSigns.contains(where: { error.message.hasPrefix($0) }) || error.message.hasPrefix("unary operator"),
            elidesInWords(line(error.line, of: sample))
        {
            return "(the code it elides in words)"
        }
        // `action: \.home` shown alone: arguments of a call the block does not show.
        if syntaxSigns.contains(where: { error.message.hasPrefix($0) }), isArgumentLine(line(error.line, of: sample)) {
            return "(the call around its arguments)"
        }
        // `.expectedActualValueTo("be true").appended(…)` alone: an argument whose type the call around it gives.
        if error.message.hasPrefix("cannot infer contextual base"), line(error.line, of: sample).drop(while: \.isWhitespace).first == "." {
            return "(the call around its arguments)"
        }
        return nil
    }

    /// The name of the function called around 1-based `column` of `line`
    /// (`write` in `write(packet)`), or `nil`.
    static func callee(at column: Int?, in line: String) -> String? {
        let characters = Array(line)
        var index = min(max((column ?? 1) - 1, 0), characters.count)
        // Back to the call's `(`, then the name before it.
        while index > 0, characters[index - 1] != "(" { index -= 1 }
        guard index > 0 else { return nil }
        var end = index - 1
        while end > 0, characters[end - 1] == " " { end -= 1 }
        var start = end
        while start > 0, characters[start - 1].isLetter || characters[start - 1].isNumber || characters[start - 1] == "_" { start -= 1 }
        guard start < end, start == 0 || characters[start - 1] != "." else { return nil }
        return String(characters[start..<end])
    }

    /// Whether `line` is a call's argument shown alone (`action: \.home`,
    /// `metadata: [...]`): a lowercase label, a colon and a value, where a
    /// statement label would be followed by a loop or block.
    static func isArgumentLine(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let first = trimmed.first, first.isLowercase, let colon = trimmed.firstIndex(of: ":"),
            trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return false }
        let value = trimmed[trimmed.index(after: colon)...].drop { $0 == " " }
        guard trimmed[trimmed.index(after: colon)...].first == " ", !value.isEmpty else { return false }
        return !["for ", "while ", "repeat ", "do ", "if ", "switch "].contains { value.hasPrefix($0) }
    }

    /// Whether `line` stands for omitted code in words: `. . . do some
    /// work . . .`, `... a, b, c ...`, `// … more`.
    static func elidesInWords(_ line: String) -> Bool {
        if line.contains(". . .") { return true }
        for mark in ["...", "…"] {
            var rest = line[...]
            while let range = rest.range(of: mark) {
                let after = rest[range.upperBound...].drop { $0 == " " }
                let before = rest[..<range.lowerBound].reversed().drop { $0 == " " }
                // Words right after the mark (`... a, b, c`), or a mark alone in braces (`{ ... }` is Swift's hole already).
                if range.upperBound < rest.endIndex, rest[range.upperBound] == " ", after.first?.isLetter == true { return true }
                if before.first?.isLetter == true, range.lowerBound > rest.startIndex, rest[rest.index(before: range.lowerBound)] == " " {
                    return true
                }
                rest = rest[range.upperBound...]
            }
        }
        return false
    }

    /// Lowercase struct names of the C library (Glibc) that Swift imports:
    /// a value of the same name the docs assume (`user`, `group`, `stat`)
    /// is read as the type.
    static let cTypeNames: Set<String> = [
        "user", "group", "passwd", "stat", "tm", "timeval", "timespec", "utsname", "sigaction", "dirent", "addrinfo", "sockaddr",
        "hostent", "option", "rlimit", "rusage", "termios", "winsize", "msghdr", "iovec", "pollfd", "flock", "lconv", "statvfs",
    ]

    /// Messages of Swift 6's data-race checking of shared mutable state.
    static let concurrencySigns = ["is not concurrency-safe because", "[#MutableGlobalVariable]"]

    /// Messages of actor isolation: code that calls an actor's members from a nonisolated context.
    static let isolationSigns = ["actor-isolated", "outside of the actor", "nonisolated autoclosure", "from a nonisolated context"]

    /// Whether `code` is only function declarations (a method shown alone, as a test method is).
    static func isFunctionsOnly(_ code: String) -> Bool {
        guard let tree = SwiftSource.parse(code), !tree.statements.isEmpty else { return false }
        return tree.statements.allSatisfy { $0.item.is(FunctionDeclSyntax.self) }
    }

    /// Names only Apple's platforms declare, and their framework: code that
    /// uses one (a SwiftUI view, an `ObservableObject`) needs an Apple platform.
    static let appleFrameworkNames: [String: String] = {
        var names: [String: String] = [:]
        for name in [
            "View", "List", "Text", "Form", "Button", "VStack", "HStack", "ZStack", "NavigationStack", "NavigationView", "ForEach",
            "TextField", "Toggle", "Section", "ScrollView", "#Preview", "@State", "@Binding", "@Environment", "@EnvironmentObject",
            "@ObservedObject", "@StateObject", "@AppStorage", "@FocusState", "@Bindable", "App", "Scene", "WindowGroup", "NavigationLink",
        ] { names[name] = "SwiftUI" }
        for name in ["ObservableObject", "@Published", "AnyCancellable", "PassthroughSubject", "CurrentValueSubject"] { names[name] = "Combine" }
        for name in ["UIApplication", "UIViewController", "UIView", "UIColor", "UIImage"] { names[name] = "UIKit" }
        for name in ["NSApplication", "NSViewController", "NSView"] { names[name] = "AppKit" }
        return names
    }()

    /// Names the code uses as values that the compiler reads as a C
    /// module's type of the same name (`var other = user` with Glibc's
    /// `struct user`): `type 'user' has no member 'name'`. A Swift type's
    /// name starts with a capital; a lowercase one is C's, never the docs'.
    static func shadowedNames(_ errors: [CompilerDiagnostic]) -> Set<String> {
        var names: Set<String> = []
        for error in errors where error.message.contains("has no member") {
            if let name = quoted(after: "type '", in: error.message), name.first?.isLowercase == true, !name.contains(".") {
                names.insert(name)
            }
        }
        // `argument type 'group.Type' does not conform to expected type 'EventLoopGroup'`: Glibc's `struct group` as a value.
        for error in errors where error.message.contains(".Type'") {
            for piece in error.message.split(separator: "'") where piece.hasSuffix(".Type") {
                let name = piece.dropLast(".Type".count)
                if name.first?.isLowercase == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { names.insert(String(name)) }
            }
        }
        return names
    }

    /// The code of `sample` at Markdown line `number`, or `""`.
    static func line(_ number: Int, of sample: Sample) -> String {
        let lines = sample.compiledCode.split(separator: "\n", omittingEmptySubsequences: false)
        let index = number - sample.block.firstCodeLine
        return lines.indices.contains(index) ? String(lines[index]) : ""
    }

    private static func trapCause(_ standardError: String) -> (cause: SampleResult.Cause, names: [String], needs: String?) {
        let signs = [
            ("No such file", "a file that is not there"), ("File not found", "a file that is not there"),
            ("not found at path", "a file that is not there"), ("Permission denied", "a file it may not write"),
            ("Connection refused", "a live service"), ("Network is unreachable", "the network"),
            // getaddrinfo's EAI_AGAIN and EAI_NONAME: a host this machine cannot resolve (the sandbox has no network).
            ("Temporary failure in name resolution", "the network"), ("Name or service not known", "the network"),
            ("Missing required config", "configuration it is not given"), ("no such table", "a database with the tables it reads"),
            // SQLite's SQLITE_CANTOPEN: a database at a placeholder path (`/path/to/db.sqlite`), or in a read-only folder.
            ("unable to open database file", "a database file it can open"), ("Read-only file system", "a file it may not write"),
            // An error thrown with a file's URL in it (`cannotCreateFile(file:///var/log/app.log)`): files the sandbox does not give.
            ("file:///", "files outside its folder (samples run sandboxed)"),
            // swift-subprocess running `swift`: a program the sandbox does not give samples.
            ("is not found or cannot be executed", "a program it runs, which samples are not given"),
            ("command not found", "a program it runs, which samples are not given"),
        ]
        for (sign, needs) in signs where standardError.contains(sign) { return (.environment, [], needs) }
        return (.docs, [], nil)
    }

    /// Whether `name` is a misspelling of one of `declared`: another name
    /// within one edit (two from 8 characters), not only in its case
    /// (`logger` beside a type `Logger` is context, not a typo).
    /// `result` as a design proposal's failure (``SampleSettings/describesProposal``):
    /// its code shows API under discussion, so what it lacks is the design's context, never the docs' error.
    static func inProposal(_ result: SampleResult) -> SampleResult {
        guard result.status == .failed, result.cause == .docs || result.cause == nil, result.sample.settings.describesProposal else {
            return result
        }
        var result = result
        result.cause = .context
        result.undeclaredNames = ["(the API a design proposal describes)"]
        return result
    }

    static func isTypo(_ name: String, of declared: Set<String>) -> Bool {
        guard name.count >= 3 else { return false }
        let limit = name.count >= 8 ? 2 : 1
        return declared.contains { other in
            guard other != name, EditDistance.isWithin(name, other, limit) else { return false }
            // A type's name and a value's (`ServerMode` beside `let serverModes`) play other roles: no misspelling of each other.
            if other.first?.isUppercase != name.first?.isUppercase, other.lowercased() != name.lowercased() { return false }
            // Only in its case: a typo when it starts as the other does (`SQlColumn` for `SQLColumn`), not a value
            // beside its type (`logger` beside `Logger`).
            if other.lowercased() == name.lowercased() { return other.first == name.first }
            // The singular of a declared plural (`Todo` beside `struct Todos`) is its element, another name.
            if other == name + "s" { return false }
            // A word that extends the other by more than a letter (`expected`, `expectation` beside `expect`) is another
            // word, not a misspelling.
            let (short, long) = name.count < other.count ? (name, other) : (other, name)
            return !(long.hasPrefix(short) && long.count - short.count >= 2)
        }
    }

    /// The text between `prefix` and the next `'` in `message`.
    static func quoted(after prefix: String, in message: String) -> String? {
        guard let start = message.range(of: prefix) else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }
}
