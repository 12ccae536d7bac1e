import GalleyCore
import Crypto
import Foundation

/// The library samples compile against: SwiftPM products built first, and
/// module aliases so that `import SwiftUI` finds a stand-in.
///
/// From `galley.yml`:
/// ```yaml
/// verify:
///   package: .
///   products: [HeadlessSwiftUI]
///   module_aliases: { SwiftUI: HeadlessSwiftUI, Combine: OpenCombineShim }
/// ```
public struct SampleLibrary: Sendable, Hashable {
    /// The SwiftPM package that provides the products.
    public var packageDirectory: URL
    /// Library products to build and link (dynamic libraries).
    public var products: [String]
    /// `-module-alias` pairs: the name samples import → the module compiled against.
    public var moduleAliases: [String: String]

    /// Creates a description of the library; no products means plain Swift.
    public init(packageDirectory: URL, products: [String] = [], moduleAliases: [String: String] = [:]) {
        self.packageDirectory = packageDirectory
        self.products = products
        self.moduleAliases = moduleAliases
    }

    /// A library that has been built: the flags to use it and a fingerprint of its bytes.
    public struct Built: Sendable, Codable {
        /// Extra `swiftc` flags: search paths, libraries, rpath, module aliases.
        public var flags: [String]
        /// SHA-256 over the built products, part of every cache key.
        public var fingerprint: String
    }

    /// Builds the products with `swift build` and returns how to link them.
    ///
    /// A warm run skips `swift build` (about 2 s even when nothing changed)
    /// when the library's inputs — `Package.swift`, `Package.resolved`, every
    /// file under `Sources/`, the compiler — and the built products are
    /// exactly as the last successful build left them (see ``LibraryState``).
    public func build(toolchain: Toolchain, log: (String) -> Void = { _ in }) throws(Diagnostic) -> Built {
        guard !products.isEmpty else {
            return Built(flags: moduleAliasFlags, fingerprint: "none")
        }
        let state = LibraryState(library: self, toolchain: toolchain)
        if let built = state.reusableBuild() { return built }
        let built = try buildWithSwiftPM(toolchain: toolchain, log: log)
        state.record(built)
        return built
    }

    /// `-module-alias` flags, sorted.
    private var moduleAliasFlags: [String] {
        moduleAliases.sorted { $0.key < $1.key }.flatMap { ["-module-alias", "\($0.key)=\($0.value)"] }
    }

    /// The built dynamic library of `product`.
    func productFile(_ product: String) -> URL {
        binPath.appendingPathComponent("lib\(product).so")
    }

    /// SwiftPM's debug build folder of the package, links resolved.
    var binPath: URL {
        packageDirectory.appendingPathComponent(".build/debug").resolvingSymlinksInPath()
    }

    private func buildWithSwiftPM(toolchain: Toolchain, log: (String) -> Void) throws(Diagnostic) -> Built {
        var flags = moduleAliasFlags
        let swift = toolchain.swiftc.deletingLastPathComponent().appendingPathComponent("swift")
        var arguments = ["build", "--package-path", packageDirectory.path]
        for product in products { arguments += ["--product", product] }
        log("Building the sample library (\(products.joined(separator: ", ")))…")
        let runner = ProcessRunner(timeout: .seconds(3600), outputLimit: 8 << 20)
        let outcome: ProcessRunner.Outcome
        do {
            outcome = try runner.run(swift, arguments, in: packageDirectory)
        } catch {
            throw Diagnostic("cannot run '\(swift.path)': \(error.localizedDescription)", suggestion: "Check your Swift installation")
        }
        guard outcome.ending == .exited(0) else {
            let tail = (outcome.standardOutput + outcome.standardError).split(separator: "\n").suffix(25).joined(separator: "\n")
            throw Diagnostic(
                "building the sample library (\(products.joined(separator: ", "))) failed",
                suggestion: "Fix the library so that `swift build --product \(products[0])` succeeds, then verify again",
                details: tail
            )
        }
        let binPath = self.binPath
        let modules = binPath.appendingPathComponent("Modules")
        let moduleDirectory = FileManager.default.fileExists(atPath: modules.path) ? modules : binPath
        flags += ["-I", moduleDirectory.path, "-L", binPath.path, "-Xlinker", "-rpath", "-Xlinker", binPath.path]
        // C targets of the products' dependencies (e.g. OpenCombine's COpenCombineHelpers)
        // keep their module maps in <target>.build/; Swift modules importing them need those too.
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: binPath.path)) ?? []
        for target in targets.sorted() where target.hasSuffix(".build") {
            let folder = binPath.appendingPathComponent(target)
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path) {
                flags += ["-I", folder.path]
            }
        }
        var hasher = SHA256()
        for product in products {
            flags += ["-l\(product)"]
            let library = productFile(product)
            guard let bytes = try? Data(contentsOf: library) else {
                throw Diagnostic("the product '\(product)' did not produce \(library.path)",
                                  suggestion: "Declare it as `.library(name: \"\(product)\", type: .dynamic, …)` in Package.swift")
            }
            hasher.update(data: bytes)
        }
        for module in Set(products + Array(moduleAliases.values)).sorted() {
            for name in ["\(module).swiftmodule", "\(module).swiftinterface"] {
                let url = moduleDirectory.appendingPathComponent(name)
                if let data = try? Data(contentsOf: url) { hasher.update(data: data) }
            }
        }
        return Built(flags: flags, fingerprint: hasher.finalize().map { String(format: "%02x", $0) }.joined())
    }
}
