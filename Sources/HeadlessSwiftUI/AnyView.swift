/// A type-erased view; changing the wrapped view's type remounts it.
public struct AnyView: View {
    let content: any View
    /// Wraps a view.
    public init<V: View>(_ view: V) { content = view }
    /// Wraps a view whose type is only known at run time.
    public init(erasing view: any View) { content = view }
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("AnyView") }
}

extension AnyView: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
}
