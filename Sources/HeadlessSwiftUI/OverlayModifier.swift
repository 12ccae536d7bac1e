/// `.overlay` and `.background`: a second view layered with the modified one.
public struct _OverlayModifier<Overlay: View>: ViewModifier {
    /// Built-in: interpreted by the runtime.
    public typealias Body = Never
    let overlay: Overlay
    let isBackground: Bool
}

extension _OverlayModifier: PrimitiveModifier {
    func children(content: any View) -> [ChildSpec] {
        isBackground
            ? [ChildSpec(key: ChildKey(1), view: overlay), ChildSpec(key: ChildKey(0), view: content)]
            : [ChildSpec(key: ChildKey(0), view: content), ChildSpec(key: ChildKey(1), view: overlay)]
    }
}

extension View {
    /// Layers a view on top of this one.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(_OverlayModifier(overlay: content(), isBackground: false))
    }

    /// Layers a view on top of this one.
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View {
        modifier(_OverlayModifier(overlay: overlay, isBackground: false))
    }

    /// Layers a view behind this one.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(_OverlayModifier(overlay: content(), isBackground: true))
    }

    /// Layers a style (a colour, say) behind this one (inert).
    public func background<S: ShapeStyle>(_ style: S) -> some View {
        modifier(_InertModifier(name: "background"))
    }
}
