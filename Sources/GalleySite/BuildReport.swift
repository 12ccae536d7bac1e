import GalleyCore
import GalleyProject
import GalleyReference
import GalleyReports
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
    /// The library's Swift files whose doc comments alone were edited, read
    /// from the files without building the library (a preview's rebuild).
    public var editedDocCommentFiles: [String] = []
    /// Pages whose samples this build verified (the others kept their verdicts).
    public var verifiedPageCount = 0
    /// Warnings that did not stop the build (a misspelt front-matter key).
    public var warnings: [Diagnostic] = []
    /// What the build changed besides the output, one line each: `Recorded 3 known failures in known.json.`
    public var notes: [String] = []
    /// How much of the API reference has doc comments (a package root's build), `nil` without a reference.
    public var coverage: DocumentationCoverage?
    /// Broken DocC symbol links the baseline lists: they did not fail the
    /// build, and are not samples, so ``verification``'s counts leave them out.
    public var knownBrokenLinks: [Diagnostic] = []
    /// The broken links of a preview that rendered its pages anyway
    /// (``BuildSettings/previewsFailingSamples``): a build fails on them.
    public var previewProblems: [Diagnostic] = []
    /// The address of each page by its display path (`Sources/Log/Log.docc/Setup.md` →
    /// `setup.html`), so a failure can link to its sample's line (``failureLinks``).
    public var pageURLs: [String: String] = [:]
    /// The API reference's symbols, when the build is one version of a
    /// versioned site (``BuildSettings/isVersion``) and made a reference.
    public var api: APISnapshot?

    /// Each failing sample a preview rendered (``BuildSettings/previewsFailingSamples``):
    /// where, its cause and first line, and the address of its line on its page
    /// (`setup.html#L12`; `nil` for a file no page shows).
    public var failureLinks: [(location: String, message: String, href: String?)] {
        verification.results.filter { $0.status == .failed }.map { result in
            let location = result.failureLocation ?? result.sample.location
            let first = (result.failure ?? "failed").split(separator: "\n").first.map(String.init) ?? "failed"
            let cause = result.causeLine.map { $0 + ": " } ?? ""
            // A page's code lines are named after their Markdown lines; a snippet file's are not.
            let anchor = result.sample.origin.isMarkdown ? "#L\(location.line ?? result.sample.block.firstCodeLine)" : ""
            let href = pageURLs[result.sample.page].map { $0 + anchor }
            return (location.description, cause + first, href)
        }
    }

    /// `Links: 9 broken links are known (listed in the baseline).`, or
    /// `nil` when the baseline lists none.
    public var knownLinksSummary: String? {
        guard !knownBrokenLinks.isEmpty else { return nil }
        let count = knownBrokenLinks.count
        return "Links: \(count) broken link\(count == 1 ? " is" : "s are") known (listed in the baseline)"
    }

    /// `Built 12 pages in 0.31 s → public/`
    public var summary: String {
        Self.summary(pageCount: pageCount, duration: duration, output: outputDisplayPath)
    }

    /// `Built 12 pages in 0.31 s → public/`, for any build (a replayed one adds why it built nothing).
    public static func summary(pageCount: Int, duration: Duration, output: String) -> String {
        "Built \(pageCount) \(pageCount == 1 ? "page" : "pages") in \(seconds(duration)) s → \(output)/"
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
