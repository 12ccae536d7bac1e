import Foundation

/// A string literal that a `Text`, `Button` or `Label` shows; interpolations
/// are rendered with `String(describing:)` (no localisation happens here).
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Hashable, Sendable {
    let resolved: String

    /// Creates a key from a string literal.
    public init(stringLiteral value: String) { resolved = value }
    /// Creates a key from an interpolated literal.
    public init(stringInterpolation: StringInterpolation) { resolved = stringInterpolation.output }
    /// Creates a key from a string value.
    public init(_ value: String) { resolved = value }

    /// Collects the pieces of an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var output = ""
        /// Reserves room for the literal.
        public init(literalCapacity: Int, interpolationCount: Int) { output.reserveCapacity(literalCapacity) }
        /// Appends literal text.
        public mutating func appendLiteral(_ literal: String) { output += literal }
        /// Appends any value as `String(describing:)` does.
        public mutating func appendInterpolation<T>(_ value: T) { output += String(describing: value) }
        /// Appends a string.
        public mutating func appendInterpolation(_ value: String) { output += value }
        /// Appends a number with a `printf`-style specifier, e.g. `"%.2f"`.
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) { output += String(format: specifier, value) }
        /// Appends a value formatted by a format style.
        public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F) where F.FormatOutput == String {
            output += format.format(value)
        }
        /// Appends the text of a `Text`.
        public mutating func appendInterpolation(_ text: Text) { output += text.string }
    }
}
