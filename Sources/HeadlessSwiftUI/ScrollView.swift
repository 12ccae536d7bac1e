import Foundation

/// A scrolling container (scrolling is inert).
public struct ScrollView<Content: View>: View {
    let content: Content
    /// Creates the container from the built views.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) { self.content = content() }
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("ScrollView") }
}

extension ScrollView: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
    func snapshotLine(_ node: ViewNode) -> String? { "ScrollView" }
}
