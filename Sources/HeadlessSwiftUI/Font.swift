import Foundation

/// A font (inert: recorded by nothing, accepted everywhere SwiftUI accepts one).
public struct Font: Hashable, Sendable {
    let name: String
    /// The large title style.
    public static let largeTitle = Font(name: "largeTitle")
    /// The title style.
    public static let title = Font(name: "title")
    /// The second-level title style.
    public static let title2 = Font(name: "title2")
    /// The third-level title style.
    public static let title3 = Font(name: "title3")
    /// The headline style.
    public static let headline = Font(name: "headline")
    /// The subheadline style.
    public static let subheadline = Font(name: "subheadline")
    /// The body style.
    public static let body = Font(name: "body")
    /// The callout style.
    public static let callout = Font(name: "callout")
    /// The footnote style.
    public static let footnote = Font(name: "footnote")
    /// The caption style.
    public static let caption = Font(name: "caption")
    /// A system font of a given size.
    public static func system(size: CGFloat, weight: Weight = .regular) -> Font { Font(name: "system(\(size))") }
    /// Returns a bold variant.
    public func bold() -> Font { self }

    /// A font weight.
    public struct Weight: Hashable, Sendable {
        let value: Int
        /// Regular weight.
        public static let regular = Weight(value: 400)
        /// Medium weight.
        public static let medium = Weight(value: 500)
        /// Semibold weight.
        public static let semibold = Weight(value: 600)
        /// Bold weight.
        public static let bold = Weight(value: 700)
    }
}
