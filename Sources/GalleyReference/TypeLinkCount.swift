import GalleyPackage
import GalleyProject

/// How the types of other modules that the reference's declarations name
/// were shown: linked to their documentation (the standard library's and
/// Apple's on Apple's site, a dependency's at its resolved version, any
/// `external_docs:`), or as text where Galley cannot place them, by module,
/// for the build's summary. Nothing unplaced is guessed.
///
/// ```swift
/// let count = TypeLinkCount(trees: trees, external: external)
/// count.summary   // "types of other modules in declarations: 412 linked, 7 shown as text (C declarations 6, NIOCore 1)"
/// ```
public struct TypeLinkCount: Sendable, Equatable {
    /// Type names linked to another module's documentation.
    public var linked = 0
    /// Type names shown as text, by module (`C declarations` for a C type's).
    public var unplaced: [String: Int] = [:]

    /// No names counted.
    public init() {}

    /// The type names of other modules in the declarations of `trees`' symbol pages, as `external` places them.
    public init(trees: [DocCPages], external: ExternalDocumentation) {
        for tree in trees {
            for page in tree.pages {
                guard case .symbol(let symbol) = page.content else { continue }
                for fragment in symbol.declarationFragments where fragment.kind == "typeIdentifier" {
                    // A type of the site links to its own page; the counting is of the others.
                    guard let identifier = fragment.preciseIdentifier, !trees.contains(where: { $0.page(of: identifier) != nil }) else {
                        continue
                    }
                    if external.url(forTypeIdentifier: identifier, spelling: fragment.spelling) != nil {
                        linked += 1
                    } else {
                        let module = MangledTypeName(identifier)?.module ?? (identifier.hasPrefix("c:") ? "C declarations" : "unknown modules")
                        unplaced[module, default: 0] += 1
                    }
                }
            }
        }
    }

    /// `types of other modules in declarations: 412 linked, 7 shown as text (C declarations 6, NIOCore 1)`; `nil` when there are none.
    public var summary: String? {
        let shown = unplaced.values.reduce(0, +)
        guard linked + shown > 0 else { return nil }
        var text = "types of other modules in declarations: \(linked) linked"
        if shown > 0 {
            let modules = unplaced.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
            text += ", \(shown) shown as text (\(modules.joined(separator: ", ")))"
        }
        return text
    }
}
