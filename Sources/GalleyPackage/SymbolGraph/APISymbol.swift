import Foundation
import GalleyCore
import SymbolKit

/// One declaration of a module's public API — a type, a member, a global, an
/// extension block — with everything its symbol graph says about it.
///
/// Made from SymbolKit's `SymbolGraph.Symbol` and its mixins (declaration
/// fragments, generics, availability, location, Swift extension context);
/// unlike SymbolKit's types it is `Sendable`, so stages can share it.
///
/// ```swift
/// let readable = graph.symbols(atPath: ["ByteBuffer", "readableBytes"]).first!
/// print(readable.kind, readable.declaration)   // property var readableBytes: Int { get }
/// ```
public struct APISymbol: Hashable, Sendable {
    /// The precise identifier (the compiler's USR, `s:4Tiny8GreetingV`), unique in the module.
    public var identifier: String
    /// The language of the interface (`swift`).
    public var interfaceLanguage: String
    /// What it is; unknown kinds are kept as written.
    public var kind: SymbolKind
    /// The kind's name for people (`Instance Method`).
    public var kindDisplayName: String
    /// The path from the module to the symbol, without the module (`["Greeting", "greet()"]`).
    public var pathComponents: [String]
    /// The name for a page title (`greet()`).
    public var title: String
    /// The short declaration for lists, when given.
    public var subHeading: [Fragment]?
    /// The shortest declaration, for navigators, when given.
    public var navigator: [Fragment]?
    /// Its access level (`public`, `open`).
    public var accessLevel: AccessLevel
    /// The declaration, token by token (`declarationFragments`); empty when the graph has none.
    public var declarationFragments: [Fragment]
    /// Generic parameters and constraints (`swiftGenerics`), when it has any.
    public var generics: Generics?
    /// A function's, initializer's or subscript's parameter and result types
    /// (`functionSignature`), when it has them.
    public var functionSignature: FunctionSignature?
    /// The documentation comment, when it has one.
    public var docComment: DocComment?
    /// Availability per domain (`availability`); empty when unconstrained.
    public var availability: [Availability]
    /// Where it is declared (`location`), when the compiler gave it.
    public var location: Location?
    /// The extension it is declared in (`swiftExtension`), for members of extensions and extension blocks.
    public var extensionContext: ExtensionContext?
    /// Whether it is SPI (`spi`).
    public var isSPI: Bool
    /// Whether the symbol is virtual (made up by the tool, not declared in source).
    public var isVirtual: Bool
    /// Which of the module's graph files it came from (main, or extension of another module).
    public var origin: SymbolGraphFile.Origin

    /// The declaration as one string (`func greet() -> String`).
    public var declaration: String {
        declarationFragments.map(\.spelling).joined()
    }

    /// The path joined with dots (`Greeting.greet()`).
    public var qualifiedName: String {
        pathComponents.joined(separator: ".")
    }
}

