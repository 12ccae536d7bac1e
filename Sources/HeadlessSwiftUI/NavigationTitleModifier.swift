/// `.navigationTitle(_:)`: shown in snapshots as a `Title` line.
public struct _NavigationTitleModifier: ViewModifier {
    /// Built-in: interpreted by the runtime.
    public typealias Body = Never
    let title: String
}

extension _NavigationTitleModifier: PrimitiveModifier {
    func snapshotLine(_ node: ViewNode) -> String? { "Title \"\(title)\"" }
    var indentsChildrenInSnapshot: Bool { false }
}

extension View {
    /// Sets the navigation title.
    public func navigationTitle(_ title: LocalizedStringKey) -> some View { modifier(_NavigationTitleModifier(title: title.resolved)) }
    /// Sets the navigation title.
    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { modifier(_NavigationTitleModifier(title: String(title))) }
    /// Sets the navigation title.
    public func navigationTitle(_ title: Text) -> some View { modifier(_NavigationTitleModifier(title: title.string)) }
}
