/// An `ObservableObject` passed in from outside; the view subscribes to its
/// `objectWillChange`, so any emission re-renders the view, whatever its body
/// reads. (A plain `let` reference never subscribes.)
///
/// ```swift
/// @ObservedObject var model: CounterModel
/// TextField("Name", text: $model.name)
/// ```
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// Makes bindings to the properties of an observed object.
    @dynamicMemberLookup
    public struct Wrapper {
        let root: ObjectType

        /// A binding to one of the object's properties.
        @MainActor public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let root = root
            return Binding(
                get: { root[keyPath: keyPath] },
                set: { root[keyPath: keyPath] = $0 },
                identity: BindingIdentity(location: root, path: [keyPath]),
                snapshot: root[keyPath: keyPath]
            )
        }
    }

    /// The observed object.
    public var wrappedValue: ObjectType

    /// Observes an object.
    nonisolated public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    /// Observes an object.
    nonisolated public init(initialValue: ObjectType) { self.wrappedValue = initialValue }

    /// Bindings to the object's properties: `$model.name`.
    public var projectedValue: Wrapper { Wrapper(root: wrappedValue) }
}

extension ObservedObject: GraphProperty {
    @MainActor func install(on node: ViewNode, label: String) {
        node.subscribe(label, to: wrappedValue)
    }
}

extension ObservedObject: InputComparable {
    func inputIsEqual(to other: Any) -> Bool {
        guard let other = other as? ObservedObject<ObjectType> else { return false }
        return wrappedValue === other.wrappedValue
    }
}
