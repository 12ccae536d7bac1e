import GalleyCore
import GalleyPackage
import GalleyProject

extension SymbolPages {
    /// The parts of `symbol`'s page: its documentation, topics and
    /// relationships, where its doc comment starts, and what search and
    /// coverage read (name, kind, abstract, declaration, whether documented).
    static func symbolParts(_ symbol: APISymbol, index: Int, _ context: Context, url: String) -> SymbolPageParts {
        let (tree, graph, modules, sourceLinks) = (context.tree, context.graph, context.modules, context.sourceLinks)
        let (shown, commentTopics) = documentation(symbol, in: graph, modules: modules, sourceLinks: sourceLinks)
        var documented = SymbolPageParts(
            kind: "*\(symbol.kindDisplayName)*\n\n", documentation: shown,
            topics: topics(tree, index, from: url, graph: graph, modules: modules),
            relationships: relationships(of: symbol, context, from: url)
                + defaultImplementations(of: symbol, in: graph, tree: tree, from: url), comment: nil)
        if let commentTopics {
            (documented.commentTopics, documented.commentCurated) = curating(
                commentTopics, of: symbol, tree: tree, index: index, entries: documented.topics.flatMap(\.entries))
        }
        if let comment = symbol.docComment, comment.moduleName == nil || comment.moduleName == graph.moduleName, let path = comment.filePath,
            let offset = comment.lines.firstIndex(where: { $0.start != nil }), let start = comment.lines[offset].start
        {
            documented.comment = SourceLocation(path: context.relativePath(path), line: start.line + 1 - offset)
        }
        documented.module = tree.module
        documented.qualifiedName = symbol.pathComponents.joined(separator: ".")
        documented.identifier = symbol.identifier
        documented.kindName = symbol.kindDisplayName
        documented.topicGroup = group(of: tree.pages[index].content)
        documented.abstract = abstract(of: symbol, in: graph, modules: modules) ?? ""
        documented.declaration = symbol.declaration.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let owner = tree.owner(ofPage: index)
        documented.signature = TypeSignature(symbol, owner: owner?.type, ownerGenerics: owner?.generics ?? [])
        documented.hasDocComment = symbol.docComment.map { comment in comment.moduleName.map(modules.contains) ?? true } ?? false
        documented.isInheritedCopy = symbol.identifier.contains("::SYNTHESIZED::")
        // An extension block's page (of a re-exported type) documents its members, not itself: not counted either.
        documented.isDocumentedElsewhere =
            documented.isInheritedCopy || (symbol.docComment != nil && !documented.hasDocComment) || symbol.kind == .extension
        return documented
    }

    /// DocC's Relationships section: what the symbol inherits from and
    /// conforms to (its extensions' conformances too), and what inherits from
    /// it or conforms to it. A symbol of the site links to its page; another
    /// module's to its documentation where that is known, else it is named.
    static func relationships(of symbol: APISymbol, _ context: Context, from url: String) -> String {
        let graph = context.graph
        // The extension blocks of the symbol add their conformances (`extension Box: Hashable`).
        let blocks = graph.relationships(to: symbol.identifier, kind: .extensionTo).map(\.source)
        let outgoing = ([symbol.identifier] + blocks).flatMap { graph.relationships(from: $0) }
        let incoming = graph.relationships(to: symbol.identifier)
        // A protocol inherits from the protocols it conforms to, and is inherited by those that conform to it.
        let isProtocol = symbol.kind == .protocol
        let fromProtocol = { (relation: SymbolRelationship) in graph.symbol(withIdentifier: relation.source)?.kind == .protocol }
        let sections: [(String, [String])] = [
            ("Inherits From", outgoing.filter { $0.kind == .inheritsFrom || (isProtocol && $0.kind == .conformsTo) }.map(\.target)),
            ("Conforms To", isProtocol ? [] : outgoing.filter { $0.kind == .conformsTo }.map(\.target)),
            (
                "Inherited By",
                incoming.filter { $0.kind == .inheritsFrom || ($0.kind == .conformsTo && isProtocol && fromProtocol($0)) }.map(\.source)
            ),
            ("Conforming Types", incoming.filter { $0.kind == .conformsTo && !(isProtocol && fromProtocol($0)) }.map(\.source)),
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
                if let page = context.pageOf(identifier) {
                    return "- [`\(page.title)`](<\(RelativeURL.from(url, to: Self.url(page.path)))>)"
                }
                return fallbacks[identifier].map { name in
                    context.url(ofSymbol: identifier, qualifiedName: name).map { "- [`\(name)`](<\($0)>)" } ?? "- `\(name)`"
                }
            }
            guard !items.isEmpty else { continue }
            if text.isEmpty { text = "## Relationships\n\n" }
            text += "### \(title)\n\n" + items.joined(separator: "\n") + "\n\n"
        }
        return text
    }

    /// A protocol requirement's Default Implementations section: the
    /// implementations of each protocol (extension) that provides one, as
    /// DocC lists them on the requirement's page (`ParsableCommand Implementations`).
    static func defaultImplementations(of symbol: APISymbol, in graph: ModuleSymbolGraph, tree: DocCPages, from url: String) -> String {
        var groups: [(title: String, items: [String])] = []
        for relation in graph.relationships(to: symbol.identifier, kind: .defaultImplementationOf) {
            guard let page = tree.page(of: relation.source), let parent = page.parent else { continue }
            let title = "\(tree.pages[parent].title) Implementations"
            let item = "- [`\(page.title)`](<\(RelativeURL.from(url, to: Self.url(page.path)))>)\n"
            if let position = groups.firstIndex(where: { $0.title == title }) {
                groups[position].items.append(item)
            } else {
                groups.append((title, [item]))
            }
        }
        guard !groups.isEmpty else { return "" }
        return "## Default Implementations\n\n" + groups.map { "### \($0.title)\n\n" + $0.items.joined() + "\n" }.joined()
    }
}
