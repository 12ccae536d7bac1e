import GalleyCore
import GalleyPackage
import GalleyProject

extension DocCPages {
    /// Places a graph's symbols in DocC's tree of pages, parents first.
    struct Tree {
        let graph: ModuleSymbolGraph
        /// The symbols that get a page, by identifier: not extension blocks, not re-exported ones.
        private var documented: [String: APISymbol] = [:]
        /// Each placed symbol's page.
        private var placed: [String: Int] = [:]
        /// Each extended module's page, and each extended type's by module and path.
        private var extendedModules: [String: Int] = [:]
        private var extendedTypes: [[String]: Int] = [:]

        init(graph: ModuleSymbolGraph) {
            self.graph = graph
            let shadowed = Self.shadowedCopies(in: graph)
            for symbol in graph.symbols where symbol.kind != .extension && documented[symbol.identifier] == nil {
                guard !shadowed.contains(symbol.identifier) else { continue }
                switch symbol.origin {
                case .main, .extension: documented[symbol.identifier] = symbol
                case .reexported: continue
                }
            }
        }

        /// Inherited copies (`…::SYNTHESIZED::…`) of a member that another
        /// copy at the same path of the same type shadows: the extracted graph
        /// has the standard library's `Collection.trimmingPrefix(while:)`
        /// (from `_StringProcessing`) beside the package's own, both naming the
        /// package's as their origin; the compiler's graph, which DocC reads,
        /// has only the copy whose origin it is.
        static func shadowedCopies(in graph: ModuleSymbolGraph) -> Set<String> {
            // Copies by type, path and the origin they name; a copy of another symbol (a default
            // implementation of a requirement names the requirement) is no shadow when none is its origin's own.
            var copies: [[String]: [(identifier: String, isOwnOrigin: Bool)]] = [:]
            for relationship in graph.relationships where relationship.kind == .memberOf {
                guard let marker = relationship.source.range(of: "::SYNTHESIZED::"), let origin = relationship.sourceOrigin,
                    let symbol = graph.symbol(withIdentifier: relationship.source)
                else { continue }
                let base = String(relationship.source[..<marker.lowerBound])
                copies[[relationship.target, origin.identifier] + symbol.pathComponents, default: []].append(
                    (relationship.source, origin.identifier == base))
            }
            var shadowed: Set<String> = []
            for group in copies.values where group.count > 1 && group.contains(where: \.isOwnOrigin) {
                shadowed.formUnion(group.filter { !$0.isOwnOrigin }.map(\.identifier))
            }
            return shadowed
        }

        mutating func place(into pages: inout DocCPages) {
            pages.defaultImplementations = Set(graph.relationships.filter { $0.kind == .defaultImplementationOf }.map(\.source))
            for symbol in graph.symbols where documented[symbol.identifier] != nil {
                _ = page(of: symbol, in: &pages, depth: 0)
            }
            // An extension block of a re-exported type has its page even when none of its members has one (DocC's too).
            for block in graph.symbols where block.kind == .extension {
                guard let extended = block.extensionContext?.extendedModule, extended != graph.moduleName,
                    let own = extendedOwnType(block)
                else { continue }
                _ = blockPage(block, beside: own, in: &pages, depth: 0)
            }
            addImplementations(to: &pages)
        }

        /// The page of `symbol`, placed (after its parent) the first time it is asked for.
        private mutating func page(of symbol: APISymbol, in pages: inout DocCPages, depth: Int) -> Int {
            if let index = placed[symbol.identifier] { return index }
            let parent = depth > 32 ? 0 : parentPage(of: symbol, in: &pages, depth: depth)
            let name = symbol.pathComponents.last ?? symbol.title
            let index = pages.add(.symbol(symbol), title: symbol.title, name: name, identifier: symbol.identifier, under: parent)
            placed[symbol.identifier] = index
            return index
        }

        /// Where `symbol` goes: under the type (or protocol, or extended type) it is a member of, else the module.
        private mutating func parentPage(of symbol: APISymbol, in pages: inout DocCPages, depth: Int) -> Int {
            let kinds: Set<RelationshipKind> = [.memberOf, .requirementOf, .optionalRequirementOf]
            let parentName = symbol.pathComponents.dropLast().last
            let targets = graph.relationships(from: symbol.identifier).filter { kinds.contains($0.kind) }.map(\.target)
            // The relationship to the parent its path names (a member of an extension is also a member of the extension block).
            let ordered = targets.sorted { first, _ in graph.symbol(withIdentifier: first).map { $0.pathComponents.last == parentName } ?? false }
            for target in ordered {
                if let block = graph.symbol(withIdentifier: target), block.kind == .extension {
                    if let own = extendedOwnType(block) {
                        // Another module's type that this one re-exports and extends (`@_exported import
                        // SystemPackage`, then `extension Errno`): DocC pages the extension block beside the
                        // type, each told apart by its kind (`errno-swift.struct`, `errno-swift.extension`).
                        if let extended = block.extensionContext?.extendedModule, extended != graph.moduleName {
                            return blockPage(block, beside: own, in: &pages, depth: depth)
                        }
                        return page(of: own, in: &pages, depth: depth + 1)
                    }
                    return extendedType(of: block, in: &pages)
                }
                if let parent = documented[target] { return page(of: parent, in: &pages, depth: depth + 1) }
            }
            // A default implementation that is no member of anything (`extension Real { var reciprocal }` for a
            // requirement of the protocol `Real` refines) sits beside its requirement, as DocC places it.
            for relationship in graph.relationships(from: symbol.identifier, kind: .defaultImplementationOf) {
                guard let requirement = documented[relationship.target], requirement.identifier != symbol.identifier else { continue }
                let requirementPage = page(of: requirement, in: &pages, depth: depth + 1)
                if let parent = pages.pages[requirementPage].parent { return parent }
            }
            guard let parentName else { return 0 }
            let path = Array(symbol.pathComponents.dropLast())
            if let parent = graph.symbols(atPath: path).first(where: { documented[$0.identifier] != nil }) {
                return page(of: parent, in: &pages, depth: depth + 1)
            }
            if let context = symbol.extensionContext, context.extendedModule != graph.moduleName {
                return extendedType(module: context.extendedModule, path: path, kind: nil, in: &pages)
            }
            return 0
        }

