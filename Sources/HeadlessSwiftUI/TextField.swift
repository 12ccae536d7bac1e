import Foundation

/// An editable text field; `host.enter("Ada", into: "Name")` types into it.
///
/// ```swift
/// TextField("Name", text: $model.name)
/// TextField("Age", value: $age, format: .number)
/// ```
public struct TextField<Label: View>: View {
    let title: String
    let read: @MainActor () -> String
    let write: @MainActor (String) -> Void

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("TextField") }
}

extension TextField where Label == Text {
    /// A field editing a string.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
        title = titleKey.resolved
        read = { text.wrappedValue }
        write = { text.wrappedValue = $0 }
    }
    /// A field editing a string.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        self.init(LocalizedStringKey(String(title)), text: text, prompt: prompt)
    }
    /// A field editing a string, growing along an axis.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(titleKey, text: text, prompt: nil)
    }
    /// A field editing a value through a format style; text that does not parse is ignored.
    public init<F: ParseableFormatStyle>(_ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil)
    where F.FormatOutput == String {
        title = titleKey.resolved
        read = { format.format(value.wrappedValue) }
        write = { text in
            if let parsed = try? format.parseStrategy.parse(text) { value.wrappedValue = parsed }
        }
    }
}

extension TextField: PrimitiveView, TextInputControl {
    func snapshotLine(_ node: ViewNode) -> String? { "TextField \"\(title)\" = \"\(read())\"" }
    func labelText(_ node: ViewNode) -> String { title }
    func enter(_ text: String) { write(text) }
}

/// Controls that `host.enter(_:into:)` can type into.
@MainActor
protocol TextInputControl {
    func labelText(_ node: ViewNode) -> String
    func enter(_ text: String)
}
