import GalleyCore
import GalleyProject
import GalleyVersions
import Testing

@Suite struct SiteVersionTests {
    static let tags = ["1.0.0", "v1.5.0", "2.0.0-beta.1", "2.0.0", "nightly", "1.5.1"].enumerated().map {
        GitRepository.Reference(name: $0.element, commit: "c\($0.offset)")
    }
    static let branches = [GitRepository.Reference(name: "main", commit: "m"), GitRepository.Reference(name: "release/2", commit: "r")]

    @Test func byDefaultEveryReleaseTagIsBuiltNewestFirstWithoutPrereleases() throws {
        let versions = try SiteVersion.selected(VersionsSetting(), tags: Self.tags, branches: Self.branches)
        #expect(versions.map(\.name) == ["2.0.0", "1.5.1", "v1.5.0", "1.0.0"])
        #expect(SiteVersion.latest(of: versions)?.name == "2.0.0")
    }

    @Test func patternsBranchesAndKeepPickTheVersions() throws {
        let setting = VersionsSetting(tags: ["1.*", "v1.*", "2.0.0-*"], branches: ["release/*"], keep: 2)
        let versions = try SiteVersion.selected(setting, tags: Self.tags, branches: Self.branches)
        #expect(versions.map(\.name) == ["release/2", "2.0.0-beta.1", "1.5.1"])
        #expect(versions.first?.folder == "release-2", "a branch's slash is no folder")
        #expect(SiteVersion.latest(of: versions)?.name == "1.5.1", "the newest release, not the pre-release nor the branch")
    }

    @Test func aListNamesTagsAndBranchesAlike() throws {
        let versions = try SiteVersion.selected(
            VersionsSetting(tags: ["2.0.0", "main"], branches: ["2.0.0", "main"], keep: 0), tags: Self.tags, branches: Self.branches)
        #expect(versions.map(\.name) == ["main", "2.0.0"])
        #expect(versions.first?.isBranch == true)
    }

    @Test func aNameThatMatchesNothingIsAnErrorThatListsWhatThereIs() {
        #expect {
            _ = try SiteVersion.selected(VersionsSetting(tags: [], branches: ["develop"]), tags: Self.tags, branches: Self.branches)
        } throws: { error in
            guard let diagnostic = error as? Diagnostic else { return false }
            return diagnostic.message.contains("no branch of that name") && (diagnostic.suggestion ?? "").contains("main, release/2")
        }
        #expect(throws: Diagnostic.self) {
            _ = try SiteVersion.selected(VersionsSetting(tags: ["9.*"], branches: []), tags: Self.tags, branches: Self.branches)
        }
    }
}
