/// A navigation container; pushed `NavigationLink` destinations show under their link.
public struct NavigationStack<Content: View>: View {
    let content: Content
    /// Creates the container from the built views.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("NavigationStack") }
}

extension NavigationStack: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
    func snapshotLine(_ node: ViewNode) -> String? { "NavigationStack" }
}
