import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import GalleyTestSupport
import Testing

@testable import GalleyPackage
@testable import GalleyProcess
@testable import GalleyPrograms
@testable import GalleySamples
@testable import GalleyVerify

/// Samples written as documentation is written: a page as one program,
/// elided code, command-line programs, API listings, `// Prints:` blocks,
/// output blocks and manifest fragments.
@Suite("Samples written as documentation is written")
struct DocumentationSamplesTests {
    func extract(_ markdown: String, settings: SampleSettings = SampleSettings()) -> (samples: [Sample], problems: [Diagnostic]) {
        SampleExtractor.samples(in: MarkdownDocument(parsing: markdown), page: "content/p.md", settings: settings)
    }

    /// What `swiftc -typecheck` says about `code` as a `main.swift`: the plain-Swift control.
    static func typecheck(_ code: String) throws -> String {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("main.swift", code)
        let swiftc = try Toolchain.locate().swiftc
        let outcome = try ProcessRunner(timeout: .seconds(120)).run(swiftc, ["-typecheck", "main.swift"], in: folder.url)
        return outcome.standardOutput + outcome.standardError
    }

    func verify(_ markdown: String, settings: SampleSettings = SampleSettings(), library: SampleLibrary? = nil) throws -> VerificationReport {
        let verifier = Verifier(library: library ?? SampleLibrary(packageDirectory: URL(fileURLWithPath: "/")))
        var preparation: Verifier.Preparation?
        return try verifier.verify([("content/p.md", MarkdownDocument(parsing: markdown), settings)], preparation: &preparation)
    }

    // MARK: - A page as one program

    @Test("compared as text, constraints in <…> or in where are one claim, and a function type's parameter names are not part of it")
    func listingSignaturesAsText() {
        // swift-nio's ByteBuffer-lengthPrefix.md lists `writeLengthPrefixed` at the top level, where no scaffold compiles it.
        let library = [
            APIListing.Symbol(
                path: ["ByteBuffer", "writeLengthPrefixed(strategy:writeData:)"],
                declaration: "@discardableResult mutating func writeLengthPrefixed<Strategy, ErrorType>(strategy: Strategy, "
                    + "writeData: (inout ByteBuffer) throws(ErrorType) -> Int) throws(ErrorType) -> Int "
                    + "where Strategy : NIOBinaryIntegerEncodingStrategy, ErrorType : Error"),
            APIListing.Symbol(path: ["Box", "merge(_:)"], declaration: "func merge<T>(_ other: T) where T : Hashable, T : Sendable"),
        ]
        let listed = """
            public mutating func writeLengthPrefixed<Strategy: NIOBinaryIntegerEncodingStrategy, ErrorType: Error>(
                strategy: Strategy,
                writeData: (_ buffer: inout ByteBuffer) throws(ErrorType) -> Int
            ) throws(ErrorType) -> Int
            func merge<T: Hashable & Sendable>(_ other: T)
            """
        #expect(APIListing.check(listed, against: library) == nil)
        let real = """
            /// - Parameters:
            ///   - strategy: The strategy to use for encoding the length.
            /// - Returns: Number of total bytes written.
            public mutating func writeLengthPrefixed<Strategy: NIOBinaryIntegerEncodingStrategy, ErrorType: Error>(
                strategy: Strategy,
                writeData: (_ buffer: inout ByteBuffer) throws(ErrorType) -> Int
            ) throws(ErrorType) -> Int
            """
        #expect(APIListing.check(real, against: library) == nil)
        // Another constraint, another parameter type of the closure, a tuple's labels: another signature.
        for wrong in [
            "func merge<T: Hashable>(_ other: T)",
            "mutating func writeLengthPrefixed<Strategy: NIOBinaryIntegerEncodingStrategy, ErrorType: Error>(strategy: Strategy, "
                + "writeData: (_ buffer: ByteBuffer) throws(ErrorType) -> Int) throws(ErrorType) -> Int",
        ] {
            #expect(APIListing.check(wrong, against: library)?.message.contains("with another signature") == true, "\(wrong)")
        }
    }

