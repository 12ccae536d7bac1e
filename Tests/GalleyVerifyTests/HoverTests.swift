import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import GalleyTestSupport
import Synchronization
import Testing

@testable import GalleyHovers
@testable import GalleyPackage
@testable import GalleyProcess
@testable import GalleyPrograms
@testable import GalleySamples
@testable import GalleyVerify

/// The compiler's answers about samples (sourcekitd in process): declarations
/// of identifiers, `// ^?` type queries, caching. Serialized: the tests count
/// the requests of the one sourcekitd the process loads.
@Suite("Hovers and type queries from sourcekitd", .serialized)
struct HoverTests {
    func verify(
        _ markdown: String, hovers: HoverMode = .all, cache: URL? = nil, merges: Bool = true, settings: SampleSettings = SampleSettings(),
        worker: URL? = nil
    ) throws -> VerificationReport {
        var verifier = Verifier(library: SampleLibrary(packageDirectory: URL(fileURLWithPath: "/")), cacheDirectory: cache)
        verifier.hovers = hovers
        verifier.hoverWorker = worker
        verifier.merges = merges
        var preparation: Verifier.Preparation?
        return try verifier.verify([("content/p.md", MarkdownDocument(parsing: markdown), settings)], preparation: &preparation)
    }

    func sourcekitd() throws -> SourceKitD {
        try SourceKitD.shared(besides: Toolchain.locate().swiftc).get()
    }

    func declaration(_ report: VerificationReport, line: Int, column: Int) -> SampleAnnotation? {
        report.results.flatMap(\.annotations).first { $0.kind == .declaration && $0.line == line && $0.column == column }
    }

