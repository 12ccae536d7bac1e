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
    /// A program of several samples (a group, a page) is what the author
    /// would write in one `main.swift`: every block's code at top level, in
    /// page order, with no access level changed, so that its types,
    /// functions and variables see each other. Only a block that declares a
    /// variable or function name again that an earlier block declared (`let z`
    /// in every block of an article) opens a scope nested in the one before
    /// (see ``scoped(_:)``), shadowing it instead of failing with "invalid
    /// redeclaration"; its types and extensions stay at file scope.
    package static func standaloneMain(_ program: SampleProgram) -> String {
        let library = needsParseAsLibrary(program)
        var text = prelude(of: program)
        text += library ? "" : "_galleySetUp()\n"
        guard !library, program.samples.count + program.context.count > 1 else {
            for sample in program.samples {
                text += directive(sample.page, sample.block.firstCodeLine) + sample.compiledCode
                text += "#sourceLocation()\n"
                if !library { text += "_galleyBoundary()\n" }
            }
            return text
        }
        var declarations = ""
        var body = ""
        var scopes = 0
        var declaredInScope: Set<String> = []
        for (index, sample) in (program.context + program.samples).enumerated() {
            let names = valueNames(sample.compiledCode)
            if !names.isDisjoint(with: declaredInScope) {
                body += "do {\n"
                scopes += 1
                declaredInScope = []
            }
            declaredInScope.formUnion(names)
            let part = split(
                sample.compiledCode, file: sample.page, firstLine: sample.block.firstCodeLine, hoistingFunctions: false, privatizing: false)
            if scopes == 0 {
                body += part.inOrder
            } else {
                declarations += part.declarations
                body += part.statements
            }
            // The context's output is not the program's: boundaries follow the program's own samples only.
            if index >= program.context.count { body += "_galleyBoundary()\n" }
        }
        return text + declarations + body + String(repeating: "}\n", count: scopes)
    }

    /// The names of the variables and functions `code` declares at top level.
    package static func valueNames(_ code: String) -> Set<String> {
        var names: Set<String> = []
        for item in SwiftSource.parse(code)?.statements ?? [] {
            if let variable = item.item.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    for token in binding.pattern.tokens(viewMode: .sourceAccurate) where token.tokenKind.isIdentifierToken {
                        names.insert(token.text)
                    }
                }
            } else if let function = item.item.as(FunctionDeclSyntax.self) {
                names.insert(function.name.text)
            }
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
        if !settings.prelude.isEmpty {
            let prelude = split(settings.prelude, file: settings.preludeSource, firstLine: 1)
            declarations += prelude.declarations
            bodies.append(prelude.statements)
        }
        for sample in program.samples {
            let part = split(sample.compiledCode, file: sample.page, firstLine: sample.block.firstCodeLine)
            declarations += part.declarations
            bodies.append(part.statements + "_galleyBoundary()\n")
        }
        let body = bodies.count > 1 ? (bodies.first ?? "") + scoped(Array(bodies.dropFirst())) : bodies.joined()
        return declarations + "@MainActor func _galleyProgram_\(index)() async throws {\n" + body + "}\n"
    }

    /// `code`'s top-level declarations (made `fileprivate` when
    /// `privatizing`, for the merged module where equal names of different
    /// programs must not clash), its statements (with `let`/`var`), and all
    /// of its items in order, each item after its source location.
    private static func split(
        _ code: String, file name: String, firstLine: Int, hoistingFunctions: Bool = true, privatizing: Bool = true
    ) -> (declarations: String, statements: String, inOrder: String) {
        var declarations = ""
        var statements = ""
        var inOrder = ""
        guard let file = SwiftSource.parse(code) else {
            let whole = directive(name, firstLine) + code + "\n#sourceLocation()\n"
            return ("", whole, whole)
        }
        let converter = SourceLocationConverter(fileName: name, tree: file)
        for item in file.statements {
            let start = converter.location(for: item.position)
            let line = firstLine + start.line - 1
            // An item after another on its line (`let a = 1; let b = a`) starts on a
            // line of its own here: spaces in place of what is before it keep its
            // columns (UTF-8, as the compiler counts them) those of the page.
            let indent = item.leadingTrivia.contains(where: \.isNewline) ? "" : String(repeating: " ", count: start.column - 1)
            let located = directive(name, line) + indent
            if let decl = item.item.as(DeclSyntax.self), isTopLevelDeclaration(decl),
                hoistingFunctions || !decl.is(FunctionDeclSyntax.self)
            {
                let text = located + (privatizing ? makeFilePrivate(item) : item.description) + "\n#sourceLocation()\n"
                declarations += text
                inOrder += text
            } else {
                let text = located + item.description + "\n#sourceLocation()\n"
                statements += text
                inOrder += text
            }
        }
        return (declarations, statements, inOrder)
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

    /// The program's prelude (`verify.prelude`) with its own source location, or `""`.
    package static func prelude(of program: SampleProgram) -> String {
        let settings = program.settings
        guard !settings.prelude.isEmpty else { return "" }
        return directive(settings.preludeSource, 1) + settings.prelude + "\n#sourceLocation()\n"
    }

    private static func directive(_ file: String, _ line: Int) -> String {
        let escaped = file.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\n#sourceLocation(file: \"\(escaped)\", line: \(line))\n"
    }

    /// Declarations that stay at file scope; `let`/`var` become locals of the program function.
    private static func isTopLevelDeclaration(_ decl: DeclSyntax) -> Bool {
        !decl.is(VariableDeclSyntax.self) && !decl.is(IfConfigDeclSyntax.self)
    }

    /// The item's text with `fileprivate` added (or replacing a wider access
    /// level) so that equal names in different samples never clash.
    private static func makeFilePrivate(_ item: CodeBlockItemSyntax) -> String {
        guard let decl = item.item.as(DeclSyntax.self),
            !decl.is(ImportDeclSyntax.self), !decl.is(OperatorDeclSyntax.self),
            !decl.is(PrecedenceGroupDeclSyntax.self), !decl.is(MacroDeclSyntax.self),
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
            bytes.replaceSubrange(start..<end, with: Array("fileprivate".utf8))
        } else {
            var insertion = decl.positionAfterSkippingLeadingTrivia
            if let attributed = decl.asProtocol(WithAttributesSyntax.self), !attributed.attributes.isEmpty,
                let next = attributed.attributes.lastToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate)
            {
                insertion = next.positionAfterSkippingLeadingTrivia
            }
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
