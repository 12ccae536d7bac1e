/// Multi-line text editing; it has no title, so `host.enter(_:into:)` finds
/// it under the name `"TextEditor"`.
public struct TextEditor: View {
    let text: Binding<String>

    /// An editor of a string.
    public init(text: Binding<String>) { self.text = text }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("TextEditor") }
}

extension TextEditor: PrimitiveView, TextInputControl {
    func snapshotLine(_ node: ViewNode) -> String? { "TextEditor = \"\(text.wrappedValue)\"" }
    func labelText(_ node: ViewNode) -> String { "TextEditor" }
    func enter(_ text: String) { self.text.wrappedValue = text }
}
