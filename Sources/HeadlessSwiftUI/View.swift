/// A piece of user interface, described by its `body`, exactly as in SwiftUI.
///
/// ```swift
/// struct ContentView: View {
///     var body: some View { Text("Hello") }
/// }
/// ```
@MainActor @preconcurrency
public protocol View {
    /// The type of view representing the body of this view.
    associatedtype Body: View
    /// The content and behaviour of the view; the runtime calls it on every render.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    /// Primitive views have no body; `Never` marks that.
    public typealias Body = Never
    /// Never called: primitive views are interpreted by the runtime directly.
    public var body: Never { neverBody("Never") }
}

/// Traps when the body of a primitive view is requested; the runtime never does this.
func neverBody(_ name: String) -> Never {
    // Internal invariant, not user input: only code that calls `.body` on a
    // built-in primitive view by hand reaches this, as in SwiftUI.
    fatalError("\(name) is a primitive view and has no body")
}

/// Built-in views the runtime interprets itself instead of calling `body`.
@MainActor
protocol PrimitiveView {
    /// The children at their structural positions.
    func makeChildren() -> [ChildSpec]
    /// The line this view contributes to a snapshot, or nil to be transparent.
    func snapshotLine(_ node: ViewNode) -> String?
    /// Whether the snapshot shows this view's children (false for controls that print their label).
    var showsChildrenInSnapshot: Bool { get }
    /// Whether the snapshot indents this view's children under its line.
    var indentsChildrenInSnapshot: Bool { get }
    /// Changes the environment its children see.
    func transformEnvironment(_ environment: inout EnvironmentValues)
    /// Called once when the node is mounted (queue effects on the graph).
    func mounted(_ node: ViewNode)
    /// Called when the parent supplied a new value for a mounted node.
    func updated(_ node: ViewNode, from old: any View)
    /// Called when the node is removed from the tree.
    func unmounting(_ node: ViewNode)
}

extension PrimitiveView {
    func makeChildren() -> [ChildSpec] { [] }
    func snapshotLine(_ node: ViewNode) -> String? { nil }
    var showsChildrenInSnapshot: Bool { true }
    var indentsChildrenInSnapshot: Bool { true }
    func transformEnvironment(_ environment: inout EnvironmentValues) {}
    func mounted(_ node: ViewNode) {}
    func updated(_ node: ViewNode, from old: any View) {}
    func unmounting(_ node: ViewNode) {}
}

/// One child of a primitive view: its structural key and its view value.
struct ChildSpec {
    /// Position-based identity within the parent.
    var key: ChildKey
    /// The child view value.
    var view: any View
}

/// Structural identity of a child inside its parent.
struct ChildKey: Hashable {
    /// The position (or branch) of the child.
    var position: Int
    /// An explicit identity (`ForEach` element id or `.id(_:)`), if any.
    var id: AnyHashable?

    init(_ position: Int, id: AnyHashable? = nil) {
        self.position = position
        self.id = id
    }
}

extension View {
    /// The runtime's name for a view type, as printed in render logs (`ContentView`).
    nonisolated static var typeName: String { String(describing: Self.self) }
}
