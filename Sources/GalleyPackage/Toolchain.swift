import Foundation
import GalleyCore
import GalleyProcess

/// The Swift compiler samples are compiled with, found on `PATH`.
public struct Toolchain: Sendable {
    /// `swiftc`.
    public var swiftc: URL
    /// The first line of `swiftc --version`, e.g. `Swift version 6.3.1 (swift-6.3.1-RELEASE)`.
    public var version: String

    /// Finds `swiftc` on `PATH` (or `environment["SWIFTC"]`) and asks its version.
    ///
    /// With a `cache` file, the version is read from it while the compiler's
    /// files (`swiftc`, `swift-frontend` beside it) have the size and
    /// modification time recorded there, which spares a warm run the
    /// tenth of a second (more on a busy machine) that `swiftc --version` takes.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment, cache: URL? = nil
    ) throws(Diagnostic) -> Toolchain {
        guard let swiftc = swiftc(environment: environment) else {
            throw Diagnostic(
                "swiftc was not found on PATH, so no sample can be compiled",
                suggestion: "Install Swift and add its usr/bin to PATH (e.g. export PATH=/opt/swift/usr/bin:$PATH)")
        }
        let identity = Self.identity(of: swiftc)
        if let cache, let identity, let data = FileManager.default.contents(atPath: cache.path),
            let recorded = try? JSONDecoder().decode(Recorded.self, from: data), recorded.identity == identity
        {
            return Toolchain(swiftc: swiftc, version: recorded.version)
        }
        let toolchain = try asked(swiftc)
        if let cache, let identity, let data = try? JSONEncoder().encode(Recorded(identity: identity, version: toolchain.version)) {
            try? FileManager.default.createDirectory(at: cache.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: cache, options: .atomic)
        }
        return toolchain
    }

    /// A version as recorded for the compiler's files.
    private struct Recorded: Codable {
        package var identity: [String]
        package var version: String
    }

    /// Path, size and modification time of `swiftc` and the `swift-frontend`
    /// beside it, links followed; `nil` when one cannot be read.
    package static func identity(of swiftc: URL) -> [String]? {
        var identity: [String] = []
        for file in [swiftc, swiftc.deletingLastPathComponent().appendingPathComponent("swift-frontend")] {
            var info = stat()
            guard let real = RealPath.of(file.path), stat(real, &info) == 0 else { return nil }
            identity.append("\(real) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)")
        }
        return identity
    }

    /// The toolchain of `swiftc`, its version asked with `swiftc --version`.
    private static func asked(_ swiftc: URL) throws(Diagnostic) -> Toolchain {
        let outcome: ProcessRunner.Outcome
        do {
            outcome = try ProcessRunner().run(swiftc, ["--version"], in: FileManager.default.temporaryDirectory)
        } catch {
            throw Diagnostic("cannot run \(swiftc.path): \(error.localizedDescription)", suggestion: "Check your Swift installation")
        }
        let text = (outcome.standardOutput + outcome.standardError)
        let line = text.split(separator: "\n").first { $0.contains("Swift version") }.map(String.init) ?? text
        return Toolchain(swiftc: swiftc, version: line.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `swift` (the package manager's driver) beside `swiftc` on `PATH` (or `environment["SWIFTC"]`).
    package static func swiftDriver(environment: [String: String] = ProcessInfo.processInfo.environment) throws(Diagnostic) -> URL {
        guard let swiftc = swiftc(environment: environment) else {
            throw Diagnostic(
                "swift was not found on PATH, so the package cannot be described or built",
                suggestion: "Install Swift and add its usr/bin to PATH (e.g. export PATH=/opt/swift/usr/bin:$PATH)")
        }
        return swiftc.deletingLastPathComponent().appendingPathComponent("swift")
    }

    /// Runs `swift arguments…` in `directory` and returns its standard
    /// output; a failure is an error with the end of its output.
    package static func runSwift(
        _ arguments: [String], in directory: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(Diagnostic) -> String {
        let swift = try swiftDriver(environment: environment)
        let outcome: ProcessRunner.Outcome
        do {
            outcome = try ProcessRunner(timeout: .seconds(1800), outputLimit: 64 << 20).run(swift, arguments, in: directory)
        } catch {
            throw Diagnostic("cannot run '\(swift.path)': \(error.localizedDescription)", suggestion: "Check your Swift installation")
        }
        guard outcome.ending == .exited(0) else {
            let tail = (outcome.standardError + outcome.standardOutput).split(separator: "\n").suffix(20).joined(separator: "\n")
            throw Diagnostic(
                "`swift \(arguments.joined(separator: " "))` failed in '\(directory.path)'",
                suggestion: "Run it yourself to see why; the package must build with SwiftPM", details: tail)
        }
        return outcome.standardOutput
    }

    /// The short version, e.g. `6.3.1`.
    public var shortVersion: String { Self.shortVersion(of: version) }

    /// The version number in a `swiftc --version` line: `6.3.1` for
    /// `Swift version 6.3.1 (swift-6.3.1-RELEASE)`, or the line itself.
    public static func shortVersion(of versionLine: String) -> String {
        guard let range = versionLine.range(of: "Swift version ") else { return versionLine }
        return String(versionLine[range.upperBound...].prefix { $0 != " " })
    }

    /// `environment["SWIFTC"]`, else the first `swiftc` on `PATH`; `nil` when there is none.
    package static func swiftc(environment: [String: String]) -> URL? {
        if let explicit = environment["SWIFTC"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        return which("swiftc", path: environment["PATH"] ?? "")
    }

    /// The first executable named `name` in the `:`-separated `path`.
    package static func which(_ name: String, path: String) -> URL? {
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
