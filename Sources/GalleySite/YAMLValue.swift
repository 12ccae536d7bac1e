import Yams

/// A front-matter value of a key Galley does not use itself (`tags`,
/// `author`, `applyTo`, …), kept for templates as `page.params.<key>`, the
/// way Hugo's `.Params` works.
///
/// ```mustache
/// {{#page.params.tags}}<span class="tag">{{.}}</span>{{/page.params.tags}}
/// ```
public indirect enum YAMLValue: Sendable, Equatable {
    /// Text (also numbers and dates, as written).
    case string(String)
    /// `true` / `false` (also `yes` / `no`), so a template section can test it.
    case bool(Bool)
    /// A list.
    case list([YAMLValue])
    /// A mapping, in the order written.
    case mapping([Pair])

    /// One key and its value of a mapping.
    public struct Pair: Sendable, Equatable {
        /// The key.
        public var key: String
        /// The value.
        public var value: YAMLValue
    }

    /// The value of a YAML node (aliases resolved by the parser).
    init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            switch (scalar.style, scalar.string.lowercased()) {
            case (.plain, "true"), (.plain, "yes"): self = .bool(true)
            case (.plain, "false"), (.plain, "no"): self = .bool(false)
            default: self = .string(scalar.string)
            }
        case .sequence(let sequence):
            self = .list(sequence.map(YAMLValue.init))
        case .mapping(let mapping):
            self = .mapping(mapping.map { Pair(key: $0.key.string ?? "\($0.key)", value: YAMLValue($0.value)) })
        case .alias:
            self = .string("")
        }
    }

    /// The value as Mustache context: `String`, `Bool`, `[Any]` or `[String: Any]`.
    public var templateValue: Any {
        switch self {
        case .string(let text): text
        case .bool(let flag): flag
        case .list(let items): items.map(\.templateValue)
        case .mapping(let pairs): Dictionary(pairs.map { ($0.key, $0.value.templateValue) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
