/// `.sheet`: shows its content (as a `Sheet` node in snapshots) while the
/// binding says so; `@Environment(\.dismiss)` inside closes it.
public struct _SheetModifier<SheetContent: View>: ViewModifier {
    /// Built-in: interpreted by the runtime.
    public typealias Body = Never
    let isPresented: Binding<Bool>
    let onDismiss: (() -> Void)?
    let content: () -> SheetContent
}

/// The presented content of a sheet.
struct SheetPresentation<Content: View>: View {
    let content: Content
    var line = "Sheet"
    var body: Never { neverBody("Sheet") }
}

extension SheetPresentation: PrimitiveView {
    func makeChildren() -> [ChildSpec] { [ChildSpec(key: ChildKey(0), view: content)] }
    func snapshotLine(_ node: ViewNode) -> String? { line }
}

extension _SheetModifier: PrimitiveModifier {
    func children(content base: any View) -> [ChildSpec] {
        var children = [ChildSpec(key: ChildKey(0), view: base)]
        if isPresented.wrappedValue {
            let binding = isPresented
            let onDismiss = onDismiss
            children.append(
                ChildSpec(
                    key: ChildKey(1),
                    view: SheetPresentation(
                        content: content()
                            .modifier(
                                _EnvironmentModifier { environment in
                                    environment.dismiss = DismissAction {
                                        binding.wrappedValue = false; onDismiss?()
                                    }
                                }))))
        }
        return children
    }
}

extension View {
    /// Presents `content` while `isPresented` is true.
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        modifier(_SheetModifier(isPresented: isPresented, onDismiss: onDismiss, content: content))
    }

    /// Presents `content` for the item while `item` is non-nil.
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        let isPresented = Binding<Bool>(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
        return modifier(
            _SheetModifier(
                isPresented: isPresented, onDismiss: onDismiss,
                content: {
                    AnyView(erasing: item.wrappedValue.map { AnyView(content($0)) } ?? AnyView(EmptyView()))
                }))
    }
}
