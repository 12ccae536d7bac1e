import Foundation

/// An overlapping stack (layout is inert; children show indented in snapshots).
public struct ZStack<Content: View>: View {
    let content: Content
    /// Creates the container from the built views.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { self.content = content() }
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("ZStack") }
}

extension ZStack: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
    func snapshotLine(_ node: ViewNode) -> String? { "ZStack" }
}
