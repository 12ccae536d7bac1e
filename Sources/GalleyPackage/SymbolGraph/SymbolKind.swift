import SymbolKit

/// What a symbol is — a structure, a protocol, a method — as SymbolKit names it.
///
/// The identifier is SymbolKit's `KindIdentifier`: language-neutral for the
/// kinds SymbolKit knows (`swift.struct` in the file is `struct` here,
/// `swift.func.op` is `func.op`), and the file's string unchanged for a kind it
/// does not know, so a kind a newer compiler emits is kept, never dropped.
///
/// ```swift
/// if symbol.kind == .struct { print("struct \(symbol.title)") }
/// print(SymbolKind(identifier: "swift.brandNew").isKnown)   // false
/// ```
public struct SymbolKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The identifier: `struct`, `method`, `func.op`, or an unknown kind as written.
    public var rawValue: String

    /// Creates a kind from its identifier as SymbolKit gives it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a kind from an identifier as a symbol graph file writes it,
    /// parsed the way SymbolKit parses it (`swift.struct` becomes `struct`).
    ///
    /// ```swift
    /// SymbolKind(identifier: "swift.type.method") == .typeMethod   // true
    /// ```
    public init(identifier: String) {
        self.init(SymbolGraph.Symbol.KindIdentifier(identifier: identifier))
    }

    init(_ kind: SymbolGraph.Symbol.KindIdentifier) {
        rawValue = kind.identifier
    }

    /// Whether SymbolKit knows this kind (`false` for a kind newer than SymbolKit 1.0).
    public var isKnown: Bool {
        SymbolGraph.Symbol.KindIdentifier.isKnownIdentifier(rawValue)
    }

    /// The identifier.
    public var description: String { rawValue }

    /// An associated type of a protocol.
    public static let associatedType = SymbolKind(rawValue: "associatedtype")
    /// A class.
    public static let `class` = SymbolKind(rawValue: "class")
    /// A deinitializer.
    public static let `deinit` = SymbolKind(rawValue: "deinit")
    /// An enumeration.
    public static let `enum` = SymbolKind(rawValue: "enum")
    /// A case of an enumeration.
    public static let `case` = SymbolKind(rawValue: "enum.case")
    /// A global function.
    public static let `func` = SymbolKind(rawValue: "func")
    /// An operator.
    public static let `operator` = SymbolKind(rawValue: "func.op")
    /// An initializer.
    public static let `init` = SymbolKind(rawValue: "init")
    /// A macro.
    public static let macro = SymbolKind(rawValue: "macro")
    /// An instance method.
    public static let method = SymbolKind(rawValue: "method")
    /// An instance property.
    public static let property = SymbolKind(rawValue: "property")
    /// A protocol.
    public static let `protocol` = SymbolKind(rawValue: "protocol")
    /// A structure.
    public static let `struct` = SymbolKind(rawValue: "struct")
    /// An instance subscript.
    public static let `subscript` = SymbolKind(rawValue: "subscript")
    /// A static or class method.
    public static let typeMethod = SymbolKind(rawValue: "type.method")
    /// A static or class property.
    public static let typeProperty = SymbolKind(rawValue: "type.property")
    /// A static or class subscript.
    public static let typeSubscript = SymbolKind(rawValue: "type.subscript")
    /// A type alias.
    public static let `typealias` = SymbolKind(rawValue: "typealias")
    /// A global variable.
    public static let `var` = SymbolKind(rawValue: "var")
    /// A module.
    public static let module = SymbolKind(rawValue: "module")
    /// An extension block of a type from another module (`-emit-extension-block-symbols`).
    public static let `extension` = SymbolKind(rawValue: "extension")
}
