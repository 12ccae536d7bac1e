import Foundation
import GalleyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `kill -9` at any moment of `galley build` leaves the old site or the new one, never a mix.
@Suite("Kill-safe builds")
struct KillSafetyTests {
    @Test("builds killed at random moments until 15 died mid-build: public/ is always the old site or the new one, and the next build succeeds")
    func killNine() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        func writePages(_ version: String) throws {
            for page in 0..<40 {
                try site.write(
                    "content/page\(page).md", "# Page \(page)\n\nVersion \(version).\n\n## Part\n\n" + String(repeating: "Text. ", count: 200) + "\n")
            }
        }
        try writePages("old")
        let started = ContinuousClock.now
        #expect(try GalleyExecutable.run(["build"], in: site.url).status == 0)
        // Kills land within about a build's time, however fast builds are:
        // the longest build seen so far (a fixed window let faster builds
        // finish before most kills).
        var window = ContinuousClock.now - started
        let old = try site.snapshot("public")
        try writePages("new")
        var new: [String: Data]?
        var killed = 0
        var round = 0
        while killed < 15 && round < 300 {
            defer { round += 1 }
            let process = Process()
            process.executableURL = try GalleyExecutable.url()
            process.arguments = ["build"]
            process.currentDirectoryURL = site.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = ContinuousClock.now
            try process.run()
            let microseconds = max(5_000, Int(window.components.seconds) * 1_000_000 + Int(window.components.attoseconds / 1_000_000_000_000))
            usleep(UInt32.random(in: 0...UInt32(min(microseconds, 2_000_000))))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            process.waitUntilExit()
            if process.terminationReason == .exit { window = max(window, ContinuousClock.now - start) }
            let now = try site.snapshot("public")
            if now != old {
                if new == nil, process.terminationReason == .exit { new = now }
                if let new {
                    #expect(now == new, "round \(round): public/ is neither the old nor the new site")
                } else {
                    // Killed after the swap: every page must be the new version.
                    let versions = Set(
                        now.filter { $0.key.hasSuffix(".html") && $0.key.contains("page") }.values.map {
                            String(decoding: $0, as: UTF8.self).contains("Version new.") ? "new" : "old"
                        })
                    #expect(versions == ["new"], "round \(round): a mix of versions \(versions)")
                    #expect(now.count == old.count, "round \(round): files missing or extra")
                }
            }
        }
        #expect(killed >= 15, "the test killed too few builds (\(killed) in \(round) rounds) to mean anything")
        let final = try GalleyExecutable.run(["build"], in: site.url)
        #expect(final.status == 0, "\(final.standardError)")
        #expect(try site.read("public/page0.html").contains("Version new."))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.url.path).filter {
            $0.hasPrefix(".public.galley-new") || $0.hasPrefix(".public.galley-old")
        }
        #expect(leftovers.isEmpty, "stale staging folders are cleaned up: \(leftovers)")
    }
}
