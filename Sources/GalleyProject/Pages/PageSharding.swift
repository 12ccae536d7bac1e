import GalleyCore

/// Splits a site's pages into balanced, deterministic shards for CI
/// matrices (`galley verify --shard 2/4`): pages are dealt out by their
/// number of samples, the largest first, each to the shard with the fewest
/// samples so far (ties to the lower shard, pages in path order). A page is
/// never split, so a `group=` (which lives on one page) never is either.
///
/// ```swift
/// let mine = try PageSharding(index: 2, count: 4).pages(of: allPages)
/// ```
public struct PageSharding: Sendable, Equatable {
    /// The shard, 1-based.
    public var index: Int
    /// How many shards there are.
    public var count: Int

    /// Reads `I/N`, e.g. `1/2`.
    public init(parsing text: String) throws(Diagnostic) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw Diagnostic("'\(text)' is not a shard", suggestion: "Write I/N with 1 ≤ I ≤ N, e.g. --shard 1/2")
        }
        self.index = index
        self.count = count
    }

    /// The shard `index` of `count`.
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The pages of this shard, in their original order.
    public func pages(of pages: [Page]) -> [Page] {
        let weights = pages.map { page in page.document.codeBlocks.filter(\.looksLikeSwift).count }
        let order = pages.indices.sorted { (weights[$1], pages[$0].sourcePath) < (weights[$0], pages[$1].sourcePath) }
        var totals = [Int](repeating: 0, count: count)
        var pageCounts = [Int](repeating: 0, count: count)
        var mine: Set<Int> = []
        for position in order {
            // Fewest samples first; among equals, fewest pages (so sample-free pages spread too), then the lower shard.
            let shard = totals.indices.min { (totals[$0], pageCounts[$0], $0) < (totals[$1], pageCounts[$1], $1) } ?? 0
            totals[shard] += weights[position]
            pageCounts[shard] += 1
            if shard == index - 1 { mine.insert(position) }
        }
        return pages.indices.filter(mine.contains).map { pages[$0] }
    }
}
