import GalleyReference
import GalleyVersions
import Testing

@Suite struct VersionChangesTests {
    static func entry(_ id: String, _ name: String, _ declaration: String, deprecated: Bool = false) -> APISnapshot.Entry {
        APISnapshot.Entry(
            identifier: id, module: "Kit", name: name, kind: "Instance Method", declaration: declaration, isDeprecated: deprecated,
            url: "documentation/kit/\(name.lowercased().replacingOccurrences(of: ".", with: "/"))/index.html")
    }

    static func record(_ name: String, api: [APISnapshot.Entry], samples: [VersionRecord.SampleVerdict]) -> VersionRecord {
        VersionRecord(
            version: SiteVersion(name: name, commit: name), key: VersionRecord.Key(commit: name, galley: "g", settings: "s"),
            unverifiedReason: nil, samples: samples, api: APISnapshot(entries: api), summary: "")
    }

    static func sample(_ code: String, _ status: String, file: String = "Kit.docc/A.md", message: String? = nil) -> VersionRecord.SampleVerdict {
        VersionRecord.SampleVerdict(file: file, line: 3, code: code, status: status, cause: nil, message: message, url: nil)
    }

    @Test func symbolsAreMatchedByIdentifierAndTheirDeclarationsCompared() {
        let old = APISnapshot(entries: [
            Self.entry("s:1", "Signer.sign(_:)", "func sign(_ data: Data) -> Data"),
            Self.entry("s:2", "Signer.verify(_:)", "func verify(_ data: Data) -> Bool"),
            Self.entry("s:3", "Signer.key", "var key: Key"),
            Self.entry("s:4", "Signer.name", "var  name:\n String"),
        ])
        let new = APISnapshot(entries: [
            Self.entry("s:1", "Signer.sign(_:)", "func sign(_ data: Data) async throws -> Data"),
            Self.entry("s:3", "Signer.key", "var key: Key", deprecated: true),
            Self.entry("s:4", "Signer.name", "var name: String"),
            Self.entry("s:5", "Signer.verify(_:as:)", "func verify(_ data: Data, as kind: Kind) -> Bool"),
        ])
        let changes = APIChanges(from: old, to: new)
        #expect(changes.added.map(\.name) == ["Signer.verify(_:as:)"])
        #expect(changes.removed.map(\.name) == ["Signer.verify(_:)"])
        #expect(changes.deprecated.map(\.name) == ["Signer.key"])
        #expect(changes.changed.map(\.after.name) == ["Signer.sign(_:)"], "white space alone is no change")
        #expect(APIChanges(from: new, to: new).isEmpty)
    }

    @Test func aSampleThatPassedAndFailsNowSaysWhichRemovedSymbolItUses() {
        let api = [Self.entry("s:2", "Signer.verify(_:)", "func verify(_ data: Data) -> Bool")]
        let older = Self.record(
            "1.0.0", api: api,
            samples: [
                Self.sample("let ok = signer.verify(data)\n", "passed"),
                Self.sample("print(1)\n", "passed"),
                Self.sample("broken(\n", "failed"),
            ])
        let newer = Self.record(
            "2.0.0", api: [],
            samples: [
                Self.sample("let ok = signer.verify(data)\n", "failed", file: "Kit.docc/Moved.md", message: "does not compile: missing argument"),
                Self.sample("print(1)\n", "passed"),
                Self.sample("broken(\n", "passed"),
            ])
        let changes = VersionChanges(from: older, to: newer)
        #expect(changes.regressions.count == 1)
        #expect(changes.regressions.first?.affectedSymbols == ["Signer.verify(_:)"])
        #expect(changes.regressions.first?.reason == "it uses Signer.verify(_:), which 2.0.0 removed or changed: does not compile: missing argument")
        #expect(changes.fixes.count == 1)
    }

    @Test func theSwitcherSendsAReaderToTheSamePageOrTheNearestAbove() {
        let switcher = VersionSwitcher(versions: [
            VersionSwitcher.Entry(
                name: "2.0.0", folder: "2.0.0", pages: ["index.html", "documentation/kit/index.html", "documentation/kit/signer/index.html"],
                isLatest: true, changesPage: "changes.html"),
            VersionSwitcher.Entry(
                name: "1.0.0", folder: "1.0.0", pages: ["index.html", "documentation/kit/index.html", "guide.html"], note: "unverified"),
        ])
        #expect(switcher.target(of: "documentation/kit/signer/index.html", in: "1.0.0") == "documentation/kit/index.html")
        #expect(switcher.target(of: "guide.html", in: "2.0.0") == "index.html")
        #expect(switcher.target(of: "guide.html", in: "1.0.0") == "guide.html")
        let html = switcher.html(on: "documentation/kit/signer/index.html", in: "2.0.0")
        #expect(html.contains("<a href=\"../../../../1.0.0/documentation/kit/index.html\" data-version=\"1.0.0\">1.0.0 (unverified)</a>"))
        #expect(html.contains("Version <strong>2.0.0</strong> (latest)"))
        #expect(html.contains("href=\"../../../../2.0.0/changes.html\""))
        #expect(switcher.html(on: "guide.html", in: "1.0.0").contains("<p class=\"version-note\" role=\"note\">unverified</p>"))
    }
}
