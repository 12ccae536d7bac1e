/// A colour; as a view it shows as `Color <name>` in snapshots.
public struct Color: View, Hashable, Sendable, ShapeStyle {
    let name: String
    /// A colour by name (inert).
    nonisolated public init(_ name: String) { self.name = name }
    /// A colour from components (inert).
    nonisolated public init(red: Double, green: Double, blue: Double, opacity: Double = 1) { name = "rgb(\(red), \(green), \(blue))" }

    /// Red.
    nonisolated public static let red = Color("red")
    /// Green.
    nonisolated public static let green = Color("green")
    /// Blue.
    nonisolated public static let blue = Color("blue")
    /// Orange.
    nonisolated public static let orange = Color("orange")
    /// Yellow.
    nonisolated public static let yellow = Color("yellow")
    /// Purple.
    nonisolated public static let purple = Color("purple")
    /// Gray.
    nonisolated public static let gray = Color("gray")
    /// Black.
    nonisolated public static let black = Color("black")
    /// White.
    nonisolated public static let white = Color("white")
    /// Clear.
    nonisolated public static let clear = Color("clear")
    /// The accent colour.
    nonisolated public static let accentColor = Color("accentColor")
    /// The primary colour.
    nonisolated public static let primary = Color("primary")
    /// The secondary colour.
    nonisolated public static let secondary = Color("secondary")

    /// Returns the colour with an opacity (inert).
    nonisolated public func opacity(_ opacity: Double) -> Color { self }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Color") }
}

extension Color: PrimitiveView {
    func snapshotLine(_ node: ViewNode) -> String? { "Color \(name)" }
}

/// Something that can fill or colour a view (`Color`, `.secondary`...).
public protocol ShapeStyle: Sendable {}

/// The hierarchical foreground styles: `.primary`, `.secondary`...
public struct HierarchicalShapeStyle: ShapeStyle {
    let level: Int
    /// The primary style.
    public static let primary = HierarchicalShapeStyle(level: 0)
    /// The secondary style.
    public static let secondary = HierarchicalShapeStyle(level: 1)
    /// The tertiary style.
    public static let tertiary = HierarchicalShapeStyle(level: 2)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The primary style.
    public static var primary: HierarchicalShapeStyle { .primary }
    /// The secondary style.
    public static var secondary: HierarchicalShapeStyle { .secondary }
    /// The tertiary style.
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
}

extension ShapeStyle where Self == Color {
    /// Red.
    public static var red: Color { Color.red }
    /// Green.
    public static var green: Color { Color.green }
    /// Blue.
    public static var blue: Color { Color.blue }
    /// Orange.
    public static var orange: Color { Color.orange }
    /// Gray.
    public static var gray: Color { Color.gray }
    /// The accent colour.
    public static var accentColor: Color { Color.accentColor }
}
