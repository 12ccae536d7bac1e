import Foundation

/// A DocC documentation catalog (`Sources/Foo/Foo.docc`): its articles are
/// pages, its other files assets, and its samples are written against the
/// module it documents.
public struct DocCCatalog: Sendable, Hashable, Codable {
    /// The `.docc` folder.
    public var directory: URL
    /// The module it documents (its target's name); also its section's URL prefix.
    public var module: String
    /// Whether its samples import ``module`` implicitly (it is in a library product).
    public var importsModule: Bool
    /// Whether its samples import Foundation implicitly: the module's own
    /// sources import it, so its docs are written with Foundation in scope
    /// (`UUID()`, `Date()` without an import).
    public var importsFoundation = false

    /// Creates a catalog.
    public init(directory: URL, module: String, importsModule: Bool, importsFoundation: Bool = false) {
        self.directory = directory
        self.module = module
        self.importsModule = importsModule
        self.importsFoundation = importsFoundation
    }

    /// The modules its samples import before their own code: the
    /// documented module (when samples can link it) and Foundation (when
    /// the module imports it).
    public var implicitImports: [String] {
        (importsFoundation ? ["Foundation"] : []) + (importsModule ? [module] : [])
    }
}
