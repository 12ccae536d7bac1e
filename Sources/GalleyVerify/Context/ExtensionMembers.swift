import GalleySamples
import SwiftSyntax

/// The members the docs add to types in extensions, in any of their
/// listings (`extension DependencyValues { var apiClient: APIClient { … } }`
/// on one page, `$0.apiClient = .liveValue` on another). A listing that uses
/// such a member on a page that does not declare it needs that listing's
/// context, as it needs a type another page declares: the member's absence
/// is no error of the docs.
struct ExtensionMembers: Sendable {
    /// Member names by the extended type's name (without generic arguments).
    private(set) var byType: [String: Set<String>] = [:]
    /// The types the listings declare at top level, in any page.
    private(set) var types: Set<String> = []

    /// No members.
    init() {}

    /// The members the extensions of `samples` declare.
    init(samples: [Sample]) {
        for sample in samples
        where sample.compiledCode.contains("extension") || sample.compiledCode.contains("struct")
            || sample.compiledCode.contains("class") || sample.compiledCode.contains("enum")
        {
            guard let tree = SwiftSource.parse(sample.compiledCode) else { continue }
            for item in tree.statements {
                if let type = item.item.as(DeclSyntax.self)?.asProtocol(DeclGroupSyntax.self)?.asProtocol(NamedDeclSyntax.self) {
                    types.insert(type.name.text)
                }
                guard let ext = item.item.as(ExtensionDeclSyntax.self) else { continue }
                let type = Self.baseName(ext.extendedType.trimmedDescription)
                for member in ext.memberBlock.members {
                    byType[type, default: []].formUnion(Self.names(of: member.decl))
                }
            }
        }
    }

    /// Whether some listing's extension of `type` declares `member`.
    func declares(_ member: String, on type: String) -> Bool {
        byType[Self.baseName(type)]?.contains(member) == true
    }

    /// `Foo<Int>` → `Foo`, `Outer.Inner` → `Inner`, `Foo?` → `Foo`.
    static func baseName(_ type: String) -> String {
        let plain = type.prefix { $0 != "<" && $0 != "?" && $0 != "!" }
        return String(plain.split(separator: ".").last ?? plain)
    }

    private static func names(of decl: DeclSyntax) -> [String] {
        if let cases = decl.as(EnumCaseDeclSyntax.self) { return cases.elements.map(\.name.text) }
        return PageIsolation.names(of: decl)
    }
}
