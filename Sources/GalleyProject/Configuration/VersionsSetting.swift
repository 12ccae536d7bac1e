import GalleyCore

/// Which versions of a package `galley build --versions` builds, from
/// `galley.yml`'s `versions:` (the current checkout's file: older
/// versions' files are not read for it).
///
/// ```yaml
/// versions:
///   tags: ["2.*", "1.5.*"]   # git tags, `*` matching any text (default: every release tag, `1.2.3` or `v1.2.3`)
///   branches: [main]         # branches built too, named as they are (default: none)
///   keep: 5                  # the newest this many of the tags (default: 5; 0 keeps all)
/// ```
///
/// A list alone (`versions: ["1.*", main]`) names tags and branches
/// together, each entry matched against tags first.
public struct VersionsSetting: Sendable, Equatable {
    /// Patterns of the tags to build; empty for every release tag.
    public var tags: [String] = []
    /// Branches to build, by name.
    public var branches: [String] = []
    /// How many of the newest matching tags are built; 0 for all.
    public var keep = 5

    /// Every release tag, the newest five, no branch.
    public init() {}

    /// A setting of `tags`, `branches` and `keep`.
    public init(tags: [String], branches: [String] = [], keep: Int = 5) {
        self.tags = tags
        self.branches = branches
        self.keep = keep
    }

    /// Whether `name` matches `pattern`, where `*` matches any run of
    /// characters and everything else itself (`1.*` matches `1.5.0`).
    public static func matches(_ name: String, pattern: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return name == pattern }
        var rest = Substring(name)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for (index, part) in parts.enumerated().dropFirst() {
            if index == parts.count - 1 { return part.isEmpty || rest.hasSuffix(part) && rest.count >= part.count }
            guard !part.isEmpty else { continue }
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// Reads `versions:` of `yaml`: a list, or a mapping of `tags`, `branches` and `keep`.
    static func read(_ yaml: YAMLMapping) throws(Diagnostic) -> VersionsSetting? {
        guard yaml.keys.contains(where: { $0.key == "versions" }) else { return nil }
        if let mapping = try? yaml.mapping("versions") {
            try mapping.rejectUnknownKeys(["tags", "branches", "keep"], in: "versions")
            var setting = VersionsSetting()
            setting.tags = try mapping.stringList("tags") ?? []
            setting.branches = try mapping.stringList("branches") ?? []
            if let keep = try mapping.int("keep") {
                guard keep >= 0 else {
                    throw Diagnostic(
                        "'keep' in versions must be 0 (every version) or more, not \(keep)", at: mapping.location(ofKey: "keep"),
                        suggestion: "Write `keep: 5` to build the five newest tags")
                }
                setting.keep = keep
            }
            return setting
        }
        guard let list = try yaml.stringList("versions") else { return nil }
        // A list names tags and branches alike; the resolver tells them apart.
        return VersionsSetting(tags: list, branches: list, keep: 0)
    }
}
