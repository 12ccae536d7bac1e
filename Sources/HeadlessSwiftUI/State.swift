/// Storage owned by a view, kept by the view's position in the tree: it
/// survives the parent re-creating the view struct. The initial-value
/// expression still runs every time the struct is created (`@State var model
/// = Model()` builds a throw-away `Model` on each parent render).
///
/// ```swift
/// @State private var count = 0
/// Button("Increment") { count += 1 }
/// Stepper("Count", value: $count)
/// ```
@propertyWrapper
public struct State<Value>: DynamicProperty {
    let box: StateBox<Value>

    /// Creates state with an initial value (used only on first mount).
    nonisolated public init(wrappedValue value: Value) { box = StateBox(initial: value) }
    /// Creates state with an initial value: `_count = State(initialValue: 5)`.
    nonisolated public init(initialValue value: Value) { box = StateBox(initial: value) }

    /// The current value; reading it in `body` makes the view depend on it.
    @MainActor public var wrappedValue: Value {
        get { box.resolvedStorage.read() }
        nonmutating set { box.resolvedStorage.write(newValue) }
    }

    /// A binding to the storage: `$count`.
    @MainActor public var projectedValue: Binding<Value> {
        let storage = box.resolvedStorage
        return Binding(
            get: { storage.read() },
            set: { storage.write($0) },
            identity: BindingIdentity(location: storage, path: []),
            snapshot: storage.peek()
        )
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Creates optional state that starts as `nil`.
    nonisolated public init() { box = StateBox(initial: nil) }
}

/// Connects one `State` value to the node's storage.
final class StateBox<Value> {
    let initial: Value
    var storage: AnyObject?

    init(initial: Value) { self.initial = initial }

    /// The node's storage, or a detached one when used outside a mounted view.
    @MainActor var resolvedStorage: StateStorage<Value> {
        if let storage = storage as? StateStorage<Value> { return storage }
        let detached = StateStorage(value: initial, ownerID: 0, label: "", inbox: nil)
        storage = detached
        return detached
    }
}

extension State: GraphProperty {
    @MainActor func install(on node: ViewNode, label: String) {
        if let existing = node.storage[label] as? StateStorage<Value> {
            box.storage = existing
        } else {
            let created = StateStorage(value: box.initial, ownerID: node.id, label: label, inbox: node.graph.inbox)
            node.storage[label] = created
            box.storage = created
        }
    }
}

extension State: InputComparable {
    func inputIsEqual(to other: Any) -> Bool { true }
}
