import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import Testing

@testable import GalleySamples
@testable import GalleyVerify

/// A page compiled as one program holds blocks written to be read one at a
/// time: the same type shown twice as it grows, two ways to write one
/// thing, the library's own protocol shown for reference, a function shown
/// without its body. Each is a minimal reproduction of docs of the local
/// mirror; none is an error of the docs, and a real error beside them still is.
@Suite("Blocks read one at a time")
struct PageProgramConflictTests {
    @Test("a block that leaves a brace open is compiled alone: the blocks after it keep their own verdicts")
    func openBrace() throws {
        // package-benchmark's WritingBenchmarks.md: an initializer's first lines, then complete programs with imports.
        let report = try verifyPage(
            """
            ```swift
            @discardableResult
            init?(_ name: String, closure: @escaping () -> Void) {
            ```

            ```swift
            import Foundation

            let benchmarks = { print("measured") }
            benchmarks()
            ```
            """, pageProgram: true, assumesNames: false)
        #expect(report.results.map(\.status) == [.failed, .passed], "\(report.failures)")
        #expect(!SwiftSource.closesItsBraces("init?(_ name: String) {"))
        #expect(!SwiftSource.closesItsBraces("    }\n}"))
        #expect(SwiftSource.closesItsBraces("let brace = \"{\"\nfunc f() {}"), "a brace in a string is no brace")
    }

    @Test("a block that declares again a type another block declares is judged alone, by its own lines")
    func typeShownTwice() throws {
        // swift-argument-parser's CommandsAndSubcommands: `Math` first with its configuration, then again as it grows.
        let report = try verifyPage(
            """
            ```swift
            struct Math {
                static let name = "math"
            }
            print(Math.name)
            ```

            Later the type grows:

            ```swift
            struct Math {
                static let name = "math"
                static let version = 2
            }
            print(Math.version)
            ```

            ```swift
            struct Math {
                static let name = "math"
            }
            print(Math.nmae)
            ```
            """, pageProgram: true, assumesNames: false)
        #expect(report.results.map(\.status) == [.passed, .passed, .failed], "\(report.failures)")
        // Alone, the third block's own error remains: a misspelt member is still the docs'.
        #expect(report.results[2].cause == .docs, "\(report.failures)")
        #expect(report.results[2].failure?.contains("has no member 'nmae'") == true, "\(report.results[2].failure ?? "")")
        #expect(report.results[2].failure?.contains("redeclaration") == false)
    }

