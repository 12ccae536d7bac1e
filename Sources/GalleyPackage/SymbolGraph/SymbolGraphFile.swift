import Foundation
import SymbolKit

/// One `*.symbols.json` file of a module's symbol graph: the main graph
/// `Module.symbols.json` or an extension graph `Module@Other.symbols.json`.
///
/// ```swift
/// for file in graph.files {
///     print(file.url.lastPathComponent, file.origin)   // Tiny@Swift.symbols.json extension(of: "Swift")
/// }
/// ```
public struct SymbolGraphFile: Hashable, Sendable {
    /// Which of a module's graph files something came from.
    public enum Origin: Hashable, Sendable, CustomStringConvertible {
        /// The main graph, `Module.symbols.json`: the module's own types and their members.
        case main
        /// An extension graph, `Module@Other.symbols.json`: the module's extensions of `Other`'s types.
        case `extension`(of: String)
        /// Declarations a module re-exports from a module of its own, written
        /// as `Other@Module.symbols.json` with `Module` as their module: the
        /// standard library's `_Concurrency@Swift` (`Task`, `Actor`) and
        /// `_StringProcessing@Swift` (`Regex`).
        case reexported(from: String)

        /// The order graphs are read in: the main graph, the re-exported ones, then extensions by extended module.
        public var order: (rank: Int, module: String) {
            switch self {
            case .main: (0, "")
            case .reexported(let module): (1, module)
            case .extension(let module): (2, module)
            }
        }

        /// The module whose types the graph extends, or `nil` for the main and re-exported graphs.
        public var extendedModule: String? {
            switch self {
            case .main, .reexported: nil
            case .extension(let module): module
            }
        }

        /// `main`, `extension of Other` or `re-exported from Other`.
        public var description: String {
            switch self {
            case .main: "main"
            case .extension(let module): "extension of \(module)"
            case .reexported(let module): "re-exported from \(module)"
            }
        }
    }

    /// Where the file is.
    public var url: URL
    /// The module whose graph this is (its `module.name`).
    public var moduleName: String
    /// Main graph or extension graph, from the file's name.
    public var origin: Origin
    /// The symbol graph format's version (`0.6.0`).
    public var formatVersion: String
    /// The tool and compiler that wrote it (`Swift version 6.3.1 …`).
    public var generator: String
    /// The target's operating system as the graph names it (`linux`), when given.
    public var operatingSystem: String?
    /// The target's architecture (`x86_64`), when given.
    public var architecture: String?
    /// How many symbols the file holds.
    public var symbolCount: Int
    /// How many relationships the file holds.
    public var relationshipCount: Int

    /// Creates a file description.
    public init(
        url: URL, moduleName: String, origin: Origin, formatVersion: String, generator: String, operatingSystem: String? = nil,
        architecture: String? = nil, symbolCount: Int, relationshipCount: Int
    ) {
        self.url = url
        self.moduleName = moduleName
        self.origin = origin
        self.formatVersion = formatVersion
        self.generator = generator
        self.operatingSystem = operatingSystem
        self.architecture = architecture
        self.symbolCount = symbolCount
        self.relationshipCount = relationshipCount
    }

    /// The origin a file name gives for `module`: `.main` for `Module.symbols.json`,
    /// `.extension(of: "Other")` for `Module@Other.symbols.json`,
    /// `.reexported(from: "Other")` for `Other@Module.symbols.json`, `nil` for another module's file.
    ///
    /// ```swift
    /// SymbolGraphFile.origin(ofFileNamed: "Tiny@Swift.symbols.json", module: "Tiny")   // .extension(of: "Swift")
    /// ```
    public static func origin(ofFileNamed name: String, module: String) -> Origin? {
        let suffix = ".symbols.json"
        guard name.hasSuffix(suffix) else { return nil }
        let stem = name.dropLast(suffix.count)
        if stem == module { return .main }
        let prefix = module + "@"
        if stem.hasPrefix(prefix), stem.count > prefix.count { return .extension(of: String(stem.dropFirst(prefix.count))) }
        let ofModule = "@" + module
        if stem.hasSuffix(ofModule), stem.count > ofModule.count, !stem.dropLast(ofModule.count).contains("@") {
            return .reexported(from: String(stem.dropLast(ofModule.count)))
        }
        return nil
    }
}
