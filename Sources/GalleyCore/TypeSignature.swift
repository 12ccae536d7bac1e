/// What a function, initializer, subscript or property takes and gives, for
/// search by type (`Deque<Int> -> Int`, `-> Logger`), as rustdoc indexes a
/// function's signature.
///
/// The types are kept as the declaration writes them (`Element?`,
/// `@Sendable () async throws -> Value`); the theme's search parses them and
/// the query alike, so sugar (`[Int]`, `Int?`) and generics unify there.
///
/// ```swift
/// // Deque's `func popFirst() -> Element?`
/// TypeSignature(inputs: ["Deque<Element>"], output: "Element?", generics: ["Element"])
/// ```
public struct TypeSignature: Sendable, Hashable {
    /// The types it takes: an instance member's own type first (the receiver,
    /// `Deque<Element>`), then each parameter's.
    public var inputs: [String]
    /// The type it gives: the result, the property's type, or an
    /// initializer's type (`Deque<Element>`, `Deque<Element>?` when it can fail); `()` for none.
    public var output: String
    /// The names of its generic parameters (its type's and its own:
    /// `Element`, `S`), which a query's types unify with.
    public var generics: [String]

    /// A signature taking `inputs` and giving `output`, generic over `generics`.
    public init(inputs: [String], output: String, generics: [String]) {
        self.inputs = inputs
        self.output = output
        self.generics = generics
    }
}
