import GalleySamples
import SwiftSyntax

/// What a listing leaves to the reader in how it is written.
extension FailureClassifier {
    /// What a compile `error` of `sample` says the listing leaves to the
    /// reader in how it is written, when it is that kind of error: a name
    /// Glibc captures as a call, the language mode it was written in, an
    /// ambiguity of the page's implicit imports, code elided in words, a
    /// call's arguments shown alone or in a comment, a body left out.
    /// `candidates`: the modules the compiler names for an ambiguous name's candidates.
    static func omittedInWriting(in error: CompilerDiagnostic, of sample: Sample, candidates: Set<String> = []) -> String? {
        // `return Self(/* ... */)`: a call whose arguments the listing elides in a comment.
        if error.message.hasPrefix("missing argument"),
            line(error.line, of: sample).range(of: #"\(\s*/\*[^*]*\*/\s*\)"#, options: .regularExpression) != nil
        {
            return "(the arguments it elides)"
        }
        // `Parse { }` with the parsers left out: what the closure's body would give cannot be inferred;
        // `.custom { db in /* return some Date */ }`: the value it gives is the reader's to write.
        if (inferenceSigns + emptyBodySigns).contains(where: { error.message.contains($0) }),
            SketchedTypes.emptyClosures(in: sample.compiledCode).contains(error.line - sample.block.firstCodeLine + 1)
        {
            return "(the body it leaves out)"
        }
        // `func f() -> [String] { // Generate the list }`: a signature shown with its body left out.
        if error.message.hasPrefix("missing return in"),
            SketchedTypes.bodiesLeftOut(in: sample.compiledCode).contains(error.line - sample.block.firstCodeLine + 1)
        {
            return "(a function's body, left out)"
        }
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
        // An ambiguity only the page's implicit imports bring in (`import Foundation` beside the module's own builders):
        // unless the compiler's candidates are all another module's (`Digits()` among Parsing's own initializers).
        if error.message.contains("ambiguous"), isImplicitFoundation(sample, candidates: candidates) {
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

    /// Whether an ambiguity in `sample` may come from the `import
    /// Foundation` its page adds and it does not write: no candidate is
    /// named, or one is Foundation's.
    static func isImplicitFoundation(_ sample: Sample, candidates: Set<String>) -> Bool {
        sample.settings.prelude.contains("import Foundation") && !sample.compiledCode.contains("import Foundation")
            && (candidates.isEmpty || candidates.contains { $0.hasPrefix("Foundation") })
    }

    /// The modules the compiler's notes name for an ambiguous name's
    /// candidates (`found this candidate in module 'Foundation'`, or a
    /// type's candidate at `FoundationEssentials.Data:2:23`), `""` for a
    /// candidate in a source file.
    static func candidateModules(in diagnostics: [CompilerDiagnostic]) -> Set<String> {
        Set(
            diagnostics.compactMap { note in
                guard note.severity == "note", note.message.hasPrefix("found this candidate") else { return nil }
                // A type's candidates name no module; one in a module's interface is at `FoundationEssentials.Data:2:23`.
                if let module = quoted(after: "in module '", in: note.message) { return module }
                return note.file.contains("/") || note.file.hasSuffix(".swift") || note.file.hasSuffix(".md")
                    ? "" : String(note.file.prefix { $0 != "." })
            })
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

    /// What a closure whose body is only comments gets wrong: the value it
    /// would give, the argument it would use.
    static let emptyBodySigns = ["cannot convert value of type '()' to closure result type", "contextual type for closure argument list expects"]

    /// Messages of actor isolation: code that calls an actor's members from a nonisolated context.
    static let isolationSigns = ["actor-isolated", "outside of the actor", "nonisolated autoclosure", "from a nonisolated context"]

    /// Whether `code` is only function declarations (a method shown alone, as a test method is).
    static func isFunctionsOnly(_ code: String) -> Bool {
        guard let tree = SwiftSource.parse(code), !tree.statements.isEmpty else { return false }
        return tree.statements.allSatisfy { $0.item.is(FunctionDeclSyntax.self) }
    }

    /// Whether `error` is about a variable `code` declares at its top level
    /// beside functions only (`var span` and the method that ends it): a
    /// type's members shown alone, isolated to the main actor only because
    /// the block puts them at the top level.
    static func isolatesTopLevelMember(_ error: CompilerDiagnostic, in code: String) -> Bool {
        guard let tree = SwiftSource.parse(code),
            tree.statements.allSatisfy({ $0.item.is(FunctionDeclSyntax.self) || $0.item.is(VariableDeclSyntax.self) })
        else { return false }
        let names = tree.statements.compactMap { $0.item.as(VariableDeclSyntax.self) }.flatMap(\.bindings)
            .compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        return names.contains { error.message.contains("var '\($0)'") || error.message.contains("let '\($0)'") }
    }

    /// What a compile `error` of `sample` says of a value or type the
    /// listing sketches: a value it elides (`let buf = ...`), a type whose
    /// members it elides or leaves out, with what needs them.
    static func sketchContext(in error: CompilerDiagnostic, of sample: Sample, sketched: () -> Set<String>) -> String? {
        // A value the code elides (`let buf = ...`, read as `_galleyHole()`) has no type to infer: the reader's context.
        if error.message.hasPrefix("generic parameter 'T' could not be inferred"),
            sample.holes.contains(where: { !$0.keepsRun && $0.line == error.line - sample.block.firstCodeLine + 1 }),
            line(error.line, of: sample).contains("_galleyHole()")
        {
            return "(the value it elides with ...)"
        }
        // A type whose members the listing elides (`struct Player: FetchableRecord { ... }`) cannot conform: a sketch.
        if error.message.contains("does not conform to protocol"),
            sample.holes.contains(where: { !$0.keepsRun && $0.line == error.line - sample.block.firstCodeLine + 1 })
        {
            return "(the members it elides)"
        }
        // A member of a type whose body says it leaves members out (`// ... implement the requirements ...`).
        if let type = quoted(after: "value of type '", in: error.message), error.message.contains("has no member"),
            SketchedTypes.elidedNames(in: sample.compiledCode).contains(type)
        {
            return "(the members of \(type) it leaves out)"
        }
        // `LoginState(email: …, password: …)` where `struct LoginState { … }` elides the stored properties: the
        // memberwise initializer takes what the listing leaves out.
        if ["argument passed to call that takes no arguments", "extra argument", "missing argument"].contains(where: error.message.hasPrefix),
            case let elided = SketchedTypes.elidedNames(in: sample.compiledCode), !elided.isEmpty,
            let type = elided.first(where: { usesAny(of: [$0], in: error, of: sample) })
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
        // `struct Player: TableRecord { }` and then `Player.filter { $0.name == name }`: what the call needs is in the
        // members the type leaves out, so the call matches nothing.
        // (`type 'Never' has no member 'score'`: what the type does not declare is `Never` for the library.)
        if inferenceSigns.contains(where: { error.message.contains($0) }) || error.message.hasPrefix("type 'Never' has no member"),
            case let words = Set(AssumedNames.identifiers(in: line(error.line, of: sample))),
            let type = sketched().first(where: words.contains)
        {
            return "(the members of \(type) it leaves out)"
        }
        // The code it elides stands where Galley wrote a hole: an error there (`try String.fetchCursor(...)`), or a
        // call on the `Never` of a hole on the line before (`.all()` after a line `...`), is the elision's, not the docs'.
        let codeLine = error.line - sample.block.firstCodeLine + 1
        if sample.holes.contains(where: { !$0.keepsRun && $0.line == codeLine })
            || (error.message.contains("'Never'") && sample.holes.contains(where: { !$0.keepsRun && $0.line == codeLine - 1 }))
        {
            return "(the code it elides with ...)"
        }
        return nil
    }
}
