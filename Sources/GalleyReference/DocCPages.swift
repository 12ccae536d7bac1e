import GalleyCore
import GalleyMarkdown
import GalleyPackage
import GalleyProject

/// The reference pages DocC makes for one module, each at the path DocC
/// gives it (`documentation/logging/logger/init(label:factory:)-6iktu`),
/// so that a site that moves from DocC keeps every address.
///
/// The tree is DocC's: the module; each symbol under its parent (a
/// member under its type, a default implementation under its protocol,
/// one path component under the module); an extension of another
/// module's type under an *extended module* and *extended type* of its
/// own (`documentation/algorithms/swift/array/…`), dropped when nothing is
/// left under it; and for a type with inherited members, one
/// "Implementations" collection per protocol that gives them
/// (`…/logger/level/equatable-implementations`). Extension blocks get no page.
///
/// A path component is the symbol's name with every character a URL path
/// may not hold turned into `_` (`<(_:_:)` → `_(_:_:)`), and siblings whose
/// components collide (ignoring case) are told apart as DocC does: by
/// `-swift.<kind>` when the kind is theirs alone, else by a hash of the
/// symbol's identifier (``DocCPath/hash(_:)``), and a single favoured
/// one (declared, not inherited or a default implementation) keeps the
/// bare name. The rules, and how they were checked against `docc convert`,
/// are in `bench/docc-paths.md`.
///
/// ```swift
/// let pages = DocCPages(graph: logging)
/// pages.path(of: "s:7Logging10LogHandlerPAAE3log5eventyAA0B5EventV_tF")   // "documentation/logging/loghandler/log(event:)-17f2r"
/// ```
public struct DocCPages: Sendable {
    /// What a page documents.
    public enum Content: Sendable, Hashable {
        /// The module.
        case module
        /// A symbol of the graph.
        case symbol(APISymbol)
        /// The types of another module this one extends (`Swift`).
        case extendedModule(String)
        /// A type of another module this one extends, by its path in that module (`["Dictionary", "Keys"]`).
        case extendedType(module: String, path: [String], kind: SymbolKind?)
        /// The members a type inherits from one protocol (`Equatable Implementations`).
        case implementations(protocolName: String)
    }

    /// One page: what it documents, where, and its place in the tree.
    public struct Page: Sendable {
        /// What it documents.
        public var content: Content
        /// Its title: the symbol's name, the module's, `Equatable Implementations`.
        public var title: String
        /// Its path as DocC writes it, lowercased, without a leading `/` (`documentation/logging/logger`).
        public var path: String
        /// Its parent page's index in ``DocCPages/pages``; `nil` for the module.
        public var parent: Int?
        /// Its children's indices, in graph order.
        public var children: [Int] = []
        /// For a member the type inherits (a default implementation of a
        /// protocol it conforms to), the protocol's name: DocC lists it in
        /// that protocol's "Implementations" collection, not with the type's own.
        public var inheritedFrom: String?
        /// The identifier its collisions are hashed from (a symbol's precise identifier).
        var identifier: String
        /// The name its path component is made from.
        var name: String
    }

    /// The module's name.
    public var module: String
    /// How many path components the folder the pages are in has (`documentation`: 1).
    public private(set) var folderDepth = 1
    /// Every page, the module's first.
    public private(set) var pages: [Page] = []
    /// Each symbol's page, by its precise identifier.
    private var bySymbol: [String: Int] = [:]

    /// The pages of `graph`'s module, under `folder` (DocC's `documentation`,
    /// or another folder of the site: the paths under it are DocC's).
    public init(graph: ModuleSymbolGraph, folder: String = "documentation") {
        module = graph.moduleName
        folderDepth = folder.split(separator: "/").count
        pages = [Page(content: .module, title: module, path: "", parent: nil, identifier: module, name: module)]
        var tree = Tree(graph: graph)
        tree.place(into: &self)
        pruneEmptyExtensions()
        disambiguateAndName(0, parentPath: "/documentation/" + module, folder: folder)
    }

    /// The page of the symbol whose precise identifier is `identifier`, if it has one.
    public func page(of identifier: String) -> Page? {
        bySymbol[identifier].map { pages[$0] }
    }

    /// The path of the symbol whose precise identifier is `identifier`, if it has a page.
    public func path(of identifier: String) -> String? {
        page(of: identifier)?.path
    }

    /// The same pages with the symbols of `symbols` (by identifier; their
    /// paths unchanged, a doc comment edited) in their places.
    public func replacingSymbols(_ symbols: [String: APISymbol]) -> DocCPages {
        var tree = self
        for (identifier, symbol) in symbols {
            guard let index = bySymbol[identifier], case .symbol(let old) = pages[index].content, old.pathComponents == symbol.pathComponents
            else { continue }
            tree.pages[index].content = .symbol(symbol)
        }
        return tree
    }

