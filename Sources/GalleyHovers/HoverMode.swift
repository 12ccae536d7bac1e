/// How much of the compiler's knowledge verification collects for the page
/// (``SampleAnnotation/Kind/declaration`` and ``SampleAnnotation/Kind/type``
/// annotations, asked of sourcekitd after a program compiles).
///
/// `galley build` asks for ``all``; `galley verify` for ``queries`` only
/// (a `// ^?` query is an assertion, a hover is not); `hovers: false` in
/// `galley.yml` or a page's front matter means ``off`` for those pages.
public enum HoverMode: String, Sendable, Codable, Comparable {
    /// Nothing: no sourcekitd work.
    case off
    /// The `// ^?` type queries only, in programs that have any.
    case queries
    /// Every identifier of the visible code, and the queries.
    case all

    private var rank: Int {
        switch self {
        case .off: return 0
        case .queries: return 1
        case .all: return 2
        }
    }

    /// Whether `lhs` asks for less than `rhs`.
    public static func < (lhs: HoverMode, rhs: HoverMode) -> Bool { lhs.rank < rhs.rank }
}
