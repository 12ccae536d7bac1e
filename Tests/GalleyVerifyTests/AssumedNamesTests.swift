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

/// Fragments type-checked against the names they assume, the types names
/// are given, and the setup every block of a catalog builds on.
@Suite("Assumed names and the setup")
struct AssumedNamesTests {
    @Test("a name fits a type word by word: the same word, its start, or an abbreviation; other word counts do not fit")
    func fits() {
        #expect(NameTyping.words(of: "dbQueue") == ["db", "queue"])
        #expect(NameTyping.words(of: "HTTPClient") == ["http", "client"])
        #expect(NameTyping.words(of: "logger") == ["logger"])
        #expect(NameTyping.fit(["logger"], ["logger"]) == 3)
        #expect(NameTyping.fit(["req"], ["request"]) == 2)
        #expect(NameTyping.fit(["db"], ["database"]) == 1)
        #expect(NameTyping.fit(["db", "queue"], ["database", "queue"]) == 1)
        #expect(NameTyping.fit(["config"], ["config", "reader"]) == 0, "another number of words")
        #expect(NameTyping.fit(["bd"], ["database"]) == 0, "an abbreviation keeps the first letter and the order")
    }

    @Test("a fragment's free names leave out members of expressions but keep a key path's root")
    func freeNames() {
        #expect(AssumedNames.freeNames(in: "meter.record(100)") == ["meter"])
        #expect(AssumedNames.freeNames(in: "@Dependency(\\.audioPlayer.play) var play") == ["Dependency", "audioPlayer", "var", "play"])
        #expect(AssumedNames.freeNames(in: "items.first?.name") == ["items"])
    }

    @Test("a value is made with the initializer of fewest parameters that literals fill; none when every one needs more")
    func constructions() {
        #expect(
            NameTyping.construction(of: "Logger", initializers: ["init(label: String, factory: (String) -> any LogHandler)", "init(label: String)"])
                == "Logger(label: \"NAME\")")
        #expect(NameTyping.construction(of: "Point", initializers: ["init(_ x: Double, y: Double?)"]) == "Point(0, y: nil)")
        #expect(NameTyping.construction(of: "Pool", initializers: ["init(group: any EventLoopGroup)"]) == nil)
        #expect(
            NameTyping.construction(
                of: "Recorder", initializers: ["init(label: String, dimensions: [(String, String)] = [], aggregate: Bool = true)"])
                == "Recorder(label: \"NAME\")", "parameters with a default are left out")
        #expect(
            NameTyping.construction(
                of: "DatabaseQueue",
                initializers: [
                    "init(path: String, configuration: Configuration = Configuration()) throws",
                    "init(named name: String? = nil, configuration: Configuration = Configuration()) throws",
                ]) == "try DatabaseQueue()", "a throwing initializer is tried; defaults are left out")
        #expect(NameTyping.parameters(of: "init(values: [String: Int], _ count: Int)")?.map(\.label) == ["values", "_"])
    }

    @Test("an attribute's toolchain module is imported for the sample (the context readers assume): it compiles and runs, its errors show")
    func importsGiven() throws {
        let report = try verifyPage(
            """
            ```swift
            @Test func adds() {}
            ```

            ```swift
            @Test(.timeLimit(.seconds(1))) func adds() {}
            ```
            """, pageProgram: false)
        #expect(report.results.map(\.status) == [.passed, .failed], "\(report.failures)")
        #expect(report.results[0].assumed.isEmpty)
        // With the import given, the second block's own error shows (a time limit is in minutes): the docs'.
        #expect(report.results[1].cause == .docs)
        #expect(report.results[1].failure?.hasPrefix("does not compile") == true, "\(report.results[1].failure ?? "")")
        #expect(report.passed == 1)
        // Control: an attribute no toolchain module declares is still context.
        let plain = try verifyPage("```swift\n@Tested func adds() {}\n```\n", pageProgram: false, assumesNames: false)
        #expect(plain.results.map(\.cause) == [.context])
    }

    @Test("a name a C module's type has (Glibc's struct user), used as a value nothing declares, is context, not a doc error")
    func cTypeShadow() throws {
        let report = try verifyPage(
            "```swift\nvar other = user\nother.name += \"!\"\n```\n", pageProgram: false, assumesNames: false)
        #expect(report.results.first?.cause == .context, "\(report.failures)")
        #expect(report.results.first?.undeclaredNames == ["user"])
    }

    @Test("the compiler's did-you-mean for a name far from it (db → the setup's dbQueue) is not a typo: context; a near one is the docs'")
    func farSuggestion() throws {
        let report = try verifyPage(
            "```swift\nprint(db)\n```\n\n```swift\nprint(dbQueu)\n```\n", pageProgram: false, assumesNames: false,
            setup: "let dbQueue = 1\n")
        #expect(report.results.map(\.cause) == [.context, .docs], "\(report.failures)")
    }

    @Test("a block may declare a name the setup declares: it shadows it, in a page program and alone")
    func setupShadowed() throws {
        for pageProgram in [true, false] {
            let report = try verifyPage(
                """
                ```swift
                print(unit)  // Prints "1"
                ```

                ```swift
                let unit = 2
                print(unit)  // Prints "2"
                ```
                """, pageProgram: pageProgram, setup: "let unit = 1\n")
            #expect(report.results.map(\.status) == [.passed, .passed], "page program \(pageProgram): \(report.failures)")
        }
    }
}