    /// Adds a page under `parent` and returns its index.
    @discardableResult
    mutating func add(_ content: Content, title: String, name: String, identifier: String, under parent: Int) -> Int {
        pages.append(Page(content: content, title: title, path: "", parent: parent, identifier: identifier, name: name))
        let index = pages.count - 1
        pages[parent].children.append(index)
        if case .symbol(let symbol) = content { bySymbol[symbol.identifier] = index }
        return index
    }

    /// Marks the page of the symbol `identifier` as inherited from `provider`.
    mutating func markInherited(_ identifier: String, from provider: String) {
        if let index = bySymbol[identifier] { pages[index].inheritedFrom = provider }
    }

    /// Removes the extended types and modules with no page under them, keeping every other index valid.
    mutating func pruneEmptyExtensions() {
        var removed: Set<Int> = []
        // Children come after their parents: from the end, a childless extended page goes first, then its parent.
        for index in pages.indices.reversed() {
            switch pages[index].content {
            case .extendedModule, .extendedType:
                if pages[index].children.allSatisfy(removed.contains) { removed.insert(index) }
            default:
                break
            }
        }
        guard !removed.isEmpty else { return }
        var newIndex: [Int: Int] = [:]
        var kept: [Page] = []
        for (index, page) in pages.enumerated() where !removed.contains(index) {
            newIndex[index] = kept.count
            kept.append(page)
        }
        for index in kept.indices {
            kept[index].parent = kept[index].parent.flatMap { newIndex[$0] }
            kept[index].children = kept[index].children.compactMap { newIndex[$0] }
        }
        pages = kept
        bySymbol = bySymbol.compactMapValues { newIndex[$0] }
    }

    /// Gives `index`'s children their path components, told apart where they collide, then theirs.
    /// `parentPath` is DocC's (`/documentation/…`), written under `folder`; a
    /// component or a path too long for a file system is shortened as DocC
    /// shortens it (``DocCPath/shortened(component:)``), so that DocC's URLs still lead to the page.
    private mutating func disambiguateAndName(_ index: Int, parentPath: String, folder: String) {
        pages[index].path = (folder + DocCPath.shortened(path: parentPath).dropFirst("/documentation".count)).lowercased()
        var groups: [String: [Int]] = [:]
        for child in pages[index].children where !isImplementations(child) {
            groups[DocCPath.fileName(pages[child].name.lowercased()), default: []].append(child)
        }
        for child in pages[index].children {
            var component = DocCPath.fileName(pages[child].name)
            if let group = groups[DocCPath.fileName(pages[child].name.lowercased())], group.count > 1 {
                component += suffix(of: child, in: group)
            }
            if component.hasPrefix(".") { component = "'" + component }
            component = DocCPath.shortened(component: component)
            disambiguateAndName(child, parentPath: parentPath + "/" + component, folder: folder)
        }
    }

    private func isImplementations(_ index: Int) -> Bool {
        if case .implementations = pages[index].content { return true }
        return false
    }

    /// The suffix DocC gives `index` among the colliding `group`.
    private func suffix(of index: Int, in group: [Int]) -> String {
        let favoured = group.filter(isFavoured)
        if favoured == [index] { return "" }
        let kind = kindName(index)
        if group.count(where: { kindName($0) == kind }) == 1 { return "-swift." + kind }
        return "-" + DocCPath.hash(pages[index].identifier)
    }

    /// Declared here: not a copy of an inherited member, not a default implementation.
    private func isFavoured(_ index: Int) -> Bool {
        guard case .symbol(let symbol) = pages[index].content else { return true }
        return !symbol.identifier.contains("::SYNTHESIZED::") && !defaultImplementations.contains(symbol.identifier)
    }

    /// The symbols that are the source of a `defaultImplementationOf` relationship.
    var defaultImplementations: Set<String> = []

    /// Whether the symbol `identifier` is a default implementation of a protocol requirement.
    public func isDefaultImplementation(_ identifier: String) -> Bool {
        defaultImplementations.contains(identifier)
    }

    /// The kind DocC names a page by in a suffix (`struct`, `type.property`, `struct.extension`).
    private func kindName(_ index: Int) -> String {
        switch pages[index].content {
        case .symbol(let symbol): symbol.kind.rawValue
        case .extendedType(_, _, let kind): (kind?.rawValue ?? "unknown") + ".extension"
        case .extendedModule: "module.extension"
        case .module: "module"
        case .implementations: "collection"
        }
    }
}
