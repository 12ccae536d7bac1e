import Foundation
import GalleyRender
import GalleyTestSupport
import Testing

/// `galley` in the root of a Swift package: its DocC catalogs are the site
/// (with its `content/` when it has one), verified against its own (static)
/// library.
/// These build the fixture package with SwiftPM: slow, so few.
@Suite("A Swift package root", .serialized)
struct PackageRootTests {
    /// A copy of `Tests/Fixtures/<name>`; by default `PackageDocs`: a static
    /// product whose Swift target uses a C target (module map in
    /// `include/`), targets under `Library/` rather than `Sources/`, and a
    /// DocC catalog.
    static func fixture(_ name: String = "PackageDocs") throws -> TemporaryDirectory {
        let package = try TemporaryDirectory()
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)")
        for item in try FileManager.default.contentsOfDirectory(atPath: source.path) where !item.hasPrefix(".") {
            try FileManager.default.copyItem(at: source.appendingPathComponent(item), to: package.url.appendingPathComponent(item))
        }
        return package
    }

    @Test("with galley.yml and content/, a package root is still a package: one site of its guides and its catalogs, each verified its way")
    func configuredPackageWithGuides() throws {
        let package = try Self.fixture()
        defer { package.remove() }
        try package.write("galley.yml", "title: Shapes Guide\n")
        // Two blocks that each declare `side`: they pass only as separate programs (content/'s default).
        try package.write(
            "content/index.md",
            "# Shapes Guide\n\n```swift\nimport Shapes\nlet side = 3\nprint(Rectangle(width: side, height: side).area)  // Prints \"9\"\n```\n\n"
                + "```swift\nlet side = 2\nprint(side)  // Prints \"2\"\n```\n")
        // A block that continues the one before: it passes only when the catalog's page is one program.
        try package.write(
            "Library/Shapes/Shapes.docc/Continued.md",
            "# Continued\n\n```swift\nlet square = Rectangle(width: 5, height: 5)\n```\n\n```swift\nprint(square.area)  // Prints \"25\"\n```\n")

        let verify = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(verify.status == 0, "\(verify.standardError)\n\(verify.standardOutput)")
        #expect(verify.standardError.contains("Found 1 catalog (Library/Shapes/Shapes.docc) and 'content'"), "\(verify.standardError)")
        #expect(verify.standardOutput.contains("8 passed, 0 failed, 0 skipped"), "4 of the catalog and snippet, 2 + 2 new: \(verify.standardOutput)")

        let build = try GalleyExecutable.run(["build"], in: package.url)
        #expect(build.status == 0, "\(build.standardError)\n\(build.standardOutput)")
        let home = try package.read("public/index.html")
        #expect(home.contains("Shapes Guide"), "the guides' home page, titled by galley.yml")
        #expect(home.contains("Shapes/Continued.html"), "the catalog's pages are in the same site's navigation")
        #expect(package.exists("public/Shapes/GettingStarted.html"))

        // galley.yml's `verify: page:` reaches the catalogs too: as separate programs, the continued block fails,
        // for want of what the block before it declares: context, a warning under the default gate, a failure under --strict.
        try package.write("galley.yml", "title: Shapes Guide\nverify:\n  page: samples\n")
        let separate = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(separate.status == 0, "\(separate.standardOutput)")
        #expect(separate.standardOutput.contains("warning: Library/Shapes/Shapes.docc/Continued.md:8:"), "\(separate.standardOutput)")
        let strict = try GalleyExecutable.run(["verify", "--strict"], in: package.url)
        #expect(strict.status == 1, "\(strict.standardOutput)")
        #expect(strict.standardOutput.contains("error: Library/Shapes/Shapes.docc/Continued.md:8:"), "\(strict.standardOutput)")
    }

    @Test("a package of tools version 5.9 has its docs compiled in the Swift 5 language mode; galley.yml can say otherwise")
    func packageLanguageMode() throws {
        let package = try Self.fixture()
        defer { package.remove() }
        // Global mutable state: fine in Swift 5, an error in Swift 6's strict concurrency.
        try package.write(
            "Library/Shapes/Shapes.docc/Tally.md",
            "# Tally\n\n```swift\nstruct Tally { static var total = 0 }\nTally.total += 1\nprint(Tally.total)  // Prints \"1\"\n```\n")
        let verify = try GalleyExecutable.run(["verify", "Library/Shapes/Shapes.docc/Tally.md"], in: package.url)
        #expect(verify.status == 0, "\(verify.standardError)\n\(verify.standardOutput)")
        #expect(verify.standardError.contains("Samples compile in the Swift 5 language mode, the package's own."), "\(verify.standardError)")
        // Control: in Swift 6 the same sample fails, on the language mode (context: a warning unless the gate is strict).
        try package.write("galley.yml", "verify:\n  swift_version: 6\n")
        let six = try GalleyExecutable.run(["verify", "--strict", "Library/Shapes/Shapes.docc/Tally.md"], in: package.url)
        #expect(six.status == 1, "\(six.standardOutput)")
        #expect(six.standardOutput.contains("is not concurrency-safe"), "\(six.standardOutput)")
        #expect(six.standardOutput.contains("(Swift 6 concurrency checking)"), "\(six.standardOutput)")
    }

    @Test("a catalog's galley-setup.swift declares the context its articles assume, is never published, and its errors are at its lines")
    func catalogSetup() throws {
        let package = try Self.fixture()
        defer { package.remove() }
        try package.write(
            "Library/Shapes/Shapes.docc/Unit.md",
            "# Unit\n\n```swift\nprint(unit.area)  // Prints \"1\"\n```\n")
        // Control: without a setup the article uses a name nothing declares, which is context.
        let bare = try GalleyExecutable.run(["verify", "--strict", "--format", "json", "Library/Shapes/Shapes.docc/Unit.md"], in: package.url)
        #expect(bare.status == 1)
        #expect(bare.standardOutput.contains("\"cause\" : \"context\""), "\(bare.standardOutput)")
        #expect(bare.standardOutput.contains("\"unit\""), "\(bare.standardOutput)")
        let told = try GalleyExecutable.run(["verify", "Library/Shapes/Shapes.docc/Unit.md"], in: package.url)
        let hint = "Needs context: 1 sample uses 1 name no sample declares — unit (1). Declare them in the catalog's galley-setup.swift."
        #expect(told.standardOutput.contains(hint), "\(told.standardOutput)")

        try package.write(
            "Library/Shapes/Shapes.docc/galley-setup.swift", "// Context for the articles.\nlet unit = Rectangle(width: 1, height: 1)\n")
        let verify = try GalleyExecutable.run(["verify", "Library/Shapes/Shapes.docc/Unit.md"], in: package.url)
        #expect(verify.status == 0, "\(verify.standardError)\n\(verify.standardOutput)")
        let build = try GalleyExecutable.run(["build"], in: package.url)
        #expect(build.status == 0, "\(build.standardError)\n\(build.standardOutput)")
        #expect(!package.exists("public/Shapes/galley-setup.swift"), "the setup is the samples' context, not the site's")
        #expect(!(try package.read("public/Shapes/Unit.html")).contains("Rectangle(width: 1"))

        // The setup's own error is reported at its own line.
        try package.write("Library/Shapes/Shapes.docc/galley-setup.swift", "// Context for the articles.\nlet unit = Rectangle(side: 1)\n")
        let broken = try GalleyExecutable.run(["verify", "Library/Shapes/Shapes.docc/Unit.md"], in: package.url)
        #expect(broken.status == 1)
        #expect(broken.standardOutput.contains("Library/Shapes/Shapes.docc/galley-setup.swift:2:"), "\(broken.standardOutput)")
    }

    @Test(
        "galley serve in a package whose catalog has failing samples serves every page, each failure marked with its cause; --baseline marks known ones"
    )
    func serveShowsFailingPages() throws {
        let package = try Self.fixture()
        defer { package.remove() }
        try package.write(
            "Library/Shapes/Shapes.docc/Unit.md",
            "# Unit\n\nSee ``Circle``.\n\n```swift\nprint(unit.area)  // Prints \"1\"\n```\n\n```swift\nprint(Rectangle(width: 2, height: 2).perimeter)\n```\n"
        )
        // Control: galley build refuses to publish the failing samples.
        let build = try GalleyExecutable.run(["build"], in: package.url)
        #expect(build.status == 1)
        #expect(!package.exists("public/Shapes/Unit.html"))

        let served = try GalleyExecutable.runUntilOutput("Serving public/", ["serve", "--port", "0"], in: package.url)
        #expect(served.standardOutput.contains("Serving public/ at http://127.0.0.1:"), "\(served.standardOutput)\n\(served.standardError)")
        #expect(
            served.standardError.contains("warning: 2 samples fail; every page is served, each failing sample marked on its page"),
            "\(served.standardError)")
        #expect(served.standardError.contains("Needs context: 1 sample uses 1 name no sample declares — unit (1)."), "\(served.standardError)")
        // A broken symbol link is reported, and its page rendered all the same.
        #expect(served.standardError.contains("broken symbol link '``Circle``'"), "\(served.standardError)")
        let page = try package.read("public/Shapes/Unit.html")
        #expect(page.contains("<strong>Needs context (unit)</strong>: "), "\(page)")
        #expect(page.contains("<strong>Error in the docs</strong>: "), "the missing member is the docs' error")
        #expect(page.contains("perimeter"))
        // The pages without failures are served too.
        #expect(package.exists("public/Shapes/GettingStarted.html"))

        // With the failures recorded, serve --baseline shows them as known.
        let record = try GalleyExecutable.run(["verify", "--baseline", "known.json", "--bless-baseline"], in: package.url)
        #expect(record.status == 0, "\(record.standardError)")
        let known = try GalleyExecutable.runUntilOutput("Serving public/", ["serve", "--port", "0", "--baseline", "known.json"], in: package.url)
        #expect(!known.standardError.contains("samples fail"), "\(known.standardError)")
        let knownPage = try package.read("public/Shapes/Unit.html")
        #expect(knownPage.contains("Known failure"), "\(knownPage)")
        #expect(!knownPage.contains("sample-failure"))
    }

    @Test("fragments are type-checked against names typed by the library; --suggest-setup declares them and lists the rest")
    func assumedNamesAndSuggestedSetup() throws {
        let package = try Self.fixture()
        defer { package.remove() }
        try package.write(
            "Library/Shapes/Shape.swift",
            "/// Anything with an area.\npublic protocol Shape { var area: Int { get } }\n\nextension Rectangle: Shape {}\n")
        // Types whose only initializers throw or trap on the literals a suggestion would give them.
        try package.write(
            "Library/Shapes/Strict.swift",
            """
            /// A certificate, from its DER bytes.
            public struct Certificate {
                struct Empty: Error {}
                public var size: Int
                public init(derEncoded: [UInt8]) throws {
                    guard !derEncoded.isEmpty else { throw Empty() }
                    size = derEncoded.count
                }
            }
            /// A gauge with a positive limit.
            public struct Gauge {
                public var level = 0
                public init(limit: Int) { precondition(limit > 0, "a gauge needs a positive limit") }
            }

            """)
        try package.write(
            "Library/Shapes/Shapes.docc/Assumed.md",
            "# Assumed\n\n```swift\nprint(rectangle.area)\n```\n\n```swift\nprint(rectangle.perimeter)\n```\n\n"
                + "```swift\nprint(shape.area)\n```\n\n```swift\nprint(widget.size)\n```\n\n"
                + "```swift\nprint(certificate.size)\n```\n\n```swift\nprint(gauge.level)\n```\n")
        let page = "Library/Shapes/Shapes.docc/Assumed.md"
        // Control: without assumptions every block needs context.
        let plain = try GalleyExecutable.run(["verify", "--no-assume", "--format", "json", page], in: package.url)
        #expect(plain.standardOutput.components(separatedBy: "\"cause\" : \"context\"").count - 1 == 6, "\(plain.standardOutput)")

        let assumed = try GalleyExecutable.run(["verify", page], in: package.url)
        #expect(assumed.status == 1)
        #expect(
            assumed.standardOutput.contains(
                "Assumed: 4 fragments type-check, assuming certificate: Certificate (1), gauge: Gauge (1), rectangle: Rectangle (1),"
                    + " shape: any Shape (1) — not run, counted as skipped."
                    + " 1 does not type-check with them: errors in the docs."), "\(assumed.standardOutput)")
        #expect(assumed.standardOutput.contains("does not compile (assuming rectangle: Rectangle)"))
        #expect(assumed.standardOutput.contains("value of type 'Rectangle' has no member 'perimeter'"))
        #expect(assumed.standardOutput.contains("Needs context: 1 sample uses 1 name no sample declares — widget (1)."))
        #expect(
            assumed.standardOutput.contains("0 passed, 2 failed (1 in the docs, 1 not the docs' error: warnings; --strict fails on them), 4 skipped"),
            "\(assumed.standardOutput)")

        let suggest = try GalleyExecutable.run(["verify", "--suggest-setup", page], in: package.url)
        #expect(
            suggest.standardError.contains(
                "Wrote Library/Shapes/Shapes.docc/galley-setup.swift: rectangle: Rectangle; left for you: certificate: Certificate (give it a value),"
                    + " gauge: Gauge (give it a value), shape: any Shape (give it a value), widget (1)."
            ), "\(suggest.standardError)")
        let setup = try package.read("Library/Shapes/Shapes.docc/galley-setup.swift")
        #expect(setup.contains("let rectangle = Rectangle(width: 0, height: 0)"), "\(setup)")
        // A value is suggested once it has run: one that throws or traps on its literals is left to the author, with why.
        #expect(
            setup.contains("the value Galley made, `try Certificate(derEncoded: [])`, throws when run:\n// let certificate: Certificate = <#value#>"),
            "\(setup)")
        #expect(setup.contains("the value Galley made, `Gauge(limit: 0)`, traps when run:\n// let gauge: Gauge = <#value#>"), "\(setup)")
        #expect(setup.contains("// let shape: any Shape = <#value#>"))
        #expect(setup.contains("//   widget (1)"))
        // The suggested setup, unedited: the block that only needed `rectangle` runs and passes;
        // the wrong member is still the docs' error, now without an assumption; no block fails that passed or type-checked.
        let after = try GalleyExecutable.run(["verify", "--format", "json", page], in: package.url)
        #expect(after.standardOutput.contains("\"passed\" : 1"), "\(after.standardOutput)")
        #expect(after.standardOutput.contains("\"failed\" : 2"), "\(after.standardOutput)")
        #expect(after.standardOutput.contains("value of type 'Rectangle' has no member 'perimeter'"))
    }

    @Test(
        "the listings of the library's doc comments are verified at their Swift lines: fenced, indented, /** */, in a nested type; internal ones are not"
    )
    func docCommentListings() throws {
        let package = try Self.fixture()
        defer { package.remove() }
        try package.write("Library/Shapes/Documented.swift", Self.documentedSource)
        let json = try GalleyExecutable.run(["verify", "--format", "json"], in: package.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any], "\(json.standardError)")
        let samples = (report["samples"] as? [[String: Any]] ?? []).filter { ($0["page"] as? String) == "Library/Shapes/Documented.swift" }
        let verdicts = samples.map { "\($0["firstCodeLine"] ?? 0) \($0["status"] ?? "")" }
        // Indented (3), fenced (14), `/** */` in a nested type (24), two blocks of one comment as one program (31, 34),
        // and a compile error of its own (46); the internal function's listing (41) is not read.
        #expect(verdicts == ["3 passed", "14 failed", "24 passed", "31 passed", "34 passed", "46 failed"], "\(verdicts)")
        let mismatch = samples.first { ($0["firstCodeLine"] as? Int) == 14 }
        #expect((mismatch?["failure"] as? String)?.contains("- 3") == true, "\(mismatch ?? [:])")
        // At the comment's `//` in the Swift file: `/// print(…)  // Prints "3"`, indented in the type.
        let printsLine = Self.documentedSource.split(separator: "\n", omittingEmptySubsequences: false)[13]
        let printsColumn = printsLine.utf8.distance(from: printsLine.startIndex, to: try #require(printsLine.range(of: "// Prints")).lowerBound) + 1
        #expect(mismatch?["location"] as? String == "Library/Shapes/Documented.swift:14:\(printsColumn)", "\(mismatch ?? [:])")
        let compileError = samples.first { ($0["firstCodeLine"] as? Int) == 46 }
        // At the file's line and column of the comment: `///     let wrong: Int = "three"`, the string at column 26.
        #expect(compileError?["location"] as? String == "Library/Shapes/Documented.swift:46:26", "\(compileError ?? [:])")

        let human = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(
            human.standardOutput.contains("Doc comments: 6 listings in 1 file of 1 module — 4 passed, 2 failed, 0 skipped."),
            "\(human.standardOutput)")
        // Annotations on the Swift source line, where a pull request's diff shows them; JUnit names the file and line too.
        let github = try GalleyExecutable.run(["verify", "--format", "github"], in: package.url)
        #expect(github.standardOutput.contains("::error file=Library/Shapes/Documented.swift,line=46,col=26"), "\(github.standardOutput)")
        #expect(github.standardOutput.contains("::error file=Library/Shapes/Documented.swift,line=14,col="), "\(github.standardOutput)")
        let junit = try GalleyExecutable.run(["verify", "--format", "junit"], in: package.url)
        #expect(junit.standardOutput.contains("Library/Shapes/Documented.swift:46:26"), "\(junit.standardOutput)")
        let without = try GalleyExecutable.run(["verify", "--no-doc-comments"], in: package.url)
        #expect(without.status == 0, "the catalog alone passes: \(without.standardOutput)")
        #expect(!without.standardOutput.contains("Doc comments:"))
    }

    @Test("--bless rewrites expected output inside doc comments, keeping the /// markers and the indentation (a golden file)")
    func blessDocComments() throws {
        let package = try Self.fixture()
        defer { package.remove() }
        let source = """
            /// Doubles.
            ///
            ///     print(double(2))  // Prints "5"
            public func double(_ n: Int) -> Int { n * 2 }

            /// Triples.
            ///
            ///     for n in [1, 2] { print(triple(n)) }
            ///     // Prints:
            ///     // 9
            ///     // 9
            public func triple(_ n: Int) -> Int { n * 3 }

            """
        try package.write("Library/Shapes/Blessed.swift", source)
        let blessed = try GalleyExecutable.run(["verify", "--bless"], in: package.url)
        #expect(blessed.status == 0, "\(blessed.standardError)\n\(blessed.standardOutput)")
        let golden = """
            /// Doubles.
            ///
            ///     print(double(2))  // Prints "4"
            public func double(_ n: Int) -> Int { n * 2 }

            /// Triples.
            ///
            ///     for n in [1, 2] { print(triple(n)) }
            ///     // Prints:
            ///     // 3
            ///     // 6
            public func triple(_ n: Int) -> Int { n * 3 }

            """
        #expect(try package.read("Library/Shapes/Blessed.swift") == golden)
    }

    @Test("--doc-comments all verifies internal declarations' listings with @testable import; galley.yml's doc_comments: none reads none")
    func docCommentScopes() throws {
        let package = try Self.fixture()
        defer { package.remove() }
        let source = """
            /// Twice `n`, for the library's own use.
            ///
            ///     print(twice(21))  // Prints "42"
            func twice(_ n: Int) -> Int { n * 2 }

            /// Out of any client's reach: never read.
            ///
            ///     this does not compile
            private func hidden() {}

            """
        try package.write("Library/Shapes/Internal.swift", source)
        // Control: by default only what DocC shows is read, and the internal function's listing is not.
        let publicOnly = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(publicOnly.status == 0, "\(publicOnly.standardOutput)")
        #expect(!publicOnly.standardOutput.contains("Internal.swift"))

        let all = try GalleyExecutable.run(["verify", "--doc-comments", "all", "--format", "json"], in: package.url)
        #expect(all.status == 0, "\(all.standardError)\n\(all.standardOutput)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(all.standardOutput.utf8)) as? [String: Any])
        let samples = (report["samples"] as? [[String: Any]] ?? []).filter { ($0["page"] as? String) == "Library/Shapes/Internal.swift" }
        #expect(samples.map { "\($0["firstCodeLine"] ?? 0) \($0["status"] ?? "")" } == ["3 passed"], "\(samples)")

        let conflicting = try GalleyExecutable.run(["verify", "--doc-comments", "all", "--no-doc-comments"], in: package.url)
        #expect(conflicting.status != 0)
        #expect(conflicting.standardError.contains("--no-doc-comments and --doc-comments all say different things"), "\(conflicting.standardError)")

        try package.write("galley.yml", "verify:\n  doc_comments: none\n")
        let none = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(none.status == 0, "\(none.standardError)\n\(none.standardOutput)")
        #expect(!none.standardOutput.contains("Doc comments:"), "\(none.standardOutput)")
        try package.write("galley.yml", "verify:\n  doc_comments: internal\n")
        let wrong = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(wrong.status != 0)
        #expect(wrong.standardError.contains("galley.yml:2"), "\(wrong.standardError)")
        #expect(wrong.standardError.contains("'doc_comments' must be public, all or none, not 'internal'"), "\(wrong.standardError)")
    }

    @Test("galley build makes the API reference at DocC's addresses: declaration, doc comment, members by kind, inherited ones; articles redirected")
    func apiReference() throws {
        let package = try Self.fixture()
        defer { package.remove() }
        try package.write(
            "Library/Shapes/Scaling.swift",
            """
            extension Rectangle {
                /// The same rectangle, on newer systems.
                @available(macOS 14.0, iOS 17.0, *)
                public var modern: Rectangle { self }

                /// `self`, `factor` times as wide and high.
                ///
                ///     print(Rectangle(width: 1, height: 2).scaled(by: 3).area)  // Prints "18"
                ///
                /// - Parameter factor: How many times.
                /// - Returns: A new rectangle.
                public func scaled(by factor: Int) -> Rectangle { Rectangle(width: width * factor, height: height * factor) }
                /// `self`, as wide and high as `other` times (not ``NoSuchSymbol``: a doc comment's link to nothing is code, as DocC shows it).
                public func scaled(by other: Rectangle) -> Rectangle { other }
                /// The old name.
                @available(*, deprecated, renamed: "scaled(by:)")
                public func enlarged(by factor: Int) -> Rectangle { scaled(by: factor) }
            }

            extension Array where Element == Rectangle {
                /// Their areas added up (see ``Rectangle/area``).
                public var totalArea: Int { reduce(0) { $0 + $1.area } }
            }

            /// Something that describes itself.
            ///
            /// A type says what it is in words.
            ///
            /// ## Topics
            ///
            /// ### Describing
            ///
            /// - ``Described/describe()``
            public protocol Described {
                /// Its description.
                func describe() -> String
            }

            extension Described {
                /// "A shape", unless the type says more.
                public func describe() -> String { "A shape" }
            }

            extension Rectangle: Described {}

            """)
        // A catalog's extension file of a symbol: its words and samples on the symbol's page, its Topics curating members.
        try package.write(
            "Library/Shapes/Shapes.docc/Rectangle.md",
            """
            # ``Shapes/Rectangle``

            The catalog's own words about rectangles, and [its width](./rectangle/width), a page of the reference only.

            ```swift
            print(Rectangle(width: 2, height: 5).area)  // Prints "10"
            ```

            ## Topics

            ### Measuring

            - ``area``
            - ``init(width:height:)``

            """)
        // A library target no product holds is documented too, as swift-docc-plugin documents every library target.
        let manifest = try package.read("Package.swift")
        try package.write(
            "Package.swift",
            manifest.replacingOccurrences(
                of: ".target(name: \"CShapes\", path: \"Library/CShapes\"),",
                with:
                    ".target(name: \"CShapes\", path: \"Library/CShapes\"),\n        .target(name: \"ShapeTesting\", dependencies: [\"Shapes\"], path: \"Library/ShapeTesting\"),"
            ))
        try package.write(
            "Library/ShapeTesting/Checks.swift",
            "import Shapes\n\n/// Whether `rectangle` is a square.\npublic func isSquare(_ rectangle: Rectangle) -> Bool { rectangle.width == rectangle.height }\n"
        )
        // The declarations link their lines in the repository `source_url` names.
        try package.write("galley.yml", "source_url: https://github.com/example/shapes/blob/v1\n")
        let build = try GalleyExecutable.run(["build"], in: package.url)
        #expect(build.status == 0, "\(build.standardError)\n\(build.standardOutput)")
        #expect(
            build.standardError.contains(
                "API reference: 22 pages at DocC's addresses (documentation/…), 1 article's address sent on to it; "
                    + "1 catalog extension file shown on its symbol's page"),
            "\(build.standardError)")
        #expect(
            (build.standardOutput + build.standardError).contains("Samples: 6 passed, 0 failed"),
            "the extension file's sample and the doc comment's listing are verified too: \(build.standardError)\n\(build.standardOutput)")
        let check = try package.read("public/documentation/shapetesting/issquare(_:)/index.html")
        #expect(check.contains("Whether <code>rectangle</code> is a square."), "\(check)")
        let rectangle = try package.read("public/documentation/shapes/rectangle/index.html")
        #expect(rectangle.contains("<span class=\"tok-keyword\">struct</span> Rectangle"), "the declaration, highlighted: \(rectangle)")
        #expect(rectangle.contains("A rectangle with whole-number sides."), "its doc comment")
        #expect(
            rectangle.contains(
                "Declared in <a href=\"https://github.com/example/shapes/blob/v1/Library/Shapes/Rectangle.swift#L4\">Rectangle.swift:4</a>"),
            "\(rectangle)")
        // Relationships: the standard library's protocol links to its documentation.
        #expect(
            rectangle.contains("<a href=\"https://developer.apple.com/documentation/swift/equatable\"><code>Swift.Equatable</code></a>"),
            "\(rectangle)")
        for group in ["Instance Properties", "Instance Methods", "Default Implementations"] {
            #expect(rectangle.contains(">\(group)<"), "the \(group) group")
        }
        #expect(!rectangle.contains(">Initializers<"), "its one initializer is curated in the extension file's group")
        #expect(rectangle.contains("href=\"../../../documentation/shapes/rectangle/area/index.html\"><code>area</code></a>"))
        #expect(rectangle.contains("The height."), "a member's abstract")
        // The callouts as DocC lays them out.
        let scaled = try FileManager.default.contentsOfDirectory(
            atPath: package.url.appendingPathComponent("public/documentation/shapes/rectangle").path
        )
        .filter { $0.hasPrefix("scaled(by:)-") }.compactMap { try? package.read("public/documentation/shapes/rectangle/\($0)/index.html") }
        .first { $0.contains("How many times") }
        #expect(
            scaled?.contains("<h2 id=\"parameters\">Parameters") == true && scaled?.contains("<li><code>factor</code>: How many times.</li>") == true)
        #expect(scaled?.contains("<h2 id=\"return-value\">Return Value") == true && scaled?.contains("<p>A new rectangle.</p>") == true)
        // The doc comment's (indented) listing, verified by the build, with its verdict.
        #expect(
            scaled?.contains("<figcaption class=\"sample-badge\">✓ Verified</figcaption>") == true
                && scaled?.contains("<span class=\"tok-type\">Rectangle</span>") == true, "\(scaled ?? "")")
        // The overloads, told apart as DocC does: by a hash of each one's identifier.
        let overloads = try FileManager.default.contentsOfDirectory(
            atPath: package.url.appendingPathComponent("public/documentation/shapes/rectangle").path
        )
        .filter { $0.hasPrefix("scaled(by:)-") }
        #expect(overloads.count == 2 && overloads.allSatisfy { $0.count >= "scaled(by:)-".count + 3 }, "\(overloads)")
        let modern = try package.read("public/documentation/shapes/rectangle/modern/index.html")
        #expect(modern.contains("<strong>Availability:</strong> iOS 17.0+, macOS 14.0+"), "\(modern)")
        let deprecated = try package.read("public/documentation/shapes/rectangle/enlarged(by:)/index.html")
        // The declaration links the types it names to their pages, each with a popover of the type's declaration and abstract.
        let typeLink = "<a href=\"../../../../documentation/shapes/rectangle/index.html\" class=\"hv\" aria-describedby=\"hv-1\">"
        #expect(deprecated.contains("-&gt; \(typeLink)<span class=\"tok-type\">Rectangle</span></a>"), "\(deprecated)")
        #expect(deprecated.contains("<pre tabindex=\"0\" class=\"has-hovers\"><code class=\"language-swift\">"), "\(deprecated)")
        #expect(
            deprecated.contains(
                "<div class=\"hv-body\" id=\"hv-1\"><code class=\"hv-decl\"><span class=\"tok-keyword\">struct</span> Rectangle</code>"
                    + "<p class=\"hv-summary\">A rectangle with whole-number sides.</p>"
                    + "<a class=\"hv-link\" href=\"../../../../documentation/shapes/rectangle/index.html\">Go to Rectangle</a></div>"),
            "\(deprecated)")
        // A type outside the site links to its documentation, with no popover.
        #expect(
            deprecated.contains("<a href=\"https://developer.apple.com/documentation/swift/int\"><span class=\"tok-type\">Int</span></a>"),
            "\(deprecated)")
        #expect(
            deprecated.contains("<aside class=\"aside aside-deprecated\" aria-label=\"Deprecated\">")
                && deprecated.contains("<p>Use <code>scaled(by:)</code> instead.</p>"), "\(deprecated)")
        // The extension file is the symbol's page: the doc comment's abstract and the declaration after its title, its
        // words and verified sample, its curated group, the members it does not curate in DocC's groups, the relationships.
        let abstract = try #require(rectangle.range(of: "A rectangle with whole-number sides."))
        let words = try #require(rectangle.range(of: "The catalog's own words about rectangles"))
        #expect(abstract.upperBound < words.lowerBound, "the doc comment first, then the catalog's words")
        #expect(rectangle.contains("<figcaption class=\"sample-badge\">✓ Verified</figcaption>"), "the extension file's sample, verified")
        #expect(rectangle.contains("<h3 id=\"measuring\">Measuring"), "\(rectangle)")
        // A DocC URL path to a symbol that only the reference has a page for goes to that page.
        #expect(rectangle.contains("<a href=\"../../../documentation/shapes/rectangle/width/index.html\">its width</a>"), "\(rectangle)")
        let areaLink = "href=\"../../../documentation/shapes/rectangle/area/index.html\""
        // A sample's popover of `area` links to its page too (`Go to area`): apart from it, the page links there once.
        let popoverLink = #"<a class="hv-link" "# + areaLink + ">Go to area</a>"
        #expect(rectangle.contains(popoverLink), "\(rectangle)")
        #expect(
            rectangle.components(separatedBy: areaLink).count - rectangle.components(separatedBy: popoverLink).count == 1,
            "area is curated once, not listed again: \(rectangle)")
        #expect(rectangle.contains("href=\"../../../documentation/shapes/rectangle/width/index.html\""), "an uncurated member keeps its group")
        #expect(rectangle.contains("<a href=\"#relationships\">") || rectangle.contains("id=\"relationships\""), "\(rectangle)")
        // Search knows the symbols by name, the one whose extension file took its page's place too.
        let search = try package.read("public/search-index.js")
        #expect(search.contains(#""n":"Rectangle.area","o":"Int","u":"documentation/shapes/rectangle/area/index.html""#), "\(search.prefix(2000))")
        #expect(search.contains(#""n":"Rectangle","u":"documentation/shapes/rectangle/index.html""#))
        // The requirement and its default implementation share a name: each entry carries its declaration.
        #expect(search.components(separatedBy: #"{"d":"func describe() -> String","#).count == 3, "\(search.prefix(4000))")
        #expect(!search.contains(#"{"d":"var area: Int"#), "a name of its own has no declaration in the index")
        // Where the extension file was, a page sends the reader on.
        let moved = try package.read("public/Shapes/Rectangle.html")
        #expect(moved.contains("url=../documentation/shapes/rectangle/index.html"), "\(moved)")
        // A protocol's default implementation is listed on its requirement's page, not among the protocol's members.
        let described = try package.read("public/documentation/shapes/described/index.html")
        #expect(described.contains("describe()/index.html") && !described.contains("describe()-"), "\(described)")
        // Its doc comment's own Topics curate the requirement (with its abstract); no automatic group lists it again.
        #expect(described.contains("<h3 id=\"describing\">Describing"), "\(described)")
        #expect(described.components(separatedBy: "describe()/index.html").count == 2, "\(described)")
        #expect(described.contains("Its description."), "the curated member's abstract")
        #expect(!described.contains("Instance Methods"), "\(described)")
        #expect(described.components(separatedBy: "<h2 id=\"topics").count == 2, "one Topics section: \(described)")
        let discussion = try #require(described.range(of: "A type says what it is in words."))
        let topicsHeading = try #require(described.range(of: "<h2 id=\"topics"))
        #expect(discussion.upperBound < topicsHeading.lowerBound, "the discussion stays before the Topics")
        let requirement = try package.read("public/documentation/shapes/described/describe()/index.html")
        #expect(requirement.contains("Described Implementations") && requirement.contains("describe()-"), "\(requirement)")
        let inherited = try package.read("public/documentation/shapes/rectangle/equatable-implementations/index.html")
        #expect(inherited.contains("Equatable Implementations") && inherited.contains("!=(_:_:)"), "\(inherited)")
        // An extension of the standard library's type, under Swift and Array, its symbol link resolved from the symbol.
        let total = try package.read("public/documentation/shapes/swift/array/totalarea/index.html")
        #expect(total.contains("href=\"../../../../../documentation/shapes/rectangle/area/index.html\""), "\(total)")
        // The article keeps its page; DocC's address for it sends the reader there.
        let article = try package.read("public/documentation/shapes/gettingstarted/index.html")
        #expect(article.contains("<meta http-equiv=\"refresh\" content=\"0; url=../../../Shapes/GettingStarted.html\">"), "\(article)")
        // The module's page is in the navigation; its symbols' pages are not (they are reached from it).
        let home = try package.read("public/index.html")
        #expect(home.contains("documentation/shapes/index.html") && !home.contains("documentation/shapes/rectangle/index.html\"><span"))
        // Each page links its own source: a symbol's doc comment at its first line, the article's file; the home page
        // the build made has none. `source_url` names the commit's files, so the links view them (issue 48).
        let edit = { (url: String, label: String) in "<p class=\"edit-link\"><a href=\"\(url)\">\(label)</a></p>" }
        #expect(check.contains(edit("https://github.com/example/shapes/blob/v1/Library/ShapeTesting/Checks.swift#L3", EditLink.sourceLabel)))
        let gettingStarted = try package.read("public/Shapes/GettingStarted.html")
        let articleSource = "Library/Shapes/Shapes.docc/GettingStarted.md"
        #expect(gettingStarted.contains(edit("https://github.com/example/shapes/blob/v1/\(articleSource)", EditLink.sourceLabel)))
        #expect(!home.contains("class=\"edit-link\""), "\(home)")
        // Without `source_url`, in a clone on a branch: the host's edit page of that branch.
        try package.write("galley.yml", "")
        for arguments in [["init", "-q", "-b", "docs"], ["remote", "add", "origin", "git@github.com:example/shapes.git"]] {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            git.arguments = arguments
            git.currentDirectoryURL = package.url
            try git.run()
            git.waitUntilExit()
            #expect(git.terminationStatus == 0, "git \(arguments)")
        }
        let again = try GalleyExecutable.run(["build"], in: package.url)
        #expect(again.status == 0, "\(again.standardError)")
        let edited = try package.read("public/Shapes/GettingStarted.html")
        #expect(edited.contains(edit("https://github.com/example/shapes/edit/docs/\(articleSource)", EditLink.editLabel)), "\(edited)")
    }

    @Test(
        "reference_path moves the API reference into another folder, each page at DocC's path under it, links following; a bad one is an error; coverage and its threshold"
    )
    func referencePath() throws {
        let package = try Self.fixture()
        defer { package.remove() }
        try package.write("galley.yml", "reference_path: api/v1\n")
        let build = try GalleyExecutable.run(["build"], in: package.url)
        #expect(build.status == 0, "\(build.standardError)\n\(build.standardOutput)")
        #expect(build.standardError.contains("pages at DocC's paths under api/v1/ (api/v1/shapes/…)"), "\(build.standardError)")
        #expect(!FileManager.default.fileExists(atPath: package.url.appendingPathComponent("public/documentation/shapes/rectangle").path))
        let rectangle = try package.read("public/api/v1/shapes/rectangle/index.html")
        #expect(rectangle.contains("href=\"../../../../api/v1/shapes/rectangle/area/index.html\""), "its members: \(rectangle)")
        // The catalog's symbol link and DocC URL path follow the pages.
        let home = try package.read("public/Shapes/Shapes.html")
        #expect(home.contains("href=\"../api/v1/shapes/rectangle/index.html\""), "\(home)")

        // The coverage of the fixture's doc comments, and a threshold above it failing the build.
        let coverage = try GalleyExecutable.run(["build", "--coverage"], in: package.url)
        #expect(coverage.status == 0, "\(coverage.standardError)")
        #expect(coverage.standardError.contains("Documentation coverage: "), "\(coverage.standardError)")
        #expect(coverage.standardOutput.contains("Module") && coverage.standardOutput.contains("Coverage"), "\(coverage.standardOutput)")
        try package.write("Library/Shapes/Bare.swift", "public struct Bare {}\n")
        let below = try GalleyExecutable.run(["build", "--coverage-threshold", "100"], in: package.url)
        #expect(below.status == 1)
        #expect(
            below.standardError.contains("documentation coverage is") && below.standardError.contains("below the threshold of 100.0 %"),
            "\(below.standardError)")
        #expect(FileManager.default.fileExists(atPath: package.url.appendingPathComponent("public/api/v1/shapes/rectangle/index.html").path))

        try package.write("galley.yml", "title: Shapes\nreference_path: ../outside\n")
        let wrong = try GalleyExecutable.run(["build"], in: package.url)
        #expect(wrong.status != 0)
        #expect(
            wrong.standardError.contains("galley.yml:2") && wrong.standardError.contains("'reference_path' must be a folder of the site"),
            "\(wrong.standardError)")
    }

    /// A library file whose doc comments hold listings of each kind (lines matter: the test names them).
    static let documentedSource = """
        /// Scales rectangles.
        ///
        ///     let big = Scaler(factor: 3).scaled(Rectangle(width: 1, height: 2))
        ///     print(big.area)  // Prints "18"
        public struct Scaler {
            /// The factor.
            public var factor: Int
            /// A scaler by `factor`.
            public init(factor: Int) { self.factor = factor }

            /// `rectangle`, `factor` times as wide and high.
            ///
            /// ```swift
            /// print(Scaler(factor: 2).scaled(Rectangle(width: 1, height: 1)).width)  // Prints "3"
            /// ```
            public func scaled(_ rectangle: Rectangle) -> Rectangle {
                Rectangle(width: rectangle.width * factor, height: rectangle.height * factor)
            }

            /// A direction.
            public enum Axis {
                /** The horizontal axis.

                        print(Scaler.Axis.horizontal.name)  // Prints "horizontal"
                 */
                case horizontal

                /// Its name.
                ///
                /// ```
                /// let name = Scaler.Axis.horizontal.name
                /// ```
                ///
                ///     print(name.count)  // Prints "10"
                public var name: String { "horizontal" }
            }
        }

        /// Not shown by DocC: never verified.
        ///
        ///     this does not compile
        func internalHelper() {}

        /// A listing with an error of its own.
        ///
        ///     let wrong: Int = "three"
        public let answer = 42

        """

    @Test("galley verify finds the catalog, links the static product and its C module, and a warm run builds nothing")
    func verifiesCatalog() throws {
        let package = try Self.fixture()
        defer { package.remove() }
        let cold = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(cold.status == 0, "\(cold.standardError)\n\(cold.standardOutput)")
        #expect(
            cold.standardError.contains(
                "Found 1 catalog (Library/Shapes/Shapes.docc), 1 library product, 3 samples and 1 snippet in package Shapes."),
            "\(cold.standardError)")
        #expect(cold.standardOutput.contains("4 passed, 0 failed, 0 skipped"), "3 samples and the snippet: \(cold.standardOutput)")
        #expect(package.exists(".build/galley/library/Package.swift"), "linked through the wrapper package")

        let state = package.url.appendingPathComponent(".build/galley/library-state.json")
        let recorded = try FileManager.default.attributesOfItem(atPath: state.path)[.modificationDate] as? Date
        let start = Date()
        let warm = try GalleyExecutable.run(["verify"], in: package.url)
        let seconds = Date().timeIntervalSince(start)
        #expect(warm.status == 0, "\(warm.standardError)")
        #expect(warm.standardOutput.contains("4 passed, 0 failed, 0 skipped"))
        #expect(
            try FileManager.default.attributesOfItem(atPath: state.path)[.modificationDate] as? Date == recorded,
            "nothing changed: no swift build, the library state is not rewritten")
        #expect(seconds < 5, "a warm run took \(seconds) s")

        // A path argument picks the catalog; a page of it is verified alone.
        let picked = try GalleyExecutable.run(["verify", "Library/Shapes/Shapes.docc"], in: package.url)
        #expect(picked.status == 0, "\(picked.standardError)")
        #expect(picked.standardError.contains("Found 1 catalog (Library/Shapes/Shapes.docc)"))
        let one = try GalleyExecutable.run(["verify", "Library/Shapes/Shapes.docc/GettingStarted.md"], in: package.url)
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput.contains("3 passed, 0 failed, 0 skipped"), "its 2 samples and its snippet: \(one.standardOutput)")

        // A sample that goes wrong is reported at its line with the compiler's reason.
        try package.write("Library/Shapes/Shapes.docc/Broken.md", "# Broken\n\n```swift\nprint(Rectangle(width: 1).area)\n```\n")
        let broken = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(broken.status == 1)
        #expect(broken.standardOutput.contains("Library/Shapes/Shapes.docc/Broken.md:4:"), "\(broken.standardOutput)")
        #expect(broken.standardOutput.contains("missing argument for parameter 'height'"), "\(broken.standardOutput)")
        try FileManager.default.removeItem(at: package.url.appendingPathComponent("Library/Shapes/Shapes.docc/Broken.md"))

        // galley build: one site, the catalog under its module's name, and a home page.
        let build = try GalleyExecutable.run(["build"], in: package.url)
        #expect(build.status == 0, "\(build.standardError)\n\(build.standardOutput)")
        let home = try package.read("public/index.html")
        #expect(home.contains("href=\"Shapes/Shapes.html\""), "\(home)")
        let gettingStarted = try package.read("public/Shapes/GettingStarted.html")
        #expect(gettingStarted.contains("cshapes_rectangle_area"))
        // The snippet: its slice shown, verified as the whole program it is.
        #expect(gettingStarted.contains("Snippet Area · measure · ✓ Verified"), "\(gettingStarted)")
        #expect(
            gettingStarted.contains("(width: <span class=\"tok-number\">3</span>, height: <span class=\"tok-number\">5</span>)")
                && !gettingStarted.contains("unit.area"))

        // A snippet that does not do what it says fails at its own file and line.
        let snippet = try package.read("Snippets/Area.swift")
        try package.write(
            "Snippets/Area.swift", snippet.replacingOccurrences(of: "print(field.area) // Prints \"15\"", with: "print(field.area) // Prints \"16\""))
        let wrong = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(wrong.status == 1)
        #expect(wrong.standardOutput.contains("Snippets/Area.swift:9"), "\(wrong.standardOutput)")
        try package.write("Snippets/Area.swift", snippet)
        // Symbol links and DocC URL paths, checked against the module's symbol graph: each symbol has its reference page.
        let output = build.standardOutput + build.standardError
        #expect(
            output.contains("DocC symbol links and URL paths: 4 to pages, 0 to symbols with no page here (shown without a link), 0 broken"),
            "\(output)")
        let shapes = try package.read("public/Shapes/Shapes.html")
        #expect(
            shapes.contains("<a class=\"symbol-link\" href=\"../documentation/shapes/rectangle/area/index.html\"><code>area</code></a>"), "\(shapes)")
        #expect(shapes.contains("<a href=\"../documentation/shapes/rectangle/index.html\">the type</a>"), "\(shapes)")
        // A link to nothing fails the build at its line, with the closest symbol.
        try package.write("Library/Shapes/Shapes.docc/Typo.md", "# Typo\n\nSee ``Rectangle/aera``.\n\nRead [the end](#The-End).\n")
        let typo = try GalleyExecutable.run(["build"], in: package.url)
        #expect(typo.status == 1)
        #expect((typo.standardOutput + typo.standardError).contains("Typo.md:3:"), "\(typo.standardError)")
        #expect((typo.standardOutput + typo.standardError).contains("Did you mean ``Shapes/Rectangle/area``?"), "\(typo.standardError)")
        // A baseline records it like a failing sample, so unedited docs can be adopted; a new broken link still fails.
        let linksRecorded = try GalleyExecutable.run(["build", "--baseline", "links.json", "--bless-baseline"], in: package.url)
        #expect(linksRecorded.status == 0, "\(linksRecorded.standardError)\n\(linksRecorded.standardOutput)")
        #expect(try package.read("links.json").contains("Typo.md"))
        let known = try GalleyExecutable.run(["build", "--baseline", "links.json"], in: package.url)
        #expect(known.status == 0, "\(known.standardError)\n\(known.standardOutput)")
        // The recorded link is counted as a link, not as a sample's known failure.
        #expect(known.standardOutput.contains("Samples: 4 passed, 0 failed, 0 skipped"), "\(known.standardOutput)")
        // A link to a heading the page lacks is recorded too (a doc's bug DocC only warns about).
        #expect(known.standardOutput.contains("Links: 2 broken links are known (listed in the baseline)"), "\(known.standardOutput)")
        let typoPage = try package.read("public/Shapes/Typo.html")
        #expect(typoPage.contains("aera") && !typoPage.contains("href=\"Rectangle"), "shown as code, not a dead link: \(typoPage)")
        try package.write("Library/Shapes/Shapes.docc/Typo.md", "# Typo\n\nSee ``Rectangle/aera`` and ``Rectangle/hieght``.\n")
        let newTypo = try GalleyExecutable.run(["build", "--baseline", "links.json"], in: package.url)
        #expect(newTypo.status == 1)
        #expect((newTypo.standardOutput + newTypo.standardError).contains("Rectangle/hieght"), "\(newTypo.standardError)")
        try FileManager.default.removeItem(at: package.url.appendingPathComponent("links.json"))
        try FileManager.default.removeItem(at: package.url.appendingPathComponent("Library/Shapes/Shapes.docc/Typo.md"))

        // With a baseline the site builds although a sample fails; the page shows it as a known failure, with its reason.
        try package.write("Library/Shapes/Shapes.docc/Broken.md", "# Broken\n\n```swift\nprint(Rectangle(width: 1).area)\n```\n")
        let blessed = try GalleyExecutable.run(["build", "--baseline", "known.json", "--bless-baseline"], in: package.url)
        #expect(blessed.status == 0, "\(blessed.standardError)\n\(blessed.standardOutput)")
        let brokenPage = try package.read("public/Shapes/Broken.html")
        #expect(brokenPage.contains("⚠ Known failure"), "\(brokenPage)")
        #expect(brokenPage.contains("missing argument for parameter &#39;height&#39;"), "\(brokenPage)")
        let again = try GalleyExecutable.run(["build", "--baseline", "known.json"], in: package.url)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains("4 passed, 0 failed, 1 known failure, 0 skipped"), "\(again.standardOutput)")
    }

    @Test("an edit of a doc comment alone (same code, same lines) shows on the next build's page, and its listing is verified as edited")
    func docCommentEdit() throws {
        let package = try Self.fixture()
        defer { package.remove() }
        try package.write(
            "Library/Shapes/Doubling.swift",
            """
            extension Rectangle {
                /// Twice as wide: the first words.
                ///
                ///     print(Rectangle(width: 1, height: 2).doubled.width)  // Prints "2"
                public var doubled: Rectangle { Rectangle(width: width * 2, height: height) }
            }

            """)
        let first = try GalleyExecutable.run(["build"], in: package.url)
        #expect(first.status == 0, "\(first.standardError)\n\(first.standardOutput)")
        let page = "public/documentation/shapes/rectangle/doubled/index.html"
        #expect(try package.read(page).contains("Twice as wide: the first words."))
        // The same code on the same lines: the library's binary is the same, its documentation is not.
        let source = try package.read("Library/Shapes/Doubling.swift")
        try package.write(
            "Library/Shapes/Doubling.swift", source.replacingOccurrences(of: "the first words.", with: "the second words."))
        let second = try GalleyExecutable.run(["build"], in: package.url)
        #expect(second.status == 0, "\(second.standardError)\n\(second.standardOutput)")
        let edited = try package.read(page)
        #expect(edited.contains("Twice as wide: the second words.") && !edited.contains("the first words."), "\(edited)")
        // A listing edited into a wrong one fails the build: its verdict is not the last build's.
        try package.write(
            "Library/Shapes/Doubling.swift", source.replacingOccurrences(of: "// Prints \"2\"", with: "// Prints \"3\""))
        let third = try GalleyExecutable.run(["build"], in: package.url)
        #expect(third.status != 0, "\(third.standardError)\n\(third.standardOutput)")
        #expect((third.standardOutput + third.standardError).contains("Doubling.swift:4"), "\(third.standardError)\n\(third.standardOutput)")
    }
}

