/// `.onChange(of:)`: compares the value each time the owning body runs and
/// calls the action (after the update) when it differs.
public struct _ValueActionModifier<Value: Equatable>: ViewModifier {
    /// Built-in: interpreted by the runtime.
    public typealias Body = Never
    let value: Value
    let initial: Bool
    let action: (Value, Value) -> Void
}

extension _ValueActionModifier: PrimitiveModifier {
    func mounted(_ node: ViewNode) {
        guard initial else { return }
        let value = value
        let action = action
        node.graph.effects.append { action(value, value) }
    }

    func updated(_ node: ViewNode, from old: Any) {
        guard let old = old as? Self, old.value != value else { return }
        let oldValue = old.value
        let newValue = value
        let action = action
        node.graph.effects.append { action(oldValue, newValue) }
    }
}

extension View {
    /// Calls `action(oldValue, newValue)` when `value` changes.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        modifier(_ValueActionModifier(value: value, initial: initial, action: action))
    }

    /// Calls `action()` when `value` changes.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        modifier(_ValueActionModifier(value: value, initial: initial, action: { _, _ in action() }))
    }

    /// Calls `action(newValue)` when `value` changes (the iOS 14 form).
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        modifier(_ValueActionModifier(value: value, initial: false, action: { _, new in action(new) }))
    }
}
