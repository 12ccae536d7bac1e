/// Two-dimensional alignment (inert).
public struct Alignment: Hashable, Sendable {
    /// The horizontal part.
    public var horizontal: HorizontalAlignment
    /// The vertical part.
    public var vertical: VerticalAlignment
    /// Combines the parts.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    /// Centre.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// Leading edge, vertically centred.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// Trailing edge, vertically centred.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// Top edge, horizontally centred.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// Bottom edge, horizontally centred.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// Top leading corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// Top trailing corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// Bottom leading corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// Bottom trailing corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// Horizontal alignment, for `VStack(alignment:)` (inert).
public struct HorizontalAlignment: Hashable, Sendable {
    let value: Int
    /// Leading.
    public static let leading = HorizontalAlignment(value: 0)
    /// Centre.
    public static let center = HorizontalAlignment(value: 1)
    /// Trailing.
    public static let trailing = HorizontalAlignment(value: 2)
}

/// Vertical alignment, for `HStack(alignment:)` (inert).
public struct VerticalAlignment: Hashable, Sendable {
    let value: Int
    /// Top.
    public static let top = VerticalAlignment(value: 0)
    /// Centre.
    public static let center = VerticalAlignment(value: 1)
    /// Bottom.
    public static let bottom = VerticalAlignment(value: 2)
    /// First text baseline.
    public static let firstTextBaseline = VerticalAlignment(value: 3)
}
