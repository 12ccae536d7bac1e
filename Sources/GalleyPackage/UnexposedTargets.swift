import Foundation
import GalleyCore
import GalleyProcess

/// The package's targets that a DocC catalog documents but no library
/// product exposes (a test-support module, a module kept internal to the
/// package): each built with `swift build --target` in the package itself
/// and linked into a shared library of its own,
/// `libGalleyUnexposed<Target>.so`, that samples link after the products'
/// library, so a catalog's samples can import its own module.
///
/// The shared library must resolve every symbol (it is linked with
/// `--no-undefined`): a target that needs what samples do not link (XCTest)
/// is left out with a note, never a library that fails to load.
///
/// ```swift
/// var built = try wrapper.build(toolchain: toolchain, log: log)
/// UnexposedTargets(library: library).add(to: &built, toolchain: toolchain, log: log)
/// ```
package struct UnexposedTargets {
    /// The start of each shared library's name (`libGalleyUnexposed<Target>.so`).
    package static let name = "GalleyUnexposed"

    package let library: SampleLibrary

    /// Where the shared library is written.
    package var directory: URL {
        library.packageDirectory.appendingPathComponent(".build/galley/unexposed")
    }

    /// Builds each of ``SampleLibrary/unexposedTargets`` and adds its shared
    /// library and module to `built`; a target that does not build or link
    /// gets a note in `built` instead, and its catalog's samples fail with
    /// the compiler's "no such module".
    package func add(to built: inout SampleLibrary.Built, toolchain: Toolchain, log: (String) -> Void) {
        // What the products' library links, for the shared library to resolve against.
        let linking = SwiftPMBuildPlan.libraryFlags(built.flags)
        for target in library.unexposedTargets {
            do {
                let shared = try build(target, linkingAgainst: linking, toolchain: toolchain, log: log)
                let manifest = library.binPath.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("debug.yaml")
                let planned = SwiftPMBuildPlan.compileArguments(of: target.name, manifest: manifest) ?? []
                // After the products' own search paths: the products' modules are the library's.
                built.flags += ["-I", library.binPath.appendingPathComponent("Modules").path] + SwiftPMBuildPlan.importFlags(planned)
                built.flags += ["-L", directory.path, "-Xlinker", "-rpath", "-Xlinker", directory.path, "-l\(Self.name)\(target.name)"]
                built.flags = SampleLibrary.deduplicated(built.flags)
                built.artifacts.append(shared.path)
                if let bytes = try? Data(contentsOf: shared) {
                    built.fingerprint += "-" + HexDigits.of(SHA256.hash(data: bytes))
                }
                built.documentationFingerprint =
                    (built.documentationFingerprint ?? "") + "-"
                    + SampleLibrary.documentationFingerprint(of: [target.name], in: library.binPath.appendingPathComponent("Modules"))
            } catch {
                let diagnostic = error as? Diagnostic
                let detail = diagnostic?.details.map { ": " + $0.replacingOccurrences(of: "\n", with: "; ") } ?? ""
                built.notes.append(
                    "the catalog of \(target.name), a target that no library product exposes, cannot import it: "
                        + (diagnostic?.message ?? error.localizedDescription) + detail)
            }
        }
    }

    /// `swift build --target` of `target` in the package, and its objects
    /// (with those of the targets it needs) linked into one shared library.
    private func build(
        _ target: SampleLibrary.UnexposedTarget, linkingAgainst linking: [String], toolchain: Toolchain, log: (String) -> Void
    ) throws -> URL {
        try SampleLibrary.swiftBuild(
            library.packageDirectory, products: [], targets: [target.name], traits: library.traits, toolchain: toolchain, log: log,
            what: target.name)
        let objects = target.objectTargets.flatMap { Self.objects(in: library.binPath.appendingPathComponent("\($0).build")) }
        guard !objects.isEmpty else {
            throw Diagnostic("no object files were built", suggestion: "Check that `swift build --target \(target.name)` builds it")
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let shared = directory.appendingPathComponent("lib\(Self.name)\(target.name).so")
        let arguments =
            ["-emit-library", "-module-name", Self.name + target.name, "-o", shared.path, "-Xlinker", "--no-undefined"]
            + objects.sorted() + linking
        let outcome = try ProcessRunner(timeout: .seconds(600), outputLimit: 8 << 20).run(toolchain.swiftc, arguments, in: directory)
        guard outcome.ending == .exited(0) else {
            let errors = (outcome.standardOutput + outcome.standardError).split(separator: "\n").filter { $0.contains("error") }
            throw Diagnostic("linking it failed", suggestion: "", details: errors.prefix(3).joined(separator: "\n"))
        }
        return shared
    }

    /// The object files under `folder`.
    private static func objects(in folder: URL) -> [String] {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return files.compactMap { ($0 as? URL)?.pathExtension == "o" ? ($0 as? URL)?.path : nil }
    }
}