extension APISymbol {
    /// An access level as the graph writes it (`public`, `open`, `package`, `internal`).
    public struct AccessLevel: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The level's keyword.
        public var rawValue: String
        /// Creates a level from its keyword.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The keyword.
        public var description: String { rawValue }
        /// `open`.
        public static let open = AccessLevel(rawValue: "open")
        /// `public`.
        public static let `public` = AccessLevel(rawValue: "public")
        /// `package`.
        public static let package = AccessLevel(rawValue: "package")
        /// `internal`.
        public static let `internal` = AccessLevel(rawValue: "internal")
        /// `fileprivate`.
        public static let `fileprivate` = AccessLevel(rawValue: "fileprivate")
        /// `private`.
        public static let `private` = AccessLevel(rawValue: "private")
    }

    /// One token of a declaration.
    public struct Fragment: Hashable, Sendable {
        /// The token's kind as the graph writes it (`keyword`, `identifier`, `typeIdentifier`, `text`).
        public var kind: String
        /// Its text.
        public var spelling: String
        /// The precise identifier of the symbol it names, for a type or a symbol reference.
        public var preciseIdentifier: String?

        /// Creates a fragment.
        public init(kind: String, spelling: String, preciseIdentifier: String? = nil) {
            self.kind = kind
            self.spelling = spelling
            self.preciseIdentifier = preciseIdentifier
        }

        init(_ fragment: SymbolGraph.Symbol.DeclarationFragments.Fragment) {
            self.init(kind: fragment.kind.rawValue, spelling: fragment.spelling, preciseIdentifier: fragment.preciseIdentifier)
        }
    }

    /// A function's parameter and result types, as the graph writes them.
    public struct FunctionSignature: Hashable, Sendable {
        /// Each parameter's type (`Deque<Element>`, `@Sendable () async throws -> Value`;
        /// the graph leaves `inout` and `@escaping` out).
        public var parameters: [String]
        /// The result type (`Element?`, `()`), empty for an initializer.
        public var returns: String

        /// A signature of `parameters` returning `returns`.
        public init(parameters: [String], returns: String) {
            self.parameters = parameters
            self.returns = returns
        }
    }

    /// A generic parameter (the `T` of `func map<T>`).
    public struct GenericParameter: Hashable, Sendable {
        /// Its name.
        public var name: String
        /// Its position in its list, from 0.
        public var index: Int
        /// How deeply nested its declaration is (0 for the outermost type's).
        public var depth: Int

        /// Creates a parameter.
        public init(name: String, index: Int, depth: Int) {
            self.name = name
            self.index = index
            self.depth = depth
        }
    }

    /// A generic requirement (`T: Sequence`, `T == Int`, `T: NSObject`).
    public struct GenericConstraint: Hashable, Sendable, CustomStringConvertible {
        /// Which kind of requirement.
        public enum Kind: String, Hashable, Sendable {
            /// `T: Protocol`.
            case conformance
            /// `T: SomeClass`.
            case superclass
            /// `T == Type`.
            case sameType
        }

        /// Which kind of requirement.
        public var kind: Kind
        /// The constrained type (`Self`, `T.Element`).
        public var leftTypeName: String
        /// The protocol, class or type it is constrained to.
        public var rightTypeName: String

        /// Creates a constraint.
        public init(kind: Kind, leftTypeName: String, rightTypeName: String) {
            self.kind = kind
            self.leftTypeName = leftTypeName
            self.rightTypeName = rightTypeName
        }

        init(_ constraint: SymbolGraph.Symbol.Swift.GenericConstraint) {
            let kind: Kind =
                switch constraint.kind {
                case .conformance: .conformance
                case .superclass: .superclass
                case .sameType: .sameType
                }
            self.init(kind: kind, leftTypeName: constraint.leftTypeName, rightTypeName: constraint.rightTypeName)
        }

        /// As written in a `where` clause (`T: Sequence`, `T == Int`).
        public var description: String {
            kind == .sameType ? "\(leftTypeName) == \(rightTypeName)" : "\(leftTypeName): \(rightTypeName)"
        }
    }

    /// A declaration's generic signature.
    public struct Generics: Hashable, Sendable {
        /// Its generic parameters, outermost first.
        public var parameters: [GenericParameter]
        /// Its requirements.
        public var constraints: [GenericConstraint]

        /// Creates a signature.
        public init(parameters: [GenericParameter], constraints: [GenericConstraint]) {
            self.parameters = parameters
            self.constraints = constraints
        }
    }

    /// A version in an availability (`13.0.0`).
    public struct Version: Hashable, Sendable, CustomStringConvertible {
        /// The major number.
        public var major: Int
        /// The minor number.
        public var minor: Int
        /// The patch number.
        public var patch: Int

        /// Creates a version.
        public init(major: Int, minor: Int = 0, patch: Int = 0) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }

        /// `major.minor.patch`.
        public var description: String { "\(major).\(minor).\(patch)" }
    }

    /// When and where a symbol is available: one `@available` attribute's domain.
    public struct Availability: Hashable, Sendable {
        /// The platform or language (`macOS`, `Swift`), or `nil` for every domain (`*`).
        public var domain: String?
        /// The version it was introduced in.
        public var introduced: Version?
        /// The version it was deprecated in.
        public var deprecated: Version?
        /// The version it was obsoleted in.
        public var obsoleted: Version?
        /// The attribute's message.
        public var message: String?
        /// Its new name, when renamed.
        public var renamed: String?
        /// Deprecated in every version of the domain.
        public var isUnconditionallyDeprecated: Bool
        /// Unavailable in every version of the domain.
        public var isUnconditionallyUnavailable: Bool

        init(_ item: SymbolGraph.Symbol.Availability.AvailabilityItem) {
            func version(_ version: SymbolGraph.SemanticVersion?) -> Version? {
                version.map { Version(major: $0.major, minor: $0.minor, patch: $0.patch) }
            }
            domain = item.domain?.rawValue
            introduced = version(item.introducedVersion)
            deprecated = version(item.deprecatedVersion)
            obsoleted = version(item.obsoletedVersion)
            message = item.message
            renamed = item.renamed
            isUnconditionallyDeprecated = item.isUnconditionallyDeprecated
            isUnconditionallyUnavailable = item.isUnconditionallyUnavailable
        }
    }

    /// Where a symbol is declared.
    public struct Location: Hashable, Sendable {
        /// The source file's `file://` URI.
        public var uri: String
        /// Where the declaration starts (zero-based, as in the graph).
        public var position: DocComment.Position

        /// Creates a location.
        public init(uri: String, position: DocComment.Position) {
            self.uri = uri
            self.position = position
        }

        /// The source file's path, when ``uri`` is a file URI.
        public var filePath: String? {
            DocComment.path(fromURI: uri)
        }

        /// The 1-based `file:line:column` for diagnostics, when ``uri`` is a file URI.
        public var sourceLocation: SourceLocation? {
            filePath.map { SourceLocation(path: $0, line: position.line + 1, column: position.character + 1) }
        }
    }

    /// The extension a symbol is declared in, or that an extension block is.
    public struct ExtensionContext: Hashable, Sendable {
        /// The module of the extended type (`Swift` for an extension of `String`).
        public var extendedModule: String
        /// The extended type's kind (`struct` for `String`), when given.
        public var typeKind: SymbolKind?
        /// The extension's `where` clause.
        public var constraints: [GenericConstraint]

        /// Creates a context.
        public init(extendedModule: String, typeKind: SymbolKind? = nil, constraints: [GenericConstraint] = []) {
            self.extendedModule = extendedModule
            self.typeKind = typeKind
            self.constraints = constraints
        }
    }
}

