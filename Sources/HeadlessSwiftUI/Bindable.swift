/// Makes bindings to the properties of an `@Observable` object:
/// `$model.name`. Works as a view property, a parameter-like local
/// (`@Bindable var model = model` inside `body`) or a plain value.
///
/// A binding made this way points at (object, key path) and carries no value
/// snapshot: the view that *reads* it (usually the child) is the one tracked.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value> {
    /// The observable object.
    public var wrappedValue: Value

    /// The wrapper itself, for `$model.property` bindings.
    public var projectedValue: Bindable<Value> { self }

    /// Wraps an observable object.
    public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    /// Wraps an observable object.
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    /// Wraps an observable object, from another wrapper.
    public init(projectedValue: Bindable<Value>) { self = projectedValue }

    /// A binding to one of the object's properties.
    @MainActor public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> where Value: AnyObject {
        let object = wrappedValue
        return Binding(
            get: { object[keyPath: keyPath] },
            set: { object[keyPath: keyPath] = $0 },
            identity: BindingIdentity(location: object, path: [keyPath]),
            snapshot: nil
        )
    }
}

// Not a `DynamicProperty`, as in SwiftUI (where `Bindable` is `Identifiable`
// and `Sendable` only): the view graph does not install it, and
// `_printChanges` does not list it among a view's dynamic properties.

extension Bindable: InputComparable {
    func inputIsEqual(to other: Any) -> Bool {
        guard let other = other as? Bindable<Value> else { return false }
        return InputComparator.isEqual(wrappedValue, other.wrappedValue)
    }
}
