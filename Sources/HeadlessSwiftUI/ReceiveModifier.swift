/// `.onReceive(_:perform:)`: subscribes to a publisher while the view is
/// mounted and runs the action for each value. Publish on the main thread
/// (as SwiftUI requires), e.g. from main-actor code or after
/// `.receive(on: DispatchQueue.main)`.
public struct _ReceiveModifier<P: Publisher>: ViewModifier where P.Failure == Never {
    /// Built-in: interpreted by the runtime.
    public typealias Body = Never
    let publisher: P
    let action: (P.Output) -> Void
}

/// Holds the subscription of an `.onReceive` node.
final class ReceiveState {
    var cancellable: AnyCancellable?
}

extension _ReceiveModifier: PrimitiveModifier {
    func mounted(_ node: ViewNode) {
        let state = ReceiveState()
        node.modifierState = state
        let action = action
        state.cancellable = publisher.sink { value in action(value) }
    }

    func unmounting(_ node: ViewNode) {
        (node.modifierState as? ReceiveState)?.cancellable?.cancel()
    }
}

extension View {
    /// Runs `action` for every value `publisher` emits while the view is mounted.
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View where P.Failure == Never {
        modifier(_ReceiveModifier(publisher: publisher, action: action))
    }
}
