import GalleyCore
import GalleySamples

/// What a successful build did.
public struct BuildReport: Sendable {
    /// Pages rendered.
    public var pageCount: Int
    /// The verdicts on the site's samples.
    public var verification: VerificationReport
    /// Files written, pages included.
    public var fileCount: Int
    /// Wall-clock time of the whole build.
    public var duration: Duration
    /// The output folder as the user names it.
    public var outputDisplayPath: String
    /// Pages rendered by this build (fewer than ``pageCount`` after an incremental change).
    public var renderedPageCount = 0
    /// Pages whose samples this build verified (the others kept their verdicts).
    public var verifiedPageCount = 0
    /// Warnings that did not stop the build (a misspelt front-matter key).
    public var warnings: [Diagnostic] = []
    /// What the build changed besides the output, one line each: `Recorded 3 known failures in known.json.`
    public var notes: [String] = []
    /// Broken DocC symbol links the baseline lists: they did not fail the
    /// build, and are not samples, so ``verification``'s counts leave them out.
    public var knownBrokenLinks: [Diagnostic] = []

    /// `Links: 9 broken symbol links are known (listed in the baseline).`, or
    /// `nil` when the baseline lists none.
    public var knownLinksSummary: String? {
        guard !knownBrokenLinks.isEmpty else { return nil }
        let count = knownBrokenLinks.count
        return "Links: \(count) broken symbol link\(count == 1 ? " is" : "s are") known (listed in the baseline)"
    }

    /// `Built 12 pages in 0.31 s → public/`
    public var summary: String {
        let noun = pageCount == 1 ? "page" : "pages"
        return "Built \(pageCount) \(noun) in \(Self.seconds(duration)) s → \(outputDisplayPath)/"
    }

    /// `duration` in seconds with two decimals (`0.31`; a half hundredth
    /// rounded up), without `String(format:)`, whose first use cost every
    /// build most of a millisecond.
    public static func seconds(_ duration: Duration) -> String {
        let hundredths = max(
            0, duration.components.seconds * 100 + (duration.components.attoseconds + 5_000_000_000_000_000) / 10_000_000_000_000_000)
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
