import Foundation
import GalleyPrograms
import GalleySamples
import SwiftSyntax

/// Asks sourcekitd about the code a reader sees in a compiled program's
/// samples, and turns the answers into annotations at Markdown lines and
/// columns: a ``SampleAnnotation/Kind/declaration`` per identifier, a
/// ``SampleAnnotation/Kind/type`` per `// ^?` query (``TypeQuery``), and a
/// failure for a query that points at nothing.
///
/// The program must have compiled: cursor info on code with errors answers
/// about what the compiler recovered, not what the reader sees.
package struct HoverCollector: Sendable {
    /// The loaded sourcekitd.
    package var sourcekitd: SourceKitD
    /// Sourcekitds each in a process of its own, one per lane
    /// (``HoverQueue``) after the first, and for the first too when
    /// ``asksInProcess`` is false.
    package var workers: [SourceKitWorker]
    /// Whether lane 0 asks ``sourcekitd`` in this process. Only when no
    /// `galley` executable can start a worker (a test runner): sourcekitd
    /// prints the compiler's diagnostics of the code it is asked about to
    /// standard error now and then (seen: a `compile_fail` sample's expected
    /// error, in swiftc's format, amid `galley build`'s report), and a
    /// worker's standard error is dropped where this process's is the
    /// user's terminal.
    package let asksInProcess: Bool
    /// The worker this copy asks (``onLane(_:)``); `nil`: ``sourcekitd``.
    private var worker: SourceKitWorker?

    /// A collector asking `sourcekitd` (and `workers`, on further lanes) for
    /// `mode`. With `firstLaneWorker` (by default the `galley` executable
    /// running this process, when it is one), the first lane asks a worker
    /// started from it too, so no request is answered in this process.
    package init(
        sourcekitd: SourceKitD, mode: HoverMode, workers: [SourceKitWorker] = [],
        firstLaneWorker: URL? = SourceKitWorker.currentGalley
    ) {
        self.sourcekitd = sourcekitd
        self.mode = mode
        if let galley = firstLaneWorker {
            self.workers = [SourceKitWorker(executable: galley, library: sourcekitd.libraryPath)] + workers
            asksInProcess = false
        } else {
            self.workers = workers
            asksInProcess = true
        }
    }

    /// How many files can be asked about at once: one per sourcekitd.
    package var lanes: Int { workers.count + (asksInProcess ? 1 : 0) }

    /// This collector asking on `lane`: the lane's worker (lane n asks the
    /// nth worker counting from 0, or from 1 when lane 0 asks in process)
    /// while it answers. After it failed, another worker that answers (one
    /// request at a time: the lanes then share it), or, on lane 0 with
    /// ``asksInProcess`` or when no worker answers, this process's sourcekitd.
    package func onLane(_ lane: Int) -> HoverCollector {
        var copy = self
        let index = asksInProcess ? lane - 1 : lane
        if workers.indices.contains(index), !workers[index].isUnresponsive {
            copy.worker = workers[index]
        } else if index >= 0 {
            copy.worker = workers.first { !$0.isUnresponsive }
        } else {
            copy.worker = nil
        }
        return copy
    }

    /// Whether a sourcekitd stopped answering (a request timed out).
    package var isUnresponsive: Bool { sourcekitd.isUnresponsive || workers.contains { $0.isUnresponsive } }

    /// Ends the workers' processes.
    package func stopWorkers() { workers.forEach { $0.stop() } }

    private var answering: any CursorInfoAnswering { worker ?? sourcekitd }
    /// What the run asks for (the pages' `hovers: false` lowers it per program).
    package var mode: HoverMode

    /// What the compiler says about one program's samples.
    package struct Answer: Sendable {
        /// Declarations and query types, in source order.
        package var annotations: [SampleAnnotation]
        /// Queries that point at nothing, as errors at their lines.
        package var queryFailures: [CompilerDiagnostic]
    }

    /// How much to ask about `program`: nothing on a page with `hovers:
    /// false`; with ``HoverMode/queries``, only programs that have a `// ^?`
    /// query. A `compile_fail` program is asked too: sourcekitd type-checks
    /// past its errors, so its valid lines get their answers.
    package func level(for program: SampleProgram) -> HoverMode { Self.level(for: program, mode: mode) }

    /// How much a run in `mode` asks about `program` (see ``level(for:)``).
    package static func level(for program: SampleProgram, mode: HoverMode) -> HoverMode {
        guard program.settings.hovers else { return .off }
        switch mode {
        case .off: return .off
        case .queries: return program.samples.contains(where: Self.hasQueries) ? .queries : .off
        case .all: return .all
        }
    }

    /// The kinds (suffixes of `source.lang.swift.ref.…`/`decl.…`) of types.
    package static let typeKinds = [".struct", ".class", ".enum", ".protocol", ".typealias", ".actor"]

    /// The kinds of declarations whose name means the same declaration
    /// wherever a file names it: types, and macros (`@Observable`: asking
    /// about a macro's name expands it again, a tenth of a second each time).
    package static let namedKinds = typeKinds + [".macro"]

    /// Answers about library declarations shared by every file of the run:
    /// macros (`@Observable`) and properties of library types
    /// (`[String].count`). The first file that asks keeps the answer, the
    /// others reuse it unless they declare a name of their own that could
    /// change it (``LibraryAnswers/answer(for:names:in:)``).
    package var libraryAnswers = LibraryAnswers()

    /// The programs of a merged module in batches that share one AST: a
    /// batch's files are concatenated into one file for sourcekitd, which
    /// builds an AST per file it is asked about (a fifth of a second each,
    /// mostly loading modules) and answers about one file only, but each
    /// answer costs more the longer the file (about 1.7 ms + 1.7 µs a line:
    /// 5 programs of 70 lines a batch is the cheapest). Programs
    /// whose top-level names (types, functions, members of extensions)
    /// clash go to different batches, so each program's names mean in the
    /// batch what they mean in the module; at most `size` programs a batch,
    /// so batches can be asked about on every core.
    package static func batches(_ programs: [SampleProgram], size: Int = 5) -> [[Int]] {
        var batches: [(programs: [Int], names: Set<String>)] = []
        for (index, program) in programs.enumerated() {
            let names = topLevelNames(program)
            if let slot = batches.firstIndex(where: { $0.programs.count < size && $0.names.isDisjoint(with: names) }) {
                batches[slot].programs.append(index)
                batches[slot].names.formUnion(names)
            } else {
                batches.append(([index], names))
            }
        }
        return batches.map(\.programs)
    }

    /// The names `program`'s samples declare at top level (types, functions,
    /// operators, macros), with the members and conformances their
    /// extensions add, and those of the prelude. Top-level `let` and `var` are locals of the program's
    /// function in the merged module: they never clash.
    package static func topLevelNames(_ program: SampleProgram) -> Set<String> {
        var names: Set<String> = []
        // The prelude's declarations are in every program's file.
        for code in [program.settings.prelude, program.settings.setup] + (program.context + program.samples).map(\.compiledCode) {
            for item in SwiftSource.parse(code)?.statements ?? [] {
                guard let decl = item.item.as(DeclSyntax.self) else { continue }
                if let named = decl.asProtocol(NamedDeclSyntax.self) {
                    names.insert(named.name.text)
                } else if let ext = decl.as(ExtensionDeclSyntax.self) {
                    for member in ext.memberBlock.members {
                        if let named = member.decl.asProtocol(NamedDeclSyntax.self) {
                            names.insert("\(ext.extendedType.trimmedDescription).\(named.name.text)")
                        } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                            for binding in variable.bindings {
                                names.insert("\(ext.extendedType.trimmedDescription).\(binding.pattern.trimmedDescription)")
                            }
                        } else {
                            names.insert("\(ext.extendedType.trimmedDescription).\(member.decl.kind)")
                        }
                    }
                    if let conformances = ext.inheritanceClause {
                        names.insert("\(ext.extendedType.trimmedDescription):\(conformances.trimmedDescription)")
                    }
                }
            }
        }
        return names
    }

    /// Whether a sample's visible code has a `// ^?` line.
    package static func hasQueries(_ sample: Sample) -> Bool {
        sample.displayedLines.contains { TypeQuery.caretColumn(in: Substring($0.text)) != nil }
    }

    /// Asks about `program`'s samples in `file` (a compiled file whose text is
    /// `text`), compiled with `arguments`. `nil` when sourcekitd stopped
    /// answering or `cancelled` (checked before each request) turned true, so
    /// the run is not cached as if it had none.
    ///
    /// `fileAnswers` holds the answers shared by the programs asked about in
    /// the same file: names of types declared outside `file` (the standard
    /// library's, the sample library's: `View`, `Text`, `Int`), which mean
    /// the same type wherever the file names them, and properties read off
    /// values by the value's type and the name (`[String].count`, see
    /// ``propertyKey(of:in:answered:)``).
    package func annotate(
        _ program: SampleProgram, level: HoverMode, file: String, text: String, arguments: [String],
        fileAnswers: inout [String: CursorInfo?], cancelled: @Sendable () -> Bool = { false }
    ) -> Answer? {
        guard level != .off else { return Answer(annotations: [], queryFailures: []) }
        let map = GeneratedSourceMap(text)
        let imports = Self.importedModules(in: text)
        var answer = Answer(annotations: [], queryFailures: [])
        for sample in program.samples {
            collect(
                sample, of: program, level: level, map: map, file: file, fileText: text, imports: imports, arguments: arguments, cancelled: cancelled,
                fileAnswers: &fileAnswers, into: &answer)
        }
        return answering.isUnresponsive || cancelled() ? nil : answer
    }

    /// Adds to `answer` what sourcekitd says about `sample`: the declaration
    /// of each identifier (at level ``HoverMode/all``) and the type each
    /// `// ^?` query points at.
    private func collect(
        _ sample: Sample, of program: SampleProgram, level: HoverMode, map: GeneratedSourceMap, file: String, fileText: String, imports: String,
        arguments: [String],
        cancelled: @Sendable () -> Bool, fileAnswers: inout [String: CursorInfo?], into answer: inout Answer
    ) {
        var questions = SampleQuestions(sample: sample, program: program, map: map, file: file, arguments: arguments, answering: answering)
        let tokens = HoverTokens.tokens(in: sample)
        if level == .all {
            collectDeclarations(
                of: tokens, questions: &questions, fileText: fileText, imports: imports, cancelled: cancelled, fileAnswers: &fileAnswers,
                into: &answer)
        }
        collectTypeQueries(of: tokens, questions: &questions, cancelled: cancelled, into: &answer)
    }

    /// Adds to `answer` a declaration for each identifier of the sample
    /// (`tokens`), each reused from an earlier answer that means the same
    /// where there is one.
    private func collectDeclarations(
        of tokens: [HoverTokens.Token], questions: inout SampleQuestions, fileText: String, imports: String,
        cancelled: @Sendable () -> Bool, fileAnswers: inout [String: CursorInfo?], into answer: inout Answer
    ) {
        let sample = questions.sample
        for (index, token) in tokens.enumerated() where token.isIdentifier {
            let line = sample.block.firstCodeLine + token.line - 1
            let column = markdownColumn(token.characterColumn, line: token.line, of: sample)
            if let annotation = Self.wordAnnotation(for: token, line: line, column: column) {
                answer.annotations.append(annotation)
                continue
            }
            guard
                let info = declarationInfo(
                    of: index, in: tokens, questions: &questions, fileText: fileText, imports: imports, cancelled: cancelled,
                    fileAnswers: &fileAnswers)
            else { continue }
            questions.answered[index] = info
            let (text, declarationLine) = declaration(info, of: sample, in: questions.program, map: questions.map, file: questions.file)
            answer.annotations.append(
                SampleAnnotation(
                    kind: .declaration, line: line, column: column, length: token.text.count,
                    text: text, summary: info.summary, declarationLine: declarationLine,
                    // Declared on the page: the popover links to its line, not to documentation.
                    symbol: declarationLine == nil ? info.usr : nil
                ))
        }
    }

    /// The annotation of an identifier that names no declaration to ask
    /// about — a module's name or a word of the language — at Markdown
    /// `line` and `column`; `nil` for any other identifier.
    private static func wordAnnotation(for token: HoverTokens.Token, line: Int, column: Int) -> SampleAnnotation? {
        if token.isModuleName {
            // What Quick Help shows for a module, without loading its
            // documentation (seconds for SwiftUI, once per AST).
            return SampleAnnotation(kind: .declaration, line: line, column: column, length: token.text.count, text: "module \(token.text)")
        }
        // A word of the language: no declaration to ask about.
        guard let term = LanguageTerm.term(for: token) else { return nil }
        return SampleAnnotation(
            kind: .declaration, line: line, column: column, length: token.text.count,
            text: term.declaration, summary: term.summary)
    }

    /// The declaration of the identifier `tokens[index]`, reused from an
    /// answer that means the same (in the sample, `fileAnswers`, or
    /// ``libraryAnswers``) or else asked for, and remembered where later
    /// identifiers can reuse it; `nil` when there is none.
    private func declarationInfo(
        of index: Int, in tokens: [HoverTokens.Token], questions: inout SampleQuestions, fileText: String, imports: String,
        cancelled: @Sendable () -> Bool, fileAnswers: inout [String: CursorInfo?]
    ) -> CursorInfo? {
        let token = tokens[index]
        // A type's name means the same type wherever the sample names
        // it, and a library type's wherever the file does: asked once
        // (a third of the identifiers of SwiftUI code).
        // (An attribute is a type's name too: `@State`, `@MainActor`, or a
        // macro's: `@Observable`, which is not the protocol `Observable`;
        // a label is not.)
        let named = token.role == .name || token.role == .attribute
        let key = token.role == .attribute ? "@" + token.text : token.text
        let known =
            token.isMember || !named
            ? nil
            : questions.types[key] ?? (fileAnswers[key] ?? nil)
                ?? (token.role == .attribute ? libraryAnswers.answer(for: key, names: [token.text], in: fileText) : nil)
        // A property of a value (`items` of `cart.items`): the same
        // declaration wherever the file reads it of the same type.
        // (Kept when there is no answer too: a tuple's element, asked again, costs a fallback each time.)
        let member = Self.propertyKey(of: index, in: tokens, answered: questions.answered)
        let library = member.map { (key: imports + "|" + $0.key, names: LibraryAnswers.names(ofType: $0.type, member: token.text)) }
        let reused =
            known ?? member.flatMap { fileAnswers[$0.key] ?? nil }
            ?? library.flatMap { libraryAnswers.answer(for: $0.key, names: $0.names, in: fileText) }
        if reused == nil, let member, fileAnswers.keys.contains(member.key) { return nil }
        guard let info = reused ?? questions.ask(token, cancelled: cancelled) else {
            if let member { fileAnswers[member.key] = .some(nil) }
            return nil
        }
        if reused == nil, let member, info.kind.contains(".var.") {
            fileAnswers[member.key] = info
            if let library, info.declarationFile != questions.file { libraryAnswers.remember(info, for: library.key) }
        }
        if known == nil, !token.isMember, named, Self.namedKinds.contains(where: { info.kind.hasSuffix($0) }) {
            questions.types[key] = info
            if info.declarationFile != questions.file {
                fileAnswers[key] = info
                if token.role == .attribute, info.kind.hasSuffix(".macro") { libraryAnswers.remember(info, for: key) }
            }
        }
        return info
    }

    /// Adds to `answer` the type each `// ^?` query of the sample points at,
    /// or a failure saying why it points at nothing.
    private func collectTypeQueries(
        of tokens: [HoverTokens.Token], questions: inout SampleQuestions, cancelled: @Sendable () -> Bool, into answer: inout Answer
    ) {
        let sample = questions.sample
        let lines = questions.lines
        for (markdownLine, text) in sample.displayedLines {
            guard let caret = TypeQuery.caretColumn(in: Substring(text)) else { continue }
            let line = markdownLine - sample.block.firstCodeLine + 1
            let column = markdownColumn(caret, line: line, of: sample)
            let above = line - 1
            guard above >= 1, above <= lines.count else {
                answer.queryFailures.append(queryFailure(sample, line: markdownLine, column: column, "has no line above it to ask about"))
                continue
            }
            let aboveText = lines[above - 1]
            guard caret <= aboveText.count else {
                answer.queryFailures.append(
                    queryFailure(
                        sample, line: markdownLine, column: column,
                        "points past the end of the line above (its caret is at column \(caret), "
                            + "the line has \(aboveText.count) characters)"))
                continue
            }
            let underCaret = tokens.first { $0.line == above && ($0.characterColumn..<$0.characterColumn + $0.text.count).contains(caret) }
            guard let token = underCaret else {
                answer.queryFailures.append(
                    queryFailure(
                        sample, line: markdownLine, column: column,
                        "points at white space or punctuation on the line above, not at a name"))
                continue
            }
            guard let info = questions.ask(token, cancelled: cancelled) else {
                answer.queryFailures.append(
                    queryFailure(
                        sample, line: markdownLine, column: column,
                        "points at '\(token.text)', which the compiler has no type or declaration for"))
                continue
            }
            let text = declaration(info, of: sample, in: questions.program, map: questions.map, file: questions.file).text
            answer.annotations.append(SampleAnnotation(kind: .type, line: markdownLine, column: column, text: text))
        }
    }

    /// The modules `text` imports, sorted and joined: part of the key of a
    /// run-wide answer, since what a name means depends on what is imported.
    package static func importedModules(in text: String) -> String {
        var modules: Set<String> = []
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let position = words.firstIndex(of: "import"), words[..<position].allSatisfy({ $0.hasPrefix("@") }) else { continue }
            // `import struct Foundation.Date` names its kind first.
            let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
            let module = words[(position + 1)...].first { !kinds.contains($0) }
            if let module { modules.insert(String(module.split(separator: ".")[0])) }
        }
        return modules.sorted().joined(separator: ",")
    }

    /// For a property read off a value — `count` of `items.count`, where
    /// `items` was answered as a variable of type `[String]` — the key of its
    /// answer in a file: the value's type and the name (`[String].count`).
    /// `nil` for anything else: a call or generic argument list after the
    /// name (overloads are chosen by the arguments), a receiver that is not a
    /// plain variable just before the `.` (a call's result, `x?`, `self`, a
    /// type), or one not answered yet.
    package static func propertyKey(of index: Int, in tokens: [HoverTokens.Token], answered: [Int: CursorInfo]) -> (key: String, type: String)? {
        let token = tokens[index]
        guard token.isMember, token.role == .name, index >= 2 else { return nil }
        let dot = tokens[index - 1]
        let receiver = tokens[index - 2]
        guard dot.text == ".", dot.line == token.line, dot.characterColumn + 1 == token.characterColumn,
            receiver.line == token.line, receiver.characterColumn + receiver.text.count == dot.characterColumn,
            let value = answered[index - 2], let type = value.typeName, value.kind.contains(".var."),
            !typeKinds.contains(where: { value.kind.hasSuffix($0) })
        else { return nil }
        if index + 1 < tokens.count {
            let next = tokens[index + 1]
            if ["(", "{", "<"].contains(next.text) { return nil }
        }
        return ("\(type).\(token.text)", type)
    }

    /// The declaration's text as the page shows it, and its Markdown line
    /// when it is declared on the sample's page.
    private func declaration(
        _ info: CursorInfo, of sample: Sample, in program: SampleProgram, map: GeneratedSourceMap, file: String
    ) -> (text: String, line: Int?) {
        guard let path = info.declarationFile, path == file, let line = info.declarationLine,
            let origin = map.origin(ofLine: line), origin.file == sample.page
        else { return (info.declaration, nil) }
        return (Self.asWritten(info.declaration, source: Self.pageLine(origin.line, in: program)), origin.line)
    }

    private func queryFailure(_ sample: Sample, line: Int, column: Int, _ problem: String) -> CompilerDiagnostic {
        CompilerDiagnostic(
            severity: "error", file: sample.page, line: line, column: column,
            message: "the `// ^?` type query \(problem). Put its caret (^) under a name on the line above, or remove the query line"
        )
    }

    /// The Markdown column of a 1-based character `column` of the sample's
    /// compiled `line`: elided code moved back, the fence's indent added.
    private func markdownColumn(_ column: Int, line: Int, of sample: Sample) -> Int {
        let mapped = sample.holes.isEmpty ? column : Elision.mapColumn(column, line: line, holes: sample.holes)
        return mapped + sample.block.fenceColumn - 1
    }
}

