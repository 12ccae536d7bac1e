/// Builds views from closures, as SwiftUI's `@ViewBuilder` does: blocks of up
/// to any number of views (parameter packs), `if`/`else`, `if let`, `switch`,
/// optional content and availability checks.
@resultBuilder
public enum ViewBuilder {
    /// Passes a single view expression through.
    @MainActor public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    /// An empty block builds an `EmptyView`.
    @MainActor public static func buildBlock() -> EmptyView { EmptyView() }
    /// A block of one view is that view.
    @MainActor public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// A block of several views builds a `TupleView`.
    @MainActor public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    /// An `if` without `else` builds optional content.
    @MainActor public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// An `if` without `else` builds optional content.
    @MainActor public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    /// The first branch of an `if`/`else` or `switch`.
    @MainActor public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    /// The second branch of an `if`/`else` or `switch`.
    @MainActor public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    /// Content inside `if #available` is type-erased.
    @MainActor public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}
