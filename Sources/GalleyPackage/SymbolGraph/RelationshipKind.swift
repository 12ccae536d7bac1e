import SymbolKit

/// How the source of a relationship relates to its target: `memberOf`,
/// `conformsTo`, and so on, as the symbol graph file writes it.
///
/// Any kind is kept as written, so one this type has no constant for is
/// still there to read.
///
/// ```swift
/// let members = graph.relationships.filter { $0.kind == .memberOf }
/// ```
public struct RelationshipKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The kind as the file writes it (`memberOf`).
    public var rawValue: String

    /// Creates a kind from its name in the file.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    init(_ kind: SymbolGraph.Relationship.Kind) {
        rawValue = kind.rawValue
    }

    /// The name.
    public var description: String { rawValue }

    /// The source is a member of the target (a method of a type).
    public static let memberOf = RelationshipKind(SymbolGraph.Relationship.Kind.memberOf)
    /// The source conforms to the target protocol.
    public static let conformsTo = RelationshipKind(SymbolGraph.Relationship.Kind.conformsTo)
    /// The source class inherits from the target class (or protocol refines protocol).
    public static let inheritsFrom = RelationshipKind(SymbolGraph.Relationship.Kind.inheritsFrom)
    /// The source is a default implementation of the target protocol requirement.
    public static let defaultImplementationOf = RelationshipKind(SymbolGraph.Relationship.Kind.defaultImplementationOf)
    /// The source overrides the target (a subclass's method).
    public static let overrides = RelationshipKind(SymbolGraph.Relationship.Kind.overrides)
    /// The source is a requirement of the target protocol.
    public static let requirementOf = RelationshipKind(SymbolGraph.Relationship.Kind.requirementOf)
    /// The source is an optional requirement of the target protocol.
    public static let optionalRequirementOf = RelationshipKind(SymbolGraph.Relationship.Kind.optionalRequirementOf)
    /// The source extension block extends the target type (`-emit-extension-block-symbols`).
    public static let extensionTo = RelationshipKind(SymbolGraph.Relationship.Kind.extensionTo)
}