    @Test("with page: program a page's samples are one program: block 3 extends block 1's type; standalone stays alone")
    func pageAsOneProgram() throws {
        var settings = SampleSettings()
        settings.pageProgram = true
        let report = try verify(
            """
            ```swift
            struct Crew { var names: [String] = [] }
            var crew = Crew()
            ```

            ```swift standalone
            struct Crew { let other = "a type of its own" }
            print(Crew().other) // Prints "a type of its own"
            ```

            ```swift
            extension Crew { mutating func add(_ name: String) { names.append(name) } }
            crew.add("alice")
            print(crew.names) // Prints "[\\"alice\\"]"
            ```
            """, settings: settings)
        #expect(report.results.map(\.status) == [.passed, .passed, .passed], "\(report.failures)")
        #expect(report.results[2].output == "[\"alice\"]\n")
    }

    @Test("in a page program a later block may declare a name again (each block is a scope in the one before)")
    func pageProgramShadowing() throws {
        var settings = SampleSettings()
        settings.pageProgram = true
        let report = try verify(
            """
            ```swift
            func twice(_ x: Int) -> Int { 2 * x }
            let z = 20
            print(twice(z)) // Prints "40"
            ```

            ```swift
            let z = 1
            let w = z + 1
            print(twice(w)) // Prints "4"
            ```

            ```swift
            let w = "shadowed again"
            print(w, z) // Prints "shadowed again 1"
            ```
            """, settings: settings)
        #expect(report.results.map(\.status) == [.passed, .passed, .passed], "\(report.failures)")
        // The same names in one scope of plain Swift are an invalid redeclaration:
        // the control shows the names really clash without the scopes.
        #expect(try Self.typecheck("let z = 20\nlet z = 1\n").contains("invalid redeclaration of 'z'"))
    }

    @Test("in a page program a block that declares a type of an earlier block again starts a new example of the page")
    func pageProgramNewExample() throws {
        var settings = SampleSettings()
        settings.pageProgram = true
        let report = try verify(
            """
            ```swift
            struct Example { var count = 1 }
            let first = Example()
            ```

            ```swift
            extension Example { var twice: Int { 2 * count } }
            print(first.twice) // Prints "2"
            ```

            ```swift
            struct Example { let name: String }
            print(Example(name: "second").name) // Prints "second"
            ```

            ```swift
            print(Example(name: "third").name) // Prints "third"
            ```
            """, settings: settings)
        #expect(report.results.map(\.status) == [.passed, .passed, .passed, .passed], "\(report.failures)")
        #expect(report.results[3].output == "third\n")
        let programs = SampleProgram.programs(
            for: extract(
                """
                ```swift
                struct Example {}
                ```

                ```swift
                enum Example {}
                ```
                """, settings: settings
            ).samples)
        #expect(programs.count == 2)
        // The control: the two types in one file of plain Swift clash.
        #expect(try Self.typecheck("struct Example {}\nenum Example {}\n").contains("invalid redeclaration of 'Example'"))
        // In one block they are alternatives, shown one after the other: the second is local to a scope.
        let alternatives = try verify(
            """
            ```swift
            struct Example { var a = 1 }
            print(Example().a) // Prints "1"
            enum Example { static let b = 2 }
            print(Example.b) // Prints "2"
            ```
            """)
        #expect(alternatives.results.first?.status == .passed, "\(alternatives.failures)")
    }

    @Test("a sample with an `// error:` marker and no mode is compile_fail: it must fail there")
    func errorMarkerMeansCompileFail() throws {
        var settings = SampleSettings()
        settings.pageProgram = true
        let report = try verify(
            """
            ```swift
            let r = 1.0
            ```

            ```swift
            let w: String = r // error: cannot convert value of type 'Double'
            ```

            ```swift
            print(r + 1) // Prints "2.0"
            ```
            """, settings: settings)
        #expect(report.results.map(\.sample.mode) == [.run, .compileFail, .run])
        #expect(report.results.map(\.status) == [.passed, .passed, .passed], "\(report.failures)")
        // An explicit mode wins: a run sample whose marked line compiles is still a run sample.
        let explicit = extract("```swift no_run\nlet x = 1 // error: not really\n```\n")
        #expect(explicit.samples.first?.mode == .noRun)
    }

