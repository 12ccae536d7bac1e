/// A view that shows nothing.
public struct EmptyView: View {
    /// Creates an empty view.
    nonisolated public init() {}
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("EmptyView") }
}

extension EmptyView: PrimitiveView {}
