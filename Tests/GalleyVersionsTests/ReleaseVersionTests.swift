import GalleyProject
import GalleyVersions
import Testing

@Suite struct ReleaseVersionTests {
    @Test func tagsThatNameAVersionAreReadAndOrderedAsSemanticVersioningSays() throws {
        let names = ["v1.2.0", "1.10.0", "1.2.0-beta.2", "1.2.0-beta.10", "2.0", "1.2.0-alpha"]
        let sorted = names.compactMap { ReleaseVersion(tag: $0) }.sorted().map(\.description)
        #expect(sorted == ["1.2.0-alpha", "1.2.0-beta.2", "1.2.0-beta.10", "1.2.0", "1.10.0", "2.0.0"])
        #expect(ReleaseVersion(tag: "nightly") == nil)
        #expect(ReleaseVersion(tag: "1.2.3.4") == nil)
        #expect(ReleaseVersion(tag: "v2.0.0-rc.1")?.isPrerelease == true)
    }

    @Test func patternsMatchWithAStarForAnyText() {
        #expect(VersionsSetting.matches("1.5.0", pattern: "1.*"))
        #expect(!VersionsSetting.matches("11.5.0", pattern: "1.*"))
        #expect(VersionsSetting.matches("release/2.0", pattern: "release/*"))
        #expect(VersionsSetting.matches("5.8.0", pattern: "*.8.*"))
        #expect(!VersionsSetting.matches("5.8.0", pattern: "5.8"))
        #expect(VersionsSetting.matches("main", pattern: "main"))
    }
}