    @Test("in a page program each block's compiler errors are at its own Markdown line and column")
    func pageProgramDiagnostics() throws {
        var settings = SampleSettings()
        settings.pageProgram = true
        let report = try verify(
            """
            ```swift
            struct Point { var x = 0 }
            ```

            ```swift
            let p = Point()
            let wrong: Int = p.y
            ```
            """, settings: settings)
        // The first block does not fail for the second one's error (``PageIsolation``).
        #expect(report.results.map(\.status) == [.passed, .failed])
        #expect(report.results[1].failureLocation == SourceLocation(path: "content/p.md", line: 7, column: 20), "\(report.failures)")
        #expect(report.results[1].failure?.hasPrefix("does not compile\n") == true)
    }

    @Test("page: program and page: samples are read from a verify section; standalone is a known attribute")
    func pageSettingAndStandalone() throws {
        let (samples, problems) = extract(
            "```swift standalone\nprint(1)\n```\n\n```swift standalone group=a\nprint(2)\n```\n\n```swift stand_alone\n```\n")
        #expect(samples.count == 1 && samples[0].standalone)
        #expect(problems.map(\.message) == ["a 'standalone' sample cannot be in a group", "unknown sample attribute 'stand_alone'"])
    }

    // MARK: - Elided code

    @Test(
        "elisions become holes that type-check",
        arguments: [
            ("func mean() -> Double { ... }", "func mean() -> Double { fatalError() }"),
            ("func mean() -> Double { … }", "func mean() -> Double { fatalError() }"),
            ("let p = Point(...)", "let p = (_galleyHole() as Point)"),
            ("let p = Point(x: 1, ...).x", "let p = (_galleyHole() as Point).x"),
            ("let n = compute(...) + 1", "let n = _galleyHole() + 1"),
            ("configure(...)", "fatalError()"),
            ("...", "fatalError()"),
            ("struct Model {\n    …\n}", "struct Model {\n    /*…*/\n}"),
            ("let name: String = <#name#>", "let name: String = _galleyHole()"),
            ("let values: [Int] = [...]", "let values: [Int] = [_galleyHole()]"),
            ("let r = 0...5\nlet s = values[...]\nfunc f(_ x: Int...) {}", "let r = 0...5\nlet s = values[...]\nfunc f(_ x: Int...) {}"),
        ])
    func holes(written: String, compiled: String) {
        #expect(Elision.substitute(in: written).code == compiled)
    }

    @Test("elided samples compile (never run), are shown as written, and a real error after a hole keeps its column")
    func elidedSamplesCompile() throws {
        let report = try verify(
            """
            ```swift
            struct Stats {
                var values: [Double]
                func mean() -> Double { ... }
            }
            let stats = Stats(...)
            print(stats.mean())
            ```

            ```swift
            func greet(_ name: String) -> String { <#body#> }
            let greeting = greet(<#name#>)
            ```

            ```swift
            let s = String(...); let wrong: Int = "text"
            ```

            ```swift
            let broken = (1 + …
            ```
            """)
        #expect(report.results.map(\.status) == [.passed, .passed, .failed, .failed], "\(report.failures)")
        #expect(report.results[0].sample.mode == .noRun && report.results[0].output.isEmpty)
        #expect(report.results[0].sample.displayedLines.map(\.text).contains("    func mean() -> Double { ... }"))
        // `"text"` is at column 39 of line 16 as written (the hole is longer than `String(...)`).
        #expect(report.results[2].failureLocation == SourceLocation(path: "content/p.md", line: 16, column: 39), "\(report.failures)")
        let human = ReportFormat.human.render(report)
        #expect(human.contains("| let s = String(...); let wrong: Int = \"text\""), "shown as written: \(human)")
    }

    // MARK: - @main programs

    @Test("an @main command-line program is compiled only unless args= gives its arguments, which it then runs with")
    func commandLinePrograms() throws {
        let program = """
            @main struct Tool {
                static func main() {
                    let arguments = CommandLine.arguments.dropFirst()
                    guard let count = arguments.first.flatMap(Int.init) else { fatalError("usage: tool <count>") }
                    print(String(repeating: "*", count: count))
                }
            }
            """
        let report = try verify(
            "```swift\n\(program)\n```\n\n```swift args=3\n\(program)\n```\n\n```output\n***\n```\n\n```swift\n@main struct Hello { static func main() { print(\"hi\") } } // Prints \"hi\"\n```\n"
        )
        #expect(report.results.map(\.status) == [.passed, .passed, .passed], "\(report.failures)")
        #expect(report.results.map(\.sample.mode) == [.noRun, .run, .run])
        #expect(report.results[1].output == "***\n")
        let (_, problems) = extract("```swift args=1\nprint(1)\n```\n")
        #expect(problems.first?.message.hasPrefix("'args=' gives command-line arguments to a program with an '@main' entry point") == true)
    }

