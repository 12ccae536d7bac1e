import OpenCombineShim

/// One mounted view at one structural position: the unit of identity, state
/// storage, subscriptions and re-evaluation.
@MainActor
final class ViewNode {
    let id: Int
    unowned let graph: ViewGraph
    weak var parent: ViewNode?
    let depth: Int
    let key: ChildKey
    let typeID: ObjectIdentifier
    /// The latest value the parent supplied.
    var view: any View
    var children: [ViewNode] = []
    /// The environment this node sees.
    var environment: EnvironmentValues
    var isMounted = true
    /// True for views with a `body` of their own (not primitives).
    let isComposite: Bool

    // MARK: Composite state

    /// `@State`/`@StateObject` storage by property path (`_count`).
    var storage: [String: AnyObject] = [:]
    /// `objectWillChange` subscriptions by property path, with the object they watch.
    var objectSubscriptions: [String: (object: ObjectIdentifier, cancellable: AnyCancellable)] = [:]
    /// Per `@Environment` property: does a new environment change what it read?
    var environmentChecks: [String: (EnvironmentValues) -> Bool] = [:]
    /// State storages this node's last evaluation read.
    var stateReads: [ObjectIdentifier: StateStorageBase] = [:]
    /// Why the node must be re-evaluated (empty when clean), in report order.
    var pendingReasons: [String] = []
    /// Why the current evaluation happens (for `_printChanges`).
    var currentReasons: [String] = []

    // MARK: Primitive state

    /// Per-modifier bookkeeping (a running task, the last `onChange` value...).
    var modifierState: AnyObject?

    init(id: Int, graph: ViewGraph, parent: ViewNode?, key: ChildKey, view: any View, environment: EnvironmentValues) {
        self.id = id
        self.graph = graph
        self.parent = parent
        self.depth = (parent?.depth ?? -1) + 1
        self.key = key
        self.typeID = ObjectIdentifier(type(of: view))
        self.view = view
        self.environment = environment
        self.isComposite = !(view is any PrimitiveView)
    }

    var isDirty: Bool { !pendingReasons.isEmpty }

    /// The view type's name, as the render log prints it.
    var typeName: String {
        if let named = view as? any CustomRenderName { return named.renderName }
        return String(describing: type(of: view))
    }

    func addReason(_ reason: String) {
        if !pendingReasons.contains(reason) { pendingReasons.append(reason) }
    }

    /// Forgets which state storages the previous evaluation read.
    func clearStateReads() {
        for storage in stateReads.values { storage.dependents.remove(id) }
        stateReads.removeAll()
    }

    /// Every node below this one, depth first, this one included.
    func walk(_ visit: (ViewNode) -> Void) {
        visit(self)
        for child in children { child.walk(visit) }
    }

    /// Concatenated `Text` of this subtree (a button's title, say).
    var textContent: String {
        var parts: [String] = []
        walk { node in
            if let text = node.view as? Text { parts.append(text.string) }
            if let label = node.view as? any LabelTitleProviding { parts.append(label.titleText) }
        }
        return parts.joined(separator: " ")
    }
}

/// Views whose render-log name differs from their type name.
protocol CustomRenderName {
    var renderName: String { get }
}

/// Views that expose a title for lookups without a `Text` child.
protocol LabelTitleProviding {
    var titleText: String { get }
}