/// A package whose library declares a macro implemented by a macro target:
/// SwiftPM passes the plugin to a module's compile as `-Xfrontend
/// -load-plugin-executable -Xfrontend <path>#Module`, and samples that expand
/// the macro need it too. Slow: the fixture builds swift-syntax (from the
/// machine's mirror of its repository), about 2 minutes on 2 cores.
@Suite("A package with a macro", .serialized)
struct MacroPackageTests {
    @Test("a sample that expands the package's macro passes; misusing it fails with the macro's or the compiler's error at its line")
    func verifiesMacroSamples() throws {
        // Tests/Fixtures/MacroDocs: `#stringify(x)` → `(x, "x")`, a string literal refused by the macro itself.
        let package = try PackageRootTests.fixture("MacroDocs")
        defer { package.remove() }
        let verify = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(verify.status == 0, "\(verify.standardError)\n\(verify.standardOutput)")
        #expect(
            verify.standardError.contains("Found 1 catalog (Sources/Stringify/Stringify.docc), 1 library product, 1 sample in package Stringify."),
            "\(verify.standardError)")
        #expect(verify.standardOutput.contains("1 passed, 0 failed, 0 skipped"), "the expansion printed \"5 2 + 3\": \(verify.standardOutput)")
        #expect(!verify.standardOutput.contains("-Xfrontend"), "\(verify.standardOutput)")

