/// `.onAppear` / `.onDisappear`: run once when the view is mounted / removed.
public struct _AppearanceActionModifier: ViewModifier {
    /// Built-in: interpreted by the runtime.
    public typealias Body = Never
    let appear: (() -> Void)?
    let disappear: (() -> Void)?
}

extension _AppearanceActionModifier: PrimitiveModifier {
    func mounted(_ node: ViewNode) {
        guard let appear else { return }
        node.graph.effects.append(appear)
    }

    func unmounting(_ node: ViewNode) {
        guard let disappear else { return }
        node.graph.effects.append(disappear)
    }
}

extension View {
    /// Runs `action` once, after the view is first mounted.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modifier(_AppearanceActionModifier(appear: action, disappear: nil))
    }

    /// Runs `action` once, after the view is removed.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        modifier(_AppearanceActionModifier(appear: nil, disappear: action))
    }
}
