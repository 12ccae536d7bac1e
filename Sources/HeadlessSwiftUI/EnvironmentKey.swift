/// A key for a value in `EnvironmentValues`.
///
/// ```swift
/// struct AccentKey: EnvironmentKey { static let defaultValue = "blue" }
/// extension EnvironmentValues {
///     var accent: String {
///         get { self[AccentKey.self] }
///         set { self[AccentKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    /// The key's value type.
    associatedtype Value
    /// The value used when no ancestor set one.
    static var defaultValue: Value { get }
}
