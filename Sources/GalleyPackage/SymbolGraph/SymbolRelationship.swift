import SymbolKit

/// A directed edge of a symbol graph: `source` is `kind` of `target`
/// (`Greeting.greet()` is `memberOf` `Greeting`).
///
/// Both ends are precise identifiers; the target may be a symbol of another
/// module (a protocol of the standard library), which the graph does not
/// hold; ``targetFallback`` then names it.
///
/// ```swift
/// for conformance in graph.conformances(of: buffer.identifier) {
///     print(conformance.targetFallback ?? conformance.target)   // Swift.Hashable
/// }
/// ```
public struct SymbolRelationship: Hashable, Sendable {
    /// The precise identifier of the symbol the relationship starts from.
    public var source: String
    /// The precise identifier of the symbol it points to.
    public var target: String
    /// How they relate; any kind is kept as written.
    public var kind: RelationshipKind
    /// The target's qualified name when the target is in another module (`Swift.Hashable`).
    public var targetFallback: String?
    /// The conditions under which it holds (`swiftConstraints`: a conditional conformance's `where` clause).
    public var constraints: [APISymbol.GenericConstraint]
    /// For a default implementation or an inherited member, the requirement or member it comes from (`sourceOrigin`).
    public var sourceOrigin: SourceOrigin?
    /// Which of the module's graph files it came from.
    public var origin: SymbolGraphFile.Origin

    /// The symbol a member was inherited or defaulted from.
    public struct SourceOrigin: Hashable, Sendable {
        /// Its precise identifier.
        public var identifier: String
        /// Its name (`Sequence.map(_:)`).
        public var displayName: String

        /// Creates an origin.
        public init(identifier: String, displayName: String) {
            self.identifier = identifier
            self.displayName = displayName
        }
    }

    /// Creates a relationship.
    public init(
        source: String, target: String, kind: RelationshipKind, targetFallback: String? = nil,
        constraints: [APISymbol.GenericConstraint] = [], sourceOrigin: SourceOrigin? = nil, origin: SymbolGraphFile.Origin = .main
    ) {
        self.source = source
        self.target = target
        self.kind = kind
        self.targetFallback = targetFallback
        self.constraints = constraints
        self.sourceOrigin = sourceOrigin
        self.origin = origin
    }

    /// Copies what SymbolKit decoded: the edge and the mixins it knows.
    init(_ relationship: SymbolGraph.Relationship, origin: SymbolGraphFile.Origin) {
        self.init(
            source: relationship.source, target: relationship.target, kind: RelationshipKind(relationship.kind),
            targetFallback: relationship.targetFallback,
            constraints: relationship[mixin: SymbolGraph.Relationship.Swift.GenericConstraints.self]?.constraints.map(
                APISymbol.GenericConstraint.init) ?? [],
            sourceOrigin: relationship[mixin: SymbolGraph.Relationship.SourceOrigin.self].map {
                SourceOrigin(identifier: $0.identifier, displayName: $0.displayName)
            },
            origin: origin)
    }
}
