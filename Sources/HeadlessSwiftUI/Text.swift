import Foundation

/// A line of read-only text. Interpolations render as `String(describing:)`.
///
/// ```swift
/// Text("Count: \(model.count)")
/// ```
public struct Text: View, Equatable, Sendable {
    let string: String

    /// Shows a literal (with interpolations).
    nonisolated public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        string = key.resolved
    }
    /// Shows a string value.
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ content: S) { string = String(content) }
    /// Shows a string without treating it as a localisation key.
    nonisolated public init(verbatim content: String) { string = content }
    /// Shows a value formatted by a format style.
    nonisolated public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        string = format.format(input)
    }

    /// Joins two texts.
    nonisolated public static func + (lhs: Text, rhs: Text) -> Text { Text(verbatim: lhs.string + rhs.string) }
    /// Makes the text bold (inert).
    nonisolated public func bold() -> Text { self }
    /// Makes the text italic (inert).
    nonisolated public func italic() -> Text { self }
    /// Sets the font (inert).
    nonisolated public func font(_ font: Font?) -> Text { self }
    /// Sets the colour (inert).
    nonisolated public func foregroundColor(_ color: Color?) -> Text { self }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Text") }
}

extension Text: PrimitiveView {
    func snapshotLine(_ node: ViewNode) -> String? { "Text \"\(string)\"" }
}