extension APISymbol {
    /// Copies what SymbolKit decoded: the symbol's fields and the mixins it knows.
    init(_ symbol: SymbolGraph.Symbol, origin: SymbolGraphFile.Origin) {
        identifier = symbol.identifier.precise
        interfaceLanguage = symbol.identifier.interfaceLanguage
        kind = SymbolKind(symbol.kind.identifier)
        kindDisplayName = symbol.kind.displayName
        pathComponents = symbol.pathComponents
        title = symbol.names.title
        subHeading = symbol.names.subHeading?.map(Fragment.init)
        navigator = symbol.names.navigator?.map(Fragment.init)
        accessLevel = AccessLevel(rawValue: symbol.accessLevel.rawValue)
        declarationFragments = symbol[mixin: SymbolGraph.Symbol.DeclarationFragments.self]?.declarationFragments.map(Fragment.init) ?? []
        generics = symbol[mixin: SymbolGraph.Symbol.Swift.Generics.self].map { generics in
            Generics(
                parameters: generics.parameters.map { GenericParameter(name: $0.name, index: $0.index, depth: $0.depth) },
                constraints: generics.constraints.map(GenericConstraint.init))
        }
        functionSignature = symbol[mixin: SymbolGraph.Symbol.FunctionSignature.self].map { signature in
            // A parameter's fragments are `name: Type`: its type is what follows the first colon.
            FunctionSignature(
                parameters: signature.parameters.map { parameter in
                    let text = parameter.declarationFragments.map(\.spelling).joined()
                    return text.firstIndex(of: ":").map { String(text[text.index(after: $0)...]).trimmingCharacters(in: .whitespaces) } ?? text
                },
                returns: signature.returns.map(\.spelling).joined())
        }
        docComment = symbol.docComment.map(DocComment.init)
        availability = symbol[mixin: SymbolGraph.Symbol.Availability.self]?.availability.map(Availability.init) ?? []
        location = symbol[mixin: SymbolGraph.Symbol.Location.self].map { location in
            Location(uri: location.uri, position: DocComment.Position(line: location.position.line, character: location.position.character))
        }
        extensionContext = symbol[mixin: SymbolGraph.Symbol.Swift.Extension.self].map { context in
            ExtensionContext(
                extendedModule: context.extendedModule, typeKind: context.typeKind.map(SymbolKind.init),
                constraints: context.constraints.map(GenericConstraint.init))
        }
        isSPI = symbol[mixin: SymbolGraph.Symbol.SPI.self]?.isSPI ?? false
        isVirtual = symbol.isVirtual
        self.origin = origin
    }
}
