import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyPackage

/// API the library declares only under an `#if` this build does not meet
/// (GRDB's `usePassphrase` under `#if SQLITE_HAS_CODEC`): docs that use it
/// are right for that build, so the failure is the environment's, never an
/// error in the docs.
@Suite("API behind a build condition")
struct BuildConditionTests {
    @Test("conditions are met, unmet or unknown as far as Linux and the build's flags tell")
    func conditions() {
        #expect(BuildCondition.isMet("SQLITE_HAS_CODEC", defines: ["SWIFT_PACKAGE"]) == false)
        #expect(BuildCondition.isMet("SWIFT_PACKAGE", defines: ["SWIFT_PACKAGE"]) == true)
        #expect(BuildCondition.isMet("os(macOS) || os(iOS)", defines: []) == false)
        #expect(BuildCondition.isMet("os(Linux) || os(macOS)", defines: []) == true)
        #expect(BuildCondition.isMet("!(canImport(Darwin))", defines: []) == true)
        #expect(BuildCondition.isMet("canImport(Darwin) && compiler(>=6.0)", defines: []) == false)
        // Unknown: a module Linux may have, a compiler version, a feature.
        #expect(BuildCondition.isMet("canImport(FoundationEssentials)", defines: []) == nil)
        #expect(BuildCondition.isMet("compiler(>=6.0)", defines: []) == nil)
        #expect(BuildCondition.isMet("FLAG || hasFeature(Embedded)", defines: []) == nil)
    }

    @Test("a name declared only under unmet conditions is named with its condition; one declared outside any #if, or under an unknown one, is not")
    func scan() {
        var declarations = ConditionalDeclarations()
        declarations.scan(
            """
            #if SQLITE_HAS_CODEC
            extension Database {
                public func usePassphrase(_ passphrase: String) throws {}
                public var cipherVersion: String { "" } // also declared outside
            }
            #else
            public struct Plain {}
            #endif
            #if os(macOS)
            public func openInFinder() {}
            #elseif compiler(>=6.0)
            public func openInFiles() {}
            #endif
            public let cipherVersion = ""
            func internalOnly() {}
            """)
        declarations.defines = ["SWIFT_PACKAGE"]
        #expect(declarations.unmetCondition(of: "usePassphrase") == "SQLITE_HAS_CODEC")
        #expect(declarations.unmetCondition(of: "openInFinder") == "os(macOS)")
        #expect(declarations.unmetCondition(of: "cipherVersion") == nil)
        #expect(declarations.unmetCondition(of: "Plain") == nil, "the #else of an unset flag holds")
        #expect(declarations.unmetCondition(of: "openInFiles") == nil, "a compiler version is unknown")
        #expect(declarations.unmetCondition(of: "internalOnly") == nil)
    }

    @Test("a sample that uses a member the library declares under an unset flag is the environment; a member it never declares stays the docs'")
    func memberBehindFlag() throws {
        let package = try PackageRootTests.fixture()
        defer { package.remove() }
        try package.write(
            "Library/Shapes/Encrypted.swift",
            "#if SHAPES_ENCRYPTION\nextension Rectangle {\n    /// Seals the shape.\n    public func seal(with key: String) -> Int { width }\n}\n#endif\n"
        )
        let page = "Library/Shapes/Shapes.docc/Sealing.md"
        try package.write(
            page,
            "# Sealing\n\nIf you build with encryption:\n\n```swift\nlet shape = Rectangle(width: 2, height: 3)\nprint(shape.seal(with: \"key\"))\n```\n\n"
                + "```swift\nlet other = Rectangle(width: 2, height: 3)\nprint(other.unseal(with: \"key\"))\n```\n")
        let (samples, result) = try GalleyExecutable.verifiedSamples(page, in: package.url)
        #expect(samples.map { $0["status"] as? String } == ["failed", "failed"], "\(result.standardOutput)")
        #expect(samples.map { $0["cause"] as? String } == ["environment", "docs"], "\(result.standardOutput)")
        #expect((samples[0]["needs"] as? String)?.contains("`#if SHAPES_ENCRYPTION`") == true, "\(samples[0])")
    }
}
