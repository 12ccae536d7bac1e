import Foundation
import Testing

/// Compiles sample files with plain `swiftc` and the verifier's module
/// aliases against the built library, runs them and checks their output.
@Suite("swiftc -module-alias against the built library", .serialized)
struct SwiftcAliasTests {
    /// What a sample program did.
    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    @Test func sampleImportingSwiftUIAndCombineCompilesRunsAndShowsBothSystems() throws {
        let outcome = try compileAndRun("ObservationComparison.swift")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(
            outcome.output == """
                ProfileView: @self, @identity, _profile changed.
                Observable: NameLabel=1 VisitLabel=2
                LegacyProfileView: @self, @identity, _profile changed.
                LegacyProfileView: _profile changed.
                ObservableObject: NameLabel=2 VisitLabel=2
                VStack
                  Text "Ada"
                  Text "Visits: 1"
                  Button "Visit"
                Combine alias works: [1]

                """)
    }

    @Test func missingEnvironmentObservableTrapsWithSwiftUIsMessage() throws {
        let outcome = try compileAndRun("MissingEnvironment.swift")
        #expect(outcome.status != 0)
        #expect(outcome.output == "mounting\n")
        #expect(
            outcome.errors.contains(
                "No Observable object of type Settings found. A View.environmentObject(_:) for Settings may be missing as an ancestor of this view."))
    }

    @Test func missingEnvironmentObjectTrapsWithSwiftUIsMessage() throws {
        let outcome = try compileAndRun("MissingEnvironmentObject.swift")
        #expect(outcome.status != 0)
        #expect(outcome.output == "mounting\n")
        #expect(
            outcome.errors.contains(
                "No ObservableObject of type Cart found. A View.environmentObject(_:) for Cart may be missing as an ancestor of this view."))
    }

    // MARK: Helpers

    func compileAndRun(_ sample: String) throws -> Outcome {
        let build = try #require(BuildLocation.directory(), "no build directory with libHeadlessSwiftUI.so found")
        let source = BuildLocation.packageRoot.appendingPathComponent("Tests/HeadlessSwiftUITests/Samples/\(sample)")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("hsui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let binary = work.appendingPathComponent("sample")
        let compile = try run(BuildLocation.swiftc(), BuildLocation.swiftcArguments(build: build) + [source.path, "-o", binary.path])
        try #require(compile.status == 0, "swiftc failed:\n\(compile.errors)")
        return try run(binary.path, [])
    }

    /// Runs a program with its output going to files (no pipe can fill up).
    func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hsui-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("out")
        let errURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Outcome(
            status: process.terminationStatus,
            output: try String(contentsOf: outURL, encoding: .utf8),
            errors: try String(contentsOf: errURL, encoding: .utf8)
        )
    }
}

/// Finds the build products `swift test` made, and the compiler.
enum BuildLocation {
    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The directory holding `libHeadlessSwiftUI.so` and `Modules/`: the test
    /// bundle's own directory first (whatever `--scratch-path` was used),
    /// then `<package>/.build/debug`.
    static func directory() -> URL? {
        var candidates: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
            // Inside a bundle directory (…/X.xctest/…), climb out of it.
            while url.path.contains(".xctest") { url.deleteLastPathComponent() }
            candidates.append(url)
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        return candidates.first { candidate in
            FileManager.default.fileExists(atPath: candidate.appendingPathComponent("libHeadlessSwiftUI.so").path)
                && FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Modules/HeadlessSwiftUI.swiftmodule").path)
        }
    }

    /// `swiftc` from `SWIFTC`, else next to the running toolchain on `PATH`.
    static func swiftc() -> String {
        if let explicit = ProcessInfo.processInfo.environment["SWIFTC"] { return explicit }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/opt/swift/usr/bin/swiftc"
    }

    /// The verifier's recipe: module aliases, the module and C-module search
    /// paths, and the library with an rpath.
    static func swiftcArguments(build: URL) -> [String] {
        [
            "-swift-version", "6",
            "-module-alias", "SwiftUI=HeadlessSwiftUI",
            "-module-alias", "Combine=OpenCombineShim",
            "-I", build.appendingPathComponent("Modules").path,
            "-I", build.appendingPathComponent("COpenCombineHelpers.build").path,
            "-L", build.path,
            "-lHeadlessSwiftUI",
            "-Xlinker", "-rpath", "-Xlinker", build.path,
        ]
    }
}
