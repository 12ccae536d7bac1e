internal import Ccmark

/// DocC's symbol links: ``` ``Module/Type/method(_:)`` ```, a code span
/// written with two backticks that names a symbol.
///
/// ```swift
/// SymbolLink.displayName("Module/Parser/parse(_:)")   // "parse(_:)"
/// SymbolLink.keys("Module/Parser-swift.struct")       // ["module/parser", "parser"]
/// ```
public enum SymbolLink {
    /// Whether `literal` (a code span's text) can be a symbol path: no spaces or backticks.
    public static func isSymbolPath(_ literal: String) -> Bool {
        guard !literal.isEmpty else { return false }
        // ASCII text by bytes (every code span is asked): its whitespace
        // Characters are tab to carriage return and space, `\r\n` included.
        var isASCII = true
        for byte in literal.utf8 {
            if byte >= 0x80 { isASCII = false; break }
            if byte == UInt8(ascii: "`") || byte == 0x20 || (0x09...0x0D).contains(byte) { return false }
        }
        return isASCII || !literal.contains { $0.isWhitespace || $0 == "`" }
    }

    /// The path's components, split at `/` outside parentheses, each without
    /// DocC's disambiguation suffix (`-swift.struct`, `-9a8b7`).
    public static func components(_ path: String) -> [String] {
        writtenComponents(path).map(withoutDisambiguation)
    }

    /// The path's components as written, split at `/` outside parentheses,
    /// disambiguation suffixes kept (`["Box", "init(count:)-4j5kz"]`).
    public static func writtenComponents(_ path: String) -> [String] {
        var components: [String] = []
        var current = ""
        var depth = 0
        for character in path {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "/" where depth == 0 && !current.isEmpty:
                components.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        if !current.isEmpty { components.append(current) }
        return components
    }

    /// The name DocC shows for a symbol link: its last component.
    public static func displayName(_ path: String) -> String {
        components(path).last ?? path
    }

    /// The keys a page or a link is looked up by: the whole path and every
    /// shorter path that ends with the same symbol, lowercased.
    public static func keys(_ path: String) -> [String] {
        let parts = components(path).map { $0.lowercased() }
        return parts.indices.map { parts[$0...].joined(separator: "/") }
    }

    static func withoutDisambiguation(_ component: String) -> String {
        // DocC's type-signature disambiguation after the parameters: `init(_:)-(BitArray)`, `count(of:)-(Int)->Int`.
        if let open = component.firstIndex(of: "(") {
            var depth = 0
            var index = open
            while index < component.endIndex {
                if component[index] == "(" { depth += 1 }
                if component[index] == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
                index = component.index(after: index)
            }
            if index < component.endIndex {
                let rest = component[component.index(after: index)...]
                if rest.hasPrefix("-(") || rest.hasPrefix("->") { return String(component[...index]) }
            }
        }
        // After the name and its parameters (`init(_:)-4j5kz`), never inside an operator (`&-(_:_:)`).
        guard let dash = component.lastIndex(of: "-"), dash != component.startIndex,
            !component[..<dash].hasSuffix("("), component.lastIndex(of: "(").map({ $0 < dash }) ?? true,
            component.lastIndex(of: ")").map({ $0 < dash }) ?? true
        else { return component }
        let suffix = component[component.index(after: dash)...]
        if suffix.hasPrefix("swift.") || suffix.hasPrefix("c.") || suffix.hasPrefix("objc.")
            || (suffix.count >= 4 && suffix.count <= 6 && suffix.allSatisfy { $0.isNumber || ($0.isLowercase && $0.isASCII) })
        {
            return String(component[..<dash])
        }
        return component
    }
}

extension CmarkTree {
    /// The symbol a heading names when its whole text is a symbol link
    /// (`# ``Module/Symbol```), else `nil`.
    static func symbolLink(in heading: OpaquePointer, source: String) -> String? {
        // The code span alone, but for spaces and HTML comments (`# ``NIO`` <!-- SwiftNIO -->`), which DocC drops too.
        var code: OpaquePointer?
        var child = cmark_node_first_child(heading)
        while let node = child {
            switch cmark_node_get_type(node) {
            case CMARK_NODE_CODE where code == nil:
                code = node
            case CMARK_NODE_TEXT where String.string(cmark_node_get_literal(node)).allSatisfy(\.isWhitespace):
                break
            case CMARK_NODE_HTML_INLINE where String.string(cmark_node_get_literal(node)).hasPrefix("<!--"):
                break
            default:
                return nil
            }
            child = cmark_node_next(node)
        }
        guard let code else { return nil }
        let literal = String.string(cmark_node_get_literal(code))
        guard SymbolLink.isSymbolPath(literal), TextSearch.contains(source, "``\(literal)``") else { return nil }
        return literal
    }
}
