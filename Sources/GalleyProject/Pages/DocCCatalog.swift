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

    /// Creates a catalog.
    public init(directory: URL, module: String, importsModule: Bool) {
        self.directory = directory
        self.module = module
        self.importsModule = importsModule
    }
}
