/// `.task`: starts an asynchronous action (a main-actor `Task`) when the view
/// is mounted and cancels it when the view is removed; with an `id`, a
/// change of id cancels and restarts it. Await started tasks with
/// `await host.settle()`.
public struct _TaskModifier: ViewModifier {
    /// Built-in: interpreted by the runtime.
    public typealias Body = Never
    let id: AnyHashable?
    let priority: TaskPriority
    let action: @MainActor @Sendable () async -> Void
}

/// Holds the running task of a `.task` node.
final class TaskState {
    var task: Task<Void, Never>?
}

extension _TaskModifier: PrimitiveModifier {
    func mounted(_ node: ViewNode) {
        let state = TaskState()
        node.modifierState = state
        let graph = node.graph
        graph.effects.append { [weak node] in
            guard let node, node.isMounted else { return }
            state.task = graph.startTask(priority: priority, action)
        }
    }

    func updated(_ node: ViewNode, from old: Any) {
        guard let old = old as? _TaskModifier, old.id != id, let state = node.modifierState as? TaskState else { return }
        state.task?.cancel()
        state.task = node.graph.startTask(priority: priority, action)
    }

    func unmounting(_ node: ViewNode) {
        (node.modifierState as? TaskState)?.task?.cancel()
    }
}

extension ViewGraph {
    /// Starts a `.task` action on the main actor and remembers it for `settle()`.
    func startTask(priority: TaskPriority, _ action: @escaping @MainActor @Sendable () async -> Void) -> Task<Void, Never> {
        let task = Task(priority: priority) { @MainActor in await action() }
        startedTasks.append(task)
        return task
    }
}

extension View {
    /// Runs `action` when the view appears; cancels it when the view is removed.
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void) -> some View {
        modifier(_TaskModifier(id: nil, priority: priority, action: action))
    }

    /// Runs `action` when the view appears and again (after cancelling) whenever `id` changes.
    public func task<T: Equatable & Hashable>(
        id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void
    ) -> some View {
        modifier(_TaskModifier(id: AnyHashable(value), priority: priority, action: action))
    }
}
