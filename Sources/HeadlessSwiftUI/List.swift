/// A list of rows: static content or one row per element of a collection.
///
/// ```swift
/// List(model.items) { item in Text(item.title) }
/// List { Text("A"); Text("B") }
/// ```
public struct List<SelectionValue: Hashable, Content: View>: View {
    let content: Content
    /// A list of the built rows.
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never { self.content = content() }
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("List") }
}

extension List {
    /// One row per `Identifiable` element.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable, SelectionValue == Never {
        content = ForEach(data, content: rowContent)
    }

    /// One row per element, identified by a key path.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    )
    where Content == ForEach<Data, ID, RowContent>, SelectionValue == Never {
        content = ForEach(data, id: id, content: rowContent)
    }

    /// One row per integer of a range.
    public init<RowContent: View>(_ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent)
    where Content == ForEach<Range<Int>, Int, RowContent>, SelectionValue == Never {
        content = ForEach(data, content: rowContent)
    }
}

extension List: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
    func snapshotLine(_ node: ViewNode) -> String? { "List" }
}
