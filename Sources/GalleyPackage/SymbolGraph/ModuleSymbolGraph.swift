import Foundation
import GalleyCore
import SymbolKit

/// The public API of one module, typed: every symbol and relationship of its
/// symbol graph files — the main graph `Module.symbols.json` and the extension
/// graphs `Module@Other.symbols.json` — with lookups by identifier and path.
///
/// Loading the graph is a stage of its own: ``extract(module:flags:targetTriple:into:tool:run:)``
/// writes the files with `swift-symbolgraph-extract`, ``load(module:from:)``
/// reads them with SymbolKit's Codable model and makes the `Sendable` values
/// other stages (symbol pages, API listings, doc-comment samples) use.
///
/// ```swift
/// let folder = URL(fileURLWithPath: ".build/symbolgraphs/Tiny")
/// try ModuleSymbolGraph.extract(
///     module: "Tiny", flags: ["-I", ".build/debug/Modules"], targetTriple: "x86_64-unknown-linux-gnu", into: folder)
/// let graph = try ModuleSymbolGraph.load(module: "Tiny", from: folder)
/// let greeting = graph.symbols(atPath: ["Greeting"]).first!
/// print(graph.members(of: greeting.identifier).map(\.title))   // ["name", "init(name:)"]
/// ```
public struct ModuleSymbolGraph: Sendable {
    /// The module's name.
    public var moduleName: String
    /// The files read: the main graph first, then the extension graphs by extended module's name.
    public var files: [SymbolGraphFile]
    /// Every symbol of every file, in file order and each file's order.
    public private(set) var symbols: [APISymbol]
    /// Every relationship of every file, in file order and each file's order.
    public let relationships: [SymbolRelationship]

    private let indexByIdentifier: [String: Int]
    private let indicesByPath: [[String]: [Int]]
    private let indicesByParentPath: [[String]: [Int]]
    private let outgoing: [String: [Int]]
    private let incoming: [String: [Int]]

    /// Creates a graph from its symbols and relationships (the loader's result, or a test's).
    ///
    /// When two symbols share an identifier, ``symbol(withIdentifier:)`` finds the first.
    public init(moduleName: String, files: [SymbolGraphFile] = [], symbols: [APISymbol], relationships: [SymbolRelationship]) {
        self.moduleName = moduleName
        self.files = files
        self.symbols = symbols
        self.relationships = relationships
        var indexByIdentifier: [String: Int] = [:]
        var indicesByPath: [[String]: [Int]] = [:]
        var indicesByParentPath: [[String]: [Int]] = [:]
        for (index, symbol) in symbols.enumerated() {
            if indexByIdentifier[symbol.identifier] == nil { indexByIdentifier[symbol.identifier] = index }
            indicesByPath[symbol.pathComponents, default: []].append(index)
            if !symbol.pathComponents.isEmpty { indicesByParentPath[Array(symbol.pathComponents.dropLast()), default: []].append(index) }
        }
        var outgoing: [String: [Int]] = [:]
        var incoming: [String: [Int]] = [:]
        for (index, relationship) in relationships.enumerated() {
            outgoing[relationship.source, default: []].append(index)
            incoming[relationship.target, default: []].append(index)
        }
        self.indexByIdentifier = indexByIdentifier
        self.indicesByPath = indicesByPath
        self.indicesByParentPath = indicesByParentPath
        self.outgoing = outgoing
        self.incoming = incoming
    }

    /// The graph with the symbols at `replaced`'s indices replaced by their
    /// values, which keep their identifiers and paths (a doc comment read
    /// again from its edited source, ``APISymbol/location`` moved): the
    /// lookups are kept, not made again.
    public func replacingSymbols(_ replaced: [Int: APISymbol]) -> ModuleSymbolGraph {
        var graph = self
        for (index, symbol) in replaced {
            precondition(
                symbols[index].identifier == symbol.identifier && symbols[index].pathComponents == symbol.pathComponents,
                "a replaced symbol keeps its identifier and path")
            graph.symbols[index] = symbol
        }
        return graph
    }

    /// The symbol with precise identifier `identifier`, if the module declares it.
    ///
    /// ```swift
    /// graph.symbol(withIdentifier: "s:4Tiny8GreetingV")?.title   // "Greeting"
    /// ```
    public func symbol(withIdentifier identifier: String) -> APISymbol? {
        indexByIdentifier[identifier].map { symbols[$0] }
    }

    /// The symbols whose path is exactly `path` (several for overloads), in graph order.
    ///
    /// ```swift
    /// graph.symbols(atPath: ["ByteBuffer", "readableBytes"]).map(\.kind)   // [.property]
    /// ```
    public func symbols(atPath path: [String]) -> [APISymbol] {
        (indicesByPath[path] ?? []).map { symbols[$0] }
    }

    /// The symbols one path component below `path` (`[]` gives the top-level ones), in graph order.
    ///
    /// ```swift
    /// graph.children(ofPath: ["Greeting"]).map(\.title)   // ["name", "init(name:)"]
    /// ```
    public func children(ofPath path: [String]) -> [APISymbol] {
        (indicesByParentPath[path] ?? []).map { symbols[$0] }
    }

    /// The relationships that start at `identifier`, of `kind` when given.
    public func relationships(from identifier: String, kind: RelationshipKind? = nil) -> [SymbolRelationship] {
        (outgoing[identifier] ?? []).map { relationships[$0] }.filter { kind == nil || $0.kind == kind }
    }

    /// The relationships that point at `identifier`, of `kind` when given.
    public func relationships(to identifier: String, kind: RelationshipKind? = nil) -> [SymbolRelationship] {
        (incoming[identifier] ?? []).map { relationships[$0] }.filter { kind == nil || $0.kind == kind }
    }

