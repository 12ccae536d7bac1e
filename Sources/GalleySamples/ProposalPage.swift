/// Whether a page is a design proposal, as Swift Evolution writes them and
/// package catalogs copy (swift-log's `SLG-0001`, swift-openapi-generator's
/// `SOAR-0001`): a header list near the top naming the proposal and its
/// status, or three of the template's sections (`Motivation`, `Detailed
/// design`, `Alternatives considered`, …).
///
/// ```swift
/// ProposalPage.isProposal("# SLG-0002: Traits\n\n- Proposal: SLG-0002\n- Status: **Approved**\n")   // true
/// ```
package enum ProposalPage {
    /// Whether `text`, a page's Markdown, opens with a proposal's header:
    /// a `Proposal:` item and a `Status:` item within its first 40 lines.
    package static func isProposal(_ text: String) -> Bool {
        var proposal = false
        var status = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The template's sections: `## Motivation`, `## Detailed design`, `## Alternatives considered`, …
        let sections = lines.filter { $0.hasPrefix("#") }.map { $0.drop { $0 == "#" || $0 == " " }.lowercased() }
        if sections.count(where: templateSections.contains) >= 3 { return true }
        for line in lines.prefix(40) {
            let item = line.drop { $0 == " " || $0 == "-" || $0 == "*" || $0 == "\t" }
            guard item.count < line.count else { continue }
            if item.hasPrefix("Proposal:") || item.hasPrefix("**Proposal**:") || item.hasPrefix("Proposal ID:") { proposal = true }
            if item.hasPrefix("Status:") || item.hasPrefix("**Status**:") { status = true }
        }
        return proposal && status
    }

    /// Sections of the Swift Evolution template, as headings.
    private static let templateSections: Set<String> = [
        "motivation", "proposed solution", "detailed design", "alternatives considered", "source compatibility",
        "future directions", "impact on existing code", "api stability", "effect on abi stability", "effect on api resilience",
    ]
}
