import GalleyCore
import GalleyPackage
import GalleyProject

/// The API reference in the sidebar: under each module's page, the
/// module's top-level symbols in DocC's groups (Structures, Protocols, …,
/// Extended Modules), so that a module of hundreds of symbols is a few
/// collapsible groups, each symbol one link.
///
/// ```swift
/// let reference = ReferenceNavigation(pages: navigation.pages + navigation.unlisted)
/// reference.groups(under: "documentation/dequemodule/index.html")
/// // [Group(title: "Structures", links: [Link(title: "Deque", url: "documentation/dequemodule/deque/index.html")])]
/// ```
public struct ReferenceNavigation: Sendable {
    /// A symbol's link.
    public struct Link: Sendable, Hashable {
        /// Its name.
        public var title: String
        /// Its page.
        public var url: String
    }

    /// One of DocC's groups of a module's top-level symbols.
    public struct Group: Sendable, Hashable {
        /// Its title (`Structures`).
        public var title: String
        /// Its symbols, by name.
        public var links: [Link]
    }

    /// Each module page's groups, by the page's URL.
    private var groupsByModule: [String: [Group]] = [:]

    /// The groups of the modules of `pages`: a module's page is a page of the
    /// reference whose path is the module alone, its top-level symbols the
    /// reference's pages one level below (a catalog's extension file in a
    /// symbol's place counts as the symbol's page).
    public init(pages: [Page]) {
        var modules: [String: String] = [:]
        for page in pages {
            if let path = page.referencePath, !path.contains("/"), !page.isSymbolPage { modules[path] = page.url }
        }
        guard !modules.isEmpty else { return }
        var grouped: [String: [String: [Link]]] = [:]
        for page in pages {
            guard let path = page.referencePath, let slash = path.firstIndex(of: "/"), !path[path.index(after: slash)...].contains("/"),
                let module = modules[String(path[..<slash])]
            else { continue }
            let title: String
            if let parts = page.symbolParts ?? page.referenceFrame?.symbol {
                guard !parts.isInheritedCopy else { continue }
                title = parts.topicGroup
            } else if page.isSymbolPage {
                title = "Extended Modules"
            } else {
                continue
            }
            grouped[module, default: [:]][title, default: []].append(Link(title: page.title, url: page.url))
        }
        for (module, groups) in grouped {
            groupsByModule[module] = SymbolPages.groupOrder.compactMap { title in
                groups[title].map { Group(title: title, links: $0.sorted { $0.title.lowercased() < $1.title.lowercased() }) }
            }
        }
    }

    /// The groups under the module page at `url`, none for any other page.
    public func groups(under url: String) -> [Group] {
        groupsByModule[url] ?? []
    }

    /// Whether any module has groups.
    public var isEmpty: Bool { groupsByModule.isEmpty }
}
