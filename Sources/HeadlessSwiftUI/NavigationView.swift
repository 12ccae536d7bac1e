/// The pre-iOS 16 navigation container (same as `NavigationStack`).
public struct NavigationView<Content: View>: View {
    let content: Content
    /// Creates the container from the built views.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("NavigationView") }
}

extension NavigationView: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
    func snapshotLine(_ node: ViewNode) -> String? { "NavigationView" }
}