    /// What is listed under a type or extension block: its members (`memberOf`)
    /// and, for a protocol, its requirements (`requirementOf`, `optionalRequirementOf`),
    /// in graph order; members declared in another module are left out.
    ///
    /// ```swift
    /// graph.members(of: greeter.identifier).map(\.title)   // ["greet()"]
    /// ```
    public func members(of identifier: String) -> [APISymbol] {
        let kinds: Set<RelationshipKind> = [.memberOf, .requirementOf, .optionalRequirementOf]
        return relationships(to: identifier).filter { kinds.contains($0.kind) }.compactMap { symbol(withIdentifier: $0.source) }
    }

    /// The protocols `identifier` conforms to (`conformsTo`), with any conditions;
    /// a protocol of another module is named by the relationship's `targetFallback`.
    ///
    /// ```swift
    /// graph.conformances(of: buffer.identifier).compactMap(\.targetFallback)   // ["Swift.Hashable", …]
    /// ```
    public func conformances(of identifier: String) -> [SymbolRelationship] {
        relationships(from: identifier, kind: .conformsTo)
    }

    /// How many symbols there are of each kind.
    public var symbolCountsByKind: [SymbolKind: Int] {
        symbols.reduce(into: [:]) { counts, symbol in counts[symbol.kind, default: 0] += 1 }
    }

    /// How many relationships there are of each kind.
    public var relationshipCountsByKind: [RelationshipKind: Int] {
        relationships.reduce(into: [:]) { counts, relationship in counts[relationship.kind, default: 0] += 1 }
    }
}

extension ModuleSymbolGraph {
    /// A symbol graph file as SymbolKit decodes it, but with its symbols kept
    /// as the array the file holds: `SymbolGraph`'s own decoder files them in a
    /// dictionary by identifier and silently keeps one of any two that share one.
    private struct DecodedFile: Decodable {
        var metadata: SymbolGraph.Metadata
        var module: SymbolGraph.Module
        var symbols: [SymbolGraph.Symbol]
        var relationships: [SymbolGraph.Relationship]
    }

    /// Reads every symbol graph file of `module` in `folder` — `module.symbols.json`
    /// and each `module@Other.symbols.json` — and ignores other modules' files.
    ///
    /// Throws when the folder or the main graph is missing, or a file is not a
    /// symbol graph SymbolKit can decode (the diagnostic names the file and the JSON path).
    ///
    /// ```swift
    /// let graph = try ModuleSymbolGraph.load(module: "NIOCore", from: folder)
    /// print(graph.files.map(\.origin))   // [main, extension of Swift, …]
    /// ```
    public static func load(module: String, from folder: URL) throws(Diagnostic) -> ModuleSymbolGraph {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw Diagnostic(
                "cannot list the symbol graph folder '\(folder.path)': \(error.localizedDescription)",
                suggestion: "Extract the graph of '\(module)' into it first (ModuleSymbolGraph.extract)")
        }
        let found = names.compactMap { name in SymbolGraphFile.origin(ofFileNamed: name, module: module).map { (name, $0) } }
        guard found.contains(where: { $0.1 == .main }) else {
            throw Diagnostic(
                "no main symbol graph '\(module).symbols.json' in '\(folder.path)'",
                at: SourceLocation(path: folder.appendingPathComponent("\(module).symbols.json").path),
                suggestion: "Extract the graph of '\(module)' with swift-symbolgraph-extract -module-name \(module) -output-dir \(folder.path)")
        }
        // The main graph first, then the extension graphs by extended module.
        let ordered = found.sorted { ($0.1.order.rank, $0.1.order.module, $0.0) < ($1.1.order.rank, $1.1.order.module, $1.0) }
        var files: [SymbolGraphFile] = []
        var symbols: [APISymbol] = []
        var relationships: [SymbolRelationship] = []
        for (name, origin) in ordered {
            let url = folder.appendingPathComponent(name)
            let decoded = try decode(url)
            files.append(
                SymbolGraphFile(
                    url: url, moduleName: decoded.module.name, origin: origin, formatVersion: decoded.metadata.formatVersion.description,
                    generator: decoded.metadata.generator, operatingSystem: decoded.module.platform.operatingSystem?.name,
                    architecture: decoded.module.platform.architecture, symbolCount: decoded.symbols.count,
                    relationshipCount: decoded.relationships.count))
            symbols += decoded.symbols.map { APISymbol($0, origin: origin) }
            relationships += decoded.relationships.map { SymbolRelationship($0, origin: origin) }
        }
        return ModuleSymbolGraph(moduleName: module, files: files, symbols: symbols, relationships: relationships)
    }

    private static func decode(_ url: URL) throws(Diagnostic) -> DecodedFile {
        let location = SourceLocation(path: url.path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw Diagnostic("cannot read the symbol graph: \(error.localizedDescription)", at: location)
        }
        do {
            return try JSONDecoder().decode(DecodedFile.self, from: data)
        } catch let error as DecodingError {
            throw Diagnostic(
                "not a symbol graph SymbolKit can read: \(describe(error))", at: location,
                suggestion: "Extract it again with swift-symbolgraph-extract of the toolchain that builds the package")
        } catch {
            throw Diagnostic("not a symbol graph SymbolKit can read: \(error.localizedDescription)", at: location)
        }
    }

    /// A decoding error as one phrase: what went wrong and where in the JSON (`symbols[3].kind`).
    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce("") { text, key in
                if let index = key.intValue { return text + "[\(index)]" }
                return text.isEmpty ? key.stringValue : text + "." + key.stringValue
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing '\(key.stringValue)' at '\(path(context.codingPath))'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription) at '\(path(context.codingPath))'"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? context.debugDescription : "\(context.debugDescription) at '\(path(context.codingPath))'"
        @unknown default:
            return "\(error)"
        }
    }
}
