import Foundation
import GalleyPackage
import GalleyProject
import GalleyTestSupport
import Testing

/// A dependency's types link to its documentation at the version SwiftPM
/// resolved, on the Swift Package Index (issue 48).
@Suite("Dependencies' documentation")
struct DependencyDocumentationTests {
    /// A build folder as SwiftPM leaves it: a plan compiling `NIOCore` from
    /// swift-nio's checkout, `Logging` from swift-log's, `Pinned` from a
    /// revision-pinned checkout and `Shapes` from the package itself, and the
    /// workspace state naming the three checkouts.
    func scratch() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let checkouts = folder.url.appendingPathComponent("checkouts").path
        func command(_ module: String, _ source: String) -> String {
            let arguments = ["/opt/swift/usr/bin/swiftc", "-module-name", module, "-I", "\(checkouts)/swift-nio/Sources/CNIOLinux/include", source]
            let json = "[" + arguments.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            return "  \"C.\(module)\":\n    tool: shell\n    args: \(json)\n"
        }
        try folder.write(
            "debug.yaml",
            "client:\n  name: basic\ncommands:\n"
                + command("NIOCore", "\(checkouts)/swift-nio/Sources/NIOCore/EventLoop.swift")
                + command("Logging", "\(checkouts)/swift-log/Sources/Logging/Logger.swift")
                + command("Pinned", "\(checkouts)/pinned/Sources/Pinned/P.swift")
                + command("Shapes", "/work/shapes/Sources/Shapes/Rectangle.swift"))
        try folder.write(
            "workspace-state.json",
            """
            {"object": {"artifacts": [], "dependencies": [
              {"basedOn": null, "packageRef": {"identity": "swift-nio", "kind": "remoteSourceControl",
                "location": "https://github.com/apple/swift-nio.git", "name": "swift-nio"},
               "state": {"checkoutState": {"revision": "abc", "version": "2.101.3"}, "name": "sourceControlCheckout"}, "subpath": "swift-nio"},
              {"basedOn": null, "packageRef": {"identity": "swift-log", "kind": "remoteSourceControl",
                "location": "git@github.com:apple/swift-log.git", "name": "swift-log"},
               "state": {"checkoutState": {"revision": "def", "branch": "main"}, "name": "sourceControlCheckout"}, "subpath": "swift-log"},
              {"basedOn": null, "packageRef": {"identity": "pinned", "kind": "remoteSourceControl",
                "location": "https://github.com/example/pinned.git", "name": "pinned"},
               "state": {"checkoutState": {"revision": "0123"}, "name": "sourceControlCheckout"}, "subpath": "pinned"},
              {"basedOn": null, "packageRef": {"identity": "shapes", "kind": "fileSystem", "location": "/work/shapes", "name": "shapes"},
               "state": {"name": "fileSystem", "path": "/work/shapes"}, "subpath": "shapes"}
            ]}, "version": 7}
            """)
        return folder
    }

    @Test("each module built from a dependency's checkout: its version's (else its branch's) documentation; a bare revision is not placed")
    func roots() throws {
        let folder = try scratch()
        defer { folder.remove() }
        let found = DependencyDocumentation(buildPlan: folder.url.appendingPathComponent("debug.yaml"))
        #expect(
            found.roots == [
                "NIOCore": "https://swiftpackageindex.com/apple/swift-nio/2.101.3/documentation/niocore/",
                "Logging": "https://swiftpackageindex.com/apple/swift-log/main/documentation/logging/",
            ], "the package's own module is not a dependency's; an -I into a checkout names no module")
        #expect(found.unplaced == ["Pinned"])
        // No build folder: nothing found, nothing guessed.
        let none = DependencyDocumentation(buildPlan: folder.url.appendingPathComponent("missing/debug.yaml"))
        #expect(none.roots.isEmpty && none.unplaced.isEmpty)
    }

    @Test("external_docs wins over a dependency's default, and a module it takes out stays out")
    func precedence() {
        let configured = ExternalDocumentation(bases: ["Logging": "https://example.org/logging", "NIOCore": ""])
        let joined = configured.adding(defaults: [
            "Logging": "https://swiftpackageindex.com/apple/swift-log/1.16.2/documentation/logging/",
            "NIOCore": "https://swiftpackageindex.com/apple/swift-nio/2.101.3/documentation/niocore/",
            "NIOPosix": "https://swiftpackageindex.com/apple/swift-nio/2.101.3/documentation/nioposix/",
        ])
        #expect(joined.url(module: "Logging", path: ["Logger"]) == "https://example.org/logging/logger")
        #expect(joined.url(module: "NIOCore", path: ["EventLoop"]) == nil)
        #expect(
            joined.url(forTypeIdentifier: "s:8NIOPosix27MultiThreadedEventLoopGroupC", spelling: "MultiThreadedEventLoopGroup")
                == "https://swiftpackageindex.com/apple/swift-nio/2.101.3/documentation/nioposix/multithreadedeventloopgroup")
        #expect(joined.url(module: "Swift", path: ["Int"]) == "https://developer.apple.com/documentation/swift/int", "Apple's stay")
    }
}
