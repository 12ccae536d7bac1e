import GalleyCore
import GalleyMarkdown
import GalleyPackage

/// The API reference of a package's modules: one page for every page DocC
/// makes from the symbol graph (``DocCPages``), at DocC's address
/// (`documentation/logging/logger/index.html`), so links into a site that
/// moved from DocC keep working.
///
/// A symbol's page is Markdown made from its graph — its declaration, its
/// doc comment as written, the protocols it conforms to, and its members in
/// groups by kind (DocC's automatic Topics) — rendered like every other
/// page: its symbol links resolve against the site, its code listings are
/// highlighted. Its title is the symbol link (`# ``Logging/Logger```), so
/// the catalogs' ``` ``Logger`` ``` links find it. The module's page is
/// listed in the navigation; the symbols' pages are reached from it.
///
/// ```swift
/// let pages = SymbolPages.pages(for: [graph])
/// pages.map(\.url)   // ["documentation/logging/index.html", "documentation/logging/logger/index.html", …]
/// ```
public enum SymbolPages {
    /// The reference pages of `graphs`' modules.
    public static func pages(for graphs: [ModuleSymbolGraph]) -> [Page] {
        let trees = graphs.map { DocCPages(graph: $0) }
        // A declaration's type of another module of the package links to its page too.
        let pageOf = { (identifier: String) in trees.lazy.compactMap { $0.page(of: identifier) }.first }
        return zip(graphs, trees).flatMap { graph, tree in
            tree.pages.indices.map { index in
                var page = page(tree, index, graph: graph)
                if case .symbol(let symbol) = tree.pages[index].content {
                    for fragment in symbol.declarationFragments where fragment.kind == "typeIdentifier" {
                        guard let identifier = fragment.preciseIdentifier, let target = pageOf(identifier), target.path != tree.pages[index].path
                        else { continue }
                        page.typeLinks[fragment.spelling] = url(target.path)
                    }
                }
                return page
            }
        }
    }

    /// Pages at the addresses DocC gives the articles of `pages`' catalogs
    /// (`documentation/logging/understandingloggers`), each sending the
    /// reader on to the article where the site has it.
    public static func articleRedirects(for pages: [Page]) -> [Page] {
        var seen: Set<String> = []
        return pages.compactMap { article in
            guard let module = article.catalogModule, article.document.symbolPath == nil, article.kind == .document else { return nil }
            let file = article.sourcePath.split(separator: "/").last.map { Page.stripMarkdownExtension(String($0)) } ?? article.sourcePath
            // DocC names an article by its file, each character a URL path may not hold turned into `-`.
            let path = "documentation/\(module)/\(DocCPages.fileName(file, replacement: "-"))".lowercased()
            guard seen.insert(path).inserted else { return nil }
            var page = Page(sourcePath: path + "/index.md", displayPath: path, frontMatter: FrontMatter(), document: MarkdownDocument(parsing: ""))
            page.kind = .redirect(to: article.url)
            page.url = url(path)
            page.title = article.title
            return page
        }
    }

    /// The URL of the page DocC puts at `path`.
    static func url(_ path: String) -> String {
        path + "/index.html"
    }

    private static func page(_ tree: DocCPages, _ index: Int, graph: ModuleSymbolGraph) -> Page {
        let entry = tree.pages[index]
        let url = url(entry.path)
        var markdown: String
        switch entry.content {
        case .module:
            markdown = "# \(tree.module)\n\nThe API of the \(tree.module) module.\n"
        case .symbol(let symbol):
            markdown = "# ``\(([tree.module] + symbol.pathComponents).joined(separator: "/"))``\n\n"
            markdown += "*\(symbol.kindDisplayName)*\n\n"
            markdown += documentation(symbol)
            markdown += relationships(of: symbol, in: graph, tree: tree, from: url)
        case .extendedModule(let module):
            markdown = "# \(module)\n\n*Extended Module*\n\nThe \(tree.module) module's extensions of \(module)'s types.\n"
        case .extendedType(let module, let path, _):
            markdown =
                "# \(path.joined(separator: "."))\n\n*Extended Type*\n\n\(tree.module)'s extensions of `\(module).\(path.joined(separator: "."))`.\n"
        case .implementations(let name):
            markdown = "# \(entry.title)\n\n*API Collection*\n\nMembers this type inherits from `\(name)`.\n"
        }
        markdown += topics(tree, index, from: url)
        let source = String(url.dropLast(".html".count)) + ".md"
        var page = Page(
            sourcePath: source, displayPath: "\(tree.module) API: \(entry.path)", frontMatter: FrontMatter(),
            document: MarkdownDocument(parsing: markdown))
        page.kind = entry.parent == nil ? .document : .reference
        page.url = url
        page.title = entry.title
        page.catalogModule = entry.parent == nil ? nil : tree.module
        return page
    }

