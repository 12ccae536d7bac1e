import Foundation
import GalleyProject
import GalleySite
import Testing

@testable import GalleyHovers
@testable import GalleyPackage
@testable import GalleySamples
@testable import GalleyVerify

/// The share of identifiers in this repository's visible sample code that
/// have a declaration annotation (issue 20: at least 95 %). It verifies the
/// whole of `content/` (warm when `galley build` ran before, through its
/// cache), so it runs only when asked: `GALLEY_HOVER_COVERAGE=1` (see
/// `bench/hovers.sh`).
@Suite("Hover coverage of this repository's samples")
struct HoverCoverageTests {
    @Test(
        "at least 95 % of the identifiers in visible sample code have a declaration",
        .enabled(if: ProcessInfo.processInfo.environment["GALLEY_HOVER_COVERAGE"] != nil))
    func coverage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let layout = SiteLayout(root: root)
        let configuration = try SiteConfiguration.load(from: root.appendingPathComponent("galley.yml"), displayPath: "galley.yml")
        let content = try ContentLoader(layout: layout, configuration: configuration).load(reusing: [:], changed: [])
        var verification = SampleVerification(configuration: configuration, layout: layout, hovers: .all)
        verification.verifier.progress = { _ in }
        let report = try verification.verify(content.pages)
        var identifiers = 0
        var covered = 0
        var missed: [String: Int] = [:]
        for result in report.results where result.sample.kind == .program && result.status == .passed && result.sample.mode != .compileFail {
            let spans = Set(result.annotations.filter { $0.kind == .declaration }.map { "\($0.line):\($0.column)" })
            let sample = result.sample
            for token in HoverTokens.identifiers(in: sample) {
                identifiers += 1
                let column =
                    (sample.holes.isEmpty
                        ? token.characterColumn
                        : Elision.mapColumn(token.characterColumn, line: token.line, holes: sample.holes)) + sample.block.fenceColumn - 1
                if spans.contains("\(sample.block.firstCodeLine + token.line - 1):\(column)") {
                    covered += 1
                } else {
                    missed[token.text, default: 0] += 1
                }
            }
        }
        let share = identifiers == 0 ? 0 : Double(covered) / Double(identifiers)
        print(
            "hover coverage: \(covered)/\(identifiers) identifiers in visible sample code have a declaration annotation = \(String(format: "%.1f", share * 100)) %"
        )
        if case .success(let sourcekitd) = SourceKitD.shared(besides: try Toolchain.locate().swiftc) {
            // Cold (an empty cache) this is what a cold build asks; warm, nothing.
            print("sourcekitd requests: \(sourcekitd.requestCount)")
        }
        print("most missed: " + missed.sorted { $0.value > $1.value }.prefix(15).map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
        #expect(share >= 0.95)
    }
}
