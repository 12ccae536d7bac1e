/// An image: a symbol (`Image(systemName: "star")`) or a named asset.
public struct Image: View, Hashable, Sendable {
    let name: String
    let isSystem: Bool
    /// A system symbol.
    nonisolated public init(systemName: String) { name = systemName; isSystem = true }
    /// A named image asset.
    nonisolated public init(_ name: String) { self.name = name; isSystem = false }
    /// Makes the image resizable (inert).
    nonisolated public func resizable() -> Image { self }
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Image") }
}

extension Image: PrimitiveView {
    func snapshotLine(_ node: ViewNode) -> String? { isSystem ? "Image(systemName: \"\(name)\")" : "Image(\"\(name)\")" }
}