    /// A symbol's abstract, declaration, deprecation, and its doc comment's
    /// callouts and discussion as DocC lays them out (Parameters, Return
    /// Value, Throws, Discussion).
    private static func documentation(_ symbol: APISymbol) -> String {
        let sections = DocCommentSections(symbol.docComment?.text ?? "")
        var markdown = sections.abstract.isEmpty ? "" : sections.abstract + "\n\n"
        if !symbol.declarationFragments.isEmpty { markdown += fenced(symbol.declaration) }
        if let availability = availability(symbol) { markdown += "**Availability:** \(availability)\n\n" }
        if let deprecated = deprecation(symbol) { markdown += "> Deprecated: \(deprecated)\n\n" }
        if !sections.parameters.isEmpty {
            markdown += "## Parameters\n\n"
            for parameter in sections.parameters {
                // The description's own lines stay in its list item.
                let text = parameter.text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
                markdown += "- `\(parameter.name)`: \(text)\n"
            }
            markdown += "\n"
        }
        if let returns = sections.returns { markdown += "## Return Value\n\n\(returns)\n\n" }
        if let throwsText = sections.throwsText { markdown += "## Throws\n\n\(throwsText)\n\n" }
        if !sections.discussion.isEmpty { markdown += "## Discussion\n\n\(sections.discussion)\n\n" }
        return markdown
    }

    /// A declaration as a Swift listing (a fence longer than any run of backticks in it).
    private static func fenced(_ code: String) -> String {
        var fence = "```"
        while code.contains(fence) { fence += "`" }
        return "\(fence)swift\n\(code)\n\(fence)\n\n"
    }

    /// The platforms and versions the symbol is available from, as DocC's
    /// badges list them (`iOS 13.0+, macOS 10.15+`), and where it is
    /// unavailable; `nil` when its availability names no platform.
    private static func availability(_ symbol: APISymbol) -> String? {
        let entries = symbol.availability.compactMap { entry -> String? in
            guard let domain = entry.domain, domain != "*" else { return nil }
            if entry.isUnconditionallyUnavailable { return "\(domain) unavailable" }
            guard let introduced = entry.introduced else { return nil }
            let version = "\(introduced.major).\(introduced.minor)" + (introduced.patch == 0 ? "" : ".\(introduced.patch)")
            let deprecated = entry.deprecated.map { "–\($0.major).\($0.minor)" + ($0.patch == 0 ? "" : ".\($0.patch)") + " (deprecated)" }
            return "\(domain) \(version)+" + (deprecated ?? "")
        }
        return entries.isEmpty ? nil : entries.sorted().joined(separator: ", ")
    }

    /// Where the documentation of another module's symbol is, for the
    /// modules whose documentation has a known address: the standard
    /// library's and Foundation's, on Apple's site (`Swift.Equatable` →
    /// `https://developer.apple.com/documentation/swift/equatable`).
    static func externalURL(_ qualifiedName: String) -> String? {
        let parts = qualifiedName.split(separator: ".").map(String.init)
        guard parts.count > 1, let module = ["Swift": "swift", "Foundation": "foundation"][parts[0]] else { return nil }
        return "https://developer.apple.com/documentation/\(module)/"
            + parts.dropFirst().map { DocCPages.fileName($0.lowercased()) }.joined(separator: "/")
    }

    /// What the symbol's availability says of its deprecation, if anything.
    private static func deprecation(_ symbol: APISymbol) -> String? {
        guard let entry = symbol.availability.first(where: { $0.isUnconditionallyDeprecated || $0.deprecated != nil }) else { return nil }
        let message = entry.message.map { " \($0)" } ?? ""
        if let renamed = entry.renamed { return "Use `\(renamed)` instead.\(message)" }
        return message.isEmpty ? "This declaration is deprecated." : String(message.dropFirst())
    }

