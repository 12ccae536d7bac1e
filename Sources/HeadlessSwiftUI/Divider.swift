/// A separator line (shows as `Divider` in snapshots).
public struct Divider: View, Sendable {
    /// Creates a divider.
    nonisolated public init() {}
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Divider") }
}

extension Divider: PrimitiveView {
    func snapshotLine(_ node: ViewNode) -> String? { "Divider" }
}