    @Test("two ways to write one thing in one listing: the redeclaration is context; another error beside it is still the docs'")
    func alternativesSideBySide() throws {
        // GRDB's "Query interface request" then "SQL request", both `let request`.
        let report = try verifyPage(
            """
            ```swift
            func run() {
                // The short way
                let request = [1, 2, 3].map { $0 * 2 }
                // The long way
                let request = [1, 2, 3].map { value in value * 2 }
                print(request)
            }
            ```

            ```swift
            func run() {
                let request = [1, 2, 3].map { $0 * 2 }
                let request = [1, 2, 3].map { value in value * 2 }
                print(request)
            }
            func count() -> Int { [1, 2, 3].cont }
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.cause) == [.context, .docs], "\(report.failures)")
        #expect(report.results[0].undeclaredNames == ["(alternatives: `request` declared twice)"], "\(report.results[0].undeclaredNames)")
        #expect(report.succeeded == false, "the real error fails the default gate")
    }

    @Test("a function shown with its body left out is context; a body that forgets its return is the docs'")
    func bodyLeftOut() throws {
        let report = try verifyPage(
            """
            ```swift
            func listExecutables(_ arguments: [String]) -> [String] {
                // Generate the list of executables in the current directory
            }
            ```

            ```swift
            func listExecutables(_ arguments: [String]) -> [String] {
                let found = arguments.filter { !$0.isEmpty }
            }
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.cause) == [.context, .docs], "\(report.failures)")
        #expect(report.results[0].undeclaredNames == ["(a function's body, left out)"])
        // swift-parsing's Design.md: `Parse {` with its parsers left out; a closure with code stays the docs'.
        let shape = try verifyPage(
            """
            ```swift
            let parser = Parse {

            }
            ```

            ```swift
            let parser: Parse<Int> = Parse { "text" }
            ```
            """, pageProgram: false, assumesNames: false,
            setup: """
                struct Parse<Input> { init(@ParserBuilder<Input> _ build: () -> Void) {} }
                @resultBuilder enum ParserBuilder<Input> { static func buildBlock() -> Void {} }
                """)
        #expect(shape.results.map(\.cause) == [.context, .docs], "\(shape.failures)")
        #expect(shape.results[0].undeclaredNames == ["(the body it leaves out)"], "\(shape.results[0].undeclaredNames)")
        #expect(SketchedTypes.bodiesLeftOut(in: "func f() -> Int {\n    // ...\n}\nvar x: Int { get { 1 } }") == [3])
    }

    @Test("a block that shows one of the library's protocols is an API listing; a protocol of the page's own is a program")
    func libraryProtocolShown() {
        func sample(_ code: String) -> Sample {
            let markdown = "```swift\n\(code)\n```\n"
            return SampleExtractor.samples(in: MarkdownDocument(parsing: markdown), page: "content/p.md").samples[0]
        }
        let shown = sample("protocol DatabaseValueConvertible {\n    static func databaseJSONDecoder() -> JSONDecoder\n}")
        let own = sample("protocol Shape {\n    func area() -> Double\n}")
        let code = sample("protocol Shape { func area() -> Double }\nstruct Square: Shape { func area() -> Double { 4 } }")
        #expect(SampleKindReader.protocolsShown(in: shown.compiledCode) == ["DatabaseValueConvertible"])
        #expect(SampleKindReader.protocolsShown(in: code.compiledCode).isEmpty, "a type with bodies is code")
        let kinds = Verifier.showingProtocols(of: ["DatabaseValueConvertible", "Database"], in: [shown, own, code]).map(\.kind)
        #expect(kinds == [.apiListing, .program, .program])
        // Its requirements are claims inside the protocol, checked like any listing's.
        let claims = APIListing.claims(in: shown.compiledCode)
        #expect(claims.map(\.context) == ["DatabaseValueConvertible"])
        #expect(claims.map(\.title) == ["databaseJSONDecoder()"])
        // swift-metrics writes `-> CounterHandler` where the symbol graph says `-> any CounterHandler`: one claim.
        let factory = [
            APIListing.Symbol(path: ["MetricsFactory"], declaration: "protocol MetricsFactory"),
            APIListing.Symbol(
                path: ["MetricsFactory", "makeCounter(label:)"], declaration: "func makeCounter(label: String) -> any CounterHandler"),
            APIListing.Symbol(
                path: ["MetricsFactory", "watch(handler:)"],
                declaration: "func watch<R>(handler: nonisolated(nonsending) (Int) async throws -> R) async throws -> R where R : ~Copyable"),
        ]
        let listing = """
            protocol MetricsFactory {
                func makeCounter(label: String) -> CounterHandler
                func watch<R: ~Copyable>(handler: (_ value: Int) async throws -> R) async throws -> R
            }
            """
        #expect(APIListing.check(listing, against: factory) == nil)
        #expect(APIListing.check(listing.replacingOccurrences(of: "label:", with: "name:"), against: factory) != nil)
    }

    @Test("an API listing that names nothing of the library illustrates Swift; one that names the library's type wrongly is a claim")
    func illustrativeListings() {
        let symbols = [
            APIListing.Symbol(path: ["Logger"], declaration: "struct Logger"),
            APIListing.Symbol(path: ["Logger", "info(_:)"], declaration: "func info(_ message: String)"),
            APIListing.Symbol(path: ["makeLogger(label:)"], declaration: "func makeLogger(label: String) -> Logger"),
        ]
        // swift-docc-symbolkit's pages about generics: `func foo<T, U>(x: T, y: U)`.
        #expect(APIListing.illustrates("func foo<T, U>(x: T, y: U)", against: symbols))
        #expect(APIListing.illustrates("func foo<S>(_ s: S) where S: Sequence\nfunc bar()", against: symbols))
        // A library type with a member it does not have, a library function with other labels, a typo: claims.
        #expect(!APIListing.illustrates("extension Logger {\n    func warn(_ message: String)\n}", against: symbols))
        #expect(!APIListing.illustrates("func makeLogger(name: String) -> Logger", against: symbols))
        #expect(!APIListing.illustrates("func makeLoger(label: String) -> Logger", against: symbols))
        #expect(APIListing.check("func foo<T, U>(x: T, y: U)", against: symbols) != nil, "still no match: the verifier skips it")
    }

    @Test("a member another listing's extension declares is that listing's context; a member no listing declares is the docs' error")
    func memberDeclaredElsewhere() throws {
        // swift-dependencies: one page registers `apiClient` in `extension DependencyValues`, another uses `$0.apiClient`.
        let report = try verifyPage(
            """
            ```swift
            extension Counter {
                var doubled: Int { value * 2 }
            }
            ```

            ```swift
            let counter = Counter()
            print(counter.doubled)
            ```

            ```swift
            let counter = Counter()
            print(counter.tripled)
            ```
            """, pageProgram: false, assumesNames: false, setup: "struct Counter { var value = 1 }")
        #expect(report.results.map(\.status) == [.passed, .failed, .failed], "\(report.failures)")
        #expect(report.results[1].cause == .context, "\(report.failures)")
        #expect(report.results[1].undeclaredNames == ["doubled"])
        #expect(report.results[2].cause == .docs, "\(report.failures)")
    }
}

/// Lines shown out of the code around them, each a minimal reproduction of
/// a listing of the local mirror: context, not the docs' error.
@Suite("Fragments")
struct FragmentTests {
    @Test("a line from inside a function, an argument shown alone, a call on a type that leaves its members out: context")
    func fragments() throws {
        let report = try verifyPage(
            """
            ```swift
            return [1, 2, 3].map {
            ```

            ```swift
            .init(repeating: 0, count: 3).reversed()
            ```

            ```swift
            struct Player: Identifiable { }
            let found = Player.lookUp { $0.name == "Arthur" }
            ```

            ```swift
            let values = [1, 2, 3].map { $0 * 2 }
            print(values.frist)
            ```
            """, pageProgram: false, assumesNames: false,
            setup: "extension Identifiable { static func lookUp(_ matches: (Self) -> Bool) -> Self? { nil } }")
        #expect(report.results.map(\.cause) == [.context, .context, .context, .docs], "\(report.failures)")
        #expect(report.results[0].undeclaredNames == ["(the function around it)"], "\(report.results[0].undeclaredNames)")
        #expect(report.results[1].undeclaredNames == ["(the call around its arguments)"], "\(report.results[1].undeclaredNames)")
        #expect(report.results[2].undeclaredNames == ["(the members of Player it leaves out)"], "\(report.results[2].undeclaredNames)")
    }

    @Test("a SwiftUI app is the environment; a listing whose last statement a comment says throws shows the failure")
    func appAndAnnouncedThrow() throws {
        let report = try verifyPage(
            """
            ```swift
            @main
            struct MyApp: App {
              init() { print("start") }
            }
            ```

            ```swift
            struct Malformed: Error {}
            func pattern(_ text: String) throws -> String {
                guard text.lowercased() != text else { throw Malformed() }
                return text
            }
            // OK
            let ok = try pattern("and")

            // Throws an error: malformed MATCH expression: [AND]
            let bad = try pattern("AND")
            ```

            ```swift
            func pattern(_ text: String) throws -> String { text }
            // Throws if the text is empty
            let bad = try pattern("AND")
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.status) == [.failed, .passed, .passed], "\(report.failures)")
        #expect(report.results[0].cause == .environment)
        #expect(report.results[0].needs == "an Apple platform (SwiftUI)")
        #expect(report.results.map(\.sample.mode) == [.run, .crash, .run], "only a comment that says it throws, over the last statement")
    }
}

/// What a listing leaves out on purpose: requirements of a conformance,
/// arguments in a comment, the conformances another block sketches.
@Suite("Omitted on purpose")
struct OmittedOnPurposeTests {
    @Test("a conformance shown in part, arguments elided in a comment, an element type beside its plural: context; a wrong candidate is the docs'")
    func omissions() throws {
        let report = try verifyPage(
            """
            ```swift
            final class PlayerObserver: Observer {
                func observes(_ kind: Int) -> Bool { kind == 1 }
            }
            ```

            ```swift
            final class WrongObserver: Observer {
                func observes(_ kind: String) -> Bool { true }
                func didCommit() {}
            }
            ```

            ```swift
            let client = Client(/* ... */)
            ```

            ```swift
            struct Todos { var items: [Todo] = [] }
            ```
            """, pageProgram: false, assumesNames: false,
            setup: "protocol Observer { func observes(_ kind: Int) -> Bool; func didCommit() }\nstruct Client { init(play: () -> Void) {} }")
        #expect(report.results.map(\.cause) == [.context, .docs, .context, .context], "\(report.failures)")
        #expect(report.results[0].undeclaredNames == ["(the members of PlayerObserver it leaves out)"], "\(report.results[0].undeclaredNames)")
        #expect(report.results[2].undeclaredNames == ["(the arguments it elides)"], "\(report.results[2].undeclaredNames)")
        #expect(report.results[3].undeclaredNames == ["Todo"], "\(report.results[3].undeclaredNames)")
        #expect(!FailureClassifier.isTypo("Todo", of: ["Todos"]))
    }

