/// A progress indicator: indeterminate, or a value out of a total.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    let title: String?
    let fraction: Double?

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("ProgressView") }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// An indeterminate indicator.
    public init() { title = nil; fraction = nil }
    /// A determinate indicator.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        title = nil
        fraction = value.map { Double($0) / Double(total) }
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// An indeterminate indicator with a title.
    public init(_ titleKey: LocalizedStringKey) { title = titleKey.resolved; fraction = nil }
    /// A determinate indicator with a title.
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
        title = titleKey.resolved
        fraction = value.map { Double($0) / Double(total) }
    }
}

extension ProgressView: PrimitiveView {
    func snapshotLine(_ node: ViewNode) -> String? {
        var line = "ProgressView"
        if let title { line += " \"\(title)\"" }
        if let fraction { line += " \(Int((fraction * 100).rounded()))%" }
        return line
    }
}
