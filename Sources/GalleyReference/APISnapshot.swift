import GalleyPackage

/// A package's public API at one version, as its symbol graphs declare it:
/// one entry per symbol that has a page in the reference, with its page's
/// address. Two snapshots give ``APIChanges``; a versioned site keeps one
/// per version beside its pages.
///
/// ```swift
/// let snapshot = APISnapshot(graphs: graphs, trees: SymbolPages.trees(for: graphs))
/// snapshot.entries.first?.url   // "documentation/shapes/rectangle/index.html"
/// ```
public struct APISnapshot: Codable, Sendable, Equatable {
    /// One public symbol.
    public struct Entry: Codable, Sendable, Equatable {
        /// The compiler's precise identifier (USR): what matches a symbol across versions.
        public var identifier: String
        /// The module that declares it.
        public var module: String
        /// Its path joined with dots (`Rectangle.area`).
        public var name: String
        /// Its kind as DocC names it (`Instance Property`).
        public var kind: String
        /// Its declaration as one line (`var area: Double { get }`).
        public var declaration: String
        /// Whether it is deprecated (in every version of some domain, or since a version).
        public var isDeprecated: Bool
        /// Its page, relative to the site's root.
        public var url: String

        /// An entry.
        public init(identifier: String, module: String, name: String, kind: String, declaration: String, isDeprecated: Bool, url: String) {
            self.identifier = identifier
            self.module = module
            self.name = name
            self.kind = kind
            self.declaration = declaration
            self.isDeprecated = isDeprecated
            self.url = url
        }
    }

    /// Every symbol with a page, by module and name.
    public var entries: [Entry]

    /// A snapshot of `entries`.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The symbols of `graphs` that have a page in `trees` (one tree per
    /// graph, ``SymbolPages/trees(for:folder:)``): extensions of other
    /// modules' types and symbols without a page are left out.
    public init(graphs: [ModuleSymbolGraph], trees: [DocCPages]) {
        var entries: [Entry] = []
        var seen: Set<String> = []
        for (graph, tree) in zip(graphs, trees) {
            for symbol in graph.symbols where symbol.kind != .extension {
                guard let path = tree.path(of: symbol.identifier), seen.insert(symbol.identifier).inserted else { continue }
                let deprecated = symbol.availability.contains { $0.isUnconditionallyDeprecated || $0.deprecated != nil }
                entries.append(
                    Entry(
                        identifier: symbol.identifier, module: graph.moduleName, name: symbol.qualifiedName, kind: symbol.kindDisplayName,
                        declaration: symbol.declaration, isDeprecated: deprecated, url: Self.url(ofPath: path)))
            }
        }
        self.entries = entries.sorted { ($0.module, $0.name, $0.identifier) < ($1.module, $1.name, $1.identifier) }
    }

    /// A reference page's address from its tree path (`/documentation/shapes/rectangle` → `documentation/shapes/rectangle/index.html`).
    static func url(ofPath path: String) -> String {
        let trimmed = path.split(separator: "/").joined(separator: "/")
        return trimmed.isEmpty ? "index.html" : trimmed + "/index.html"
    }
}
