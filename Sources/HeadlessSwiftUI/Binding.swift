/// A read-write reference to a value owned elsewhere: `$count`,
/// `$model.name`, `Binding(get:set:)` or `.constant(_:)`.
///
/// A child view holding a binding re-renders when the binding points
/// elsewhere or when the value it had when it was made changed.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    let getter: @MainActor () -> Value
    let setter: @MainActor (Value) -> Void
    let identity: BindingIdentity?
    let snapshot: Any?

    init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void, identity: BindingIdentity?, snapshot: Any?) {
        self.getter = get
        self.setter = set
        self.identity = identity
        self.snapshot = snapshot
    }

    /// Creates a binding from a getter and a setter.
    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        self.init(get: get, set: set, identity: nil, snapshot: nil)
    }

    /// Creates a binding from another binding: `_value = binding`.
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to an immutable value; writes are ignored.
    @MainActor public static func constant(_ value: Value) -> Binding<Value> {
        let box = ConstantBox(value)
        return Binding(get: { box.value }, set: { _ in }, identity: nil, snapshot: ConstantSnapshot(value: value))
    }

    /// The referenced value.
    @MainActor public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    /// The binding itself: `$value`.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value: `$settings.volume`.
    @MainActor public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let getter = self.getter
        let setter = self.setter
        return Binding<Subject>(
            get: { getter()[keyPath: keyPath] },
            set: { newValue in
                var value = getter()
                value[keyPath: keyPath] = newValue
                setter(value)
            },
            identity: identity.map { BindingIdentity(location: $0.location, path: $0.path + [keyPath]) },
            snapshot: (snapshot as? Value).map { $0[keyPath: keyPath] } as Any?
        )
    }
}

/// Holds a constant binding's value.
final class ConstantBox<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Marks a constant binding's snapshot: equal constants compare equal.
struct ConstantSnapshot {
    var value: Any
}

/// Where a binding points: a storage object and a key-path route into it.
struct BindingIdentity {
    var location: AnyObject
    var path: [AnyKeyPath]

    func isSame(as other: BindingIdentity) -> Bool {
        location === other.location && path == other.path
    }
}

extension Binding: InputComparable {
    func inputIsEqual(to other: Any) -> Bool {
        guard let other = other as? Binding<Value> else { return false }
        if let constant = snapshot as? ConstantSnapshot, let otherConstant = other.snapshot as? ConstantSnapshot {
            return InputComparator.equatableEqual(constant.value, otherConstant.value) ?? false
        }
        guard let identity, let otherIdentity = other.identity, identity.isSame(as: otherIdentity) else { return false }
        switch (snapshot, other.snapshot) {
        case (nil, nil): return true
        case let (lhs?, rhs?): return InputComparator.equatableEqual(lhs, rhs) ?? false
        default: return false
        }
    }
}

extension Binding: DynamicProperty {}