        // galley build shows the sample verified, its output, and the macro's declaration on hover.
        let build = try GalleyExecutable.run(["build"], in: package.url)
        #expect(build.status == 0, "\(build.standardError)\n\(build.standardOutput)")
        let page = try package.read("public/Stringify/Stringify.html")
        #expect(page.contains("<pre>5 2 + 3</pre>"), "\(page)")
        #expect(page.contains("<span class=\"tok-keyword\">macro</span> stringify&lt;T&gt;"), "\(page)")

        // Misuses: one the macro's implementation refuses (its error comes from the plugin), one the type checker does.
        try package.write(
            "Sources/Stringify/Stringify.docc/Misuse.md",
            "# Misuse\n\n```swift\nlet (value, code) = #stringify(\"text\")\nprint(value, code)\n```\n\n"
                + "```swift\nlet pair: (String, String) = #stringify(2 + 3)\n```\n")
        let misused = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(misused.status == 1, "\(misused.standardError)\n\(misused.standardOutput)")
        #expect(
            misused.standardOutput.contains(
                "Sources/Stringify/Stringify.docc/Misuse.md:4:21: error: #stringify of a string literal is the literal itself (from macro 'stringify')"
            ),
            "\(misused.standardOutput)")
        #expect(
            misused.standardOutput.contains(
                "Sources/Stringify/Stringify.docc/Misuse.md:9:43: error: cannot convert value of type 'Int' to expected argument type 'String'"),
            "\(misused.standardOutput)")
        #expect(misused.standardOutput.contains("1 passed, 2 failed, 0 skipped"), "\(misused.standardOutput)")
    }
}

