/// A stored view property whose value the runtime keeps up to date (all the
/// property wrappers here conform). A custom `DynamicProperty` struct may hold
/// `@State`, `@Environment` and the like; they are installed through it.
public protocol DynamicProperty {
    /// Called before the body is evaluated (a no-op here, as by default in SwiftUI).
    mutating func update()
}

extension DynamicProperty {
    /// Does nothing.
    public mutating func update() {}
}

/// Property wrappers that connect to the node that holds them.
protocol GraphProperty {
    @MainActor func install(on node: ViewNode, label: String)
}

/// Finds the property wrappers in a view value (by reflection) and connects
/// them to the node's storage, environment and subscriptions.
@MainActor
enum PropertyInstaller {
    static func install(_ node: ViewNode) {
        node.environmentChecks.removeAll()
        var seen: Set<String> = []
        install(value: node.view, prefix: "", node: node, seen: &seen)
        for label in node.objectSubscriptions.keys where !seen.contains(label) {
            node.objectSubscriptions[label]?.cancellable.cancel()
            node.objectSubscriptions[label] = nil
        }
    }

    /// The names of a view's dynamic properties (`_count` for `@State var
    /// count`), in declaration order: what `_printChanges` lists when the
    /// view first appears.
    static func dynamicPropertyLabels(of view: any View) -> [String] {
        Mirror(reflecting: view).children.compactMap { child in
            guard let label = child.label, child.value is any DynamicProperty else { return nil }
            return label
        }
    }

    private static func install(value: Any, prefix: String, node: ViewNode, seen: inout Set<String>) {
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            let path = prefix + label
            if let property = child.value as? any GraphProperty {
                seen.insert(path)
                property.install(on: node, label: path)
            } else if child.value is any DynamicProperty || child.value is any ViewModifier {
                install(value: child.value, prefix: path + ".", node: node, seen: &seen)
            }
        }
    }
}

extension ViewNode {
    /// Subscribes this node to an object's `objectWillChange`, once per object.
    func subscribe<Object: ObservableObject>(_ label: String, to object: Object) {
        let identity = ObjectIdentifier(object)
        if objectSubscriptions[label]?.object == identity { return }
        objectSubscriptions[label]?.cancellable.cancel()
        let inbox = graph.inbox
        let nodeID = id
        let cancellable = object.objectWillChange.sink { @Sendable _ in
            inbox.post(nodeID, reason: label)
        }
        objectSubscriptions[label] = (identity, cancellable)
    }

    /// Drops the subscription held for a property.
    func unsubscribe(_ label: String) {
        objectSubscriptions[label]?.cancellable.cancel()
        objectSubscriptions[label] = nil
    }
}
