/// The values a view inherits from its ancestors: keyed values
/// (`@Environment(\.key)`), `@Observable` objects (`@Environment(Model.self)`)
/// and `ObservableObject`s (`@EnvironmentObject`).
public struct EnvironmentValues: CustomStringConvertible {
    var values: [ObjectIdentifier: Any] = [:]
    var observables: [ObjectIdentifier: AnyObject] = [:]
    var observableObjects: [ObjectIdentifier: AnyObject] = [:]

    /// Creates an environment holding only default values.
    nonisolated public init() {}

    /// The value for a key, or the key's default.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)].flatMap { $0 as? Key.Value } ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// A summary of what the environment holds.
    public var description: String {
        "EnvironmentValues(\(values.count) values, \(observables.count) observable objects, \(observableObjects.count) environment objects)"
    }

    /// Whether controls are enabled (`.disabled(true)` sets it to false).
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }

    /// The colour scheme (always `.light` unless set).
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }

    /// Closes the sheet (or pops the navigation destination) showing this view.
    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }
}

struct IsEnabledKey: EnvironmentKey {
    static let defaultValue = true
}

struct ColorSchemeKey: EnvironmentKey {
    static let defaultValue = ColorScheme.light
}

struct DismissKey: EnvironmentKey {
    static var defaultValue: DismissAction { DismissAction(action: nil) }
}

/// Light or dark appearance.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
    /// The light appearance.
    case light
    /// The dark appearance.
    case dark
}

/// Dismisses the presented view: `@Environment(\.dismiss) var dismiss; dismiss()`.
public struct DismissAction {
    let action: (@MainActor () -> Void)?

    /// Dismisses the presentation, if any.
    @MainActor public func callAsFunction() { action?() }
}
