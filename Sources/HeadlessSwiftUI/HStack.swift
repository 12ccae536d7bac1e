import Foundation

/// A horizontal stack (layout is inert; children show indented in snapshots).
public struct HStack<Content: View>: View {
    let content: Content
    /// Creates the container from the built views.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { self.content = content() }
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("HStack") }
}

extension HStack: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
    func snapshotLine(_ node: ViewNode) -> String? { "HStack" }
}
