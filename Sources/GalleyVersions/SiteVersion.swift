import GalleyCore
import GalleyProject

/// One version of a versioned site: a tag or branch of the package's
/// history and the folder of the site it is published in.
///
/// ```swift
/// let versions = try SiteVersion.selected(VersionsSetting(), tags: tags, branches: branches)
/// versions.map(\.name)   // ["5.8.0", "5.7.1"], newest first
/// ```
public struct SiteVersion: Sendable, Hashable, Codable {
    /// The tag's or branch's name (`5.8.0`, `main`).
    public var name: String
    /// The commit it points at.
    public var commit: String
    /// Whether it is a branch (built as it is now) rather than a tag.
    public var isBranch: Bool

    /// A version named `name` at `commit`.
    public init(name: String, commit: String, isBranch: Bool = false) {
        self.name = name
        self.commit = commit
        self.isBranch = isBranch
    }

    /// Its release version, for a tag that names one.
    public var release: ReleaseVersion? { isBranch ? nil : ReleaseVersion(tag: name) }

    /// Its folder in the site (`5.8.0`; a `/` in a branch's name becomes `-`).
    public var folder: String {
        String(name.map { $0 == "/" || $0 == "\\" || $0 == " " ? "-" : $0 })
    }

    /// The versions `setting` selects from the repository's `tags` and
    /// `branches`, in the order a switcher lists them: branches first, then
    /// the tags from the newest release down (tags that name no version
    /// after them, by name). Throws when a named branch or pattern matches
    /// nothing, naming what there is.
    public static func selected(
        _ setting: VersionsSetting, tags: [GitRepository.Reference], branches: [GitRepository.Reference]
    ) throws(Diagnostic) -> [SiteVersion] {
        var chosenTags: [GitRepository.Reference]
        var chosenBranches: [GitRepository.Reference] = []
        let listForm = setting.tags == setting.branches && !setting.tags.isEmpty
        if setting.tags.isEmpty {
            chosenTags = tags.filter { ReleaseVersion(tag: $0.name).map { !$0.isPrerelease } ?? false }
        } else {
            chosenTags = tags.filter { tag in setting.tags.contains { VersionsSetting.matches(tag.name, pattern: $0) } }
        }
        for name in setting.branches {
            if let branch = branches.first(where: { VersionsSetting.matches($0.name, pattern: name) }) {
                if !chosenTags.contains(where: { $0.name == branch.name }) { chosenBranches.append(branch) }
            } else if !listForm || !tags.contains(where: { VersionsSetting.matches($0.name, pattern: name) }) {
                throw Diagnostic(
                    "galley.yml's versions name '\(name)', and the repository has no \(listForm ? "tag or branch" : "branch") of that name",
                    suggestion: "Branches here: \(branches.map(\.name).prefix(10).joined(separator: ", ")); tags: "
                        + tags.suffix(10).map(\.name).joined(separator: ", "))
            }
        }
        chosenTags.sort(by: newerFirst)
        if setting.keep > 0 { chosenTags = Array(chosenTags.prefix(setting.keep)) }
        let versions =
            chosenBranches.map { SiteVersion(name: $0.name, commit: $0.commit, isBranch: true) }
            + chosenTags.map { SiteVersion(name: $0.name, commit: $0.commit) }
        guard !versions.isEmpty else {
            throw Diagnostic(
                setting.tags.isEmpty
                    ? "the repository has no release tag (1.2.3 or v1.2.3) to build a version of"
                    : "no tag of the repository matches galley.yml's versions (\(setting.tags.joined(separator: ", ")))",
                suggestion:
                    "Name the versions in galley.yml, e.g. `versions: { tags: [\"1.*\"], branches: [main] }`, or fetch the tags (`git fetch --tags`)")
        }
        return versions
    }

    private static func newerFirst(_ lhs: GitRepository.Reference, _ rhs: GitRepository.Reference) -> Bool {
        switch (ReleaseVersion(tag: lhs.name), ReleaseVersion(tag: rhs.name)) {
        case let (left?, right?): return left != right ? left > right : lhs.name > rhs.name
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return lhs.name > rhs.name
        }
    }

    /// The version `public/latest/` shows: the newest release, else the
    /// newest pre-release, else the first branch.
    public static func latest(of versions: [SiteVersion]) -> SiteVersion? {
        let releases = versions.compactMap { version in version.release.map { (version, $0) } }.sorted { $0.1 > $1.1 }
        return (releases.first { !$0.1.isPrerelease } ?? releases.first)?.0 ?? versions.first
    }
}
