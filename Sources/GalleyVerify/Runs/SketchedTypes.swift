import GalleySamples
import SwiftSyntax

/// Types a listing sketches: declared with protocols to conform to but
/// without any instance member (`struct Country: TableRecord,
/// FetchableRecord { }`, or only `static let author = belongsTo(…)`).
/// The reader is meant to imagine the rest; the compiler cannot, and says
/// the type does not conform — an omission like an elided body, not a
/// wrong statement about the library.
enum SketchedTypes {
    /// The names of the types `code` sketches, at any depth.
    static func names(in code: String) -> Set<String> {
        guard code.contains("{"), let tree = SwiftSource.parse(code) else { return [] }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.names
    }

    private final class Finder: SyntaxAnyVisitor {
        var names: Set<String> = []

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
