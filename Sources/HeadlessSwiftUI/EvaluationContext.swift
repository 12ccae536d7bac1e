/// The node whose body (or primitive content) is being evaluated right now.
@MainActor
enum EvaluationContext {
    /// The composite node that owns the code running now, if any.
    static var current: ViewNode?

    /// Runs `work` with `node` as the current node.
    static func with<T>(_ node: ViewNode?, _ work: () -> T) -> T {
        let previous = current
        current = node
        defer { current = previous }
        return work()
    }
}