    /// DocC's Relationships section: what the symbol inherits from and
    /// conforms to (its extensions' conformances too), and what inherits from
    /// it or conforms to it. A symbol of the module links to its page; another
    /// module's is named.
    private static func relationships(of symbol: APISymbol, in graph: ModuleSymbolGraph, tree: DocCPages, from url: String) -> String {
        // The extension blocks of the symbol add their conformances (`extension Box: Hashable`).
        let blocks = graph.relationships(to: symbol.identifier, kind: .extensionTo).map(\.source)
        let outgoing = ([symbol.identifier] + blocks).flatMap { graph.relationships(from: $0) }
        let incoming = graph.relationships(to: symbol.identifier)
        let sections: [(String, [String])] = [
            ("Inherits From", outgoing.filter { $0.kind == .inheritsFrom }.map(\.target)),
            ("Conforms To", outgoing.filter { $0.kind == .conformsTo }.map(\.target)),
            ("Inherited By", incoming.filter { $0.kind == .inheritsFrom }.map(\.source)),
            ("Conforming Types", incoming.filter { $0.kind == .conformsTo }.map(\.source)),
        ]
        let fallbacks = Dictionary((outgoing + incoming).compactMap { relation in relation.targetFallback.map { (relation.target, $0) } }) {
            first, _ in first
        }
        var text = ""
        for (title, identifiers) in sections {
            var seen: Set<String> = []
            let items = identifiers.filter { seen.insert($0).inserted }.compactMap { identifier -> String? in
                // A conformance stated on an extension block is the extended type's.
                let identifier =
                    graph.symbol(withIdentifier: identifier).flatMap {
                        $0.kind == .extension ? graph.relationships(from: $0.identifier, kind: .extensionTo).first?.target : nil
                    } ?? identifier
                if let page = tree.page(of: identifier) {
                    return "- [`\(page.title)`](<\(RelativeURL.from(url, to: Self.url(page.path)))>)"
                }
                return fallbacks[identifier].map { name in externalURL(name).map { "- [`\(name)`](\($0))" } ?? "- `\(name)`" }
            }
            guard !items.isEmpty else { continue }
            if text.isEmpty { text = "## Relationships\n\n" }
            text += "### \(title)\n\n" + items.joined(separator: "\n") + "\n\n"
        }
        return text
    }

    /// The page's children in DocC's automatic groups, each linked with its abstract.
    private static func topics(_ tree: DocCPages, _ index: Int, from url: String) -> String {
        var groups: [String: [Int]] = [:]
        let entry = tree.pages[index]
        // An Implementations collection lists what its type inherits from its protocol; the type lists its own members.
        let members: [Int]
        if case .implementations(let name) = entry.content, let type = entry.parent {
            members = tree.pages[type].children.filter { tree.pages[$0].inheritedFrom == name }
        } else {
            members = entry.children.filter { tree.pages[$0].inheritedFrom == nil }
        }
        for child in members { groups[group(of: tree.pages[child].content), default: []].append(child) }
        guard !groups.isEmpty else { return "" }
        var text = "## Topics\n\n"
        for name in groupOrder where groups[name] != nil {
            text += "### \(name)\n\n"
            for child in groups[name]! {
                let page = tree.pages[child]
                text += "- [`\(page.title)`](<\(RelativeURL.from(url, to: Self.url(page.path)))>)"
                if case .symbol(let symbol) = page.content, let abstract = abstract(of: symbol) { text += "\n\n  " + abstract }
                text += "\n"
            }
            text += "\n"
        }
        return text
    }

    /// The first paragraph of a symbol's doc comment (``DocCommentSections/abstract``), on one line.
    private static func abstract(of symbol: APISymbol) -> String? {
        guard let text = symbol.docComment?.text else { return nil }
        let abstract = DocCommentSections(text).abstract.replacingOccurrences(of: "\n", with: " ")
        return abstract.isEmpty ? nil : abstract
    }

    /// DocC's automatic groups, in its order.
    static let groupOrder = [
        "Initializers", "Instance Properties", "Instance Methods", "Subscripts", "Type Properties", "Type Methods", "Type Subscripts",
        "Operators", "Enumeration Cases", "Associated Types", "Type Aliases", "Structures", "Classes", "Actors", "Enumerations",
        "Protocols", "Functions", "Variables", "Macros", "Extended Modules", "Extended Types", "Default Implementations", "Other",
    ]

    private static func group(of content: DocCPages.Content) -> String {
        switch content {
        case .module: return "Other"
        case .extendedModule: return "Extended Modules"
        case .extendedType: return "Extended Types"
        case .implementations: return "Default Implementations"
        case .symbol(let symbol):
            let groups: [SymbolKind: String] = [
                .`init`: "Initializers", .property: "Instance Properties", .method: "Instance Methods", .subscript: "Subscripts",
                .typeProperty: "Type Properties", .typeMethod: "Type Methods", .typeSubscript: "Type Subscripts", .operator: "Operators",
                .case: "Enumeration Cases", .associatedType: "Associated Types", .typealias: "Type Aliases", .struct: "Structures",
                .class: "Classes", .enum: "Enumerations", .protocol: "Protocols", .func: "Functions", .var: "Variables", .macro: "Macros",
            ]
            if symbol.kind.rawValue == "actor" { return "Actors" }
            return groups[symbol.kind] ?? "Other"
        }
    }
}
