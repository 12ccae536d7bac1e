/// An `ObservableObject` placed by an ancestor with `.environmentObject(_:)`;
/// the view subscribes to its `objectWillChange`. A missing object traps, as
/// in SwiftUI: `No ObservableObject of type Model found. A
/// View.environmentObject(_:) for Model may be missing as an ancestor of this
/// view.`
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    let box = EnvironmentObjectBox<ObjectType>()

    /// Declares the dependency.
    nonisolated public init() {}

    /// The object from the environment.
    @MainActor public var wrappedValue: ObjectType {
        guard let object = box.object else {
            // Deliberate, as in SwiftUI: a guide shows this crash.
            trap(
                "No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of this view."
            )
        }
        return object
    }

    /// Bindings to the object's properties: `$settings.name`.
    @MainActor public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(root: wrappedValue)
    }
}

/// Connects one `EnvironmentObject` value to the node's environment.
final class EnvironmentObjectBox<ObjectType: ObservableObject> {
    var object: ObjectType?
}

extension EnvironmentObject: GraphProperty {
    @MainActor func install(on node: ViewNode, label: String) {
        let key = ObjectIdentifier(ObjectType.self)
        let object = node.environment.observableObjects[key] as? ObjectType
        box.object = object
        if let object {
            node.subscribe(label, to: object)
        } else {
            node.unsubscribe(label)
        }
        let identity = object.map(ObjectIdentifier.init)
        node.environmentChecks[label] = { newEnvironment in
            newEnvironment.observableObjects[key].map(ObjectIdentifier.init) != identity
        }
    }
}

extension EnvironmentObject: InputComparable {
    func inputIsEqual(to other: Any) -> Bool { true }
}
