/// The storage behind one `@State` property of one mounted view. Reads during
/// a body evaluation make that view depend on it; a write that changes the
/// value invalidates the dependents.
@MainActor
class StateStorageBase {
    let ownerID: Int
    let label: String
    let inbox: InvalidationInbox?
    var dependents: Set<Int> = []

    init(ownerID: Int, label: String, inbox: InvalidationInbox?) {
        self.ownerID = ownerID
        self.label = label
        self.inbox = inbox
    }

    func registerRead() {
        guard let node = EvaluationContext.current else { return }
        dependents.insert(node.id)
        node.stateReads[ObjectIdentifier(self)] = self
    }

    func notifyDependents() {
        for id in dependents.sorted() {
            inbox?.post(id, reason: id == ownerID ? label : "@dependencies")
        }
    }
}

/// Typed `@State` storage.
@MainActor
final class StateStorage<Value>: StateStorageBase {
    private(set) var value: Value

    init(value: Value, ownerID: Int, label: String, inbox: InvalidationInbox?) {
        self.value = value
        super.init(ownerID: ownerID, label: label, inbox: inbox)
    }

    /// The value, recording the current evaluation's dependency on it.
    func read() -> Value {
        registerRead()
        return value
    }

    /// The value without recording a dependency.
    func peek() -> Value { value }

    /// Stores a value; an equal `Equatable` value invalidates nothing, as in SwiftUI.
    func write(_ newValue: Value) {
        if InputComparator.equatableEqual(value, newValue) == true { return }
        value = newValue
        notifyDependents()
    }
}
