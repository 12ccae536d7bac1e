/// What changed in a package's public API from one version to the next,
/// computed from two ``APISnapshot``s (the declarations, not the pages'
/// text): symbols are matched by their precise identifier.
///
/// ```swift
/// let changes = APIChanges(from: old, to: new)
/// changes.removed.map(\.name)   // ["Rectangle.perimeter"]
/// changes.changed.first?.before.declaration   // "func scale(by factor: Int)"
/// ```
public struct APIChanges: Codable, Sendable, Equatable {
    /// A symbol in both versions whose declaration differs.
    public struct Change: Codable, Sendable, Equatable {
        /// The symbol in the older version.
        public var before: APISnapshot.Entry
        /// The symbol in the newer version.
        public var after: APISnapshot.Entry
    }

    /// Symbols only the newer version declares.
    public var added: [APISnapshot.Entry] = []
    /// Symbols only the older version declares.
    public var removed: [APISnapshot.Entry] = []
    /// Symbols in both, deprecated in the newer version only.
    public var deprecated: [APISnapshot.Entry] = []
    /// Symbols in both whose declaration differs.
    public var changed: [Change] = []

    /// Whether nothing changed.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && deprecated.isEmpty && changed.isEmpty }

    /// The changes from `old` to `new`.
    public init(from old: APISnapshot, to new: APISnapshot) {
        let before = Dictionary(old.entries.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.entries.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in new.entries {
            guard let previous = before[entry.identifier] else {
                added.append(entry)
                continue
            }
            if entry.isDeprecated && !previous.isDeprecated { deprecated.append(entry) }
            if Self.normalized(entry.declaration) != Self.normalized(previous.declaration) {
                changed.append(Change(before: previous, after: entry))
            }
        }
        removed = old.entries.filter { after[$0.identifier] == nil }
    }

    /// A declaration with its runs of white space as one space: a
    /// reformatted declaration is not a change.
    static func normalized(_ declaration: String) -> String {
        declaration.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
