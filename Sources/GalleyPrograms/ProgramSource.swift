import GalleySamples
import SwiftSyntax

/// Generates the Swift source files that compile samples.
///
/// Every piece of sample code is preceded by a `#sourceLocation` directive
/// naming its Markdown file and line, so compiler errors and runtime traps
/// point at the Markdown source, merged or not.
package enum ProgramSource {
    /// The line a program prints between two of its samples' outputs.
    package static let boundary = "\u{1E}galley-boundary"

    /// Support code compiled into every sample executable.
    package static let runtime = """
        #if canImport(Glibc)
        import Glibc
        #elseif canImport(Darwin)
        import Darwin
        #endif

        /// Called before the first sample (reserved for set-up that must come first).
        func _galleySetUp() {}

        /// What elided code (`...`, `…`, `<#name#>`) compiles as: a value of any
        /// type. Samples with holes are compiled, never run.
        func _galleyHole<T>() -> T { fatalError("galley: elided code was run") }

        /// Marks the end of one sample's output.
        func _galleyBoundary() {
            fflush(nil)
            print("\\u{1E}galley-boundary")
            fflush(nil)
        }

        """

    /// The standalone `main.swift` of `program`: its samples' code as top-level
    /// code, in order. `@main` programs get no boundaries (see `needsParseAsLibrary`).
    ///
    /// A program is what the author would write in one `main.swift`: every
    /// block's code at top level, in page order, with no access level
    /// changed, so that its types, functions and variables see each other.
    /// Only a declaration of a variable, function or type name that is
    /// already declared (`let z` in every block of an article, or the same
    /// `let timeout` shown three ways in one block) opens a scope nested in
    /// the one before, shadowing it instead of failing with "invalid
    /// redeclaration"; from there on types and extensions are kept at file
    /// scope (a type declared again is local to its scope), functions and
    /// statements in the scope.
    package static func standaloneMain(_ program: SampleProgram) -> String {
        let library = needsParseAsLibrary(program)
        var text = prelude(of: program)
        text += library ? "" : "_galleySetUp()\n"
        guard !library else {
            for sample in program.samples {
                text += directive(sample.page, sample.block.firstCodeLine) + sample.compiledCode + "#sourceLocation()\n"
            }
            return text
        }
        var file = FileScopes()
        // The setup's names are declared before every block: a block that declares one again shadows it.
        for item in items(of: program.settings.setup, file: program.settings.setupSource, firstLine: 1, privatizing: false) ?? [] {
            file.values.formUnion(item.valueNames)
            if let name = item.typeName { file.types.insert(name) }
        }
        let samples = program.context + program.samples
        file.forward = forwardReferences(samples)
        for (index, sample) in samples.enumerated() {
            if let items = items(of: sample.compiledCode, file: sample.page, firstLine: sample.block.firstCodeLine, privatizing: false) {
                items.forEach { file.add($0) }
            } else {
                file.body += directive(sample.page, sample.block.firstCodeLine) + sample.compiledCode + "\n#sourceLocation()\n"
            }
            // The context's output is not the program's: boundaries follow the program's own samples only.
            if index >= program.context.count { file.body += "_galleyBoundary()\n" }
        }
        return text + file.declarations + file.body + String(repeating: "}\n", count: file.scopes)
    }

    /// A `main.swift` being written item by item (``standaloneMain(_:)``).
    private struct FileScopes {
        /// Types and extensions kept at file scope once scopes are open.
        var declarations = ""
        /// Top-level code, and the nested scopes.
        var body = ""
        /// How many `do {` scopes are open.
        var scopes = 0
        /// Variable and function names of the innermost scope.
        var values: Set<String> = []
        /// Type names declared at file scope.
        var types: Set<String> = []
        /// Variable names an earlier block uses before a later one declares
        /// them (``forwardReferences(_:)``): declared in a scope of their own.
        var forward: Set<String> = []

        mutating func add(_ item: Item) {
            let typeAgain = item.typeName.map(types.contains) ?? false
            if typeAgain || !item.valueNames.isDisjoint(with: values) || !item.valueNames.isDisjoint(with: forward) {
                forward.subtract(item.valueNames)
                body += "do {\n"
                scopes += 1
                values = []
            }
            values.formUnion(item.valueNames)
            if scopes == 0 {
                body += item.text
                if let name = item.typeName { types.insert(name) }
            } else if item.isFileScope && !typeAgain {
                declarations += item.text
                if let name = item.typeName { types.insert(name) }
            } else {
                body += item.text
            }
        }
    }

    /// One top-level item of a sample, after its source location.
    private struct Item {
        /// Its text, with `#sourceLocation` before and after.
        var text: String
        /// Whether it is a declaration that belongs at file scope (types,
        /// extensions, imports, operators: not variables, not functions).
        var isFileScope: Bool
        /// Whether it is a function declaration.
        var isFunction: Bool
        /// The variable and function names it declares.
        var valueNames: Set<String>
        /// The type it declares (`struct`, `class`, `enum`, `actor`, `protocol`, `typealias`).
        var typeName: String?
    }

    /// `code`'s top-level items, each after its source location (made
    /// `fileprivate` when `privatizing`); `nil` when it does not parse.
    private static func items(of code: String, file name: String, firstLine: Int, privatizing: Bool) -> [Item]? {
        guard let file = SwiftSource.parse(code) else { return nil }
        let converter = SourceLocationConverter(fileName: name, tree: file)
        return file.statements.map { item in
            let start = converter.location(for: item.position)
            let line = firstLine + start.line - 1
            // An item after another on its line (`let a = 1; let b = a`) starts on a
            // line of its own here: spaces in place of what is before it keep its
            // columns (UTF-8, as the compiler counts them) those of the page.
            let indent = item.leadingTrivia.contains(where: \.isNewline) ? "" : String(repeating: " ", count: start.column - 1)
            let decl = item.item.as(DeclSyntax.self)
            let fileScope = decl.map(isTopLevelDeclaration) ?? false
            // A test function (`@Test func`) is global wherever it is shown: swift-testing's macro refuses a local one.
            let isTest =
                decl?.as(FunctionDeclSyntax.self)?.attributes.contains {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Test"
                } ?? false
            let isFunction = (decl?.is(FunctionDeclSyntax.self) ?? false) && !isTest
            let shown = fileScope && privatizing ? makeFilePrivate(item) : item.description
            var typeName: String?
            if let decl,
                decl.is(StructDeclSyntax.self) || decl.is(ClassDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
                    || decl.is(ActorDeclSyntax.self) || decl.is(ProtocolDeclSyntax.self) || decl.is(TypeAliasDeclSyntax.self)
            {
                typeName = decl.asProtocol(NamedDeclSyntax.self)?.name.text
            }
            return Item(
                text: directive(name, line) + indent + shown + "\n#sourceLocation()\n", isFileScope: fileScope && !isFunction,
                isFunction: isFunction, valueNames: valueNames(of: item), typeName: typeName)
        }
    }

    /// The variable names that a block uses before a later block declares
    /// them (and no block before it does): as globals of one `main.swift`
    /// they would compile and be read uninitialized (`logger.info(…)` in a
    /// block, `var logger = Logger(…)` further down the page), so the later
    /// declaration goes into a scope, and the earlier use fails to compile
    /// as it would in the author's order.
    package static func forwardReferences(_ samples: [Sample]) -> Set<String> {
        var declaredSoFar: Set<String> = []
        var usedEarlier: Set<String> = []
        var forward: Set<String> = []
        for sample in samples {
            let declared = valueNames(sample.compiledCode)
            forward.formUnion(declared.intersection(usedEarlier).subtracting(declaredSoFar))
            declaredSoFar.formUnion(declared)
            usedEarlier.formUnion(ReferenceCollector.names(in: sample.compiledCode).subtracting(declaredSoFar))
        }
        return forward
    }

    /// The names of the variables and functions `code` declares at top level.
    package static func valueNames(_ code: String) -> Set<String> {
        (SwiftSource.parse(code)?.statements ?? []).reduce(into: []) { $0.formUnion(valueNames(of: $1)) }
    }

    /// The names of the variables and functions `item` declares.
    private static func valueNames(of item: CodeBlockItemSyntax) -> Set<String> {
        var names: Set<String> = []
        if let variable = item.item.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                for token in binding.pattern.tokens(viewMode: .sourceAccurate) where token.tokenKind.isIdentifierToken {
                    names.insert(token.text)
                }
            }
        } else if let function = item.item.as(FunctionDeclSyntax.self) {
            names.insert(function.name.text)
        }
        return names
    }

    /// The statements of a program's samples, each later sample's in a scope
    /// nested in the one before: a sample sees what earlier ones declared and
    /// may declare the same name again, shadowing it.
    package static func scoped(_ statements: [String]) -> String {
        guard let first = statements.first else { return "" }
        let rest = statements.dropFirst()
        return first + rest.map { "do {\n" + $0 }.joined() + String(repeating: "}\n", count: rest.count)
    }

    /// Whether the program declares its own entry point (`@main`) and so must
    /// be compiled with `-parse-as-library` and cannot join a merged module.
    package static func needsParseAsLibrary(_ program: SampleProgram) -> Bool {
        program.samples.contains { $0.compiledCode.contains("@main") }
    }

    /// The program as one file of the merged module: top-level declarations
    /// made `fileprivate`, statements wrapped in `_galleyProgram_<index>()`.
    /// `nil` when the program cannot be merged.
    package static func mergedFile(_ program: SampleProgram, index: Int) -> String? {
        guard !needsParseAsLibrary(program) else { return nil }
        var declarations = ""
        var bodies: [String] = []
        let settings = program.settings
        // The prelude and the setup file run first, each at its own lines.
        let before = [(settings.prelude, settings.preludeSource), (settings.setup, settings.setupSource)].filter { !$0.0.isEmpty }
        if !before.isEmpty {
            let parts = before.map { split($0.0, file: $0.1, firstLine: 1) }
            declarations += parts.map(\.declarations).joined()
            bodies.append(parts.map(\.statements).joined())
        }
        for sample in program.samples {
            let part = split(sample.compiledCode, file: sample.page, firstLine: sample.block.firstCodeLine)
            declarations += part.declarations
            bodies.append(part.statements + "_galleyBoundary()\n")
        }
        // After a prelude or setup every block is in a scope of its own, so it may declare their names again.
        let body = before.isEmpty ? scoped(bodies) : (bodies.first ?? "") + scoped([""] + bodies.dropFirst())
        return declarations + "@MainActor func _galleyProgram_\(index)() async throws {\n" + body + "}\n"
    }

    /// `code`'s top-level declarations (made `fileprivate`, for the merged
    /// module, where equal names of different programs must not clash) and
    /// its statements (with `let`/`var`), each item after its source location.
    private static func split(_ code: String, file name: String, firstLine: Int) -> (declarations: String, statements: String) {
        guard let items = items(of: code, file: name, firstLine: firstLine, privatizing: true) else {
            return ("", directive(name, firstLine) + code + "\n#sourceLocation()\n")
        }
        return (
            items.filter { $0.isFileScope || $0.isFunction }.map(\.text).joined(),
            items.filter { !$0.isFileScope && !$0.isFunction }.map(\.text).joined()
        )
    }

    /// The merged module's `main.swift`: runs the program whose index is the first argument.
    ///
    /// An array of functions, not a `switch` over strings: type-checking a
    /// switch with hundreds of string cases grows quadratically (200 cases
    /// took 30 s to compile; the array takes 2 s).
    package static func mergedMain(programCount: Int) -> String {
        var text = "_galleySetUp()\n"
        text += "let _galleyPrograms: [@MainActor () async throws -> Void] = [\n"
        text += (0..<programCount).map { "    _galleyProgram_\($0)," }.joined(separator: "\n")
        text += "\n]\n"
        text += "let _galleyIndex = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? -1 : -1\n"
        text += "guard _galleyPrograms.indices.contains(_galleyIndex) else { fatalError(\"galley: unknown sample program\") }\n"
        text += "try await _galleyPrograms[_galleyIndex]()\n"
        return text
    }

    /// The program's prelude (`verify.prelude`) and its catalog's setup
    /// file, each with its own source location, or `""`.
    package static func prelude(of program: SampleProgram) -> String {
        let settings = program.settings
        var text = ""
        if !settings.prelude.isEmpty { text += directive(settings.preludeSource, 1) + settings.prelude + "\n#sourceLocation()\n" }
        if !settings.setup.isEmpty { text += directive(settings.setupSource, 1) + settings.setup + "\n#sourceLocation()\n" }
        return text
    }

    /// The file and line of a `#sourceLocation(file: "…", line: N)` line ``directive(_:_:)`` wrote.
    package static func parseDirective(_ text: String) -> (file: String, line: Int)? {
        guard let open = text.range(of: "#sourceLocation(file: \""), let comma = text.range(of: "\", line: ", options: .backwards),
            open.upperBound <= comma.lowerBound, let close = text.range(of: ")", options: .backwards),
            let line = Int(text[comma.upperBound..<close.lowerBound])
        else { return nil }
        let escaped = text[open.upperBound..<comma.lowerBound]
        return (escaped.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\"), line)
    }

    private static func directive(_ file: String, _ line: Int) -> String {
        let escaped = file.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\n#sourceLocation(file: \"\(escaped)\", line: \(line))\n"
    }

    /// Declarations that stay at file scope; `let`/`var` become locals of the
    /// program function. An `#if` stays there when its clauses hold only
    /// imports (`#if compiler(>=6)` around `internal import X`), which exist
    /// only at file scope; any other `#if` is statements of the program
    /// function, where its types stay local and clash with no other sample's.
    private static func isTopLevelDeclaration(_ decl: DeclSyntax) -> Bool {
        guard decl.is(IfConfigDeclSyntax.self) else { return !decl.is(VariableDeclSyntax.self) }
        return holdsOnlyImports(decl)
    }

    /// Whether `decl` is an import, or an `#if` whose clauses hold imports and nothing else.
    private static func holdsOnlyImports(_ decl: DeclSyntax) -> Bool {
        if decl.is(ImportDeclSyntax.self) { return true }
        guard let conditional = decl.as(IfConfigDeclSyntax.self) else { return false }
        var imports = 0
        for clause in conditional.clauses {
            guard let elements = clause.elements else { continue }
            guard case .statements(let items) = elements else { return false }
            for item in items {
                guard let inner = item.item.as(DeclSyntax.self), holdsOnlyImports(inner) else { return false }
                imports += 1
            }
        }
        return imports > 0
    }

    /// The item's text with `fileprivate` added (or replacing a wider access
    /// level) so that equal names in different samples never clash.
    private static func makeFilePrivate(_ item: CodeBlockItemSyntax) -> String {
        guard let decl = item.item.as(DeclSyntax.self),
            !decl.is(ImportDeclSyntax.self), !decl.is(OperatorDeclSyntax.self),
            !decl.is(PrecedenceGroupDeclSyntax.self), !decl.is(MacroDeclSyntax.self),
            // Attributes alone (`@Test` with no declaration after it): nothing to make fileprivate.
            !decl.is(MissingDeclSyntax.self),
            let withModifiers = decl.asProtocol(WithModifiersSyntax.self)
        else {
            return item.description
        }
        if let ext = decl.as(ExtensionDeclSyntax.self), ext.inheritanceClause != nil {
            return item.description  // conformances cannot be fileprivate
        }
        var bytes = Array(item.description.utf8)
        let base = item.position.utf8Offset
        let access = ["public", "internal", "open", "package", "private", "fileprivate"]
        if let modifier = withModifiers.modifiers.first(where: { access.contains($0.name.text) }) {
            guard ["public", "internal", "open", "package"].contains(modifier.name.text) else { return item.description }
            let start = modifier.name.positionAfterSkippingLeadingTrivia.utf8Offset - base
            let end = modifier.name.endPositionBeforeTrailingTrivia.utf8Offset - base
            guard 0 <= start, start <= end, end <= bytes.count else { return item.description }
            bytes.replaceSubrange(start..<end, with: Array("fileprivate".utf8))
        } else {
            var insertion = decl.positionAfterSkippingLeadingTrivia
            if let attributed = decl.asProtocol(WithAttributesSyntax.self), !attributed.attributes.isEmpty,
                let next = attributed.attributes.lastToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate)
            {
                insertion = next.positionAfterSkippingLeadingTrivia
            }
            // The token after the attributes may be the next item's when the declaration is incomplete: left as written.
            guard (0...bytes.count).contains(insertion.utf8Offset - base) else { return item.description }
            bytes.insert(contentsOf: Array("fileprivate ".utf8), at: insertion.utf8Offset - base)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension TokenKind {
    /// Whether the token is a name (`x`, `` `x` ``), not a keyword or punctuation.
    fileprivate var isIdentifierToken: Bool {
        if case .identifier = self { return true }
        return false
    }
}

/// The names top-level code refers to unqualified, as it runs (`logger` in
/// `logger.info()`, not `info`): the bodies of functions and types are
/// left out, since they run later, when called.
private final class ReferenceCollector: SyntaxVisitor {
    var names: Set<String> = []

    static func names(in code: String) -> Set<String> {
        guard let tree = SwiftSource.parse(code) else { return [] }
        let collector = ReferenceCollector(viewMode: .sourceAccurate)
        for item in tree.statements {
            if let decl = item.item.as(DeclSyntax.self), !decl.is(VariableDeclSyntax.self) { continue }
            collector.walk(item)
        }
        return collector.names
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id {
            names.insert(node.baseName.text)
        }
        return .visitChildren
    }
}
