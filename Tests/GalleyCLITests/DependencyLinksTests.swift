import Foundation
import GalleyTestSupport
import Testing

/// A type of a dependency in a declaration links to that dependency's
/// documentation at the version SwiftPM resolved (issue 48): a package
/// depending on swift-log (from the machine's package mirror, by its GitHub
/// address), built with `galley build`.
@Suite("Links into dependencies", .serialized)
struct DependencyLinksTests {
    @Test("a Logger in a declaration links to swift-log's page on the Swift Package Index at the resolved version; external_docs takes it out")
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
            }

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
        // `external_docs:` says where a module's documentation is, or (empty) that it has none here: it wins.
        try package.write("galley.yml", "external_docs:\n  Logging: \"\"\n")
        let again = try GalleyExecutable.run(["build"], in: package.url)
        #expect(again.status == 0, "\(again.standardError)")
        let plain = try package.read("public/documentation/greeter/greeter/logger/index.html")
        #expect(!plain.contains("swiftpackageindex.com"), "\(plain)")
        #expect(plain.contains("Logger"), "the type is still shown, as text")
    }
}
