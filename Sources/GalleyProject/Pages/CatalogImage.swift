import Foundation

/// An image of a DocC catalog as DocC finds it: by name, anywhere in the
/// catalog, with its `@2x` and `~dark` variants.
public struct CatalogImage: Sendable, Hashable {
    /// The site path of the image to show (the plain file, else its `@2x`).
    public var path: String
    /// The site path of its dark-mode variant (`name~dark.png`), if any.
    public var darkPath: String?

    /// Creates an image.
    public init(path: String, darkPath: String? = nil) {
        self.path = path
        self.darkPath = darkPath
    }
}
