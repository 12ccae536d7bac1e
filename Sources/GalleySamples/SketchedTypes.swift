import Foundation
import SwiftSyntax

/// Types a listing sketches: declared with protocols to conform to but
/// without any instance member (`struct Country: TableRecord,
/// FetchableRecord { }`, or only `static let author = belongsTo(…)`).
/// The reader is meant to imagine the rest; the compiler cannot, and says
/// the type does not conform — an omission like an elided body, not a
/// wrong statement about the library. So is a type whose body says it
/// leaves members out (`// ... implement all protocol requirements ...`).
package enum SketchedTypes {
    /// The names of the types `code` sketches, at any depth.
    package static func names(in code: String) -> Set<String> {
        guard code.contains("{"), let tree = SwiftSource.parse(code) else { return [] }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.names
    }

    /// Whether `code` declares `type` (or extends it) with a member that
    /// is code: a function, initializer, subscript or computed property.
    /// Such a type shows part of a conformance on purpose; one with stored
    /// properties only shows none of it.
    package static func implementsMembers(_ type: String, in code: String) -> Bool {
        guard code.contains(type), let tree = SwiftSource.parse(code) else { return false }
        for item in tree.statements {
            guard let decl = item.item.as(DeclSyntax.self) else { continue }
            let name: String?
            let members: MemberBlockSyntax?
            if let ext = decl.as(ExtensionDeclSyntax.self) {
                (name, members) = (ext.extendedType.trimmedDescription, ext.memberBlock)
            } else if let named = decl.asProtocol(NamedDeclSyntax.self), let group = decl.asProtocol(DeclGroupSyntax.self) {
                (name, members) = (named.name.text, group.memberBlock)
            } else {
                (name, members) = (nil, nil)
            }
            guard name == type, let members else { continue }
            for member in members.members {
                let decl = member.decl
                if decl.is(FunctionDeclSyntax.self) || decl.is(InitializerDeclSyntax.self) || decl.is(SubscriptDeclSyntax.self) { return true }
                if let variable = decl.as(VariableDeclSyntax.self), variable.bindings.contains(where: { $0.accessorBlock != nil }) { return true }
            }
        }
        return false
    }

    /// The lines (1-based, of `code`) where a closure starts whose body
    /// holds nothing but comments (`Parse {` … `}` with the parsers left out):
    /// the listing shows the shape of a call, and the types its body would
    /// give cannot be inferred from it.
    package static func emptyClosures(in code: String) -> Set<Int> {
        braceLines(in: code) { brace in
            guard brace.tokenKind == .leftBrace, let closure = brace.parent?.as(ClosureExprSyntax.self), closure.statements.isEmpty
            else { return nil }
            return closure.positionAfterSkippingLeadingTrivia
        }
    }

    /// The lines (1-based, of `code`) where a function, accessor or
    /// initializer ends whose body holds nothing but comments
    /// (`func listExecutables(_ arguments: [String]) -> [String] { // Generate
    /// the list }`): the listing shows its signature and leaves the body out,
    /// so a `missing return` there is no error of the docs.
    package static func bodiesLeftOut(in code: String) -> Set<Int> {
        braceLines(in: code) { brace in
            guard brace.tokenKind == .rightBrace, let block = brace.parent?.as(CodeBlockSyntax.self), block.statements.isEmpty,
                block.parent?.is(FunctionDeclSyntax.self) == true || block.parent?.is(AccessorDeclSyntax.self) == true
                    || block.parent?.is(InitializerDeclSyntax.self) == true
            else { return nil }
            return brace.positionAfterSkippingLeadingTrivia
        }
    }

    /// The lines (1-based, of `code`) of the positions `place` gives for
    /// its braces (`nil`: not one of those asked for).
    private static func braceLines(in code: String, place: (TokenSyntax) -> AbsolutePosition?) -> Set<Int> {
        guard code.contains("{"), let tree = SwiftSource.parse(code) else { return [] }
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var lines: Set<Int> = []
        for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .leftBrace || token.tokenKind == .rightBrace {
            if let position = place(token) { lines.insert(converter.location(for: position).line) }
        }
        return lines
    }

    /// The names of the types `code` declares with a comment that elides
    /// members (`// ...`, `// … other requirements`): a member they lack is
    /// one the listing leaves out.
    package static func elidedNames(in code: String) -> Set<String> {
        guard code.contains("{"), code.contains("..") || code.contains("…"), let tree = SwiftSource.parse(code) else { return [] }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.elided
    }

    /// Whether a member block holds a comment that starts or ends with `...`
    /// or `…` (a line's, or the block comment an elided member becomes).
    package static func elides(_ members: MemberBlockSyntax) -> Bool {
        for token in members.tokens(viewMode: .sourceAccurate) {
            for piece in token.leadingTrivia.pieces + token.trailingTrivia.pieces {
                let body: String
                switch piece {
                case .lineComment(let text): body = text.dropFirst(2).trimmingCharacters(in: .whitespaces)
                // `struct LoginState { … }`: the member elision Galley compiles as `/*…*/`.
                case .blockComment(let text): body = text.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces)
                default: continue
                }
                if body.hasPrefix("...") || body.hasPrefix("…") || body.hasSuffix("...") || body.hasSuffix("…") { return true }
            }
        }
        return false
    }

    private final class Finder: SyntaxAnyVisitor {
        var names: Set<String> = []
        var elided: Set<String> = []

        /// Structures, classes, enumerations and actors: the types a value is made of (not protocols, not extensions).
        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            if let type = node.asProtocol(DeclGroupSyntax.self), !node.is(ProtocolDeclSyntax.self),
                let name = node.asProtocol(NamedDeclSyntax.self)?.name
            {
                note(name, type.inheritanceClause, type.memberBlock)
            }
            return .visitChildren
        }

        private func note(_ name: TokenSyntax, _ inheritance: InheritanceClauseSyntax?, _ members: MemberBlockSyntax) {
            // `// ... implement all protocol requirements of Span ...`: members the listing says it leaves out.
            if SketchedTypes.elides(members) {
                names.insert(name.text)
                elided.insert(name.text)
                return
            }
            guard inheritance != nil else { return }
            let instanceMembers = members.members.filter { member in
                // Nested types and static members say nothing about an instance; an enum's cases do.
                if member.decl.is(StructDeclSyntax.self) || member.decl.is(ClassDeclSyntax.self) || member.decl.is(EnumDeclSyntax.self)
                    || member.decl.is(TypeAliasDeclSyntax.self)
                {
                    return false
                }
                let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers ?? []
                return !modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
            }
            if instanceMembers.isEmpty { names.insert(name.text) }
        }
    }
}
