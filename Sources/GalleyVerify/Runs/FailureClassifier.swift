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
/// var evidence: FailureClassifier.Evidence?
/// let (cause, names, needs) = FailureClassifier.classify(
///     result, errors: ownErrors, notes: ownNotes, standardError: run.standardError, evidence: &evidence)
/// ```
enum FailureClassifier {
    /// What makes a compile failure the docs': the first error that is the
    /// code's own, and the names the code takes as given beside it (`db`,
    /// `Player`), whose errors are no evidence.
    struct Evidence {
        /// The error that decides the verdict.
        var error: CompilerDiagnostic
        /// Names the code uses without declaring them, which the reader has.
        var given: [String]
    }

    /// The cause of `result`'s failure, the undeclared names (context) and
    /// what it needs (environment); `errors` and `notes` are the
    /// compiler's, at the sample's own lines.
    /// `declared`: the names the program's samples declare, against which a
    /// missing name is checked for a typo (`totl` for `total` is the docs').
    /// `candidates`: the modules the compiler's notes name for an ambiguous
    /// name's candidates (`found this candidate in module 'Foundation'`).
    /// `evidence`: set to what makes a compile failure the docs'.
    static func classify(
        _ result: SampleResult, errors: [CompilerDiagnostic], notes: [CompilerDiagnostic], standardError: String,
        declared: Set<String> = [], elsewhere: ExtensionMembers = ExtensionMembers(), candidates: Set<String> = [],
        evidence: inout Evidence?
    ) -> (cause: SampleResult.Cause, names: [String], needs: String?) {
        switch result.failureKind ?? .compile {
        case .compile:
            let context = ReadingContext(notes: notes, declared: declared, elsewhere: elsewhere, candidates: candidates)
            return compileCause(result, errors: errors, context: context, evidence: &evidence)
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

    /// What a compile failure's errors are read with besides themselves.
    struct ReadingContext {
        /// The compiler's notes at the sample's lines.
        var notes: [CompilerDiagnostic]
        /// The names the program's samples declare.
        var declared: Set<String>
        /// Members other listings' extensions declare.
        var elsewhere: ExtensionMembers
        /// The modules the compiler names for an ambiguous name's candidates.
        var candidates: Set<String>
    }

    private static func compileCause(
        _ result: SampleResult, errors: [CompilerDiagnostic], context: ReadingContext, evidence: inout Evidence?
    ) -> (cause: SampleResult.Cause, names: [String], needs: String?) {
        if let cause = evidentCompileCause(result, errors: errors) { return cause }
        let (names, readOwn, typo) = read(errors, of: result.sample, context: context)
        if let typo {
            evidence = Evidence(error: typo, given: [])
            return (.docs, [], nil)
        }
        var own = readOwn
        // A name of Apple's UI frameworks: the code is for an Apple platform, not missing context (nor are the errors that follow).
        if let module = names.lazy.compactMap({ appleFrameworkNames[$0] }).first { return (.environment, [], "an Apple platform (\(module))") }
        // The compiler gave up on the expression: no evidence of anything.
        own.removeAll {
            $0.message.hasPrefix("failed to produce diagnostic for expression")
                || $0.message.hasPrefix("the compiler is unable to type-check this expression in reasonable time")
        }
        // A type the code declares that a missing name breaks is as missing as that name, for the statements that use it.
        let broken = names.isEmpty ? [] : typesBrokenByMissingNames(errors, of: result.sample)
        if !broken.isEmpty {
            own.removeAll { error in !syntaxSigns.contains(where: error.message.hasPrefix) && usesAny(of: broken, in: error, of: result.sample) }
        }
        if let error = own.first(where: { isEvidence($0, of: result.sample, missing: names) }) {
            evidence = Evidence(error: error, given: names.filter { !$0.hasPrefix("(") })
            return (.docs, [], nil)
        }
        if names.isEmpty, own.isEmpty, !errors.isEmpty {
            return (.environment, [], "a compiler that can type-check it (this one gave up on an expression)")
        }
        return (.context, names, nil)
    }

    /// `errors` read one by one: the names and context the code leaves out,
    /// the errors that are the code's own, and a missing name that
    /// misspells another (a typo: the docs'), which ends the reading.
    private static func read(
        _ errors: [CompilerDiagnostic], of sample: Sample, context: ReadingContext
    ) -> (names: [String], own: [CompilerDiagnostic], typo: CompilerDiagnostic?) {
        let (notes, declared, elsewhere) = (context.notes, context.declared, context.elsewhere)
        var names: [String] = []
        let shadowed = shadowedNames(errors) { line($0.line, of: sample) }
        var ownDeclaredOnce: Set<String>?
        func ownDeclared() -> Set<String> {
            if let ownDeclaredOnce { return ownDeclaredOnce }
            ownDeclaredOnce = PageIsolation.declaredNames(sample.compiledCode)
            return ownDeclaredOnce ?? []
        }
        var sketchedOnce: Set<String>?
        func sketched() -> Set<String> {
            if let sketchedOnce { return sketchedOnce }
            sketchedOnce = SketchedTypes.names(in: sample.compiledCode)
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
            if followsFromMissing(error, anyMissing: anyMissing, anyMissingType: anyMissingType) { continue }
            if let context = declarationContext(
                of: error, notes: notes, sample: sample, declared: declared, elsewhere: elsewhere, own: ownDeclared)
            {
                if !names.contains(context) { names.append(context) }
                continue
            }
            if let name = missingContext(in: error, of: sample, shadowed: shadowed, sketched: sketched, candidates: context.candidates) {
                if !names.contains(name) { names.append(name) }
                continue
            }
            guard let name = missingName.lazy.compactMap({ quoted(after: $0, in: error.message) }).first else {
                own.append(error)
                continue
            }
            if misspells(name, at: error, notes: notes, declared: declared) { return (names, own, error) }
            let shown = error.message.hasPrefix("unknown attribute") ? "@" + name : error.message.hasPrefix("no macro named") ? "#" + name : name
            if !names.contains(shown) { names.append(shown) }
        }
        return (names, own, nil)
    }

    /// Whether `error` only follows from a name the compiler cannot find:
    /// a type it could not infer, a conformance or initializer a type with
    /// an unknown property type cannot have.
    private static func followsFromMissing(_ error: CompilerDiagnostic, anyMissing: Bool, anyMissingType: Bool) -> Bool {
        if anyMissing, inferenceSigns.contains(where: { error.message.contains($0) }) { return true }
        // Nor can it have the memberwise initializer its stored properties' types would give it.
        if anyMissingType, error.message.contains("does not conform to protocol") || error.message.hasSuffix("has no initializers") { return true }
        // `.init(…)` given to a generic whose type a missing name hid: the compiler falls back to the protocol it
        // constrains (`'Equatable' cannot be constructed` in `XCTAssertEqual(head, .init(…))`).
        guard anyMissing, error.message.contains("cannot be constructed because it has no accessible initializers"),
            let type = quoted(after: "'", in: error.message)
        else { return false }
        return type.hasPrefix("any ") || standardProtocols.contains(type)
    }

    /// The standard library's protocols a generic parameter is constrained
    /// to, which a type the compiler could not infer falls back to.
    static let standardProtocols: Set<String> = [
        "Equatable", "Hashable", "Comparable", "Sendable", "Codable", "Encodable", "Decodable", "Error", "Sequence", "Collection",
        "Numeric", "BinaryInteger", "FloatingPoint", "StringProtocol", "CustomStringConvertible", "Identifiable",
    ]

    /// Whether the missing `name` of `error` misspells a name: the
    /// compiler's near did-you-mean (a typo or a renamed API), a name the
    /// page declares, or a long name of the toolchain's (`XCAssertEqual`).
    private static func misspells(_ name: String, at error: CompilerDiagnostic, notes: [CompilerDiagnostic], declared: Set<String>) -> Bool {
        // Only a near spelling: for `db` the compiler offers the setup's `dbQueue`, for `player` the type `Player`.
        if notes.contains(where: {
            $0.line == error.line && quoted(after: "did you mean '", in: $0.message).map { isTypo(name, of: [$0]) } == true
        }) {
            return true
        }
        // Long names only for the toolchain's, one edit away: `Text` is SwiftUI's, not a misspelt `@Test`, and a
        // reader's `Timeline` is a type of their own, not `TimeZone` misspelt twice.
        return isTypo(name, of: declared) || (name.count >= 8 && isTypo(name, of: toolchainNames, edits: 1))
    }

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
        // `@objc`, `NSObject` subclasses' Objective-C members: only Apple's platforms have the Objective-C runtime.
        if errors.contains(where: { $0.message.hasPrefix("Objective-C interoperability is disabled") }) {
            return (.environment, [], "an Apple platform (the Objective-C runtime)")
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
        in error: CompilerDiagnostic, of sample: Sample, shadowed: Set<String>, sketched: () -> Set<String>, candidates: Set<String>
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
            ?? (error.message.hasPrefix("value of type '") && error.message.contains("->")
                ? shadowed.first { line(error.line, of: sample).contains($0 + ".") } : nil)
        {
            return name
        }
        // A value name nothing declares that a toolchain macro has (`"\(error)"` outside a `catch`: `#error`).
        if let name = quoted(after: "expansion of macro '", in: error.message), error.message.hasSuffix("requires leading '#'") {
            return name
        }
        if let sketch = sketchContext(in: error, of: sample, sketched: sketched) { return sketch }
        if let omission = omittedInWriting(in: error, of: sample, candidates: candidates) { return omission }
        if let surrounding = surroundingCode(in: error, of: sample) { return surrounding }
        // Code of a type's body, or a declaration without its body, shown alone: it needs the type around it.
        if let fragment = fragmentSigns.first(where: { error.message.contains($0.sign) })?.name { return fragment }
        // Members shown alone (a test method without its test class, a property and its method) take their isolation from the type around them,
        // which the block does not show: its actor-isolation errors are that type's context.
        if isolationSigns.contains(where: { error.message.contains($0) }),
            isFunctionsOnly(sample.compiledCode) || isolatesTopLevelMember(error, in: sample.compiledCode)
        {
            return "(the isolation of the type around it)"
        }
        return nil
    }

    /// Names the code uses as values that the compiler reads as a C
    /// module's type of the same name (`var other = user` with Glibc's
    /// `struct user`): `type 'user' has no member 'name'`. A Swift type's
    /// name starts with a capital; a lowercase one is C's, never the docs'.
    /// So are C functions read for an undeclared value (`clock.sleep(for:)`
    /// with Glibc's `clock()`: `value of type '@Sendable () -> clock_t' has no
    /// member 'sleep'`), a C typedef (`_t`) in the function's type; `line`
    /// gives an error's line of code, where the value's name is.
    static func shadowedNames(_ errors: [CompilerDiagnostic], line: (CompilerDiagnostic) -> String = { _ in "" }) -> Set<String> {
        var names: Set<String> = []
        for error in errors where error.message.hasPrefix("value of type '") && error.message.contains("has no member '") {
            guard let type = quoted(after: "value of type '", in: error.message), type.contains("->"),
                type.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains(where: { $0.hasSuffix("_t") }),
                let member = quoted(after: "has no member '", in: error.message),
                let range = line(error).range(of: #"[a-z_][A-Za-z0-9_]*\.\#(member)\b"#, options: .regularExpression)
            else { continue }
            names.insert(String(line(error)[range].prefix { $0 != "." }))
        }
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
    /// within one edit (two from 8 characters, or `edits`), not only in its case
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

    static func isTypo(_ name: String, of declared: Set<String>, edits: Int? = nil) -> Bool {
        guard name.count >= 3 else { return false }
        let limit = edits ?? (name.count >= 8 ? 2 : 1)
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
