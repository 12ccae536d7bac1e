import Foundation
import GalleyTestSupport
import Testing

/// A type of a dependency in a declaration links to that dependency's
/// documentation at the version SwiftPM resolved (issue 48): a package
/// depending on swift-log (from the machine's package mirror, by its GitHub
/// address), built with `galley build`.
@Suite("Links into dependencies", .serialized)
struct DependencyLinksTests {
    @Test(
        "a Logger (and its nested Logger.Level) in a declaration links to swift-log's page on the Swift Package Index at the resolved version; external_docs takes it out; the build counts both"
    )
    func swiftLog() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Greeter",
                products: [.library(name: "Greeter", targets: ["Greeter"])],
                dependencies: [.package(url: "https://github.com/apple/swift-log.git", from: "1.16.2")],
                targets: [.target(name: "Greeter", dependencies: [.product(name: "Logging", package: "swift-log")])]
            )

            """)
        try package.write(
            "Sources/Greeter/Greeter.swift",
            """
            import Logging

            /// Greets, and says so in its log.
            public struct Greeter {
                /// The log it writes to.
                public var logger: Logger

                /// A greeter writing to `logger`.
                public init(logger: Logger) { self.logger = logger }

                /// The level it greets at.
                public var level: Logger.Level { .info }
            }

            """)
        // An article whose sample names the package's type, the dependency's and the standard library's.
        try package.write(
            "Sources/Greeter/Greeter.docc/Greeting.md",
            """
            # Greeting

            Make a greeter that logs.

            ```swift
            import Greeter
            import Logging

            let greeter = Greeter(logger: Logger(label: "greeter"))
            let name: String = "world"
            print(name, greeter.level)
            ```

            """)
        let build = try GalleyExecutable.run(["build"], in: package.url)
        #expect(build.status == 0, "\(build.standardError)\n\(build.standardOutput)")
        let output = build.standardOutput + build.standardError
        #expect(
            output.contains("Dependencies' documentation: 1 module of 1 package linked on the Swift Package Index at their resolved versions"),
            "\(output)")
        let logger = "href=\"https://swiftpackageindex.com/apple/swift-log/1.16.2/documentation/logging/logger\""
        // The property's declaration (`var logger: Logger`) and the initializer's.
        let property = try package.read("public/documentation/greeter/greeter/logger/index.html")
        #expect(property.contains(logger), "\(property)")
        #expect(try package.read("public/documentation/greeter/greeter/init(logger:)/index.html").contains(logger))
        // A nested type's identifier names its parents: `Logger.Level` links to its own page.
        let level = try package.read("public/documentation/greeter/greeter/level/index.html")
        #expect(level.contains("href=\"https://swiftpackageindex.com/apple/swift-log/1.16.2/documentation/logging/logger/level\""), "\(level)")
        // Logger twice, then Logger and Level in `Logger.Level`.
        #expect(output.contains("API reference: types of other modules in declarations: 4 linked\n"), "\(output)")
        // The sample's popovers link each name to its documentation: the site's page, the dependency's, Apple's.
        let article = try package.read("public/Greeter/Greeting.html")
        #expect(article.contains(#"documentation/greeter/greeter/index.html">Go to Greeter</a>"#), "\(article)")
        #expect(article.contains(#"<a class="hv-link" \#(logger)>Go to Logger</a>"#), "\(article)")
        #expect(article.contains(#"<a class="hv-link" href="https://developer.apple.com/documentation/swift/string">Go to String</a>"#))
        // `external_docs:` says where a module's documentation is, or (empty) that it has none here: it wins.
        try package.write("galley.yml", "external_docs:\n  Logging: \"\"\n")
        let again = try GalleyExecutable.run(["build"], in: package.url)
        #expect(again.status == 0, "\(again.standardError)")
        let plain = try package.read("public/documentation/greeter/greeter/logger/index.html")
        #expect(!plain.contains("swiftpackageindex.com"), "\(plain)")
        #expect(plain.contains("Logger"), "the type is still shown, as text")
        // In a sample too: the popover shows Logger's declaration, with no link.
        let unlinked = try package.read("public/Greeter/Greeting.html")
        #expect(!unlinked.contains("Go to Logger"), "\(unlinked)")
        #expect(unlinked.contains("Go to Greeter"))
        #expect(
            (again.standardOutput + again.standardError).contains("types of other modules in declarations: 0 linked, 4 shown as text (Logging 4)"),
            "\(again.standardOutput)")
    }
}
