/// A form of controls.
public struct Form<Content: View>: View {
    let content: Content
    /// Creates the container from the built views.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Form") }
}

extension Form: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
    func snapshotLine(_ node: ViewNode) -> String? { "Form" }
}
