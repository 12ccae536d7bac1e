/// A title with an icon: `Label("Inbox", systemImage: "tray")`.
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon

    /// A label from a title view and an icon view.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Label") }
}

extension Label where Title == Text, Icon == Image {
    /// A label with a title and a symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }
    /// A label with a title and a symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }
}

extension Label: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: title)] }
    var showsChildrenInSnapshot: Bool { false }
    func snapshotLine(_ node: ViewNode) -> String? { "Label \"\(node.textContent)\"" }
}
