import Foundation

/// Flexible space (inert; shows as `Spacer` in snapshots).
public struct Spacer: View, Sendable {
    /// Creates a spacer.
    nonisolated public init(minLength: CGFloat? = nil) {}
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Spacer") }
}

extension Spacer: PrimitiveView {
    func snapshotLine(_ node: ViewNode) -> String? { "Spacer" }
}
