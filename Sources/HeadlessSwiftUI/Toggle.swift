/// An on/off switch; `host.toggle("Title")` flips it.
public struct Toggle<Label: View>: View {
    let label: Label
    let isOn: Binding<Bool>

    /// A toggle with a label view.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Toggle") }
}

extension Toggle where Label == Text {
    /// A toggle with a title.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn, label: { Text(titleKey) })
    }
    /// A toggle with a title.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn, label: { Text(title) })
    }
}

extension Toggle: PrimitiveView, ToggleControl {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: label)] }
    var showsChildrenInSnapshot: Bool { false }
    func snapshotLine(_ node: ViewNode) -> String? {
        "Toggle \"\(labelText(node))\" = \(isOn.wrappedValue ? "on" : "off")" + (node.environment.isEnabled ? "" : " (disabled)")
    }
    func labelText(_ node: ViewNode) -> String { node.textContent }
    func flip() { isOn.wrappedValue.toggle() }
}

/// Controls that `host.toggle(_:)` can flip.
@MainActor
protocol ToggleControl {
    func labelText(_ node: ViewNode) -> String
    func flip()
}
