/// A control for a value in a range; `host.slide("Title", to: 0.5)` moves it
/// (a slider without a label is found as `"Slider"`).
public struct Slider<Label: View>: View {
    let label: Label
    let read: @MainActor () -> Double
    let write: @MainActor (Double) -> Void

    /// A slider with a label view.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride = 1, @ViewBuilder label: () -> Label)
    where V.Stride: BinaryFloatingPoint {
        self.label = label()
        read = { Double(value.wrappedValue) }
        write = { value.wrappedValue = min(max(V($0), bounds.lowerBound), bounds.upperBound) }
    }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Slider") }
}

extension Slider where Label == EmptyView {
    /// A slider without a label.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, label: { EmptyView() })
    }
}

extension Slider: PrimitiveView, SliderControl {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: label)] }
    var showsChildrenInSnapshot: Bool { false }
    func snapshotLine(_ node: ViewNode) -> String? {
        let title = node.textContent
        return "Slider" + (title.isEmpty ? "" : " \"\(title)\"") + " = \(read())"
    }
    func labelText(_ node: ViewNode) -> String {
        let title = node.textContent
        return title.isEmpty ? "Slider" : title
    }
    func set(_ value: Double) { write(value) }
}

/// Controls that `host.slide(_:to:)` can move.
@MainActor
protocol SliderControl {
    func labelText(_ node: ViewNode) -> String
    func set(_ value: Double)
}
