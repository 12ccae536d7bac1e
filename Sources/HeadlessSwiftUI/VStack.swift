import Foundation

/// A vertical stack (layout is inert; children show indented in snapshots).
public struct VStack<Content: View>: View {
    let content: Content
    /// Creates the container from the built views.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { self.content = content() }
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("VStack") }
}

extension VStack: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
    func snapshotLine(_ node: ViewNode) -> String? { "VStack" }
}