    // MARK: - Expected output

    @Test("// Prints: followed by comment lines is a multi-line expectation; … stands for any text")
    func multiLinePrints() throws {
        let report = try verify(
            """
            ```swift
            struct Captain: CustomStringConvertible {
                var id: String, ship: String
                var description: String { "Captain(id: \\"\\(id)\\", ship: \\"\\(ship)\\")" }
            }
            print(Captain(id: "alice", ship: "Nautilus"))
            print(Captain(id: "bob", ship: "Argo"))
            // Prints:
            //  Captain(id: "alice", …)
            //  Captain(id: "bob", ship: "Argo")
            ```

            ```swift
            print("one")
            print("two")
            // Prints:
            //   one
            //   three
            ```
            """)
        #expect(report.results[0].sample.expectedPrints == [#"Captain(id: "alice", …)"#, #"Captain(id: "bob", ship: "Argo")"#])
        #expect(report.results.map(\.status) == [.passed, .failed], "\(report.failures)")
        #expect(report.results[1].failure == "printed output does not match its // Prints comments (- expected, + printed):\n  one\n- three\n+ two")
        #expect(report.results[1].failureLocation?.line == 18)
    }

    @Test("a // Prints: line that shows a string as its literal (\"Hel\") matches what print writes (Hel); another value, number or order does not")
    func stringLiteralLines() throws {
        let report = try verify(
            """
            ```swift
            let word = "Hello"
            print(word.prefix(3))
            print([1, 2])
            // Prints:
            // "Hel"
            // [1, 2]
            ```

            ```swift
            print("Hel")
            print([2, 1])
            // Prints:
            // "Help"
            // [1, 2]
            ```
            """)
        #expect(report.results.map(\.status) == [.passed, .failed], "\(report.failures)")
        #expect(
            report.results[1].failure
                == "printed output does not match its // Prints comments (- expected, + printed):\n- \"Help\"\n- [1, 2]\n+ Hel\n+ [2, 1]")
        // At the first line that differs, the comment's `//` in column 1.
        #expect(report.results[1].failureLocation == SourceLocation(path: report.results[1].sample.page, line: 14, column: 1))
    }

    @Test("prose that starts with Prints is a warning at its line, not an expectation; a broken one is an error")
    func proseWarnings() throws {
        let (samples, problems) = extract(
            """
            ```swift
            func greet(person: String) -> String { "Hello, \\(person)!" }
            // Prints sensitive information in debug builds only
            print(greet(person: "Anna")) // prints "Hello, Anna!" and returns a value of 12
            let name = "world"
            if name == "world" { print("hello, world") } // Prints "hello, world", because name is indeed equal to "world".
            ```
            """)
        #expect(problems.isEmpty, "\(problems)")
        let sample = try #require(samples.first)
        #expect(sample.expectedPrints == ["hello, world"])
        #expect(sample.warnings.map { $0.location?.line } == [3, 4])
        #expect(sample.warnings.allSatisfy { $0.severity == .warning && $0.message.hasPrefix("this comment was not read as expected output") })
        let report = try verify("```swift\nprint(1) // Prints sensitive data\n```\n")
        #expect(report.succeeded)
        #expect(
            report.warnings.first?.description.hasPrefix("content/p.md:2:10: this comment was not read as expected output") == true,
            "\(report.warnings)")
        for broken in [#"print("x") // Prints "x"#, #"print("x") // Prints "\q""#, #"print("x") // Prints WRONG"#] {
            #expect(extract("```swift\n\(broken)\n```\n").problems.count == 1, "\(broken)")
        }
    }

    @Test("output blocks ignore whitespace at line ends; a quoted // Prints stays exact; diffs show invisible characters")
    func outputWhitespace() throws {
        let report = try verify(
            """
            ```swift
            print("a  ")
            print("b\\t")
            ```

            ```output
            a
            b
            ```

            ```swift
            print("a ") // Prints "a"
            ```

            ```swift
            print("x\\ty\\r")
            ```

            ```output
            x y
            ```
            """)
        #expect(report.results.map(\.status) == [.passed, .failed, .failed], "\(report.failures)")
        #expect(report.results[1].failure?.hasSuffix("- a\n+ a·") == true, "\(report.results[1].failure ?? "")")
        #expect(report.results[2].failure?.hasSuffix("- x y\n+ x→y") == true, "\(report.results[2].failure ?? "")")
        #expect(OutputComparison.visible("a\tb \r  ") == "a→b ␍··")
    }

    // MARK: - Not programs

    @Test("Package.swift fragments are skipped as manifest fragments, counted and explained, never 'does not compile'")
    func manifestFragments() throws {
        let report = try verify(
            """
            ```swift
            .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
            ```

            ```swift
            dependencies: [
                .product(name: "Collections", package: "swift-collections"),
            ]
            ```

            ```swift
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "App", dependencies: [...])
            ```
            """)
        #expect(report.results.map(\.status) == [.skipped, .skipped, .skipped])
        #expect(report.results.allSatisfy { $0.skipReason == "a package manifest fragment, not verified" })
        #expect(report.summary == "0 passed, 0 failed, 3 skipped")
        #expect(ReportFormat.human.render(report).contains("note: 3 samples skipped: a package manifest fragment, not verified"))
    }

    @Test(
        "blocks of declarations without bodies are API listings; code is not",
        arguments: [
            ("extension AsyncSequence {\n    public func adjacentPairs() -> AsyncAdjacentPairsSequence<Self>\n}", Sample.Kind.apiListing),
            ("public init(capacity: Int)", .apiListing),
            ("struct Deque<Element> {\n    init(minimumCapacity: Int)\n    var count: Int { get }\n}", .apiListing),
            ("struct Point { var x: Int; var y: Int }", .program),
            ("protocol Shape { func area() -> Double }", .program),
            ("func area() -> Double { 1 }", .program),
        ])
    func listingKinds(code: String, kind: Sample.Kind) {
        #expect(SampleKindReader.kind(of: code) == kind)
    }

    @Test("an API listing with no sample library is reported as not verifiable, not as a failure")
    func listingWithoutLibrary() throws {
        let report = try verify("```swift\npublic init(capacity: Int)\n```\n")
        #expect(report.results.map(\.status) == [.skipped])
        #expect(report.results[0].skipReason?.hasPrefix("an API listing, not verifiable: no sample library is configured") == true)
    }

    /// A page of API listings of the `Ring` library below: two right, two drifted.
    static let listingPage = """
        ```swift
        extension Sequence {
            public func adjacentPairs() -> [(Element, Element)]
        }
        ```

        ```swift
        public init(capacity: Int)
        public var count: Int { get }
        ```

        ```swift
        extension RingBuffer {
            public mutating func append(contentsOf elements: [Element])
        }
        ```

        ```swift
        struct RingBuffer<Element> {
            public init(capacity: UInt)
        }
        ```
        """

    @Test("an API listing is checked against the library's symbol graph: drift fails and shows the real declaration")
    func listingsAgainstSymbolGraph() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Ring", products: [.library(name: "Ring", type: .dynamic, targets: ["Ring"])],
                                  targets: [.target(name: "Ring")])
            """)
        try package.write(
            "Sources/Ring/Ring.swift",
            """
            public struct RingBuffer<Element> {
                public init(capacity minimumCapacity: Int) {}
                public var count: Int { 0 }
                public mutating func append(_ element: Element) {}
            }
            extension Sequence {
                public func adjacentPairs() -> [(Element, Element)] { [] }
            }
            """)
        let library = SampleLibrary(packageDirectory: package.url, products: ["Ring"])
        let report = try verify(Self.listingPage, library: library)
        #expect(report.results.map(\.status) == [.passed, .passed, .failed, .failed], "\(report.failures)")
        let missing = try #require(report.results[2].failure)
        #expect(
            missing.contains(
                "the library's public API has no 'RingBuffer.append(contentsOf:)'; it declares:\n    mutating func append(_ element: Element)"),
            "\(missing)")
        let drift = try #require(report.results[3].failure)
        #expect(
            drift.contains("the library declares 'RingBuffer.init(capacity:)' with another signature:\n    init(capacity minimumCapacity: Int)"),
            "\(drift)")
        #expect(report.results[3].failureLocation?.line == 20)

        // Verdicts are cached: a warm run neither extracts nor reads the symbol graphs.
        let cache = package.url.appendingPathComponent(".build/galley/cache")
        let graphs = package.url.appendingPathComponent(".build/galley/symbolgraphs")
        let cached = Verifier(library: library, cacheDirectory: cache)
        let document = MarkdownDocument(parsing: Self.listingPage)
        var preparation: Verifier.Preparation?
        let cold = try cached.verify([("content/p.md", document, SampleSettings())], preparation: &preparation)
        #expect(cold.results.map(\.status) == [.passed, .passed, .failed, .failed] && cold.results.allSatisfy { !$0.cached })
        #expect(FileManager.default.fileExists(atPath: graphs.path), "the cold run extracted them")
        try FileManager.default.removeItem(at: graphs)
        let warm = try cached.verify([("content/p.md", document, SampleSettings())], preparation: &preparation)
        #expect(warm.results.map(\.status) == [.passed, .passed, .failed, .failed] && warm.results.allSatisfy(\.cached))
        #expect(warm.results[3].failure == drift && warm.results[3].failureLocation?.line == 20)
        #expect(!FileManager.default.fileExists(atPath: graphs.path), "the warm run did not extract them again")
    }

    @Test("API listings are compared by meaning: spelled otherwise but the library's declaration passes, a real difference fails")
    func listingsByMeaning() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Paint", products: [.library(name: "Paint", type: .dynamic, targets: ["Paint"])],
                                  targets: [.target(name: "Paint")])
            """)
        try package.write(
            "Sources/Paint/Canvas.swift",
            """
            public struct Canvas<Element> {
                public struct Options { public init() {} }
                public init() {}
                public func map<T>(_ transform: @escaping @Sendable (Element) -> T) -> [T] where T: Equatable { [] }
                public func first(where predicate: (Element) throws -> Bool) rethrows -> Element? { nil }
                public static func make() -> Canvas { Canvas() }
                public func configure(_ options: Options) {}
                public func fail(with error: any Error) {}
            }
            extension Sequence {
                public func pairs() -> [(Element, Element)] { [] }
            }
            """)
        let listing = """
            extension Canvas {
                @inlinable public func map<T: Equatable>(_ transform: @Sendable @escaping (Element) -> T) -> [T]
                public func configure(_ options: Canvas.Options)
                public func fail(with error: Error)
                public static func make() -> Self
            }
            extension Sequence {
                public func pairs() -> [(Self.Element, Self.Element)]
            }
            """
        let wrong = """
            extension Canvas {
                public func first(where predicate: (Element) -> Bool) -> Element?
            }
            """
        let library = SampleLibrary(packageDirectory: package.url, products: ["Paint"])
        let report = try verify("```swift\n\(listing)\n```\n\n```swift\n\(wrong)\n```\n", library: library)
        #expect(report.results.map(\.status) == [.passed, .failed], "\(report.failures)")
        #expect(report.results.map(\.failureKind) == [nil, .listing])
        let failure = try #require(report.results[1].failure)
        #expect(
            failure.contains(
                "the library declares 'Canvas.first(where:)' with another signature:\n    func first(where predicate: (Element) throws -> Bool) rethrows -> Element?"
            ), "\(failure)")
        // Control: compared as text, every one of the first listing's declarations would differ but `pairs()`
        // and `fail(with:)` (`Error` as a type is `any Error`, which the text comparison knows).
        var preparation: Verifier.Preparation?
        let verifier = Verifier(library: library)
        let prepared = try verifier.ensurePrepared(&preparation)
        let symbols = try verifier.symbolGraphs(prepared).graph(of: "Paint").symbols.map {
            APIListing.Symbol(path: $0.pathComponents, declaration: APIListing.collapsed($0.declaration), usr: $0.identifier)
        }
        let asText = try #require(APIListing.check(listing, against: symbols))
        #expect(asText.message.components(separatedBy: "with another signature").count - 1 == 3, "\(asText.message)")
    }
}
