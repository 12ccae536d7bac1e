import OpenCombineShim

/// The engine behind `ViewHost`: mounts nodes, reconciles children by
/// structural identity, evaluates bodies under observation tracking and runs
/// lifecycle effects. Deterministic: everything happens inside `flush()`.
@MainActor
final class ViewGraph {
    let inbox = InvalidationInbox()
    private(set) var root: ViewNode?
    private var nodes: [Int: ViewNode] = [:]
    private var nextID = 0
    /// Effects to run after the current update (onAppear, task start, onChange...).
    var effects: [() -> Void] = []
    /// Tasks started by `.task`, not yet awaited by `settle()`.
    var startedTasks: [Task<Void, Never>] = []
    /// One entry per body evaluation.
    var renderLog: [RenderRecord] = []
    /// Bumped on every flush pass; recorded in the log.
    private(set) var pass = 0

    /// One body evaluation.
    struct RenderRecord {
        var typeName: String
        var typeID: ObjectIdentifier
        var reasons: [String]
        var pass: Int
    }

    // MARK: Mounting

    func mount(_ view: any View, environment: EnvironmentValues = EnvironmentValues()) {
        var deferred: [ViewNode] = []
        let node = makeNode(parent: nil, key: ChildKey(0), view: view, environment: environment)
        root = node
        mountNode(node, deferred: &deferred)
        for child in deferred { evaluate(child) }
    }

    func unmountAll() {
        if let root { unmount(root) }
        root = nil
        runEffects()
    }

    private func makeNode(parent: ViewNode?, key: ChildKey, view: any View, environment: EnvironmentValues) -> ViewNode {
        nextID += 1
        let node = ViewNode(id: nextID, graph: self, parent: parent, key: key, view: view, environment: environment)
        nodes[node.id] = node
        return node
    }

    private func mountNode(_ node: ViewNode, deferred: inout [ViewNode]) {
        if node.isComposite {
            // SwiftUI's first-appearance line: `ProfileCard: @self, @identity,
            // _profile changed.` — a new identity, and every dynamic property.
            node.addReason("@self")
            node.addReason("@identity")
            for label in PropertyInstaller.dynamicPropertyLabels(of: node.view) { node.addReason(label) }
            deferred.append(node)
        } else if let primitive = node.view as? any PrimitiveView {
            primitive.mounted(node)
            expand(node, deferred: &deferred)
        }
    }

    private func unmount(_ node: ViewNode) {
        guard node.isMounted else { return }
        if let primitive = node.view as? any PrimitiveView { primitive.unmounting(node) }
        for child in node.children { unmount(child) }
        node.isMounted = false
        node.clearStateReads()
        for subscription in node.objectSubscriptions.values { subscription.cancellable.cancel() }
        node.objectSubscriptions.removeAll()
        nodes[node.id] = nil
    }

    // MARK: Reconciliation

    /// Re-creates the children of a primitive node from its current value.
    private func expand(_ node: ViewNode, deferred: inout [ViewNode]) {
        guard let primitive = node.view as? any PrimitiveView else { return }
        var environment = node.environment
        primitive.transformEnvironment(&environment)
        let specs = (primitive as? any NodeAwareChildren)?.makeChildren(node: node) ?? primitive.makeChildren()
        reconcile(node, with: specs, environment: environment, deferred: &deferred)
    }

    /// Rebuilds a primitive node's children after its own state changed
    /// (a followed `NavigationLink`), outside any body evaluation.
    func reexpand(_ node: ViewNode) {
        guard node.isMounted else { return }
        var deferred: [ViewNode] = []
        expand(node, deferred: &deferred)
        for child in deferred where child.isMounted && child.isDirty { evaluate(child) }
    }

