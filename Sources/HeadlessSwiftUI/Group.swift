/// Groups views without adding anything to the tree.
public struct Group<Content: View>: View {
    let content: Content
    /// Creates a group of the built views.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Group") }
}

extension Group: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
}
