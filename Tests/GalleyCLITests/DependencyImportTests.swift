import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyPackage

/// A name of the library's module graph used without its import: the
/// import every reader adds, never an error in the docs.
@Suite("Imports the docs leave out")
struct DependencyImportTests {
    @Test("the public declarations that start a line are a module's top-level names; members and internal ones are not")
    func topLevelNames() {
        let source = """
            public struct AsyncTimerSequence<C: Clock>: AsyncSequence {
                public func makeAsyncIterator() -> Iterator { fatalError() }
            }
            @available(macOS 10.15, iOS 13.0, *)
            @frozen public enum Choice { case a }
            public final class Box {}
            open class Base {}
            public func withTimeout(_ seconds: Int) {}
            public let defaultLabel = "x"
            struct Hidden {}
            public extension Array {}
            internal func helper() {}
            """
        #expect(ModuleDeclarations.topLevelNames(in: source) == ["AsyncTimerSequence", "Choice", "Box", "Base", "withTimeout", "defaultLabel"])
    }

    @Test("a build plan's modules are read with their sources (a response file's list too)")
    func buildPlan() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("Timers/Timer.swift", "public struct Ticker {}\n")
        try folder.write("Timers/sources", "\(folder.url.path)/Timers/Timer.swift\n")
        try folder.write("Clients/Client.swift", "public struct Client {}\npublic struct Ticker {}\n")
        let arguments = { (module: String, files: [String]) in
            let list = (["/usr/bin/swiftc", "-module-name", module] + files).map { "\"\($0)\"" }.joined(separator: ",")
            return "    args: [\(list)]\n"
        }
        try folder.write(
            "debug.yaml",
            "client:\n  name: basic\ncommands:\n  \"C.Timers\":\n"
                + arguments("Timers", ["@\(folder.url.path)/Timers/sources"])
                + "  \"C.Clients\":\n" + arguments("Clients", ["\(folder.url.path)/Clients/Client.swift"]))
        let declarations = ModuleDeclarations.read(buildPlan: folder.url.appendingPathComponent("debug.yaml"))
        #expect(declarations.modules(declaring: "Ticker") == ["Clients", "Timers"])
        #expect(declarations.modules(declaring: "Client") == ["Clients"])
        #expect(declarations.modules(declaring: "Missing").isEmpty)
        #expect(ModuleDeclarations.read(buildPlan: folder.url.appendingPathComponent("none.yaml")) == ModuleDeclarations())
    }

    @Test("a dependency module's type used without its import type-checks with the import assumed; a name no module declares stays context")
    func dependencyImportAssumed() throws {
        let package = try PackageRootTests.fixture()
        defer { package.remove() }
        // Shapes depends on a target of its own that no product exposes, as a package depends on another package.
        let manifest = try String(contentsOf: package.url.appendingPathComponent("Package.swift"), encoding: .utf8)
            .replacingOccurrences(
                of: ".target(name: \"Shapes\", dependencies: [\"CShapes\"]",
                with: ".target(name: \"Units\", path: \"Library/Units\"),\n        .target(name: \"Shapes\", dependencies: [\"CShapes\", \"Units\"]")
        try package.write("Package.swift", manifest)
        try package.write(
            "Library/Units/Meters.swift",
            "/// A length.\npublic struct Meters: Sendable {\n    public var value: Int\n    public init(_ value: Int) { self.value = value }\n}\n"
                + "/// A function whose name a value of the docs shares.\npublic func rectangle() {}\n")
        let page = "Library/Shapes/Shapes.docc/Lengths.md"
        try package.write(
            page,
            "# Lengths\n\n```swift\nlet length = Meters(3)\nprint(length.value)\n```\n\n"
                + "```swift\nlet other = Meters(4)\nprint(other.feet)\n```\n\n```swift\nlet far = Furlongs(3)\nprint(far)\n```\n\n"
                + "```swift\nprint(rectangle.area)\n```\n")
        let (samples, result) = try GalleyExecutable.verifiedSamples(page, in: package.url)
        #expect(samples.count == 4)
        #expect(samples.map { $0["status"] as? String } == ["skipped", "failed", "failed", "skipped"], "\(result.standardOutput)")
        #expect(samples[0]["assumed"] as? [String] == ["import Units"])
        // With the import assumed, the block's own error shows: the docs'.
        #expect(samples[1]["cause"] as? String == "docs")
        #expect((samples[1]["failure"] as? String)?.contains("value of type 'Meters' has no member 'feet'") == true)
        #expect((samples[1]["failure"] as? String)?.contains("(assuming import Units)") == true)
        // Control: a name no module of the graph declares needs context, as before.
        #expect(samples[2]["cause"] as? String == "context")
        // A value name the library's types fit is typed, though a module of the graph declares a function of that name.
        #expect(samples[3]["assumed"] as? [String] == ["rectangle: Rectangle"])
    }
}
