/// A control that increments and decrements a value;
/// `host.increment("Title")` / `host.decrement("Title")` press it.
public struct Stepper<Label: View>: View {
    let label: Label
    let onIncrement: (@MainActor () -> Void)?
    let onDecrement: (@MainActor () -> Void)?

    /// A stepper with custom actions and a label view.
    public init(@ViewBuilder label: () -> Label, onIncrement: (@MainActor () -> Void)?, onDecrement: (@MainActor () -> Void)?) {
        self.label = label()
        self.onIncrement = onIncrement
        self.onDecrement = onDecrement
    }

    /// A stepper over a value in a range, with a label view.
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        self.init(
            label: label,
            onIncrement: {
                let next = value.wrappedValue.advanced(by: step)
                if next <= bounds.upperBound { value.wrappedValue = next }
            },
            onDecrement: {
                let next = value.wrappedValue.advanced(by: -step)
                if next >= bounds.lowerBound { value.wrappedValue = next }
            })
    }

    /// An unbounded stepper over a value, with a label view.
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        self.init(
            label: label, onIncrement: { value.wrappedValue = value.wrappedValue.advanced(by: step) },
            onDecrement: { value.wrappedValue = value.wrappedValue.advanced(by: -step) })
    }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Stepper") }
}

extension Stepper where Label == Text {
    /// A stepper over a value in a range, with a title.
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
        self.init(value: value, in: bounds, step: step, label: { Text(titleKey) })
    }
    /// An unbounded stepper over a value, with a title.
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1) {
        self.init(value: value, step: step, label: { Text(titleKey) })
    }
    /// A stepper with custom actions and a title.
    public init(_ titleKey: LocalizedStringKey, onIncrement: (@MainActor () -> Void)?, onDecrement: (@MainActor () -> Void)?) {
        self.init(label: { Text(titleKey) }, onIncrement: onIncrement, onDecrement: onDecrement)
    }
}

extension Stepper: PrimitiveView, StepperControl {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: label)] }
    var showsChildrenInSnapshot: Bool { false }
    func snapshotLine(_ node: ViewNode) -> String? { "Stepper \"\(labelText(node))\"" }
    func labelText(_ node: ViewNode) -> String { node.textContent }
    func step(up: Bool) { (up ? onIncrement : onDecrement)?() }
}

/// Controls that `host.increment(_:)` / `host.decrement(_:)` can press.
@MainActor
protocol StepperControl {
    func labelText(_ node: ViewNode) -> String
    func step(up: Bool)
}