    /// Matches new child values to existing nodes by (key, type); unmatched
    /// old nodes are unmounted, unmatched new values are mounted.
    private func reconcile(_ parent: ViewNode, with specs: [ChildSpec], environment: EnvironmentValues, deferred: inout [ViewNode]) {
        struct Identity: Hashable { var key: ChildKey; var type: ObjectIdentifier }
        var existing: [Identity: [ViewNode]] = [:]
        for child in parent.children {
            existing[Identity(key: child.key, type: child.typeID), default: []].append(child)
        }
        var result: [ViewNode] = []
        for spec in specs {
            let identity = Identity(key: spec.key, type: ObjectIdentifier(type(of: spec.view)))
            if var matches = existing[identity], !matches.isEmpty {
                let node = matches.removeFirst()
                existing[identity] = matches
                update(node, with: spec.view, environment: environment, deferred: &deferred)
                result.append(node)
            } else {
                let node = makeNode(parent: parent, key: spec.key, view: spec.view, environment: environment)
                mountNode(node, deferred: &deferred)
                result.append(node)
            }
        }
        let kept = Set(result.map(\.id))
        for child in parent.children where !kept.contains(child.id) { unmount(child) }
        parent.children = result
    }

    /// Gives a mounted node its new value from the parent.
    private func update(_ node: ViewNode, with view: any View, environment: EnvironmentValues, deferred: inout [ViewNode]) {
        if node.isComposite {
            if !InputComparator.isEqual(node.view, view) { node.addReason("@self") }
            for (label, changed) in node.environmentChecks.sorted(by: { $0.key < $1.key }) where changed(environment) {
                node.addReason(label)
            }
            node.view = view
            node.environment = environment
            if node.isDirty { deferred.append(node) }
        } else {
            let old = node.view
            node.view = view
            node.environment = environment
            if let primitive = view as? any PrimitiveView { primitive.updated(node, from: old) }
            expand(node, deferred: &deferred)
        }
    }

    // MARK: Evaluation

    /// Evaluates a composite node's body under fresh observation tracking,
    /// reconciles its content inside that scope, then evaluates the composite
    /// children that need it outside the scope (nested scopes would merge).
    func evaluate(_ node: ViewNode) {
        guard node.isMounted, node.isComposite else { return }
        node.currentReasons = node.pendingReasons.isEmpty ? ["@self"] : orderedReasons(node.pendingReasons)
        node.pendingReasons = []
        renderLog.append(RenderRecord(typeName: node.typeName, typeID: node.typeID, reasons: node.currentReasons, pass: pass))
        node.clearStateReads()
        PropertyInstaller.install(node)

        var deferred: [ViewNode] = []
        let inbox = inbox
        let nodeID = node.id
        EvaluationContext.with(node) {
            withObservationTracking {
                let body = Self.makeBody(node.view)
                reconcile(node, with: [ChildSpec(key: ChildKey(0), view: body)], environment: node.environment, deferred: &deferred)
            } onChange: {
                inbox.post(nodeID, reason: "@dependencies")
            }
        }
        for child in deferred where child.isMounted && child.isDirty {
            evaluate(child)
        }
    }

    private static func makeBody<V: View>(_ view: V) -> any View { view.body }

    private func orderedReasons(_ reasons: [String]) -> [String] {
        let special = ["@self", "@identity"].filter(reasons.contains)
        let properties = reasons.filter { !$0.hasPrefix("@") }
        let rest = reasons.filter { $0.hasPrefix("@") && !special.contains($0) }
        return special + properties + rest
    }

    // MARK: Flushing

    /// Applies every pending invalidation: dirty nodes are re-evaluated
    /// top-down, each once per pass, then effects run; repeats until quiet.
    func flush() {
        var passes = 0
        while true {
            for entry in inbox.drain() {
                guard let node = nodes[entry.nodeID], node.isMounted else { continue }
                node.addReason(entry.reason)
            }
            let dirty = nodes.values.filter { $0.isDirty }.sorted { ($0.depth, $0.id) < ($1.depth, $1.id) }
            if dirty.isEmpty && effects.isEmpty && inbox.isEmpty { break }
            pass += 1
            for node in dirty where node.isMounted && node.isDirty {
                evaluate(node)
            }
            runEffects()
            passes += 1
            if passes >= 100 {
                print("HeadlessSwiftUI: the view graph did not settle after 100 update passes; a body or effect keeps invalidating views.")
                break
            }
        }
    }

    func runEffects() {
        while !effects.isEmpty {
            let batch = effects
            effects = []
            for effect in batch { effect() }
        }
    }

    // MARK: Queries

    var allNodes: [ViewNode] {
        var result: [ViewNode] = []
        root?.walk { result.append($0) }
        return result
    }
}
