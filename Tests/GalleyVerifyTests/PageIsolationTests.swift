import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import GalleyTestSupport
import Testing

@testable import GalleyPackage
@testable import GalleyPrograms
@testable import GalleySamples
@testable import GalleyVerify

/// A page compiled as one program: one broken block fails only itself and
/// the blocks that use what it declares; one that traps stops only the
/// blocks after it.
@Suite("Error isolation in page programs")
struct PageIsolationTests {
    func verify(_ markdown: String, cache: URL? = nil, timeout: Duration = .seconds(10)) throws -> VerificationReport {
        try verifyPage(markdown, pageProgram: true, cache: cache, timeout: timeout)
    }

    static let page = """
        ```swift
        struct Item { var price: Int }
        let apple = Item(price: 3)
        print(apple.price) // Prints "3"
        ```

        ```swift
        struct Cart { var items: [Item] = [] }
        var cart = Cart()
        cart.add(apple)
        ```

        ```swift
        print(cart.items.count) // Prints "0"
        ```

        ```swift
        let pear = Item(price: 5)
        print(pear.price + apple.price) // Prints "8"
        ```
        """

    @Test("a block that does not compile fails alone; one using its declarations is blocked, naming it; the others pass")
    func brokenBlockIsolated() throws {
        let report = try verify(Self.page)
        #expect(report.results.map(\.status) == [.passed, .failed, .failed, .passed], "\(report.failures)")
        let broken = report.results[1]
        #expect(broken.failureKind == .compile)
        #expect(broken.failure?.contains("has no member 'add'") == true, "\(broken.failure ?? "")")
        #expect(broken.failure?.contains("another sample") == false)
        let blocked = report.results[2]
        #expect(blocked.failureKind == .blocked)
        #expect(
            blocked.failure?.hasPrefix("blocked: uses `cart`, declared in the block at line 7, which does not compile") == true,
            "\(blocked.failure ?? "")")
        #expect(blocked.blockers == [SourceLocation(path: "content/p.md", line: 7, column: 1)])
        #expect(report.results[3].output == "8\n")
        // One error in the docs is red once: the block it blocks was not verified, a warning that names it.
        #expect(report.results.map(\.cause) == [nil, .docs, .context, nil])
        #expect(blocked.undeclaredNames == ["(the block at line 7, an error in the docs)"])
        let summary = "2 passed, 2 failed (1 in the docs, 1 not the docs' error: warnings; --strict fails on them), 0 skipped"
        #expect(report.summary == summary)
        #expect(report.breakdown == "Failed: 1 do not compile, 1 blocked by a block that fails")
        let human = ReportFormat.human.render(report)
        #expect(human.contains("Failed: 1 do not compile, 1 blocked by a block that fails\n" + summary), "\(human)")
    }

    @Test("control: the same page with the broken block fixed passes whole (the blocked block was blocked, not broken)")
    func fixedPagePasses() throws {
        let fixed = Self.page.replacingOccurrences(of: "cart.add(apple)", with: "_ = apple")
        let report = try verify(fixed)
        #expect(report.results.map(\.status) == [.passed, .passed, .passed, .passed], "\(report.failures)")
    }

    @Test("a real doc bug in a block stays a failure of that block: isolation never turns an error into a pass")
    func docBugStays() throws {
        let report = try verify(
            """
            ```swift
            let numbers = [3, 1, 2]
            ```

            ```swift
            print(numbers.sorted(by: >).frist) // Prints "3"
            ```

            ```swift
            print(numbers.min()!) // Prints "1"
            ```
            """)
        #expect(report.results.map(\.status) == [.passed, .failed, .passed], "\(report.failures)")
        #expect(report.results[1].failure?.contains("has no member 'frist'") == true)
        #expect(report.results[1].failureKind == .compile)
    }

    @Test("a block that traps fails alone: the blocks after it run again without it, and one that uses what it declares is blocked by it")
    func trapIsolated() throws {
        let report = try verify(
            """
            ```swift
            print("one") // Prints "one"
            ```

            ```swift
            let values: [Int] = []
            let first = values[0]
            ```

            ```swift
            print("three") // Prints "three"
            ```

            ```swift
            print(first + 1)
            ```
            """)
        #expect(report.results.map(\.status) == [.passed, .failed, .passed, .failed], "\(report.failures)")
        #expect(report.results[1].failureKind == .trap)
        #expect(report.results[1].failure?.hasPrefix("crashed") == true)
        #expect(report.results[2].output == "three\n")
        #expect(report.results[3].failureKind == .blocked)
        #expect(
            report.results[3].failure?.hasPrefix("blocked: uses `first`, declared in the block at line 5, which fails at run time") == true,
            "\(report.results[3].failure ?? "")")
        #expect(report.breakdown == "Failed: 1 blocked by a block that fails, 1 fail at run time")
    }

    @Test("a block that hangs times out alone; the blocks before and after it keep their verdicts")
    func hangIsolated() throws {
        let page = """
            ```swift
            print("before") // Prints "before"
            ```

            ```swift
            while true {}
            ```

            ```swift
            print("after") // Prints "after"
            ```
            """
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("galley-hang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let report = try verify(page, cache: cache, timeout: .seconds(2))
        #expect(report.results.map(\.status) == [.passed, .failed, .passed], "\(report.failures)")
        #expect(report.results[1].failureKind == .limit)
        #expect(report.results[2].output == "after\n")
        // The timeout is a verdict too: a warm run neither compiles nor waits for it again.
        let warm = try verify(page, cache: cache, timeout: .seconds(2))
        #expect(warm.compiledPrograms == 0)
        #expect(warm.results.map(\.status) == [.passed, .failed, .passed])
        #expect(warm.results[1].failure?.contains("a cached verdict: `galley verify --no-cache` runs it again") == true)
    }

    @Test("a type that uses a type of a later block that does not compile is blocked by that block; an error of its own is not")
    func blockedByLaterBlock() throws {
        let report = try verify(
            """
            ```swift
            struct Math { static let commands: [Any.Type] = [Math.Add.self] }
            ```

            ```swift
            extension Math { struct Add { var options: Math.Options } }
            ```

            ```swift
            let total: Int = "three"
            let other: Math.Add? = nil
            ```
            """)
        #expect(report.results.map(\.status) == [.failed, .failed, .failed], "\(report.failures)")
        #expect(report.results[0].failureKind == .blocked)
        #expect(
            report.results[0].failure?.hasPrefix("blocked: uses `Add`, declared in the block at line 5, which does not compile") == true,
            "\(report.results[0].failure ?? "")")
        #expect(report.results[1].failureKind == .compile)
        // Its own type error makes the third block fail on its own, whatever else it uses.
        #expect(report.results[2].failureKind == .compile, "\(report.results[2].failure ?? "")")
    }

    @Test("a compile_fail block after a block that does not compile is judged by its own lines, without that block")
    func compileFailAfterBrokenBlock() throws {
        let report = try verify(
            """
            ```swift
            let limit = 10
            ```

            ```swift
            let broken: Int = "eleven"
            ```

            ```swift
            let word: String = limit // error: cannot convert value of type 'Int'
            ```
            """)
        #expect(report.results.map(\.sample.mode) == [.run, .run, .compileFail])
        #expect(report.results.map(\.status) == [.passed, .failed, .passed], "\(report.failures)")
    }

    @Test("a warm run of a page with a broken block starts no compiler, and gives the same verdicts")
    func isolationIsCached() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("galley-isolation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let cold = try verify(Self.page, cache: cache)
        #expect(cold.compiledPrograms == 3, "the page, then the page without block 2, then without block 3")
        let warm = try verify(Self.page, cache: cache)
        #expect(warm.compiledPrograms == 0)
        #expect(warm.results.map(\.status) == cold.results.map(\.status))
        #expect(warm.results.map(\.failure) == cold.results.map(\.failure))
    }

    @Test("the JSON report keeps the kind and the blockers, and a merge reads them back")
    func jsonKeepsKinds() throws {
        let report = try verify(Self.page)
        let data = Data(ReportFormat.json.render(report).utf8)
        let merged = try JSONReport.merge([("a.json", data)])
        #expect(merged.results.map(\.failureKind) == report.results.map(\.failureKind))
        #expect(merged.results[2].blockers == report.results[2].blockers)
        #expect(merged.breakdown == report.breakdown)
    }

    @Test("the names a compiler message quotes, and the names a block declares")
    func names() {
        #expect(PageIsolation.quotedNames("value of type 'Cart' has no member 'add'") == ["Cart", "add"])
        #expect(PageIsolation.quotedNames("cannot convert value of type 'Array<Item>' to 'Int'") == ["Array", "Item", "Int"])
        #expect(
            PageIsolation.declaredNames("struct A {}\nlet b = 1, c = 2\nfunc d() {}\nextension Int { var e: Int { 1 } }\nprint(1)")
                == ["A", "b", "c", "d", "e"])
    }
}
