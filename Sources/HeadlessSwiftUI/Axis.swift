/// A horizontal or vertical axis.
public enum Axis: Int8, CaseIterable, Sendable {
    /// The horizontal axis.
    case horizontal
    /// The vertical axis.
    case vertical

    /// A set of axes.
    public struct Set: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: Int8
        /// Creates a set from raw bits.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The horizontal axis.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis.
        public static let vertical = Set(rawValue: 2)
    }
}