    @Test("a type another block of the page sketches without a conformance a call needs: that block's context")
    func conformanceDeclaredElsewhere() throws {
        let report = try verifyPage(
            """
            ```swift
            struct Country { var name = "" }
            ```

            ```swift
            func describe<T: CustomStringConvertible>(_ value: T) -> String { value.description }
            print(describe(Country()))
            ```

            ```swift
            func describe<T: CustomStringConvertible>(_ value: T) -> String { value.description }
            struct City { var name = "" }
            print(describe(City()))
            ```
            """, pageProgram: true, assumesNames: false)
        #expect(report.results.map(\.status) == [.passed, .failed, .failed], "\(report.failures)")
        #expect(report.results[1].cause == .context, "\(report.failures)")
        #expect(report.results[1].undeclaredNames == ["(the conformances of Country, declared in another block)"])
        // The block's own type without the conformance its own call needs: the docs'.
        #expect(report.results[2].cause == .docs, "\(report.failures)")
    }

    @Test("a key path to a member nothing declares is that member's context; a hole's line and the Never after it are the elision's")
    func keyPathsAndHoles() throws {
        let setup = """
            struct Values { var date = 0 }
            protocol Key { associatedtype Value }
            @propertyWrapper struct Dependency<Value> {
                init(_ keyPath: KeyPath<Values, Value>) {}
                init<K: Key>(_ key: K.Type) where K.Value == Value {}
                var wrappedValue: Value { fatalError() }
            }
            struct Query { func select() -> Query { self }; func all() -> [Int] { [] } }
            let db = Query()
            """
        let report = try verifyPage(
            """
            ```swift
            final class Model {
                @Dependency(\\.date) var date
                @Dependency(\\.apiClient) var apiClient
            }
            ```

            ```swift
            let rows = db.select()
                ...
                .all()
            ```

            ```swift
            let rows = db.select()
                .al()
            ```
            """, pageProgram: false, assumesNames: false, setup: setup)
        #expect(report.results.map(\.cause) == [.context, .context, .docs], "\(report.failures)")
        #expect(report.results[0].undeclaredNames == ["apiClient"], "\(report.results[0].undeclaredNames)")
        #expect(report.results[1].undeclaredNames == ["(the code it elides with ...)"], "\(report.results[1].undeclaredNames)")
    }
}

/// Listings of other languages in doc comments, and markers written over
/// the line they mark.
@Suite("Other languages and markers over the line")
struct OtherLanguageTests {
    @Test("a .proto file's lines and a URL path are not Swift; Swift with a typo still is")
    func protocolBuffersAndPaths() {
        func reading(_ listing: String) -> SampleReading {
            let comment = DocCommentSampleSource.Comment(text: "Text.\n\n" + listing, firstLine: 10, column: 5)
            return DocCommentSampleSource(path: "Sources/M/File.swift", comments: [comment]).reading()
        }
        // swift-protobuf's field_mask.pb.swift and empty.pb.swift, routing-kit's PathComponent.swift.
        let proto = reading("    message Profile {\n      User user = 1;\n      Photo photo = 2;\n    }\n")
        #expect(proto.samples.isEmpty)
        #expect(proto.notSwift.first?.message.contains("Protocol Buffers") == true, "\(proto.notSwift)")
        let service = reading("    service Foo {\n      rpc Bar(google.protobuf.Empty) returns (google.protobuf.Empty);\n    }\n")
        #expect(service.samples.isEmpty, "\(service.samples.map(\.compiledCode))")
        let path = reading("    galaxies/:galaxyID/planets\n")
        #expect(path.samples.isEmpty)
        #expect(path.notSwift.first?.message.contains("a path") == true, "\(path.notSwift)")
        let swift = reading("    struct Profile {\n      let user = 1;\n      lett photo = 2\n    }\n")
        #expect(swift.samples.count == 1, "a Swift listing with a typo stays a sample")
        // swift-protobuf's timestamp.pb.swift (C and Java examples), vapor's HTTPMediaType.swift (RFC 6838's grammar).
        let c = reading("    struct timeval tv;\n    gettimeofday(&tv, NULL);\n\n    Timestamp timestamp;\n    timestamp.set_seconds(tv.tv_sec);\n")
        #expect(c.samples.isEmpty)
        #expect(c.notSwift.first?.message.contains("C-family code") == true, "\(c.notSwift)")
        #expect(TextListing.kind(of: "long millis = System.currentTimeMillis();\n") == "C-family code")
        let grammar = reading("    \"text\" / \"image\" / \"audio\" / \"video\" / \"application\n    \"message\" / \"multipart\"\n    ...\n")
        #expect(grammar.samples.isEmpty)
        #expect(grammar.notSwift.first?.message.contains("a grammar") == true, "\(grammar.notSwift)")
        // Controls: Swift with semicolons and a typo, and a string with a slash, stay samples.
        #expect(TextListing.kind(of: "let seconds = 1;\nlett nanos = 0;\n") == nil)
        #expect(TextListing.kind(of: "\"a/b\" + \n") == nil)
    }

