/// `.environment(…)`, `.environmentObject(_:)` and `.disabled(_:)`: change
/// the environment the modified view and its descendants see.
public struct _EnvironmentModifier: ViewModifier {
    /// Built-in: interpreted by the runtime.
    public typealias Body = Never
    let transform: (inout EnvironmentValues) -> Void
}

extension _EnvironmentModifier: PrimitiveModifier {
    func transformEnvironment(_ environment: inout EnvironmentValues) { transform(&environment) }
}

extension View {
    /// Places an `@Observable` object in the environment for `@Environment(Model.self)`.
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        modifier(_EnvironmentModifier { $0.observables[ObjectIdentifier(T.self)] = object })
    }

    /// Sets an environment value: `.environment(\.colorScheme, .dark)`.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modifier(_EnvironmentModifier { $0[keyPath: keyPath] = value })
    }

    /// Places an `ObservableObject` in the environment for `@EnvironmentObject`.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        modifier(_EnvironmentModifier { $0.observableObjects[ObjectIdentifier(T.self)] = object })
    }

    /// Disables controls in this view: `host.tap` refuses disabled buttons.
    public func disabled(_ disabled: Bool) -> some View {
        modifier(_EnvironmentModifier { if disabled { $0.isEnabled = false } })
    }
}
