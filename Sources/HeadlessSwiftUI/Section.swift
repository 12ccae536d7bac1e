/// A titled group of rows in a `List` or `Form`.
public struct Section<Parent: View, Content: View, Footer: View>: View {
    let header: Parent
    let content: Content
    let footer: Footer

    /// A section with a header and a footer view.
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = header
        self.content = content()
        self.footer = footer
    }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Section") }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section without a header.
    public init(@ViewBuilder content: () -> Content) { self.init(header: EmptyView(), footer: EmptyView(), content: content) }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section with a title.
    public init(_ title: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(header: Text(title), footer: EmptyView(), content: content)
    }
    /// A section with a title.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(header: Text(title), footer: EmptyView(), content: content)
    }
}

extension Section where Footer == EmptyView {
    /// A section with a header view.
    public init(header: Parent, @ViewBuilder content: () -> Content) { self.init(header: header, footer: EmptyView(), content: content) }
    /// A section with a header built by a closure.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(header: header(), footer: EmptyView(), content: content)
    }
}

extension Section: PrimitiveView {
    func makeChildren() -> [ChildSpec] {
        [ChildSpec(key: ChildKey(0), view: header), ChildSpec(key: ChildKey(1), view: content), ChildSpec(key: ChildKey(2), view: footer)]
    }
    func snapshotLine(_ node: ViewNode) -> String? { "Section" }
}