@Suite("Paths named on the command line are trusted")
struct TrustedPathTests {
    @Test("--templates and --content outside the project are read; a link inside them is still checked and named")
    func outsideFolders() throws {
        let site = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        defer { site.remove(); elsewhere.remove() }
        try FixtureTheme.write(into: elsewhere)
        try elsewhere.write("docs/index.md", "# Elsewhere\n\n[Next](two.md)\n")
        try elsewhere.write("docs/two.md", "# Two\n")
        let theme = elsewhere.url.appendingPathComponent("templates").path
        let content = elsewhere.url.appendingPathComponent("docs").path
        let result = try GalleyExecutable.run(["build", "--templates", theme, "--content", content], in: site.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try site.read("public/index.html").contains("Elsewhere"))

        let plain = try GalleyExecutable.run(["verify", "--content", content], in: site.url)
        #expect(plain.status == 0, "\(plain.standardError)\(plain.standardOutput)")

        // A link found inside a named folder that leads out of it (and of the project) is an error naming that link.
        let secret = try TemporaryDirectory()
        defer { secret.remove() }
        try secret.write("shared/leak.md", "# Leak\n")
        try FileManager.default.createSymbolicLink(
            at: elsewhere.url.appendingPathComponent("docs/shared"),
            withDestinationURL: secret.url.appendingPathComponent("shared"))
        let linked = try GalleyExecutable.run(["build", "--templates", theme, "--content", content], in: site.url)
        #expect(linked.status == 1)
        #expect(linked.standardError.contains("error: \(content)/shared: '\(content)/shared' is a symbolic link to '"), "\(linked.standardError)")
        #expect(linked.standardError.contains("shared', outside the project"), "\(linked.standardError)")
        #expect(!linked.standardError.contains("'\(content)/index.md' is a symbolic link"), "plain files of a named folder are not links")
    }

