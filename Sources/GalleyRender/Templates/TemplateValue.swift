import GalleyProject

/// A value of a template's context, typed: what ``PageRenderer`` gives the
/// theme (`page.title`, `toc`, `hasTOC` …) without `Any`, so that a compiled
/// template (``CompiledTemplate``) looks names up without dynamic casts.
///
/// ```swift
/// let context: TemplateValue = ["page": ["title": "Intro", "isHome": false], "toc": .list([])]
/// ```
enum TemplateValue: Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByIntegerLiteral
{
    /// Text, HTML-escaped by `{{name}}`.
    case string(String)
    /// A flag: a section is shown when `true`; rendered as `true`/`false`.
    case bool(Bool)
    /// A number, rendered in decimal.
    case int(Int)
    /// A list: a section repeats for each item; an empty list is false.
    case list([TemplateValue])
    /// Named values, looked up by `{{object.name}}` or inside `{{#object}}`.
    case object([String: TemplateValue])

    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// A front-matter value, as ``YAMLValue/templateValue`` gives it to Mustache
    /// (a key given twice keeps its first value).
    init(_ yaml: YAMLValue) {
        switch yaml {
        case .string(let text): self = .string(text)
        case .bool(let flag): self = .bool(flag)
        case .list(let items): self = .list(items.map(TemplateValue.init))
        case .mapping(let pairs):
            self = .object(Dictionary(pairs.map { ($0.key, TemplateValue($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// The same value as swift-mustache's context: `String`, `Bool`, `Int`,
    /// `[Any]`, `[String: Any]`.
    var any: Any {
        switch self {
        case .string(let text): text
        case .bool(let flag): flag
        case .int(let number): number
        case .list(let items): items.map(\.any) as [Any]
        case .object(let values): values.mapValues(\.any) as [String: Any]
        }
    }

    /// The value named `name` when this is an object.
    subscript(name: String) -> TemplateValue? {
        get {
            guard case .object(let values) = self else { return nil }
            return values[name]
        }
        set {
            guard case .object(var values) = self else { return }
            values[name] = newValue
            self = .object(values)
        }
    }
}
