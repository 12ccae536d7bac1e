import Foundation
import GalleyTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` at any moment of `galley build` leaves the old site or the new one, never a mix.
@Suite("Kill-safe builds")
struct KillSafetyTests {
    @Test("50 builds killed at random moments: public/ is always the old site or the new one, and the next build succeeds")
    func killNine() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        func writePages(_ version: String) throws {
            for page in 0..<40 {
                try site.write("content/page\(page).md", "# Page \(page)\n\nVersion \(version).\n\n## Part\n\n" + String(repeating: "Text. ", count: 200) + "\n")
            }
        }
        try writePages("old")
        #expect(try GalleyExecutable.run(["build"], in: site.url).status == 0)
        let old = try site.snapshot("public")
        try writePages("new")
        var new: [String: Data]?
        var killed = 0
        for round in 0..<50 {
            let process = Process()
            process.executableURL = try GalleyExecutable.url()
            process.arguments = ["build"]
            process.currentDirectoryURL = site.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...250_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            process.waitUntilExit()
            let now = try site.snapshot("public")
            if now != old {
                if new == nil, process.terminationReason == .exit { new = now }
                if let new {
                    #expect(now == new, "round \(round): public/ is neither the old nor the new site")
                } else {
                    // Killed after the swap: every page must be the new version.
                    let versions = Set(now.filter { $0.key.hasSuffix(".html") && $0.key.contains("page") }.values.map {
                        String(decoding: $0, as: UTF8.self).contains("Version new.") ? "new" : "old"
                    })
                    #expect(versions == ["new"], "round \(round): a mix of versions \(versions)")
                    #expect(now.count == old.count, "round \(round): files missing or extra")
                }
            }
        }
        #expect(killed > 10, "the test killed too few builds (\(killed)) to mean anything")
        let final = try GalleyExecutable.run(["build"], in: site.url)
        #expect(final.status == 0, "\(final.standardError)")
        #expect(try site.read("public/page0.html").contains("Version new."))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.url.path).filter { $0.hasPrefix(".public.galley-new") || $0.hasPrefix(".public.galley-old") }
        #expect(leftovers.isEmpty, "stale staging folders are cleaned up: \(leftovers)")
    }
}
