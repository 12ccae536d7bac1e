import Foundation
import GalleyTestSupport
import Testing

/// A page that restates one of the library's declarations (swift-parsing's
/// Design.md shows `extension Parsers { struct Map … }`): beside the real
/// one the name is ambiguous, so a block that uses it is compiled alone,
/// as a reader compiles it against the library.
@Suite("Library declarations a page restates")
struct RestatedDeclarationTests {
    @Test("a block that uses a library type another block restates is compiled alone and passes; a wrong use of it still fails")
    func restatedNestedType() throws {
        let package = try PackageRootTests.fixture()
        defer { package.remove() }
        try package.write(
            "Library/Shapes/Kinds.swift",
            "/// Kinds of shapes.\npublic enum Kinds {\n    /// A box.\n    public struct Box {\n        /// A box.\n        public init() {}\n"
                + "        /// Its sides.\n        public var sides: Int { 4 }\n    }\n}\n")
        let page = "Library/Shapes/Shapes.docc/Kinds.md"
        try package.write(
            page,
            "# Kinds\n\n```swift\nfunc makeBox() -> Kinds.Box { .init() }\nprint(makeBox().sides)\n```\n\nThe library declares it so:\n\n"
                + "```swift\nextension Kinds {\n    struct Box {}\n}\n```\n\n```swift\nfunc makeOther() -> Kinds.Box { .init() }\nprint(makeOther().corners)\n```\n"
        )
        let (samples, result) = try GalleyExecutable.verifiedSamples(page, in: package.url)
        #expect(samples.map { $0["status"] as? String } == ["passed", "passed", "failed"], "\(result.standardOutput)")
        #expect(samples.last?["cause"] as? String == "docs", "\(result.standardOutput)")
    }
}