/// One sample of a program being asked about: where its lines are in the
/// compiled file, who answers, and the answers it already has.
private struct SampleQuestions {
    /// The sample asked about.
    let sample: Sample
    /// The program the sample is part of.
    let program: SampleProgram
    /// Where the program's lines are in the compiled file.
    let map: GeneratedSourceMap
    /// The compiled file.
    let file: String
    /// The arguments the file is compiled with.
    let arguments: [String]
    /// The sourcekitd that answers.
    let answering: any CursorInfoAnswering
    /// The sample's compiled code, line by line.
    let lines: [Substring]
    /// An argument label names no declaration of its own: sourcekitd answers
    /// with the call's for some (`count:` of `String(repeating:count:)`),
    /// nothing for others (`help:` of `@Option(help:)`). Those get the
    /// call's declaration, asked once per call: the answers by call.
    var calls: [HoverTokens.Position: CursorInfo?] = [:]
    /// The declarations of the type (and macro) names the sample has named, by name.
    var types: [String: CursorInfo] = [:]
    /// The declarations of the sample's tokens answered so far, by token index.
    var answered: [Int: CursorInfo] = [:]

    /// Questions about `sample` of `program`, compiled into `file` with `arguments`, answered by `answering`.
    init(
        sample: Sample, program: SampleProgram, map: GeneratedSourceMap, file: String, arguments: [String],
        answering: any CursorInfoAnswering
    ) {
        self.sample = sample
        self.program = program
        self.map = map
        self.file = file
        self.arguments = arguments
        self.answering = answering
        self.lines = sample.compiledCode.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// What sourcekitd says about the code at `line` of the sample's
    /// compiled code and `utf8Column`; `nil` when `cancelled`, outside the
    /// code, or unanswered.
    func ask(line: Int, utf8Column: Int, cancelled: @Sendable () -> Bool) -> CursorInfo? {
        guard !cancelled(), lines.indices.contains(line - 1) else { return nil }
        let markdownLine = sample.block.firstCodeLine + line - 1
        guard let offset = map.offset(file: sample.page, line: markdownLine, column: utf8Column, original: lines[line - 1])
        else { return nil }
        return answering.cursorInfo(file: file, offset: offset, arguments: arguments).flatMap(CursorInfo.init)
    }

    /// What sourcekitd says about `token`; for an argument label it says
    /// nothing about, the declaration of the label's call (see ``calls``).
    mutating func ask(_ token: HoverTokens.Token, cancelled: @Sendable () -> Bool) -> CursorInfo? {
        if let answer = ask(line: token.line, utf8Column: token.utf8Column, cancelled: cancelled) { return answer }
        guard token.role == .label, let callee = token.callee else { return nil }
        if let known = calls[callee] { return known }
        let answer = ask(line: callee.line, utf8Column: callee.utf8Column, cancelled: cancelled)
        calls[callee] = answer
        return answer
    }
}
