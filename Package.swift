// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Galley",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "galley", targets: ["galley"]),
        .library(name: "HeadlessSwiftUI", type: .dynamic, targets: ["HeadlessSwiftUI"]),
        // `swift package galley verify` in a package that depends on Galley.
        .plugin(name: "GalleyPlugin", targets: ["GalleyPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The ranges are as wide as Galley builds with (each end built and tested), so that adding
        // Galley to a package does not break its resolution: scripts/resolve-test.sh.
        .package(url: "https://github.com/jpsim/Yams", "5.0.1"..<"7.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-symbolkit", from: "1.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "Ccmark",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // The bottom of the graph: diagnostics, paths, concurrency, hashes; Foundation and CSHA256 only.
        // SHA-256 for content hashes (GalleyCore.SHA256): a few dozen lines of C, not a cryptography library.
        .target(name: "CSHA256"),
        .target(name: "GalleyCore", dependencies: ["CSHA256"]),
        // One region per cmark tree (cmark's allocator API takes C functions).
        .target(name: "CcmarkArena", dependencies: ["Ccmark"]),
        .target(name: "GalleyMarkdown", dependencies: ["Ccmark", "CcmarkArena"]),
        // Processes: posix_spawn in a process group of its own, the supervisor that ends them, the sandbox.
        .target(name: "GalleyProcess", dependencies: ["GalleyCore"]),
        // The SwiftPM package and its toolchain: the library build for samples, flags, the symbol graph.
        .target(
            name: "GalleyPackage",
            dependencies: [
                "GalleyCore", "GalleyProcess",
                .product(name: "SymbolKit", package: "swift-docc-symbolkit"),
            ]
        ),
        // The sample model: what a sample is (attributes, expected output, hidden lines), its verdict.
        .target(
            name: "GalleySamples",
            dependencies: [
                "GalleyCore",
                "GalleyMarkdown",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                // A tutorial's step file is checked for syntax errors in the compiler's words (SwiftSource.syntaxErrors).
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        // Samples → the Swift programs that are compiled, each with its map back to the samples' lines.
        .target(
            name: "GalleyPrograms",
            dependencies: ["GalleySamples", .product(name: "SwiftSyntax", package: "swift-syntax")]
        ),
        // Reports: the verification report and its forms (human, GitHub, JUnit, JSON), shard merge, baseline.
        .target(
            name: "GalleyReports",
            dependencies: [
                "GalleyCore", "GalleyMarkdown", "GalleySamples",
            ]
        ),
        // Hovers: sourcekitd in process or in worker processes, asked about a compiled program's identifiers.
        .target(
            name: "GalleyHovers",
            dependencies: ["GalleySamples", "GalleyPrograms", .product(name: "SwiftSyntax", package: "swift-syntax")]
        ),
        // Verification: samples → programs → swiftc → sandboxed runs → verdicts, hovers, reports.
        .target(
            name: "GalleyVerify",
            dependencies: [
                "GalleyCore",
                "GalleyMarkdown",
                "GalleyProcess",
                "GalleyPackage",
                "GalleySamples",
                "GalleyPrograms",
                "GalleyHovers",
                "GalleyReports",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        // Tutorials' projects: each section's end state built as a package, run, its output compared.
        .target(
            name: "GalleyTutorials",
            dependencies: [
                "GalleyCore", "GalleyProcess", "GalleyPackage", "GalleySamples", "GalleyProject",
            ]
        ),
        // The site model: layout, galley.yml, front matter, pages, links, navigation.
        .target(
            name: "GalleyProject",
            dependencies: [
                "GalleyCore", "GalleyMarkdown", "GalleyPackage", "GalleySamples", .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The API reference: DocC's page tree and paths, symbol pages, curation, navigation, coverage.
        .target(
            name: "GalleyReference",
            dependencies: ["GalleyCore", "GalleyMarkdown", "GalleyPackage", "GalleyProject"]
        ),
        // The built-in theme: templates/ compiled in (generated by `make theme`).
        .target(name: "GalleyTheme"),
        // Rendering: Mustache, Swift highlighting, search index, sitemap, through the theme.
        .target(
            name: "GalleyRender",
            dependencies: [
                "GalleyCore",
                "GalleyTheme",
                "GalleyMarkdown",
                "GalleyPackage",
                "GalleySamples",
                "GalleyProject",
                "GalleyReference",
                "GalleyReports",
                .product(name: "SwiftIDEUtils", package: "swift-syntax"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // Output: staging folder, atomic exchange, lock, sync, the output-folder guard.
        .target(name: "GalleyOutput", dependencies: ["GalleyCore"]),
        // The build pipeline and the verify workflow, on top of the modules above.
        .target(
            name: "GalleySite",
            dependencies: [
                "GalleyCore", "GalleyPackage", "GalleySamples", "GalleyHovers", "GalleyVerify", "GalleyReports", "GalleyProject",
                "GalleyReference", "GalleyRender", "GalleyOutput", "GalleyTutorials", "GalleyProcess",
                // A doc comment edited in a preview is read from its Swift file (DocCommentEdit).
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // A versioned site: each version one build in a folder of its own, then one assembly.
        .target(
            name: "GalleyVersions",
            dependencies: [
                "GalleyCore", "GalleyMarkdown", "GalleyProcess", "GalleyPackage", "GalleyProject", "GalleyReference", "GalleyReports",
                "GalleySamples", "GalleyRender", "GalleyOutput", "GalleySite",
            ]
        ),
        .target(
            name: "GalleyServer",
            dependencies: [
                "GalleyCore",
                "GalleyReports",
                "GalleyProject",
                "GalleySite",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "galley",
            dependencies: [
                "GalleyCore",
                "GalleyTheme",
                "GalleyProcess",
                "GalleyPackage",
                "GalleySamples",
                "GalleyHovers",
                "GalleyVerify",
                "GalleyReports",
                "GalleyProject",
                "GalleyRender",
                "GalleySite",
                "GalleyServer",
                "GalleyVersions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The command plugin: runs the galley executable in the root of the package that depends on Galley.
        .plugin(
            name: "GalleyPlugin",
            capability: .command(
                intent: .custom(
                    verb: "galley",
                    description: "Verify the Swift samples of the package's DocC catalogs and doc comments, or build its site (galley --help)."
                ),
                permissions: [
                    .writeToPackageDirectory(reason: "galley keeps its cache in .build/galley/ and builds the site into public/")
                ]
            ),
            dependencies: ["galley"]
        ),
        .target(
            name: "HeadlessSwiftUI",
            dependencies: [.product(name: "OpenCombineShim", package: "OpenCombine")]
        ),
        .target(name: "GalleyTestSupport", path: "Tests/GalleyTestSupport"),
        .testTarget(name: "GalleyCoreTests", dependencies: ["GalleyCore", "GalleyTestSupport"]),
        .testTarget(name: "GalleyMarkdownTests", dependencies: ["GalleyMarkdown", "Ccmark", "CcmarkArena"]),
        // Not "GalleyPackageTests": SwiftPM names the test runner of the package "Galley" so.
        .testTarget(
            name: "GalleyPackageModuleTests",
            dependencies: [
                // DocCPagesTests: the reference's page tree, with the symbol graph tests' helpers.
                "GalleyCore", "GalleyMarkdown", "GalleyPackage", "GalleyProject", "GalleyReference", "GalleyTestSupport",
                // Not imported: a real module whose symbol graph the tests extract, built before them.
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "GalleyVerifyTests",
            dependencies: [
                "GalleyCore", "GalleyMarkdown", "GalleyProcess", "GalleyPackage", "GalleySamples", "GalleyPrograms", "GalleyHovers", "GalleyVerify",
                "GalleyReports", "GalleyTestSupport",
            ]
        ),
        .testTarget(
            name: "GalleySiteTests",
            dependencies: [
                "GalleyCore", "GalleyMarkdown", "GalleyPackage", "GalleySamples", "GalleyHovers", "GalleyVerify", "GalleyProject",
                "GalleyReference", "GalleyRender", "GalleyOutput", "GalleySite", "GalleyTutorials", "GalleyTestSupport", "GalleyTheme",
                // The reference the compiled templates are checked against.
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(name: "HeadlessSwiftUITests", dependencies: ["HeadlessSwiftUI"], exclude: ["Samples"]),
        .testTarget(
            name: "GalleyCLITests",
            dependencies: [
                "galley", "GalleyCore", "GalleyProject", "GalleyRender", "GalleyReports", "GalleySite", "GalleyTestSupport", "GalleyTheme",
            ]),
        .testTarget(
            name: "GalleyVersionsTests",
            dependencies: ["GalleyCore", "GalleyProject", "GalleyReference", "GalleyVersions"]
        ),
        .testTarget(
            name: "GalleyServerTests",
            dependencies: ["GalleyProject", "GalleyRender", "GalleySite", "GalleyServer", "GalleyTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
