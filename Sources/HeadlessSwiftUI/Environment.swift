/// Reads a value from the view's environment: a key path
/// (`@Environment(\.colorScheme)`), an `@Observable` object
/// (`@Environment(Model.self)`) or an optional object
/// (`@Environment(Model.self) var model: Model?`).
///
/// A missing required object traps, as in SwiftUI:
/// `No Observable object of type Model found. A View.environmentObject(_:) for
/// Model may be missing as an ancestor of this view.`
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let read: (EnvironmentValues) -> Value?
    let missingMessage: String
    let box = EnvironmentBox()

    /// Reads the value at a key path of `EnvironmentValues`.
    nonisolated public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        read = { $0[keyPath: keyPath] }
        missingMessage = ""
    }

    /// Reads an `@Observable` object placed with `.environment(_:)`; traps if there is none.
    nonisolated public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        let key = ObjectIdentifier(objectType)
        read = { $0.observables[key] as? Value }
        missingMessage =
            "No Observable object of type \(objectType) found. A View.environmentObject(_:) for \(objectType) may be missing as an ancestor of this view."
    }

    /// Reads an `@Observable` object placed with `.environment(_:)`, or nil.
    nonisolated public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        let key = ObjectIdentifier(objectType)
        read = { environment in Optional<Value>.some(environment.observables[key] as? T) }
        missingMessage = ""
    }

    /// The current value.
    @MainActor public var wrappedValue: Value {
        guard let value = read(box.environment ?? EnvironmentValues()) else {
            // Deliberate, as in SwiftUI: a guide shows this crash.
            trap(missingMessage)
        }
        return value
    }
}

/// Connects one `Environment` value to the node's environment.
final class EnvironmentBox {
    var environment: EnvironmentValues?
}

extension Environment: GraphProperty {
    @MainActor func install(on node: ViewNode, label: String) {
        box.environment = node.environment
        let read = read
        let current = read(node.environment)
        node.environmentChecks[label] = { newEnvironment in
            let new = read(newEnvironment)
            switch (current, new) {
            case (nil, nil): return false
            case let (old?, new?): return !InputComparator.isEqual(old, new)
            default: return true
            }
        }
    }
}

extension Environment: InputComparable {
    func inputIsEqual(to other: Any) -> Bool { true }
}