    @Test("a folder of the project reached through a link names the link, not the file")
    func linkedFolderInContent() throws {
        let site = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        defer { site.remove(); outside.remove() }
        try site.write("content/index.md", "# Home\n")
        try outside.write("guides/a.md", "# A\n")
        try FileManager.default.createSymbolicLink(
            at: site.url.appendingPathComponent("content/guides"),
            withDestinationURL: outside.url.appendingPathComponent("guides"))
        let result = try GalleyExecutable.run(["build"], in: site.url)
        #expect(result.status == 1)
        #expect(result.standardError.contains("error: content/guides: 'content/guides' is a symbolic link to '"), "\(result.standardError)")
        #expect(!result.standardError.contains("content/index.md"), "\(result.standardError)")
    }
}

/// A package with traits and a catalog of a target in no product, built for its docs.
@Suite("A package built for its docs", .serialized)
struct TraitPackageTests {
    @Test(
        "a package is built as its docs describe it: traits that add code on, Foundation in scope where its module imports it, a catalog target in no product built"
    )
    func traitsAndFoundation() throws {
        // Tests/Fixtures/TraitDocs: `Export` adds `csv()`, `Silent` (`#if !Silent`) removes the audit line.
        let package = try PackageRootTests.fixture("TraitDocs")
        defer { package.remove() }
        let verify = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(verify.status == 0, "\(verify.standardError)\n\(verify.standardOutput)")
        #expect(verify.standardError.contains("Traits enabled: Export; left off: Silent (the library tests them negated"), "\(verify.standardError)")
        #expect(
            verify.standardError.contains("Target LedgerTesting is in no library product: Galley builds it for its catalog's samples."),
            "\(verify.standardError)")
        // 3 of Ledger's catalog, 2 of LedgerTesting's (a target in no product), one naming Ledger's type unimported.
        #expect(verify.standardOutput.contains("5 passed, 0 failed, 0 skipped"), "\(verify.standardOutput)")
        #expect(try package.read(".build/galley/library/Package.swift").contains("traits: [\"Export\"]"))

