/// A control that runs an action when tapped: `host.tap("Title")` finds it
/// by its label text and runs the action (disabled buttons refuse).
///
/// ```swift
/// Button("Increment") { model.count += 1 }
/// Button { model.reset() } label: { Label("Reset", systemImage: "arrow.counterclockwise") }
/// ```
public struct Button<Label: View>: View {
    let label: Label
    let action: @MainActor () -> Void

    /// A button with a label view.
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    /// A button with a role and a label view.
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.init(action: action, label: label)
    }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Button") }
}

extension Button where Label == Text {
    /// A button with a title.
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.init(action: action, label: { Text(titleKey) })
    }
    /// A button with a title.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(action: action, label: { Text(title) })
    }
    /// A button with a title and a role.
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(action: action, label: { Text(titleKey) })
    }
}

extension Button where Label == HeadlessSwiftUI.Label<Text, Image> {
    /// A button with a title and a symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action, label: { HeadlessSwiftUI.Label(titleKey, systemImage: systemImage) })
    }
}

/// The purpose of a button (inert).
public struct ButtonRole: Equatable, Sendable {
    let name: String
    /// A destructive action.
    public static let destructive = ButtonRole(name: "destructive")
    /// A cancelling action.
    public static let cancel = ButtonRole(name: "cancel")
}

extension Button: PrimitiveView, TappableControl {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: label)] }
    var showsChildrenInSnapshot: Bool { false }
    func snapshotLine(_ node: ViewNode) -> String? {
        "Button \"\(labelText(node))\"" + (node.environment.isEnabled ? "" : " (disabled)")
    }
    func labelText(_ node: ViewNode) -> String { node.textContent }
    func tap(_ node: ViewNode) { action() }
}
