/// A reusable change to a view: implement `body(content:)` and apply it with
/// `.modifier(_:)`. The built-in modifiers conform too (their `Body` is `Never`).
///
/// ```swift
/// struct Card: ViewModifier {
///     func body(content: Content) -> some View { content.padding() }
/// }
/// Text("Hi").modifier(Card())
/// ```
@MainActor @preconcurrency
public protocol ViewModifier {
    /// The type of view the modifier produces.
    associatedtype Body: View
    /// The placeholder for the modified view.
    typealias Content = _ViewModifier_Content<Self>
    /// Builds the modified view around `content`.
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

extension ViewModifier where Body == Never {
    /// Built-in modifiers are interpreted by the runtime.
    public func body(content: Content) -> Never { neverBody(String(describing: Self.self)) }
}

/// The view a `ViewModifier` modifies, as seen from its `body(content:)`.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    let content: AnyView
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("_ViewModifier_Content") }
}

extension _ViewModifier_Content: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    /// The modified view.
    public var content: Content
    /// The modifier.
    public var modifier: Modifier

    /// Applies `modifier` to `content`.
    nonisolated public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("ModifiedContent") }
}

extension ModifiedContent: PrimitiveView where Content: View, Modifier: ViewModifier {
    func makeChildren() -> [ChildSpec] {
        if let primitive = modifier as? any PrimitiveModifier { return primitive.children(content: content) }
        return [ChildSpec(key: ChildKey(0), view: ModifierBody(modifier: modifier, content: content))]
    }
    func snapshotLine(_ node: ViewNode) -> String? { (modifier as? any PrimitiveModifier)?.snapshotLine(node) }
    var indentsChildrenInSnapshot: Bool { (modifier as? any PrimitiveModifier)?.indentsChildrenInSnapshot ?? true }
    func transformEnvironment(_ environment: inout EnvironmentValues) {
        (modifier as? any PrimitiveModifier)?.transformEnvironment(&environment)
    }
    func mounted(_ node: ViewNode) { (modifier as? any PrimitiveModifier)?.mounted(node) }
    func updated(_ node: ViewNode, from old: any View) {
        guard let old = old as? Self else { return }
        (modifier as? any PrimitiveModifier)?.updated(node, from: old.modifier)
    }
    func unmounting(_ node: ViewNode) { (modifier as? any PrimitiveModifier)?.unmounting(node) }
}

extension View {
    /// Applies a modifier.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// A user `ViewModifier`'s body, rendered as a view of its own (it appears in
/// the render log under the modifier's type name).
struct ModifierBody<Modifier: ViewModifier, Content: View>: View, CustomRenderName {
    let modifier: Modifier
    let content: Content

    var body: Modifier.Body { modifier.body(content: _ViewModifier_Content(content: AnyView(content))) }
    nonisolated var renderName: String { String(describing: Modifier.self) }
}

/// Built-in modifiers the runtime interprets.
@MainActor
protocol PrimitiveModifier {
    func children(content: any View) -> [ChildSpec]
    func snapshotLine(_ node: ViewNode) -> String?
    var indentsChildrenInSnapshot: Bool { get }
    func transformEnvironment(_ environment: inout EnvironmentValues)
    func mounted(_ node: ViewNode)
    func updated(_ node: ViewNode, from old: Any)
    func unmounting(_ node: ViewNode)
}

extension PrimitiveModifier {
    func children(content: any View) -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
    func snapshotLine(_ node: ViewNode) -> String? { nil }
    var indentsChildrenInSnapshot: Bool { true }
    func transformEnvironment(_ environment: inout EnvironmentValues) {}
    func mounted(_ node: ViewNode) {}
    func updated(_ node: ViewNode, from old: Any) {}
    func unmounting(_ node: ViewNode) {}
}