    @Test("a sample that does not compile is a cached verdict: a warm build with hovers compiles nothing, a compile_fail sample keeps its answers")
    func failuresAreCached() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let page = """
            ```swift
            let count: Int = "three"
            ```

            ```swift
            print(1)  // Prints "1"
            ```
            """
        let cold = try verify(page, cache: folder.url)
        #expect(cold.failed == 1 && cold.passed == 1, "\(cold.failures)")
        #expect(cold.compiledPrograms == 2)
        let warm = try verify(page, cache: folder.url)
        #expect(warm.compiledPrograms == 0, "the failure was compiled again")
        #expect(warm.failed == 1 && warm.results[0].cached && warm.results[0].failure == cold.results[0].failure)
        // The rule is about programs that fail: one that passes without answers at this level is still asked again.
        let queriesOnly = try verify("```swift\nlet n = 1\n// ^?\nprint(n)\n```\n", hovers: .queries, cache: folder.url)
        #expect(queriesOnly.compiledPrograms == 1)
        let all = try verify("```swift\nlet n = 1\n// ^?\nprint(n)\n```\n", hovers: .all, cache: folder.url)
        #expect(all.compiledPrograms == 1, "answered at .queries only: compiled again for every identifier's declaration")
    }

    static let scoreboard = """
        # Scores

        ```swift
        /// Keeps the score of one game.
        ///
        /// More about it.
        struct Scoreboard { var score = 0 }
        let board = Scoreboard()
        print(board.score)
        ```
        """

    @Test(
        "every identifier gets its declaration: a local's inferred type, a type's declaration and summary, the standard library's print",
        arguments: [true, false])
    func declarations(merges: Bool) throws {
        let report = try verify(Self.scoreboard, merges: merges)
        #expect(report.succeeded, "\(report.failures)")
        let board = try #require(declaration(report, line: 8, column: 5))
        #expect(board.text == "let board: Scoreboard")
        #expect(board.length == 5)
        #expect(board.declarationLine == 8)
        let type = try #require(declaration(report, line: 8, column: 13))
        #expect(type.text == "struct Scoreboard")
        #expect(type.summary == "Keeps the score of one game.")
        #expect(type.declarationLine == 7)
        let print = try #require(declaration(report, line: 9, column: 1))
        #expect(print.text.hasPrefix("func print(_ items: Any..., separator: String = \" \", terminator: String = \"\\n\")"))
        #expect(print.summary?.hasPrefix("Writes the textual representations") == true)
        #expect(print.declarationLine == nil)
        let score = try #require(declaration(report, line: 9, column: 13))
        #expect(score.text == "var score: Int")
        #expect(score.declarationLine == 7)
        // Every identifier of the visible code has one: struct, var, let, print, board, score.
        #expect(report.results[0].annotations.filter { $0.kind == .declaration }.count == 7)
    }

    @Test("a page program's later block links to a declaration in an earlier block; hidden lines get nothing")
    func pageProgram() throws {
        var settings = SampleSettings()
        settings.pageProgram = true
        let report = try verify(
            """
            ```swift
            struct Scoreboard { var score = 0 }
            // snippet.hide
            let hidden = 1
            // snippet.show
            ```

            ```swift
            let board = Scoreboard()
            print(board, hidden)
            ```
            """, settings: settings)
        #expect(report.succeeded, "\(report.failures)")
        #expect(declaration(report, line: 9, column: 13)?.declarationLine == 2)
        #expect(declaration(report, line: 10, column: 14)?.text == "let hidden: Int")
        #expect(report.results[0].annotations.allSatisfy { $0.line != 4 })
    }

    @Test("programs that declare the same names are asked about apart: each use links to its own sample's declaration")
    func clashingNamesInBatches() throws {
        let report = try verify(
            (0..<7).map { index in
                "```swift\nstruct Counter { var value = \(index) }\nlet counter = Counter()\nprint(counter.value)\n```\n"
            }.joined(separator: "\n"))
        #expect(report.succeeded, "\(report.failures)")
        for (index, result) in report.results.enumerated() {
            let first = result.sample.block.firstCodeLine
            let use = try #require(declaration(report, line: first + 1, column: 15), "sample \(index)")
            #expect(use.text == "struct Counter")
            #expect(use.declarationLine == first)
        }
        #expect(HoverCollector.batches(SampleProgram.programs(for: report.results.map(\.sample))).count == 7)
    }

    @Test("hovers asked while the merged module compiles are dropped when a program breaks it; every program that runs is answered about")
    func programThatBreaksTheMergedModule() throws {
        // The second sample's error fails the merged module: it is left out and
        // compiled alone (where it fails too), and the module compiles again
        // without it; the answers asked during the first compile are dropped.
        let report = try verify(
            """
            ```swift
            let first = 1
            print(first)
            ```

            ```swift
            let broken: Int = "x"
            ```

            ```swift
            struct Later { var value = 2 }
            let later = Later()
            print(later.value)
            ```
            """)
        #expect(report.results.map(\.status) == [.passed, .failed, .passed])
        #expect(report.results[0].merged && report.results[2].merged)
        #expect(declaration(report, line: 2, column: 5)?.text == "let first: Int")
        #expect(declaration(report, line: 3, column: 7)?.text == "let first: Int")
        #expect(declaration(report, line: 12, column: 13)?.text == "struct Later")
        #expect(declaration(report, line: 13, column: 13)?.text == "var value: Int")
        #expect(report.results[1].annotations.isEmpty, "a program that does not compile has no answers")
    }

    @Test(
        "a run's hover queue answers every unit once, on one lane, oldest submission first; a cancelled submission stops asking; folders go when answered"
    )
    func hoverQueue() {
        let asked = Mutex([String]())
        let removed = Mutex([String]())
        let queue = HoverQueue(removingFolders: { folder in removed.withLock { $0.append(folder.lastPathComponent) } })
        let work: HoverQueue.Work = { unit, _, _ in
            asked.withLock { $0.append(unit.path) }
            return unit.programs.map { ($0, HoverCollector.Answer(annotations: [], queryFailures: [])) }
        }
        let first = queue.submit(
            (0..<3).map { HoverQueue.Unit(programs: [$0], path: "a\($0)", text: "", arguments: []) },
            programCount: 3, folder: URL(fileURLWithPath: "/tmp/a"), work: work)
        let second = queue.submit(
            [HoverQueue.Unit(programs: [0, 1], path: "b0", text: "", arguments: [])],
            programCount: 2, folder: URL(fileURLWithPath: "/tmp/b"), work: work)
        let empty = queue.submit([], programCount: 1, folder: URL(fileURLWithPath: "/tmp/c"), work: work)
        #expect(queue.answers(second).count == 2)
        #expect(queue.answers(second).isEmpty, "a ticket's answers are collected once")
        #expect(queue.answers(first).allSatisfy { $0 != nil })
        let emptyAnswers = queue.answers(empty)
        #expect(emptyAnswers.count == 1 && emptyAnswers[0] == nil, "a submission without units is answered at once, with nothing")
        #expect(asked.withLock { $0 } == ["a0", "a1", "a2", "b0"], "in order, each once")
        #expect(removed.withLock { Set($0) } == ["a", "b", "c"])

        // Cancelled while a unit is being asked about: it stops at its next
        // request, the rest of its units are not asked about, its answers are
        // nil, and a later submission is still answered.
        let started = DispatchSemaphore(value: 0)
        let stopped = Mutex(false)
        let slow = queue.submit(
            (0..<4).map { HoverQueue.Unit(programs: [$0], path: "s\($0)", text: "", arguments: []) },
            programCount: 4, folder: URL(fileURLWithPath: "/tmp/s")
        ) { unit, _, isCancelled in
            asked.withLock { $0.append(unit.path) }
            started.signal()
            while !isCancelled() { usleep(1_000) }
            stopped.withLock { $0 = true }
            return [(unit.programs[0], HoverCollector.Answer(annotations: [], queryFailures: []))]
        }
        let after = queue.submit(
            [HoverQueue.Unit(programs: [0], path: "t0", text: "", arguments: [])],
            programCount: 1, folder: nil, work: work)
        started.wait()
        queue.cancel(slow)
        #expect(queue.answers(slow).allSatisfy { $0 == nil })
        #expect(stopped.withLock { $0 }, "the unit in progress stopped before its submission counted as done")
        #expect(queue.answers(after).allSatisfy { $0 != nil })
        #expect(asked.withLock { $0.suffix(2) } == ["s0", "t0"], "the cancelled submission's other units were not asked about")
        #expect(removed.withLock { $0.contains("s") })
    }

    @Test("with two lanes, units are asked about on both at once, each unit once, and a submission's answers wait for both")
    func twoLanes() {
        let lanesUsed = Mutex(Set<Int>())
        let asked = Mutex([String]())
        let bothStarted = DispatchGroup()
        bothStarted.enter()
        bothStarted.enter()
        let queue = HoverQueue(lanes: 2, removingFolders: { _ in })
        let ticket = queue.submit(
            (0..<6).map { HoverQueue.Unit(programs: [$0], path: "u\($0)", text: "", arguments: []) },
            programCount: 6, folder: nil
        ) { unit, lane, _ in
            let first = lanesUsed.withLock { $0.insert(lane).inserted }
            if first {
                // Each lane waits for the other to start: passes only if both ask at once.
                bothStarted.leave()
                _ = bothStarted.wait(timeout: .now() + 10)
            }
            asked.withLock { $0.append(unit.path) }
            return [(unit.programs[0], HoverCollector.Answer(annotations: [], queryFailures: []))]
        }
        #expect(queue.answers(ticket).allSatisfy { $0 != nil })
        #expect(lanesUsed.withLock { $0 } == [0, 1])
        #expect(asked.withLock { $0.sorted() } == (0..<6).map { "u\($0)" })
    }

    @Test("a worker process answers as sourcekitd in process does; one that cannot start is unresponsive and answers nothing")
    func workerProcess() throws {
        let sourcekitd = try sourcekitd()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-worker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("main.swift")
        try "struct Scoreboard { var score = 0 }\nlet board = Scoreboard()\nprint(board.score)\n".write(to: file, atomically: true, encoding: .utf8)
        let arguments = ["-module-name", "M", file.path]
        let worker = SourceKitWorker(executable: try GalleyExecutable.url(), library: sourcekitd.libraryPath)
        defer { worker.stop() }
        for offset in [7, 42, 62, 68] {
            let remote = worker.cursorInfo(file: file.path, offset: offset, arguments: arguments).flatMap(CursorInfo.init)
            let local = sourcekitd.cursorInfo(file: file.path, offset: offset, arguments: arguments).flatMap(CursorInfo.init)
            #expect(remote != nil, "offset \(offset)")
            #expect(remote == local, "offset \(offset)")
        }
        #expect(worker.requestCount == 4)
        #expect(!worker.isUnresponsive)

        let missing = SourceKitWorker(executable: folder.appendingPathComponent("no-such-galley"), library: sourcekitd.libraryPath)
        #expect(missing.cursorInfo(file: file.path, offset: 7, arguments: arguments) == nil)
        #expect(missing.isUnresponsive)
    }

    @Test("with a worker, a page's programs are answered on two lanes with the same annotations as on one", arguments: [true, false])
    func twoLanesSameAnswers(merges: Bool) throws {
        // Programs whose names clash go to files of their own: several files, so both lanes get some.
        let page =
            "# Lanes\n\n"
            + (1...6).map { index in
                "```swift\nstruct Scoreboard { var score = \(index) }\nlet board = Scoreboard()\nprint(board.score + \(index))\n```\n"
            }.joined(separator: "\n")
        let before = SourceKitWorker.requestsSent
        let twoLanes = try verify(page, merges: merges, worker: try GalleyExecutable.url())
        if merges {
            // The merged module's six files are submitted at once: both lanes take some.
            // (Programs compiled alone submit one file each, which an idle first lane may take every time.)
            #expect(SourceKitWorker.requestsSent > before, "the worker was asked")
        }
        let oneLane = try verify(page, merges: merges)
        #expect(twoLanes.succeeded && oneLane.succeeded)
        #expect(twoLanes.results.map(\.annotations) == oneLane.results.map(\.annotations))
        #expect(twoLanes.results.allSatisfy { !$0.annotations.isEmpty })
    }

    @Test("a closure's parameter shows its inferred type; a sample in a list item has the file's columns")
    func closureParameterAndIndent() throws {
        let report = try verify(
            """
            1. Sum:

               ```swift
               let total = [1, 2, 3].map { value in value * 2 }.reduce(0, +)
               ```
            """)
        #expect(report.succeeded, "\(report.failures)")
        #expect(declaration(report, line: 4, column: 8)?.text == "let total: Int")
        let parameter = try #require(declaration(report, line: 4, column: 32))
        #expect(parameter.text.contains("value: Int"), "\(parameter.text)")
    }

    @Test("`// ^?` shows the type of what the caret is under; the query needs nothing else of the page")
    func typeQuery() throws {
        let markdown = """
            ```swift
            let total = [1, 2, 3].reduce(0, +)
            //  ^?
            print(total)
            ```
            """
        let report = try verify(markdown, hovers: .queries)
        #expect(report.succeeded, "\(report.failures)")
        let annotations = report.results[0].annotations
        #expect(annotations == [SampleAnnotation(kind: .type, line: 3, column: 5, text: "let total: Int")])
    }

    @Test(
        "a `// ^?` query that points at white space, past the end or at nothing fails the sample at the query's line",
        arguments: [("let total = 1 +  2\n//             ^?", 3), ("let total = 1\n//                   ^?", 3), ("//  ^?\nlet x = 1", 2)])
    func queryAtNothing(code: String, line: Int) throws {
        let report = try verify("```swift\n\(code)\n```\n", hovers: .queries)
        #expect(report.results[0].status == .failed)
        #expect(report.results[0].failureLocation?.line == line)
        #expect(report.results[0].failure?.contains("// ^?") == true)
        #expect(report.results[0].failure?.contains("Put its caret (^) under a name") == true)
    }

    @Test("a warm run asks sourcekitd nothing and gives the same annotations; `galley verify` does not pay for hovers")
    func cachedAndQueriesOnly() throws {
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        let sourcekitd = try sourcekitd()
        let cold = try verify(Self.scoreboard, cache: cache.url)
        let before = sourcekitd.requestCount
        let warm = try verify(Self.scoreboard, cache: cache.url)
        #expect(sourcekitd.requestCount == before)
        #expect(warm.results[0].cached)
        #expect(warm.results[0].annotations == cold.results[0].annotations)
        #expect(!cold.results[0].annotations.isEmpty)

        // galley verify (queries only) on a page without queries: no sourcekitd work, no hovers shown.
        let other = Self.scoreboard.replacingOccurrences(of: "print(board.score)", with: "print(board.score + 1)")
        let verifyOnly = try verify(other, hovers: .queries, cache: cache.url)
        #expect(sourcekitd.requestCount == before)
        #expect(verifyOnly.results[0].annotations.isEmpty)
        // The build after it compiles again to get the hovers (the cached run has none).
        let build = try verify(other, hovers: .all, cache: cache.url)
        #expect(!build.results[0].cached)
        #expect(!build.results[0].annotations.isEmpty)
    }

    @Test("`hovers: false` on a page: no sourcekitd work and no annotations; compile_fail keeps its diagnostics and answers about its valid code")
    func turnedOff() throws {
        let sourcekitd = try sourcekitd()
        var settings = SampleSettings()
        settings.hovers = false
        let before = sourcekitd.requestCount
        let off = try verify(Self.scoreboard + "\n\n```swift\nlet x = 1\n//  ^?\n```\n", settings: settings)
        #expect(sourcekitd.requestCount == before)
        #expect(off.succeeded)
        #expect(off.results.allSatisfy { $0.annotations.isEmpty })

        let failing = try verify(
            """
            ```swift compile_fail
            let wrong: Int = "text" // error: cannot convert value of type 'String'
            ```
            """)
        #expect(failing.succeeded, "\(failing.failures)")
        let annotations = failing.results[0].annotations
        #expect(annotations.first?.kind == .diagnostic)
        #expect(annotations.contains { $0.kind == .declaration && $0.text == "let wrong: Int" }, "\(annotations)")
        #expect(!annotations.contains { $0.text.contains("<<error type>>") })
        #expect(sourcekitd.requestCount > before, "asked about the compile_fail sample's code")
    }

    @Test(
        "several statements on one line: each identifier gets its own declaration (columns after a `;`, and after non-ASCII text)",
        arguments: [true, false])
    func statementsOnOneLine(merges: Bool) throws {
        let report = try verify(
            """
            # Line

            ```swift
            let a = "é"; let b = a
            struct P {}; struct Q { var p = P() }
            let s = "😀👍🏽"; let count = s.count
            print(b, Q().p, count)
            ```
            """, merges: merges)
        #expect(report.succeeded, "\(report.failures)")
        #expect(declaration(report, line: 4, column: 18)?.text == "let b: String")
        #expect(declaration(report, line: 4, column: 22)?.text == "let a: String")
        #expect(declaration(report, line: 5, column: 21)?.text == "struct Q", "after a declaration made fileprivate")
        #expect(declaration(report, line: 5, column: 29)?.text == "var p: P")
        #expect(declaration(report, line: 6, column: 19)?.text == "let count: Int")
        #expect(declaration(report, line: 6, column: 27)?.text == "let s: String")
        #expect(declaration(report, line: 6, column: 29)?.text == "var count: Int { get }")
        #expect(declaration(report, line: 7, column: 7)?.text == "let b: String")

        // The compiler's own columns agree: an error in the second statement of a line is at its column on the page.
        let failing = try verify("# Line\n\n```swift\nlet a = 1; let b: String = a\n```\n", merges: merges)
        #expect(failing.results[0].failureLocation?.line == 4)
        #expect(failing.results[0].failureLocation?.column == 28, "\(String(describing: failing.results[0].failureLocation))")
    }

    @Test("words of the language get a sentence (attributes, private(set)); an argument label gets its call's declaration")
    func termsAndLabels() throws {
        let report = try verify(
            """
            # Terms

            ```swift
            final class Store: @unchecked Sendable {
                private(set) var count = 0
                @discardableResult func add(_ amount: Int, times: Int = 1) -> Int { count += amount * times; return count }
            }
            func later(_ work: @escaping () -> Void) { work() }
            Store().add(2, times: 3)
            later { print(String(repeating: "-", count: 3)) }
            @propertyWrapper struct Clamp { var wrappedValue: Int; init(wrappedValue: Int, max: Int) { self.wrappedValue = min(wrappedValue, max) } }
            struct Settings { @Clamp(max: 10) var volume = 30 }
            print(Settings().volume)
            ```
            """)
        #expect(report.succeeded, "\(report.failures)")
        let unchecked = try #require(declaration(report, line: 4, column: 21))
        #expect(unchecked.text == "@unchecked" && unchecked.summary?.contains("not checked by the compiler") == true, "\(unchecked)")
        #expect(declaration(report, line: 5, column: 13)?.text == "private(set)")
        #expect(declaration(report, line: 6, column: 6)?.text == "@discardableResult")
        #expect(declaration(report, line: 8, column: 21)?.text == "@escaping")
        // Labels: `times:` is the call's function; `count:` the initializer String(repeating:count:).
        #expect(declaration(report, line: 9, column: 16)?.text == "@discardableResult func add(_ amount: Int, times: Int = 1) -> Int")
        #expect(
            declaration(report, line: 10, column: 38)?.text.hasPrefix("init(repeating repeatedValue: String, count: Int)") == true,
            "\(String(describing: declaration(report, line: 10, column: 38)))")
        // `max:` of an attribute's arguments: sourcekitd has nothing at the label; the wrapper's is shown.
        let max = try #require(declaration(report, line: 12, column: 26))
        #expect(max.text.contains("Clamp"), "\(max)")
        // A parameter declared on the line of an attributed function does not get the function's attribute.
        #expect(declaration(report, line: 6, column: 35)?.text == "let amount: Int")
    }

    @Test(
        "`@Observable` is the macro wherever it is written, and the protocol `Observable` is the protocol (a name asked about once per role)",
        arguments: [true, false])
    func macroAndProtocolOfOneName(merges: Bool) throws {
        let page = """
            # Observable

            ```swift
            import Observation
            @Observable final class Counter { var count = 0 }
            func watch(_ model: some Observable) {}
            watch(Counter())
            ```

            ```swift
            import Observation
            @Observable final class Timer { var ticks = 0 }
            print(Timer().ticks)
            ```
            """
        let report = try verify(page, merges: merges)
        #expect(report.succeeded, "\(report.failures)")
        for line in [5, 12] {
            let macro = try #require(declaration(report, line: line, column: 2), "line \(line)")
            #expect(macro.text.contains("macro Observable()"), "line \(line): \(macro)")
        }
        let proto = try #require(declaration(report, line: 6, column: 26))
        #expect(proto.text == "protocol Observable", "\(proto)")
    }

    @Test("a library answer is reused in a file unless that file declares a name the question involves")
    func libraryAnswerTable() throws {
        let answers = LibraryAnswers()
        let info = try #require(
            SourceKitValue.parse("{ key.kind: source.lang.swift.ref.macro, key.annotated_decl: \"macro Observable()\" }")
                .flatMap(CursorInfo.init))
        #expect(answers.answer(for: "@Observable", names: ["Observable"], in: "@Observable final class A {}") == nil, "nothing remembered yet")
        answers.remember(info, for: "@Observable")
        #expect(answers.answer(for: "@Observable", names: ["Observable"], in: "@Observable final class A {}") == info)
        #expect(
            answers.answer(for: "@Observable", names: ["Observable"], in: "struct ObservableThing {}\n@Observable class A {}") == info,
            "a longer name is another name")
        for own in [
            "@attached(member) macro Observable() = #externalMacro(module: \"M\", type: \"T\")",
            "@propertyWrapper struct Observable<T> { var wrappedValue: T }",
            "typealias Observable = Other", "func f<Observable>() {}", "struct S<A, Observable: P> {}",
            "enum Observable {}", "class   Observable {}",
        ] {
            #expect(LibraryAnswers.declares("Observable", in: own), "\(own)")
            #expect(answers.answer(for: "@Observable", names: ["Observable"], in: own + "\n@Observable class A {}") == nil, "\(own)")
        }
        #expect(!LibraryAnswers.declares("Observable", in: "extension A: Observable {}\nlet x: any Observable = A()"))
        #expect(LibraryAnswers.names(ofType: "[String: [Int]]", member: "count") == ["String", "Int", "count"])
        #expect(LibraryAnswers.declares("count", in: "extension Array { var count: Int { 0 } }"), "a member the file adds")
        #expect(
            HoverCollector.importedModules(in: "import SwiftUI\n@preconcurrency import Combine\nimport struct Foundation.Date\nlet important = 1")
                == "Combine,Foundation,SwiftUI")
    }

    @Test(
        "a property read off a value is asked about once per type and name in a file, and its answer is the same as asking", arguments: [true, false])
    func sharedPropertyAnswers(merges: Bool) throws {
        let report = try verify(
            """
            # Properties

            ```swift
            struct Cart { var items: [String] = [] }
            let cart = Cart(items: ["a", "b"])
            let other = Cart()
            print(cart.items.count, other.items.count, cart.items.isEmpty)
            let words = ["x"]
            print(words.count, words.first ?? "")
            let pair = (id: 1, name: "n")
            print(pair.id, pair.name)
            ```
            """, merges: merges)
        #expect(report.succeeded, "\(report.failures)")
        // `items` of `cart` and of `other`: the same declaration, the second from the first's answer.
        #expect(declaration(report, line: 7, column: 12)?.text == "var items: [String]")
        #expect(declaration(report, line: 7, column: 31)?.text == "var items: [String]")
        #expect(declaration(report, line: 7, column: 18)?.text.hasPrefix("var count: Int") == true)
        #expect(declaration(report, line: 7, column: 37)?.text.hasPrefix("var count: Int") == true)
        #expect(declaration(report, line: 7, column: 55)?.text.hasPrefix("var isEmpty: Bool") == true, "another name, asked for itself")
        #expect(declaration(report, line: 9, column: 13)?.text.hasPrefix("var count: Int") == true)
        #expect(
            declaration(report, line: 9, column: 26)?.text.hasPrefix("var first: String?") == true,
            "\(String(describing: declaration(report, line: 9, column: 26)))")
    }

    @Test("a compile_fail sample's valid lines are answered with the module's flags: its imports resolve")
    func compileFailWithLibrary() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("Greeting.swift", "/// Says hello.\npublic struct Greeting { public init() {} }\n")
        let modules = folder.url.appendingPathComponent("Modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let built = try ProcessRunner().run(
            try Toolchain.locate().swiftc,
            [
                "-emit-module", "-module-name", "Greetings", "-parse-as-library",
                "-emit-module-path", modules.appendingPathComponent("Greetings.swiftmodule").path,
                folder.url.appendingPathComponent("Greeting.swift").path,
            ], in: folder.url)
        #expect(built.ending == .exited(0), "\(built.standardError)")
        var settings = SampleSettings()
        settings.flags = ["-I", modules.path]
        let failing = try verify(
            """
            ```swift compile_fail
            import Greetings
            let greeting = Greeting()
            let wrong: Int = greeting // error: cannot convert value of type 'Greeting'
            ```
            """, settings: settings)
        #expect(failing.succeeded, "\(failing.failures)")
        let annotations = failing.results[0].annotations
        // Without the flags sourcekitd cannot import the module: `greeting` is an error type and `Greeting` unknown.
        #expect(annotations.contains { $0.kind == .declaration && $0.text == "let greeting: Greeting" }, "\(annotations)")
        #expect(annotations.contains { $0.kind == .declaration && $0.text == "struct Greeting" && $0.summary == "Says hello." }, "\(annotations)")
    }

    @Test("sourcekitd's response description is read as values")
    func responseDescription() {
        let value = SourceKitValue.parse(
            """
            {
              key.kind: source.lang.swift.decl.var.local,
              key.name: "a \\"b\\"\\n",
              key.line: 6,
              key.list: [
                { key.x: -1 }
              ]
            }
            """)
        #expect(value?["key.kind"] == .uid("source.lang.swift.decl.var.local"))
        #expect(value?["key.name"]?.string == "a \"b\"\n")
        #expect(value?["key.line"]?.integer == 6)
        #expect(value?["key.list"] == .array([.dictionary(["key.x": .integer(-1)])]))
        #expect(
            HoverCollector.asWritten("@MainActor final class Search", source: "@MainActor @Observable final class Search {")
                == "@MainActor @Observable final class Search", "an attached macro the compiler's text leaves out, in the author's order")
        #expect(HoverCollector.asWritten("fileprivate final class Cart", source: "@Observable final class Cart {") == "@Observable final class Cart")
        #expect(HoverCollector.asWritten("@MainActor let board: Scoreboard", source: "let board = Scoreboard()") == "let board: Scoreboard")
        #expect(HoverCollector.attributes(before: "  @available(iOS 17, *) @Observable class A") == ["@available(iOS 17, *)", "@Observable"])
        #expect(CursorInfo.withoutImplementationAttributes("@frozen @_eagerMove struct String") == "@frozen struct String")
        #expect(
            CursorInfo.withoutImplementationAttributes("@inlinable @_effects(readonly) @_semantics(\"a(b\") func f() -> Int")
                == "func f() -> Int")
        #expect(CursorInfo.withoutImplementationAttributes("func f(_ x: Int)") == "func f(_ x: Int)", "a parameter's _ is not an attribute")
        #expect(CursorInfo.withoutImplementationAttributes("@inline(__always) var count: Int { get }") == "var count: Int { get }")
        #expect(
            CursorInfo.withoutImplementationAttributes("@MainActor @preconcurrency func f(_ g: @escaping () -> Void)")
                == "@MainActor @preconcurrency func f(_ g: @escaping () -> Void)")
        #expect(
            CursorInfo.plainText("<Declaration>func f&lt;T&gt;(_ x: <Type usr=\"s:Si\">Int</Type>)\n  -&gt; T</Declaration>")
                == "func f<T>(_ x: Int) -> T")
    }
}
