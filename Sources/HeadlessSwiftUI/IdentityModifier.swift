/// `.id(_:)`: gives the view an explicit identity; a new id remounts it
/// (fresh `@State`, `.task` restarted, `.onAppear` again).
public struct _IdentityModifier: ViewModifier {
    /// Built-in: interpreted by the runtime.
    public typealias Body = Never
    let id: AnyHashable
}

extension _IdentityModifier: PrimitiveModifier {
    func children(content: any View) -> [ChildSpec] { [ChildSpec(key: ChildKey(0, id: id), view: content)] }
}

extension View {
    /// Binds the view's identity to `id`.
    public func id<ID: Hashable>(_ id: ID) -> some View {
        modifier(_IdentityModifier(id: AnyHashable(id)))
    }
}
