/// A link that pushes its destination; `host.tap(title)` follows it and the
/// destination then shows under the link in snapshots.
public struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    let destination: Destination

    /// A link with a label view.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = destination()
    }

    /// A link with a label view (the iOS 13 form).
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = destination
    }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("NavigationLink") }
}

extension NavigationLink where Label == Text {
    /// A link with a title.
    public init(_ title: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination, label: { Text(title) })
    }
    /// A link with a title.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination, label: { Text(title) })
    }
    /// A link with a title (the iOS 13 form).
    public init(_ title: LocalizedStringKey, destination: Destination) {
        self.init(destination: destination, label: { Text(title) })
    }
}

/// Whether a link was followed.
final class LinkState {
    var isActive = false
}

extension NavigationLink: PrimitiveView, NodeAwareChildren, TappableControl {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: label)] }

    func makeChildren(node: ViewNode) -> [ChildSpec] {
        var children = makeChildren()
        if (node.modifierState as? LinkState)?.isActive == true {
            let dismiss = DismissAction { [weak node] in
                guard let node else { return }
                (node.modifierState as? LinkState)?.isActive = false
                node.graph.reexpand(node)
            }
            children.append(
                ChildSpec(key: ChildKey(1), view: SheetPresentation(content: destination.environment(\.dismiss, dismiss), line: "Destination")))
        }
        return children
    }

    func snapshotLine(_ node: ViewNode) -> String? { "NavigationLink \"\(labelText(node))\"" }

    func mounted(_ node: ViewNode) { node.modifierState = LinkState() }

    func labelText(_ node: ViewNode) -> String { node.children.first?.textContent ?? "" }

    func tap(_ node: ViewNode) {
        (node.modifierState as? LinkState)?.isActive = true
        node.graph.reexpand(node)
    }
}

/// Primitive views whose children depend on node state.
@MainActor
protocol NodeAwareChildren {
    func makeChildren(node: ViewNode) -> [ChildSpec]
}

/// Controls that `host.tap(_:)` can press.
@MainActor
protocol TappableControl {
    func labelText(_ node: ViewNode) -> String
    func tap(_ node: ViewNode)
}
