import Foundation
import GalleyCore
import GalleyPackage

extension TypeSignature {
    /// The kinds whose signature search by type reads: functions, methods,
    /// operators, initializers, subscripts and properties.
    static let searchedKinds: Set<SymbolKind> = [
        .func, .method, .typeMethod, .operator, .`init`, .subscript, .typeSubscript, .property, .typeProperty, .var,
    ]

    /// The kinds that take their type as an input (an instance member is called on a value of it).
    static let instanceKinds: Set<SymbolKind> = [.method, .subscript, .property]

    /// The signature of `symbol`, a member of the type written `owner`
    /// (`Deque<Element>`; `nil` at the top level) whose generic parameters
    /// are `ownerGenerics`, or `nil` when it is of no kind search by type
    /// reads or its graph says too little.
    init?(_ symbol: APISymbol, owner: String?, ownerGenerics: [String] = []) {
        guard Self.searchedKinds.contains(symbol.kind) else { return nil }
        // A property's graph has no generics of its own: its type's are its.
        var generics = ownerGenerics
        for name in symbol.generics?.parameters.map(\.name) ?? [] where !generics.contains(name) { generics.append(name) }
        let receiver = Self.instanceKinds.contains(symbol.kind) ? owner.map { [$0] } ?? [] : []
        if symbol.kind == .property || symbol.kind == .typeProperty || symbol.kind == .var {
            guard let type = Self.propertyType(symbol.declaration) else { return nil }
            self.init(inputs: receiver, output: type, generics: generics)
            return
        }
        guard let signature = symbol.functionSignature else { return nil }
        var output = signature.returns.isEmpty ? "()" : signature.returns
        if symbol.kind == .`init` {
            guard let owner else { return nil }
            // `init?(…)` gives an optional, `init!(…)` one that is unwrapped where used.
            let declaration = symbol.declaration
            output = declaration.contains("init?(") || declaration.contains("init?<") ? owner + "?" : owner
        }
        self.init(inputs: receiver + signature.parameters, output: output, generics: generics)
    }

    /// A property's type from its declaration (`var count: Int { get }` → `Int`).
    static func propertyType(_ declaration: String) -> String? {
        guard let colon = declaration.firstIndex(of: ":") else { return nil }
        var type = Substring(declaration[declaration.index(after: colon)...])
        if let accessors = type.range(of: " {") { type = type[..<accessors.lowerBound] }
        if let value = type.range(of: " = ") { type = type[..<value.lowerBound] }
        let trimmed = type.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// How a value of the type `symbol` declares is written: its name in its
    /// module with its own generic parameters (`Deque<Element>`, `Deque.Iterator`).
    static func ownerType(_ symbol: APISymbol) -> String {
        let own = symbol.declarationFragments.filter { $0.kind == "genericParameter" }.map(\.spelling)
        return symbol.pathComponents.joined(separator: ".") + (own.isEmpty ? "" : "<" + own.joined(separator: ", ") + ">")
    }
}

extension DocCPages {
    /// The type a page's symbol is a member of, as a value of it is written
    /// (``TypeSignature/ownerType(_:)``), and its generic parameters: the
    /// nearest page above it that documents a type, or a type of another
    /// module it extends; `nil` at the top level.
    func owner(ofPage index: Int) -> (type: String, generics: [String])? {
        var parent = pages[index].parent
        while let current = parent {
            switch pages[current].content {
            case .symbol(let symbol): return (TypeSignature.ownerType(symbol), symbol.generics?.parameters.map(\.name) ?? [])
            case .extendedType(_, let path, _): return (path.joined(separator: "."), [])
            case .module, .extendedModule: return nil
            case .implementations: parent = pages[current].parent
            }
        }
        return nil
    }
}
