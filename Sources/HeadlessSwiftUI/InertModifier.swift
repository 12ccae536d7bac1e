import Foundation

/// Layout and styling modifiers that type-check as in SwiftUI but change
/// nothing in a headless tree: `.padding`, `.font`, `.foregroundStyle`,
/// `.frame`, and friends.
public struct _InertModifier: ViewModifier {
    /// Built-in: interpreted by the runtime.
    public typealias Body = Never
    let name: String
}

extension _InertModifier: PrimitiveModifier {}

extension View {
    /// Adds padding (inert).
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { modifier(_InertModifier(name: "padding")) }
    /// Adds padding (inert).
    public func padding(_ length: CGFloat) -> some View { modifier(_InertModifier(name: "padding")) }
    /// Sets the font (inert).
    public func font(_ font: Font?) -> some View { modifier(_InertModifier(name: "font")) }
    /// Sets the foreground style (inert).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { modifier(_InertModifier(name: "foregroundStyle")) }
    /// Sets the foreground colour (inert).
    public func foregroundColor(_ color: Color?) -> some View { modifier(_InertModifier(name: "foregroundColor")) }
    /// Fixes the size (inert).
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        modifier(_InertModifier(name: "frame"))
    }
    /// Bounds the size (inert).
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil,
        maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View { modifier(_InertModifier(name: "frame")) }
    /// Sets the opacity (inert).
    public func opacity(_ opacity: Double) -> some View { modifier(_InertModifier(name: "opacity")) }
    /// Sets the tint (inert).
    public func tint(_ tint: Color?) -> some View { modifier(_InertModifier(name: "tint")) }
}

/// Edges, for `.padding(_:_:)`.
public enum Edge: Int8, CaseIterable, Sendable {
    /// The top edge.
    case top
    /// The leading edge.
    case leading
    /// The bottom edge.
    case bottom
    /// The trailing edge.
    case trailing

    /// A set of edges.
    public struct Set: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: Int8
        /// Creates a set from raw bits.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The leading edge.
        public static let leading = Set(rawValue: 2)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 4)
        /// The trailing edge.
        public static let trailing = Set(rawValue: 8)
        /// Top and bottom.
        public static let vertical: Set = [.top, .bottom]
        /// Leading and trailing.
        public static let horizontal: Set = [.leading, .trailing]
        /// Every edge.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}