        // Control: built without traits (`traits: []`), the trait's API is missing and the sample says so: the
        // environment's (the build lacks the trait), not an error in the docs, so a warning under the default gate.
        try package.write("galley.yml", "verify:\n  traits: []\n")
        let defaults = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(defaults.status == 0, "\(defaults.standardOutput)")
        #expect(defaults.standardOutput.contains("value of type 'Ledger' has no member 'csv'"), "\(defaults.standardOutput)")
        #expect(defaults.standardOutput.contains("`#if Export`"), "\(defaults.standardOutput)")
        #expect(defaults.standardOutput.contains("4 passed, 1 failed (0 in the docs"), "\(defaults.standardOutput)")

        // A trait list that does not build falls back to the defaults, with a warning that says so.
        try package.write("galley.yml", "verify:\n  traits: [Export, Missing]\n")
        let fallback = try GalleyExecutable.run(["verify"], in: package.url)
        let all = fallback.standardError + fallback.standardOutput
        #expect(fallback.status == 0, "\(all)")
        #expect(all.contains("the library was built with the package's default traits: building it with Export, Missing failed"), "\(all)")
        #expect(fallback.standardOutput.contains("has no member 'csv'"), "\(all)")

        // A target in no product that does not build: a warning names it, and only its catalog's samples fail.
        try package.write("galley.yml", "title: Ledger\n")
        let manifest = try package.read("Package.swift")
        try package.write(
            "Package.swift",
            manifest.replacingOccurrences(
                of: ".target(name: \"LedgerTesting\", dependencies: [\"Ledger\"]),",
                with: ".target(name: \"LedgerTesting\", dependencies: [\"Ledger\"]),\n        .target(name: \"LedgerDraft\"),"))
        try package.write("Sources/LedgerDraft/Draft.swift", "public let draft: Int = \"not a number\"\n")
        try package.write("Sources/LedgerDraft/LedgerDraft.docc/LedgerDraft.md", "# ``LedgerDraft``\n\n```swift\nprint(draft)\n```\n")
        // The module is missing (the environment), not wrong in the docs: it fails only a strict gate.
        let draft = try GalleyExecutable.run(["verify", "--strict"], in: package.url)
        let both = draft.standardError + draft.standardOutput
        #expect(draft.status == 1, "\(both)")
        #expect(try GalleyExecutable.run(["verify"], in: package.url).status == 0)
        #expect(both.contains("the catalog of LedgerDraft, a target that no library product exposes, cannot import it"), "\(both)")
        #expect(draft.standardOutput.contains("no such module 'LedgerDraft'"), "\(both)")
        #expect(draft.standardOutput.contains("5 passed, 1 failed, 0 skipped"), "\(both)")
    }
}
