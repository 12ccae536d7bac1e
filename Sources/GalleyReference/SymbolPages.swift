import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyPackage
import GalleyProject

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
    /// Where a reference page links its declaration's line: the
    /// `source_url` prefix, and the package root the files' paths are made
    /// relative to.
    public struct SourceLinks: Sendable {
        /// The prefix (`https://github.com/org/repo/blob/<commit>/`).
        public var prefix: String
        /// The package root's path.
        public var root: String

        /// Links made of `prefix` and each file's path relative to `root`.
        public init(prefix: String, root: String) {
            self.prefix = prefix
            self.root = root
        }

        /// The link to `line` of the file at `path`, or `nil` for a file outside the package.
        func url(path: String, line: Int) -> String? {
            let folder = root.hasSuffix("/") ? root : root + "/"
            guard path.hasPrefix(folder) else { return nil }
            let relative = path.dropFirst(folder.count).split(separator: "/").map {
                String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
            }
            return prefix + relative.joined(separator: "/") + "#L\(line)"
        }
    }

    /// What making one module's pages needs of the others and of the site.
    struct Context {
        let graph: ModuleSymbolGraph
        let tree: DocCPages
        /// The documented modules' names.
        let modules: Set<String>
        let sourceLinks: SourceLinks?
        let external: ExternalDocumentation
        /// The package root's real path: doc comments' files are named relative to it.
        let root: String?
        /// The page of a symbol of any documented module, by its precise identifier.
        let pageOf: (String) -> DocCPages.Page?

        /// `path` relative to ``root`` when it is in it (by their real paths), else as it is.
        func relativePath(_ path: String) -> String {
            guard let root else { return path }
            let real = RealPath.of(path) ?? path
            return real.hasPrefix(root + "/") ? String(real.dropFirst(root.count + 1)) : path
        }

        /// Where a symbol of another module is documented: its page here,
        /// else the page of its module's documentation (`Swift.Equatable`).
        func url(ofSymbol identifier: String, qualifiedName: String?) -> String? {
            if let page = pageOf(identifier) { return SymbolPages.url(page.path) }
            guard let parts = qualifiedName?.split(separator: ".").map(String.init), parts.count > 1 else { return nil }
            return external.url(module: parts[0], path: Array(parts.dropFirst()))
        }
    }

    /// The reference pages of `graphs`' modules; with `sourceLinks`, each
    /// symbol's page links its declaration's line; a symbol of a module
    /// outside the site links to its documentation where `external` knows it.
    /// A doc comment's file is named relative to `root` (the package root's
    /// real path), as its listings' verdicts are (``SymbolPageParts/comment``).
    /// The pages are in `folder` (`reference_path:`), each at DocC's path under it.
    ///
    /// `trees` are the graphs' ``DocCPages`` when already made
    /// (``trees(for:folder:)``). With `identifiers`, only the pages of those
    /// symbols are made, and those of the parents of `parentsOf`'s (whose
    /// Topics show their abstracts): a doc comment's edit.
    public static func pages(
        for graphs: [ModuleSymbolGraph], trees: [DocCPages]? = nil, sourceLinks: SourceLinks? = nil,
        external: ExternalDocumentation = ExternalDocumentation(), root: String? = nil, folder: String = "documentation",
        only identifiers: Set<String>? = nil, parentsOf: Set<String> = []
    ) -> [Page] {
        // Each module's tree and pages are made on all cores.
        let trees = trees ?? Self.trees(for: graphs, folder: folder)
        let modules = Set(graphs.map(\.moduleName))
        // A declaration's type of another module of the package links to its page too.
        let pageOf = { @Sendable (identifier: String) in trees.lazy.compactMap { $0.page(of: identifier) }.first }
        return Concurrently.map(Array(zip(graphs, trees))) { graph, tree in
            let context = Context(
                graph: graph, tree: tree, modules: modules, sourceLinks: sourceLinks, external: external, root: root, pageOf: pageOf)
            // A type's link and popover, made once per module for all the declarations that name it.
            var links: [String: TypeLink?] = [:]
            func link(_ identifier: String, spelling: String) -> TypeLink? {
                if let known = links[identifier] { return known }
                var made: TypeLink?
                if let target = pageOf(identifier) {
                    made = TypeLink(url: url(target.path))
                    if case .symbol(let symbol) = target.content {
                        made?.declaration = symbol.declaration
                        let abstract = symbol.docComment.map { DocCommentSections($0.text).abstract.replacingOccurrences(of: "\n", with: " ") }
                        made?.abstract = abstract?.isEmpty == false ? abstract : nil
                    }
                } else if let outside = external.url(forTypeIdentifier: identifier, spelling: spelling) {
                    made = TypeLink(url: outside)
                }
                links[identifier] = made
                return made
            }
            let named = { (index: Int, set: Set<String>) -> Bool in
                if case .symbol(let symbol) = tree.pages[index].content { return set.contains(symbol.identifier) }
                return false
            }
            let indices = identifiers.map { wanted in
                tree.pages.indices.filter { index in
                    named(index, wanted) || (!parentsOf.isEmpty && tree.pages[index].children.contains { named($0, parentsOf) })
                }
            }
            return (indices ?? Array(tree.pages.indices)).map { index in
                var page = page(index, context)
                if case .symbol(let symbol) = tree.pages[index].content {
                    for fragment in symbol.declarationFragments where fragment.kind == "typeIdentifier" {
                        guard let identifier = fragment.preciseIdentifier, let target = link(identifier, spelling: fragment.spelling),
                            target.url != url(tree.pages[index].path)
                        else { continue }
                        page.updateReference { $0.typeLinks[fragment.spelling] = target }
                    }
                }
                return page
            }
        }.flatMap { $0 }
    }

    /// Each graph's pages, as DocC lays them out under `folder`, made on all cores.
    public static func trees(for graphs: [ModuleSymbolGraph], folder: String = "documentation") -> [DocCPages] {
        Concurrently.map(graphs) { DocCPages(graph: $0, folder: folder) }
    }

    /// Pages at the addresses DocC gives the articles of `pages`' catalogs
    /// (`documentation/logging/understandingloggers`), each sending the
    /// reader on to the article where the site has it.
    public static func articleRedirects(for pages: [Page]) -> [Page] {
        var seen: Set<String> = []
        return pages.compactMap { article in
            guard let module = article.catalogModule, article.document.symbolPath == nil, article.isDocument else { return nil }
            let file = article.sourcePath.split(separator: "/").last.map { Page.stripMarkdownExtension(String($0)) } ?? article.sourcePath
            // DocC names an article by its file, each character a URL path may not hold turned into `-`.
            let path = "documentation/\(module)/\(DocCPath.fileName(file, replacement: "-"))".lowercased()
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

    private static func page(_ index: Int, _ context: Context) -> Page {
        let (tree, graph, modules) = (context.tree, context.graph, context.modules)
        let entry = tree.pages[index]
        let url = url(entry.path)
        var markdown: String
        var parts: SymbolPageParts?
        switch entry.content {
        case .module:
            markdown = "# \(tree.module)\n\nThe API of the \(tree.module) module.\n"
        case .symbol(let symbol):
            markdown = "# ``\(([tree.module] + symbol.pathComponents).joined(separator: "/"))``\n\n"
            let documented = symbolParts(symbol, index: index, context, url: url)
            markdown += documented.lead(withDocComment: true)
            parts = documented
        case .extendedModule(let module):
            markdown = "# \(module)\n\n*Extended Module*\n\nThe \(tree.module) module's extensions of \(module)'s types.\n"
        case .extendedType(let module, let path, _):
            markdown =
                "# \(path.joined(separator: "."))\n\n*Extended Type*\n\n\(tree.module)'s extensions of `\(module).\(path.joined(separator: "."))`.\n"
        case .implementations(let name):
            markdown = "# \(entry.title)\n\n*API Collection*\n\nMembers this type inherits from `\(name)`.\n"
        }
        // DocC's order: the lead, the Topics, then the Relationships.
        markdown +=
            parts.map { $0.topicsMarkdown(excluding: [], withHeading: true) + $0.relationships }
            ?? SymbolPageParts.topicsMarkdown(topics(tree, index, from: url, graph: graph, modules: modules))
        let source = String(url.dropLast(".html".count)) + ".md"
        let document = MarkdownDocument(parsing: markdown)
        // Thousands of pages wait for the whole site before they are rendered: none holds its tree meanwhile.
        document.releaseParsedTree()
        var page = Page(
            sourcePath: source, displayPath: "\(tree.module) API: \(entry.path)", frontMatter: FrontMatter(), document: document)
        page.kind = .reference(
            ReferencePage(
                path: entry.path.split(separator: "/").dropFirst(tree.folderDepth).joined(separator: "/"), parts: parts,
                isModule: entry.parent == nil))
        page.url = url
        page.title = entry.title
        page.catalogModule = entry.parent == nil ? nil : tree.module
        return page
    }

    /// A symbol's abstract, declaration, deprecation, and its doc comment's
    /// callouts and discussion as DocC lays them out (Parameters, Return
    /// Value, Throws, Discussion); and the same without the doc comment.
    ///
    /// A doc comment the symbol inherits from another package's protocol
    /// (the standard library's `Equatable.!=(_:_:)`) is not shown, as DocC
    /// does not: the abstract says where it is inherited from.
    ///
    /// The discussion's `## Topics` section (to the next heading of level 2)
    /// is returned apart, its heading left out: DocC shows it as the page's
    /// Topics, not in the discussion.
    static func documentation(
        _ symbol: APISymbol, in graph: ModuleSymbolGraph, modules: Set<String>, sourceLinks: SourceLinks?
    ) -> (SymbolPageParts.Documentation, topics: String?) {
        var sections = DocCommentSections(shownComment(of: symbol, in: graph, modules: modules))
        let topics = splittingTopics(&sections.discussion)
        var declaration = symbol.declarationFragments.isEmpty ? "" : fenced(symbol.declaration)
        if let location = symbol.location, let path = location.filePath,
            let link = sourceLinks?.url(path: path, line: location.position.line + 1)
        {
            let file = path.split(separator: "/").last.map(String.init) ?? path
            declaration += "Declared in [\(file):\(location.position.line + 1)](<\(link)>)\n\n"
        }
        if let availability = availability(symbol) { declaration += "**Availability:** \(availability)\n\n" }
        if let deprecated = deprecation(symbol) { declaration += "> Deprecated: \(deprecated)\n\n" }
        var markdown = sections.abstract.isEmpty ? "" : sections.abstract + "\n\n"
        markdown += declaration
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
        if !sections.discussion.isEmpty { markdown += "## Discussion\n\n\(DocCommentSections.fencingIndentedListings(sections.discussion))\n\n" }
        return (.init(full: markdown, declarationOnly: declaration), topics)
    }

    /// Takes the `## Topics` section (its heading to the next heading of
    /// level 1 or 2, code blocks passed over) out of `discussion` and returns
    /// its body; `nil` when there is none.
    static func splittingTopics(_ discussion: inout String) -> String? {
        var lines = discussion.split(separator: "\n", omittingEmptySubsequences: false)
        var fence: Substring?
        var start: Int?
        var end = lines.count
        for (number, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first || $0 == " " }) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix { $0 == trimmed.first }
                continue
            }
            // A heading is indented at most three spaces (four make an indented code block).
            let level = trimmed.prefix { $0 == "#" }.count
            guard line.count - trimmed.count <= 3, level == 1 || level == 2, trimmed.dropFirst(level).first == " " else { continue }
            if start == nil {
                if level == 2, trimmed.dropFirst(level).trimmingCharacters(in: .whitespaces) == "Topics" { start = number }
            } else {
                end = number
                break
            }
        }
        guard let start else { return nil }
        let body = lines[(start + 1)..<end].joined(separator: "\n").trimmingCharacters(in: .newlines)
        lines.removeSubrange(start..<end)
        discussion = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return body.isEmpty ? nil : body + "\n\n"
    }

    /// The doc comment's Topics (`topics`) as the page shows them: each list
    /// item that is only a symbol link to a member of the symbol
    /// (`` - ``read(_:)`` ``, or the member's path from the module or the
    /// symbol) becomes the member's entry of the automatic groups (`entries`:
    /// its link and abstract); and the URLs of the members so curated.
    /// A link to anything else is left as written, for the site's link
    /// resolver.
    static func curating(
        _ topics: String, of symbol: APISymbol, tree: DocCPages, index: Int, entries: [SymbolPageParts.TopicEntry]
    ) -> (text: String, curated: Set<String>) {
        let byURL = Dictionary(entries.map { ($0.url, $0.item) }) { first, _ in first }
        // By title as written: ``sqliteConnection`` is not ``SQLiteConnection`` (the module's type alias).
        var byTitle: [String: [String]] = [:]
        var byFile: [String: String] = [:]
        for child in tree.pages[index].children {
            let page = tree.pages[child]
            let url = url(page.path)
            byTitle[page.title, default: []].append(url)
            if let file = page.path.split(separator: "/").last { byFile[String(file)] = url }
        }
        let own = ([tree.module] + symbol.pathComponents).map { $0.lowercased() }
        var curated: Set<String> = []
        var text = ""
        for line in topics.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("- ``"), trimmed.hasSuffix("``"), trimmed.count > 6 else {
                text += line + "\n"
                continue
            }
            let path = String(trimmed.dropFirst(4).dropLast(2))
            var written = SymbolLink.writtenComponents(path)
            // ``Module/Type/member``, ``Type/member`` or ``member``: the member's name under this symbol.
            for prefixLength in stride(from: own.count, through: 1, by: -1) {
                let prefix = own.suffix(prefixLength)
                if written.count > prefix.count, zip(written, prefix).allSatisfy({ SymbolLink.components($0.0).first?.lowercased() == $0.1 }) {
                    written.removeFirst(prefix.count)
                    break
                }
            }
            var urls: [String] = []
            if written.count == 1, let name = written.first, let title = SymbolLink.components(name).first {
                // A disambiguated name (`read(_:)-3fqy1`, `id-swift.property`) is the member's path component.
                if title != name, let exact = byFile[DocCPath.fileName(name.lowercased())] {
                    urls = [exact]
                } else {
                    // The members the Topics list (a requirement, not its default implementation beside it).
                    urls = (byTitle[title] ?? []).filter { byURL[$0] != nil }
                }
            }
            let items = urls.compactMap { byURL[$0] }
            guard !items.isEmpty, items.count == urls.count else {
                text += line + "\n"
                continue
            }
            curated.formUnion(urls)
            text += items.joined()
        }
        return (text.trimmingCharacters(in: .newlines) + "\n\n", curated)
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

    /// What the symbol's availability says of its deprecation, if anything.
    private static func deprecation(_ symbol: APISymbol) -> String? {
        guard let entry = symbol.availability.first(where: { $0.isUnconditionallyDeprecated || $0.deprecated != nil }) else { return nil }
        let message = entry.message.map { " \($0)" } ?? ""
        if let renamed = entry.renamed { return "Use `\(renamed)` instead.\(message)" }
        return message.isEmpty ? "This declaration is deprecated." : String(message.dropFirst())
    }

    /// The page's children in DocC's automatic groups, each linked with its abstract.
    static func topics(
        _ tree: DocCPages, _ index: Int, from url: String, graph: ModuleSymbolGraph, modules: Set<String>
    ) -> [SymbolPageParts.TopicGroup] {
        var groups: [String: [Int]] = [:]
        let entry = tree.pages[index]
        // An Implementations collection lists what its type inherits from its protocol; the type lists its own members.
        let members: [Int]
        if case .implementations(let name) = entry.content, let type = entry.parent {
            members = tree.pages[type].children.filter { tree.pages[$0].inheritedFrom == name }
        } else {
            // A protocol's default implementations are listed on their requirements' pages, not among its members.
            let isProtocol = { () -> Bool in if case .symbol(let symbol) = entry.content { return symbol.kind == .protocol } else { return false } }()
            members = entry.children.filter { child in
                guard tree.pages[child].inheritedFrom == nil else { return false }
                guard isProtocol, case .symbol(let member) = tree.pages[child].content else { return true }
                return !tree.isDefaultImplementation(member.identifier)
            }
        }
        for child in members { groups[group(of: tree.pages[child].content), default: []].append(child) }
        return groupOrder.compactMap { name in
            groups[name].map { children in
                SymbolPageParts.TopicGroup(
                    title: name,
                    entries: children.map { child in
                        let page = tree.pages[child]
                        var item = "- [`\(page.title)`](<\(RelativeURL.from(url, to: Self.url(page.path)))>)"
                        if case .symbol(let symbol) = page.content, let abstract = abstract(of: symbol, in: graph, modules: modules) {
                            item += "\n\n  " + abstract
                        }
                        return SymbolPageParts.TopicEntry(url: Self.url(page.path), item: item + "\n")
                    })
            }
        }
    }

    /// The first paragraph of a symbol's doc comment (``DocCommentSections/abstract``), on one line.
    static func abstract(of symbol: APISymbol, in graph: ModuleSymbolGraph, modules: Set<String>) -> String? {
        let abstract = DocCommentSections(shownComment(of: symbol, in: graph, modules: modules)).abstract.replacingOccurrences(of: "\n", with: " ")
        return abstract.isEmpty ? nil : abstract
    }

    /// The doc comment DocC shows for `symbol`: its own, or one it inherits
    /// from a module of `modules`; one inherited from elsewhere is replaced by
    /// where it is inherited from (`Inherited from `Equatable.!=(_:_:)`.`).
    private static func shownComment(of symbol: APISymbol, in graph: ModuleSymbolGraph, modules: Set<String>) -> String {
        guard let comment = symbol.docComment else { return "" }
        guard let module = comment.moduleName, !modules.contains(module) else { return comment.text }
        let origin = graph.relationships(from: symbol.identifier).lazy.compactMap(\.sourceOrigin).first?.displayName
        return origin.map { "Inherited from `\($0)`." } ?? ""
    }

    /// DocC's automatic groups, in its order.
    public static let groupOrder = [
        "Initializers", "Instance Properties", "Instance Methods", "Subscripts", "Type Properties", "Type Methods", "Type Subscripts",
        "Operators", "Enumeration Cases", "Associated Types", "Type Aliases", "Structures", "Classes", "Actors", "Enumerations",
        "Protocols", "Functions", "Variables", "Macros", "Extended Modules", "Extended Types", "Default Implementations", "Other",
    ]

    static func group(of content: DocCPages.Content) -> String {
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
