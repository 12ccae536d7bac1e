import GalleyCore
import GalleyMarkdown

/// The symbols of a package's modules, from their symbol graphs, looked up
/// as DocC resolves a symbol link: relative to the symbol of the page the
/// link is on, then its parents, then the module; the module's name may
/// lead the path (``` ``Module/Type`` ```); DocC's disambiguation suffixes
/// (`-swift.struct`, `-4j5kz`) are ignored and case does not matter.
///
/// ```swift
/// let index = SymbolIndex(symbols: ["DequeModule": [["Deque"], ["Deque", "append(_:)"]]])
/// index.find("append(_:)", module: "DequeModule", scope: ["Deque"])   // "DequeModule/Deque/append(_:)"
/// index.find("Deque/apend(_:)", module: "DequeModule", scope: [])     // nil
/// index.suggestion(for: "Deque/apend(_:)", module: "DequeModule")     // "DequeModule/Deque/append(_:)"
/// ```
public struct SymbolIndex: Sendable {
    /// Each module's symbol paths by their lowercased `/`-joined form, with their spellings (`keys` and `Keys`).
    private var paths: [String: [String: [String]]] = [:]
    /// Each module's symbol paths by their last component's base name (`append` of `append(_:)`), lowercased.
    private var baseNames: [String: [String: [String]]] = [:]
    /// The modules whose symbol graph could not be read, with why.
    public var unavailable: [String: String]

    /// An index of `symbols`: each module's symbol paths (without the module's name).
    public init(symbols: [String: [[String]]], unavailable: [String: String] = [:]) {
        self.unavailable = unavailable
        for (module, list) in symbols {
            var byPath: [String: [String]] = [:]
            var byBase: [String: [String]] = [:]
            for path in list where !path.isEmpty {
                let joined = path.joined(separator: "/")
                byPath[joined.lowercased(), default: []].append(joined)
                byBase[Self.baseName(path[path.count - 1]), default: []].append(joined)
            }
            paths[module.lowercased()] = byPath
            baseNames[module.lowercased()] = byBase
        }
        self.modules = Dictionary(symbols.keys.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The modules indexed, by their lowercased name.
    private var modules: [String: String]

    /// Whether `module`'s symbols are known.
    public func knows(module: String) -> Bool {
        modules[module.lowercased()] != nil
    }

    /// The symbol (`Module/Type/member`) that `link` names from a page of
    /// `module` documenting the symbol `scope` (its path without the module),
    /// or `nil` when the module has no such symbol. A path that starts with
    /// another indexed module's name is looked up in that module.
    ///
    /// A symbol link's names must be spelt as the symbol's (``` ``span`` ``` is
    /// not the type `Span`); a DocC URL path (`ignoringCase`) is lowercased.
    public func find(_ link: String, module: String, scope: [String], ignoringCase: Bool = false) -> String? {
        var written = SymbolLink.components(link)
        var components = written.map { $0.lowercased() }
        var module = module.lowercased()
        var scope = scope.map { $0.lowercased() }
        if let first = components.first, let named = modules[first] {
            // `Module` is the module itself; `Module/Type` a path from the module's top.
            if components.count == 1 { return named }
            module = first
            components.removeFirst()
            written.removeFirst()
            scope = []
        }
        guard let symbols = paths[module], let name = modules[module], !components.isEmpty else { return nil }
        for length in stride(from: scope.count, through: 0, by: -1) {
            let candidate = (scope.prefix(length) + components).joined(separator: "/")
            if let found = symbols[candidate]?.first(where: { ignoringCase || Self.components($0).suffix(written.count) == written[...] }) {
                return "\(name)/\(found)"
            }
        }
        // A function named without its parameters (DocC asks which overload when
        // there are several), or with other labels but as many parameters
        // (`subscript(position:)` of `subscript(_:)`).
        let last = written[written.count - 1]
        let base = Self.baseName(last)
        let arity = last.contains("(") ? last.filter { $0 == ":" }.count : nil
        let functions = (baseNames[module]?[base] ?? []).filter { path in
            let name = Self.components(path).last ?? ""
            return name.hasSuffix(")") && (ignoringCase || name.prefix { $0 != "(" } == last.prefix { $0 != "(" })
                && arity.map { count in name.filter { $0 == ":" }.count == count } ?? true
        }.sorted()
        for length in stride(from: scope.count, through: 0, by: -1) {
            let parents = Array(scope.prefix(length) + components.dropLast())
            if let match = functions.first(where: { Self.components($0.lowercased()).dropLast() == parents[...] }) {
                return "\(name)/\(match)"
            }
        }
        return nil
    }

    /// The closest symbol to a `link` that names none, for "did you mean".
    public func suggestion(for link: String, module: String) -> String? {
        let components = SymbolLink.components(link)
        guard let last = components.last?.lowercased() else { return nil }
        var best: (distance: Int, path: String)?
        let limit = max(2, last.count / 3)
        // The standard library's names are not suggested: too many, and never the one meant in a catalog.
        let lookIn = [module.lowercased()] + modules.keys.filter { $0 != module.lowercased() && $0 != "swift" }.sorted()
        for key in lookIn {
            guard let symbols = paths[key], let moduleName = modules[key] else { continue }
            // The link's own module first; within one, the first path in order.
            for lowered in symbols.keys.sorted() {
                let name = Self.components(lowered).last ?? lowered
                guard abs(name.count - last.count) <= min(limit, (best?.distance ?? Int.max)) else { continue }
                let distance = EditDistance.between(last, name)
                if distance < (best?.distance ?? Int.max), let path = symbols[lowered]?.first {
                    best = (distance, "\(moduleName)/\(path)")
                }
            }
        }
        guard let best, best.distance <= limit else { return nil }
        return best.path
    }

    /// A joined path's components (`/` inside parentheses, as in `/(_:_:)`, kept).
    static func components(_ path: String) -> [String] {
        var components: [String] = []
        var current = ""
        var depth = 0
        for character in path {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == "/", depth == 0, !current.isEmpty {
                components.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { components.append(current) }
        return components
    }

    /// `append` of `append(_:)`, lowercased.
    static func baseName(_ component: String) -> String {
        String(component.prefix { $0 != "(" }).lowercased()
    }
}
