import Foundation
import Testing

/// A rule of this repository's own site (`content/`): a hidden sample line
/// (between `// snippet.hide` and `// snippet.show`) may set up — imports, a
/// host, a model — but never wait, yield, sleep, drive the interaction or
/// print, so that a sample copied as shown prints what the page says it
/// prints.
@Suite("Site rule: hidden lines never change output")
struct HiddenLineRuleTests {
    @Test("no hidden line of content/*.md waits, yields, sleeps, drives a ViewHost or prints")
    func siteKeepsTheRule() throws {
        let content = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("content")
        let pages = try FileManager.default.contentsOfDirectory(atPath: content.path)
            .filter { $0.hasSuffix(".md") }
            .sorted()
        #expect(pages.count >= 9, "content/ should hold the site's guides")
        var violations: [String] = []
        for page in pages {
            let text = try String(contentsOf: content.appendingPathComponent(page), encoding: .utf8)
            violations += HiddenLineChecker.violations(in: text, file: "content/\(page)")
        }
        #expect(violations.isEmpty, "hidden lines that change output:\n\(violations.joined(separator: "\n"))")
    }

    @Test("the checker flags a crafted page: await, Task.yield, sleep, ViewHost interactions, waits, clocks and prints")
    func checkerFlagsBadPage() {
        let page = """
            # Bad

            ```swift
            import SwiftUI
            // snippet.hide
            let host = ViewHost(Text("x"))
            host.tap("Add")
            await host.settle()
            for _ in 0..<10 { await Task.yield() }
            try await Task.sleep(for: .seconds(1))
            host.flush()
            host.enter("a", into: "Name")
            done.wait()
            RunLoop.main.run(until: .now)
            scheduler.advance(by: .milliseconds(300))
            print(host.snapshot())
            host.resetRenderLog()
            // snippet.show
            print("done")
            ```
            """
        let violations = HiddenLineChecker.violations(in: page, file: "bad.md")
        #expect(
            violations == [
                "bad.md:7: host.tap(\"Add\")",
                "bad.md:8: await host.settle()",
                "bad.md:9: for _ in 0..<10 { await Task.yield() }",
                "bad.md:10: try await Task.sleep(for: .seconds(1))",
                "bad.md:11: host.flush()",
                "bad.md:12: host.enter(\"a\", into: \"Name\")",
                "bad.md:13: done.wait()",
                "bad.md:14: RunLoop.main.run(until: .now)",
                "bad.md:15: scheduler.advance(by: .milliseconds(300))",
                "bad.md:16: print(host.snapshot())",
                "bad.md:17: host.resetRenderLog()",
            ])
    }

    @Test("set-up lines may be hidden, and shown lines and other languages are not checked")
    func checkerAllowsSetUp() {
        let page = """
            ```swift
            // snippet.hide
            import SwiftUI
            let host = ViewHost(Text("x"))
            let model = Model()
            // snippet.show
            host.tap("Add")
            await host.settle()
            ```

            ```text
            // snippet.hide
            await nothing()
            // snippet.show
            ```
            """
        #expect(HiddenLineChecker.violations(in: page, file: "good.md").isEmpty)
    }
}

/// Scans the fenced Swift blocks of a Markdown page for hidden lines that wait
/// or drive the interaction.
enum HiddenLineChecker {
    /// What a hidden line must not contain.
    static let forbidden: [String] = [
        #"\bawait\b"#,
        #"Task\.yield"#,
        #"sleep"#,
        #"\.(tap|enter|toggle|increment|decrement|slide|flush|settle|yield|unmount|resetRenderLog)\("#,
        #"\.wait\("#,  // a semaphore or group: waits
        #"\bRunLoop\b"#,  // turning a run loop by hand
        #"\.advance\(by:"#,  // a manual scheduler's clock
        #"\bprint\("#,  // output the reader cannot see
    ]

    /// `file:line: text` for every hidden line that breaks the rule.
    static func violations(in markdown: String, file: String) -> [String] {
        let patterns = forbidden.compactMap { pattern -> NSRegularExpression? in
            do {
                return try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
            } catch {
                Issue.record("the forbidden pattern \(pattern) does not compile: \(error)")
                return nil
            }
        }
        var result: [String] = []
        var fence: String?
        var isSwift = false
        var hidden = false
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open), trimmed.drop(while: { $0 == open.first }).isEmpty {
                    fence = nil
                    hidden = false
                    continue
                }
                guard isSwift else { continue }
                if trimmed == "// snippet.hide" { hidden = true; continue }
                if trimmed == "// snippet.show" { hidden = false; continue }
                guard hidden else { continue }
                let range = NSRange(trimmed.startIndex..., in: trimmed)
                if patterns.contains(where: { $0.firstMatch(in: trimmed, range: range) != nil }) {
                    result.append("\(file):\(index + 1): \(trimmed)")
                }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let marker = trimmed.first!
                let ticks = String(trimmed.prefix(while: { $0 == marker }))
                guard ticks.count >= 3 else { continue }
                fence = ticks
                let info = trimmed.dropFirst(ticks.count).trimmingCharacters(in: .whitespaces).lowercased()
                isSwift = info.hasPrefix("swift") || info.hasPrefix("{.swift")
            }
        }
        return result
    }
}
