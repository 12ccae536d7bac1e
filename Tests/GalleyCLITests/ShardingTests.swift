import Foundation
import GalleyProject
import GalleySite
import GalleyTestSupport
import Testing

@Suite("Sharded verification for CI matrices")
struct ShardingTests {
    @Test("shards are balanced by samples, cover every page once, and merge into the unsharded report")
    func shardsMergeIntoTheWhole() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        // Pages of 1 to 5 samples, one failing sample and one bad attribute among them.
        for page in 1...6 {
            var text = "# Page \(page)\n\n"
            for sample in 1...(page % 5 + 1) {
                text += "```swift\nprint(\(page * 10 + sample)) // Prints \"\(page * 10 + sample)\"\n```\n\n"
            }
            try site.write("content/page\(page).md", text)
        }
        try site.write("content/failing.md", "# Failing\n\n```swift\nprint(1) // Prints \"2\"\n```\n\n```swift bogus\nprint(3)\n```\n")
        let whole = try GalleyExecutable.run(["verify"], in: site.url)
        let first = try GalleyExecutable.run(["verify", "--shard", "1/2", "--format", "json"], in: site.url)
        let second = try GalleyExecutable.run(["verify", "--shard", "2/2", "--format", "json"], in: site.url)
        try site.write("shard1.json", first.standardOutput)
        try site.write("shard2.json", second.standardOutput)
        func count(_ json: String) -> Int { json.components(separatedBy: "\"id\" : ").count - 1 }
        let (a, b) = (count(first.standardOutput), count(second.standardOutput))
        #expect(a + b == 18, "every sample in exactly one shard")
        #expect(abs(a - b) <= 2, "balanced: \(a) and \(b) samples")
        for format in ["human", "github"] {
            let unsharded = try GalleyExecutable.run(["verify", "--format", format], in: site.url)
            let merged = try GalleyExecutable.run(["verify", "--merge-reports", "shard1.json", "shard2.json", "--format", format], in: site.url)
            #expect(merged.standardOutput == unsharded.standardOutput, "\(format):\n\(merged.standardOutput)\n---\n\(unsharded.standardOutput)")
            #expect(merged.status == 1 && unsharded.status == 1)
        }
        #expect(whole.standardOutput.hasSuffix("17 passed, 2 failed, 0 skipped\n"), "\(whole.standardOutput)")
        let junit = try GalleyExecutable.run(["verify", "--merge-reports", "shard1.json", "shard2.json", "--format", "junit"], in: site.url)
        #expect(junit.standardOutput.contains("tests=\"19\" failures=\"2\""))
        let bad = try GalleyExecutable.run(["verify", "--shard", "3/2"], in: site.url)
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("'3/2' is not a shard"))
    }

    @Test("the deal is deterministic and never splits a page")
    func deterministic() throws {
        let pages = (1...9).map { number in
            Page(
                sourcePath: "p\(number).md", displayPath: "content/p\(number).md", frontMatter: FrontMatter(),
                document: .init(parsing: String(repeating: "```swift\nprint(1)\n```\n", count: number)))
        }
        let shards = (1...3).map { PageSharding(index: $0, count: 3).pages(of: pages).map(\.sourcePath) }
        #expect(Set(shards.flatMap { $0 }).count == 9)
        #expect(shards.flatMap { $0 }.count == 9)
        #expect(shards == (1...3).map { PageSharding(index: $0, count: 3).pages(of: pages).map(\.sourcePath) })
        let weights = shards.map { $0.map { Int($0.dropFirst().dropLast(3))! }.reduce(0, +) }
        #expect(weights.max()! - weights.min()! <= 2, "\(weights)")
    }
}