    @Test("a marker on its own comment line matches an error on the code line over it or under it")
    func markerOverTheLine() throws {
        // swift-dependencies' `// 🛑 Default value required for non-throwing closure 'isFavorite'` over the property.
        let report = try verifyPage(
            """
            ```swift
            struct APIClient {
              // 🛑 Cannot find type 'Closure' in scope
              var isFavorite: Closure
            }
            ```

            ```swift
            let total: Int = "three"
            // ❌ Cannot convert value of type 'String' to specified type 'Int'
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.sample.mode) == [.compileFail, .compileFail])
        #expect(report.results.map(\.status) == [.passed, .passed], "\(report.failures)")
        #expect(report.results[0].sample.errorMarkers.first?.nextLine == 4)
    }

    @Test("a call on the Never a sketched type's members become is the sketch's")
    func neverOfSketch() throws {
        let report = try verifyPage(
            """
            ```swift
            struct Player: Ordered { }
            let request = Player.order { [$0.score, $0.name] }
            ```
            """, pageProgram: false, assumesNames: false,
            setup: """
                protocol Ordered { associatedtype Columns = Never }
                extension Ordered { static func order(_ columns: (Columns.Type) -> [Any]) -> Int { 0 } }
                """)
        #expect(report.results.map(\.cause) == [.context], "\(report.failures)")
        #expect(report.results[0].undeclaredNames == ["(the members of Player it leaves out)"], "\(report.results[0].undeclaredNames)")
    }
}
