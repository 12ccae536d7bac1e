/// The result of an `if`/`else` or `switch` in a `@ViewBuilder`; each branch
/// has its own identity, so switching branches remounts the content.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("_ConditionalContent") }
}

extension _ConditionalContent: PrimitiveView {
    func makeChildren() -> [ChildSpec] {
        switch storage {
        case .trueContent(let view): [ChildSpec(key: ChildKey(0), view: view)]
        case .falseContent(let view): [ChildSpec(key: ChildKey(1), view: view)]
        }
    }
}

extension Optional: View where Wrapped: View {
    /// Primitive: the runtime interprets it.
    public typealias Body = Never
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("Optional") }
}

extension Optional: PrimitiveView where Wrapped: View {
    func makeChildren() -> [ChildSpec] {
        switch self {
        case .some(let view): [ChildSpec(key: ChildKey(0), view: view)]
        case .none: []
        }
    }
}
