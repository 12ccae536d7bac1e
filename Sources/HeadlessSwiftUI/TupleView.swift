/// Several views built by one `@ViewBuilder` block.
public struct TupleView<T>: View {
    /// The tuple of views.
    public var value: T
    let elements: [any View]

    /// Creates a tuple view from a tuple of views.
    public init<each V: View>(_ value: (repeat each V)) where T == (repeat each V) {
        self.value = value
        var elements: [any View] = []
        for element in repeat each value { elements.append(element) }
        self.elements = elements
    }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("TupleView") }
}

extension TupleView: PrimitiveView {
    func makeChildren() -> [ChildSpec] {
        elements.enumerated().map { ChildSpec(key: ChildKey($0.offset), view: $0.element) }
    }
}