        /// The page of the extension block `block` of the re-exported type
        /// `type`: beside the type's own page, placed the first time it is asked for.
        private mutating func blockPage(_ block: APISymbol, beside type: APISymbol, in pages: inout DocCPages, depth: Int) -> Int {
            if let index = placed[block.identifier] { return index }
            let typePage = page(of: type, in: &pages, depth: depth + 1)
            let parent = pages.pages[typePage].parent ?? 0
            let name = type.pathComponents.last ?? type.title
            let index = pages.add(.symbol(block), title: type.title, name: name, identifier: block.identifier, under: parent)
            placed[block.identifier] = index
            return index
        }

        /// The module's own type an extension block extends, when it is the module's.
        private func extendedOwnType(_ block: APISymbol) -> APISymbol? {
            graph.relationships(from: block.identifier, kind: .extensionTo).lazy.compactMap { documented[$0.target] }.first
        }

        /// The extended type page of another module's type that `block` extends.
        private mutating func extendedType(of block: APISymbol, in pages: inout DocCPages) -> Int {
            let module = block.extensionContext?.extendedModule ?? "Swift"
            return extendedType(module: module, path: block.pathComponents, kind: block.extensionContext?.typeKind, in: &pages)
        }

        /// The page of the extended type at `path` of `module`, each outer level a page too.
        private mutating func extendedType(module: String, path: [String], kind: SymbolKind?, in pages: inout DocCPages) -> Int {
            let modulePage: Int
            if let known = extendedModules[module] {
                modulePage = known
            } else {
                modulePage = pages.add(.extendedModule(module), title: module, name: module, identifier: "s:m:" + module, under: 0)
                extendedModules[module] = modulePage
            }
            var parent = modulePage
            for level in path.indices {
                let key = [module] + path[...level]
                if let known = extendedTypes[key] {
                    parent = known
                    continue
                }
                let levelPath = Array(path[...level])
                parent = pages.add(
                    .extendedType(module: module, path: levelPath, kind: level == path.count - 1 ? kind : nil),
                    title: levelPath.joined(separator: "."),
                    name: path[level], identifier: "s:e:" + key.joined(separator: "."), under: parent)
                extendedTypes[key] = parent
            }
            return parent
        }

        /// One "Implementations" page per type and protocol whose members the type inherits.
        /// The inherited members are marked with their protocol (``DocCPages/Page/inheritedFrom``).
        private func addImplementations(to pages: inout DocCPages) {
            var providers: [Int: [String]] = [:]
            for relationship in graph.relationships where relationship.kind == .memberOf {
                guard let origin = relationship.sourceOrigin, let member = pages.page(of: relationship.source), let type = member.parent,
                    case .symbol(let symbol) = member.content, symbol.extensionContext != nil
                else { continue }
                let provider = providerName(origin, member: symbol.pathComponents.last ?? symbol.title)
                pages.markInherited(relationship.source, from: provider)
                if !(providers[type] ?? []).contains(provider) { providers[type, default: []].append(provider) }
            }
            for (type, names) in providers.sorted(by: { $0.key < $1.key }) {
                for name in names {
                    pages.add(
                        .implementations(protocolName: name), title: "\(name) Implementations", name: "\(name)-implementations",
                        identifier: "s:i:\(name)", under: type)
                }
            }
        }

        /// The protocol an inherited member comes from: its origin's parent when the graph has it, else the origin's name before the member's.
        private func providerName(_ origin: SymbolRelationship.SourceOrigin, member: String) -> String {
            if let symbol = graph.symbol(withIdentifier: origin.identifier), symbol.pathComponents.count > 1 {
                return symbol.pathComponents[symbol.pathComponents.count - 2]
            }
            // `Swift.Equatable.!=(_:_:)`: what is before the member's name, its last dotted part.
            let owner = origin.displayName.hasSuffix("." + member) ? String(origin.displayName.dropLast(member.count + 1)) : origin.displayName
            return owner.split(separator: ".").last.map(String.init) ?? owner
        }
    }
}
