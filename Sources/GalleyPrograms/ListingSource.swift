import GalleySamples
import SwiftSyntax

/// An API listing (declarations without bodies) made into Swift that
/// compiles against the library it describes, so that the compiler, not
/// the spelling, says which declaration each one is: every member becomes a
/// member of an extension of the library's type (bodies `fatalError()`,
/// stored properties computed), so it is mangled exactly as the library's
/// declaration of the same signature is, but for the extension's module.
///
/// ```swift
/// let scaffold = ListingSource.scaffold("extension Logger {\n  public func trace(_ message: Message)\n}\n", imports: ["Logging"])
/// scaffold.text        // import Logging / extension Logger { public func trace(_ message: Message) { fatalError() } }
/// scaffold.lines[3]    // 2: the listing line the member on line 3 comes from
/// ```
package enum ListingSource {
    /// The compilable text and, for each of its lines (1-based) that holds a
    /// declaration, the listing line (1-based) the declaration starts on.
    package struct Scaffold: Sendable {
        package var text: String
        package var lines: [Int: Int]
    }

    /// The module the scaffold is compiled as; demangled names of its
    /// declarations start with it (or name it as their extension's module).
    package static let moduleName = "GalleyListing"

    /// The scaffold of `code`, importing `imports`, without the declarations
    /// that start on the listing lines `excluding` (ones that did not compile).
    package static func scaffold(_ code: String, imports: [String], excluding: Set<Int> = []) -> Scaffold {
        var builder = Builder()
        builder.excluded = excluding
        for module in imports { builder.append("import \(module)") }
        guard let tree = SwiftSource.parse(code) else { return Scaffold(text: builder.text, lines: [:]) }
        builder.converter = SourceLocationConverter(fileName: "", tree: tree)
        for item in tree.statements {
            guard let decl = item.item.as(DeclSyntax.self) else { continue }
            builder.add(topLevel: decl)
        }
        return Scaffold(text: builder.text, lines: builder.lines)
    }

    /// Writes the scaffold line by line.
    private struct Builder {
        var text = ""
        var lines: [Int: Int] = [:]
        var lineCount = 0
        var converter: SourceLocationConverter?
        var excluded: Set<Int> = []

        mutating func append(_ line: String, from decl: DeclSyntax? = nil) {
            if let decl, let converter, excluded.contains(converter.location(for: decl.positionAfterSkippingLeadingTrivia).line) { return }
            let added = line.split(separator: "\n", omittingEmptySubsequences: false).count
            if let decl, let converter {
                let listingLine = converter.location(for: decl.positionAfterSkippingLeadingTrivia).line
                for offset in 1...added { lines[lineCount + offset] = listingLine }
            }
            text += line + "\n"
            lineCount += added
        }

        mutating func add(topLevel decl: DeclSyntax) {
            if let ext = decl.as(ExtensionDeclSyntax.self) {
                let whereClause = ext.genericWhereClause.map { " " + $0.trimmedDescription } ?? ""
                addExtension(of: ext.extendedType.trimmedDescription, whereClause: whereClause, members: ext.memberBlock, isClass: false)
            } else if let named = decl.asProtocol(NamedDeclSyntax.self), let members = decl.asProtocol(DeclGroupSyntax.self)?.memberBlock,
                !decl.is(ProtocolDeclSyntax.self)
            {
                // `public struct Deque<Element> { … }` lists members of the library's type.
                addExtension(of: named.name.text, whereClause: "", members: members, isClass: decl.is(ClassDeclSyntax.self))
            } else if decl.is(ProtocolDeclSyntax.self) {
                append(Self.stripped(decl.trimmedDescription), from: decl)
            } else if let member = Self.member(decl) {
                append(member, from: decl)
            }
        }

        /// `isClass`: the listing declares the type a class, whose
        /// initializers in an extension must be `convenience` ones.
        mutating func addExtension(of type: String, whereClause: String, members: MemberBlockSyntax, isClass: Bool) {
            append("extension \(type)\(whereClause) {")
            var nested: [(String, MemberBlockSyntax, Bool)] = []
            for item in members.members {
                if let named = item.decl.asProtocol(NamedDeclSyntax.self), let inner = item.decl.asProtocol(DeclGroupSyntax.self)?.memberBlock,
                    !item.decl.is(ProtocolDeclSyntax.self)
                {
                    nested.append(("\(type).\(named.name.text)", inner, item.decl.is(ClassDeclSyntax.self)))
                } else if var member = Self.member(item.decl) {
                    if isClass, item.decl.is(InitializerDeclSyntax.self) {
                        member = member.replacingOccurrences(of: "required ", with: "")
                        if !member.contains("convenience ") { member = "convenience " + member }
                    }
                    append(member, from: item.decl)
                }
            }
            append("}")
            for (inner, members, isClass) in nested { addExtension(of: inner, whereClause: "", members: members, isClass: isClass) }
        }

        /// A declaration as a member that compiles in an extension, or `nil`
        /// for what an extension cannot hold and a listing does not claim
        /// as API (enum cases, associated types, type aliases).
        static func member(_ decl: DeclSyntax) -> String? {
            if let function = decl.as(FunctionDeclSyntax.self) {
                var function = function
                function.body = nil
                return stripped(function.trimmedDescription) + " { fatalError() }"
            }
            if let initializer = decl.as(InitializerDeclSyntax.self) {
                var initializer = initializer
                initializer.body = nil
                return stripped(initializer.trimmedDescription) + " { fatalError() }"
            }
            if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
                let settable = subscriptDecl.accessorBlock?.trimmedDescription.contains("set") ?? false
                var subscriptDecl = subscriptDecl
                subscriptDecl.accessorBlock = nil
                return stripped(subscriptDecl.trimmedDescription) + accessors(settable: settable)
            }
            if let variable = decl.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
                let type = binding.typeAnnotation
            {
                let settable =
                    variable.bindingSpecifier.tokenKind == .keyword(.var)
                    && (binding.accessorBlock.map { $0.trimmedDescription.contains("set") } ?? true)
                var modifiers = variable.modifiers.filter { !["lazy", "weak", "unowned"].contains($0.name.text) }.map(\.trimmedDescription)
                modifiers = modifiers.filter { !$0.hasPrefix("private(set)") && !$0.hasPrefix("internal(set)") }
                let attributes = variable.attributes.trimmedDescription
                let head = ([attributes] + modifiers).filter { !$0.isEmpty }.joined(separator: " ")
                return stripped((head.isEmpty ? "" : head + " ") + "var " + binding.pattern.trimmedDescription + type.trimmedDescription)
                    + accessors(settable: settable)
            }
            return nil
        }

        static func accessors(settable: Bool) -> String {
            settable ? " { get { fatalError() } set {} }" : " { fatalError() }"
        }

        /// `text` on one line, without attributes that need a body the
        /// scaffold does not have (`@inlinable` bodies are checked by the compiler).
        static func stripped(_ text: String) -> String {
            var result = text
            for attribute in ["@inlinable", "@inline(__always)", "@usableFromInline", "@_alwaysEmitIntoClient", "@_transparent"] {
                result = result.replacingOccurrences(of: attribute, with: "")
            }
            return result
        }
    }
}
