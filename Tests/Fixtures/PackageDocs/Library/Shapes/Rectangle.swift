import CShapes

/// A rectangle with whole-number sides.
public struct Rectangle: Equatable, Sendable {
    /// The width.
    public var width: Int
    /// The height.
    public var height: Int

    /// A rectangle `width` wide and `height` high.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The area, computed by the C target.
    public var area: Int { Int(cshapes_rectangle_area(width, height)) }
}
