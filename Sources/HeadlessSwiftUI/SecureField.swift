/// A password field; its value shows masked in snapshots.
public struct SecureField<Label: View>: View {
    let title: String
    let text: Binding<String>

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("SecureField") }
}

extension SecureField where Label == Text {
    /// A password field.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
        title = titleKey.resolved
        self.text = text
    }
    /// A password field.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        self.title = String(title)
        self.text = text
    }
}

extension SecureField: PrimitiveView, TextInputControl {
    func snapshotLine(_ node: ViewNode) -> String? {
        "SecureField \"\(title)\" = \"\(String(repeating: "•", count: text.wrappedValue.count))\""
    }
    func labelText(_ node: ViewNode) -> String { title }
    func enter(_ text: String) { self.text.wrappedValue = text }
}
