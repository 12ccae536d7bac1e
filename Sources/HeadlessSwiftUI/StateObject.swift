/// An `ObservableObject` owned by a view: created once per view identity
/// (the autoclosure runs on first mount only) and subscribed to, so any
/// `objectWillChange` emission re-renders the view.
///
/// ```swift
/// @StateObject private var model = CounterModel()
/// ```
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    let box: StateObjectBox<ObjectType>

    /// Creates the wrapper; `thunk` runs once, when the view is first mounted.
    nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        box = StateObjectBox(thunk: thunk)
    }

    /// The owned object.
    @MainActor public var wrappedValue: ObjectType { box.resolved }

    /// Bindings to the object's properties: `$model.name`.
    @MainActor public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(root: box.resolved)
    }
}

/// Connects one `StateObject` value to the node's storage.
final class StateObjectBox<ObjectType: ObservableObject> {
    let thunk: () -> ObjectType
    var object: ObjectType?

    init(thunk: @escaping () -> ObjectType) { self.thunk = thunk }

    /// The installed object; outside a mounted view, a new one (as SwiftUI warns).
    var resolved: ObjectType {
        if let object { return object }
        let created = thunk()
        object = created
        return created
    }
}

/// Storage for a `@StateObject` on a node.
final class StateObjectStorage<ObjectType: ObservableObject> {
    let object: ObjectType
    init(object: ObjectType) { self.object = object }
}

extension StateObject: GraphProperty {
    @MainActor func install(on node: ViewNode, label: String) {
        let object: ObjectType
        if let existing = node.storage[label] as? StateObjectStorage<ObjectType> {
            object = existing.object
        } else {
            object = box.thunk()
            node.storage[label] = StateObjectStorage(object: object)
        }
        box.object = object
        node.subscribe(label, to: object)
    }
}

extension StateObject: InputComparable {
    func inputIsEqual(to other: Any) -> Bool { true }
}
