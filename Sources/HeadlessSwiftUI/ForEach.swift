/// Builds one view per element of a collection, identified by an id, so
/// element state follows the element when the collection changes order.
///
/// ```swift
/// ForEach(model.items) { item in Text(item.name) }
/// ForEach(0..<3) { i in Text("Row \(i)") }
/// ForEach(names, id: \.self) { Text($0) }
/// ```
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    /// The elements.
    public var data: Data
    /// Builds the view of one element.
    public var content: (Data.Element) -> Content
    let identify: (Data.Element) -> ID

    /// Creates views for elements identified by a key path.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        self.identify = { $0[keyPath: id] }
    }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("ForEach") }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Creates views for `Identifiable` elements.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        self.identify = { $0.id }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Creates views for a constant range of integers.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
        self.identify = { $0 }
    }
}

extension ForEach: PrimitiveView {
    func makeChildren() -> [ChildSpec] {
        data.map { element in
            ChildSpec(key: ChildKey(0, id: AnyHashable(identify(element))), view: content(element))
        }
    }
}
