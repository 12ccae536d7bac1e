import Foundation
import GalleyServer
import GalleyTestSupport
import Testing

@Suite("Preview server under a storm of edits", .serialized)
struct StabilityTests {
    @Test("500 rapid edits across files end in one consistent final build, with no crash and no leaked file descriptors")
    func rapidEdits() async throws {
        // Warm up what lives for the whole process (NIO's event loops) before counting.
        let warm = try ServerHarness.makeSite(["index.md": "# Warm\n"])
        defer { warm.remove() }
        let first = try await ServerHarness.start(warm)
        _ = try await first.text("/")
        try await first.stop()

        let names = (0..<5).map { "page\($0).md" }
        var pages = ["index.md": "# Home\n"]
        for name in names { pages[name] = "# \(name)\n\nversion 0\n" }
        let site = try ServerHarness.makeSite(pages)
        defer { site.remove() }
        let before = try openFileDescriptorCount()

        let server = try await ServerHarness.start(site)
        let (events, _) = try await blocking { [port = server.port] in try RawHTTPClient.events(port: port) }
        var last: [String: Int] = [:]
        for edit in 1...500 {
            let name = names[edit % names.count]
            try site.write("content/\(name)", "# \(name)\n\nversion \(edit)\n")
            last[name] = edit
            if edit % 50 == 0 { _ = try await server.request("/index.html") }
        }
        // Wait for the builds to settle: a reload, then quiet.
        #expect((try await blocking { events.waitForEvent("reload") }) != nil)
        while (try await blocking { events.waitForEvent("reload", timeout: .seconds(2)) }) != nil {}

        for name in names {
            let html = try await server.text("/" + name.replacingOccurrences(of: ".md", with: ".html"))
            #expect(html.contains("version \(last[name]!)\n") || html.contains("version \(last[name]!)<"), "\(name) is at its last edit")
            #expect(try site.read("public/" + name.replacingOccurrences(of: ".md", with: ".html")).contains("version \(last[name]!)"))
        }
        let builds = server.buildCount
        #expect(builds < 500, "edits are batched, not built one by one (\(builds) builds)")
        let failures = server.builds.withLock { $0.filter { if case .failed = $0 { true } else { false } }.count }
        #expect(failures == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent("public").path)
            .filter { $0.hasPrefix(".") && $0 != ".galley-output" }
        #expect(leftovers.isEmpty, "no temporary files left in public/: \(leftovers)")
        events.close()
        try await server.stop()

        // Other suites run in parallel and open files of their own: wait for the count to come back down.
        var after = try openFileDescriptorCount()
        let deadline = ContinuousClock.now + .seconds(10)
        while after > before && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            after = try openFileDescriptorCount()
        }
        #expect(after <= before, "file descriptors before: \(before), after: \(after)")
    }
}
