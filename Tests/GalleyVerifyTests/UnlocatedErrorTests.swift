import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import GalleyTestSupport
import Testing

@testable import GalleyPackage
@testable import GalleyProcess
@testable import GalleySamples
@testable import GalleyVerify

/// Compiler, linker and driver errors that name no file and line are shown
/// with their text, at the sample's fence line — never "does not compile"
/// with no reason.
@Suite("Errors without a file and line")
struct UnlocatedErrorTests {
    @Test("the frontend's <unknown>:0 errors, linker and driver errors are found in compiler output")
    func parsing() {
        let output = """
            <unknown>:0: error: missing required module '_NumericsShims'
            <unknown>:0: warning: something harmless
            content/p.md:3:5: error: cannot find 'x' in scope
            /tmp/x/main-1.o:main-1.o:function main: error: undefined reference to 'sqrt'
            /usr/bin/ld.gold: error: cannot find -lnothing
            clang: error: linker command failed with exit code 1 (use -v to see invocation)
            error: link command failed with exit code 1 (use -v to see invocation)
            """
        #expect(
            CompilerDiagnostic.unlocatedErrors(output) == [
                "error: missing required module '_NumericsShims'",
                "/tmp/x/main-1.o:main-1.o:function main: error: undefined reference to 'sqrt'",
                "/usr/bin/ld.gold: error: cannot find -lnothing",
                "clang: error: linker command failed with exit code 1 (use -v to see invocation)",
                "error: link command failed with exit code 1 (use -v to see invocation)",
            ])
    }

    @Test("a dependency whose C module cannot be found: the compiler's message, at the sample's fence line")
    func missingCModule() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // A Swift module built against a C module; samples get its folder but not the C module's.
        try folder.write("C/module.modulemap", "module CHidden {\n    header \"hidden.h\"\n    export *\n}\n")
        try folder.write("C/hidden.h", "static inline int hidden_value(void) { return 7; }\n")
        try folder.write("Wrapped.swift", "import CHidden\npublic func wrappedValue() -> Int32 { hidden_value() }\n")
        let toolchain = try Toolchain.locate()
        let modules = folder.url.appendingPathComponent("Modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let built = try ProcessRunner().run(
            toolchain.swiftc,
            [
                "-emit-module", "-module-name", "Wrapped", "-parse-as-library", "-I", folder.url.appendingPathComponent("C").path,
                "-emit-module-path", modules.appendingPathComponent("Wrapped.swiftmodule").path,
                folder.url.appendingPathComponent("Wrapped.swift").path,
            ], in: folder.url)
        #expect(built.ending == .exited(0), "\(built.standardError)")

        var settings = SampleSettings()
        settings.flags = ["-I", modules.path]
        let verifier = Verifier(library: SampleLibrary(packageDirectory: folder.url))
        var preparation: Verifier.Preparation?
        let page = "Intro\n\n```swift\nimport Wrapped\nprint(wrappedValue())\n```\n"
        let report = try verifier.verify([("content/p.md", MarkdownDocument(parsing: page), settings)], preparation: &preparation)
        let result = try #require(report.results.first)
        #expect(result.status == .failed)
        let failure = result.failure ?? ""
        #expect(failure.contains("missing required module 'CHidden'"), "\(failure)")
        #expect(!failure.hasSuffix("does not compile\n") && failure != "does not compile")
        #expect(result.failureLocation?.path == "content/p.md")
        #expect(
            [3, 4].contains(result.failureLocation?.line ?? 0), "at the fence (or the import line): \(String(describing: result.failureLocation))")
        let human = ReportFormat.human.render(report)
        #expect(human.contains("missing required module 'CHidden'"), "\(human)")
    }

    @Test("a linker error (undefined reference) is reported with its text at the fence line")
    func linkerError() throws {
        let verifier = Verifier(library: SampleLibrary(packageDirectory: URL(fileURLWithPath: "/")))
        let page = "# Linking\n\n```swift\n@_silgen_name(\"galley_no_such_function\")\nfunc missing() -> Int32\nprint(missing())\n```\n"
        let report = try verifier.verify([("content/p.md", MarkdownDocument(parsing: page))])
        let result = try #require(report.results.first)
        #expect(result.status == .failed)
        let failure = result.failure ?? ""
        #expect(failure.contains("galley_no_such_function"), "\(failure)")
        #expect(failure.contains("undefined"), "the linker's own words: \(failure)")
        #expect(result.failureLocation == SourceLocation(path: "content/p.md", line: 3, column: 1), "\(String(describing: result.failureLocation))")
    }
}
