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

    /// The most nodes one value may expand to: YAML aliases can make a few
    /// lines stand for billions of nodes ("billion laughs").
    static let nodeLimit = 10_000

    /// The value of a YAML node (aliases resolved by the parser), or `nil`
    /// when it expands to more than ``nodeLimit`` nodes.
    static func converting(_ node: Node) -> YAMLValue? {
        var budget = nodeLimit
        return YAMLValue(node, budget: &budget)
    }

    private init?(_ node: Node, budget: inout Int) {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node {
        case .scalar(let scalar):
            switch (scalar.style, scalar.string.lowercased()) {
            case (.plain, "true"), (.plain, "yes"): self = .bool(true)
            case (.plain, "false"), (.plain, "no"): self = .bool(false)
            default: self = .string(scalar.string)
            }
        case .sequence(let sequence):
            var items: [YAMLValue] = []
            for item in sequence {
                guard let value = YAMLValue(item, budget: &budget) else { return nil }
                items.append(value)
            }
            self = .list(items)
        case .mapping(let mapping):
            var pairs: [Pair] = []
            for (key, value) in mapping {
                guard let converted = YAMLValue(value, budget: &budget) else { return nil }
                // A key that is not a name is never printed: it may stand for billions of nodes.
                pairs.append(Pair(key: key.scalar?.string ?? "", value: converted))
            }
            self = .mapping(pairs)
        default:
            // An alias (Yams 6's `.alias`; Yams 5, which Package.swift also accepts, has no such case).
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
