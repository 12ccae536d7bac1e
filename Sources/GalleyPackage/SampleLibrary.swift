import Foundation
import GalleyCore
import GalleyProcess

/// The library samples compile against: SwiftPM products built first, and
/// module aliases so that `import SwiftUI` finds a stand-in.
///
/// Products are linked as SwiftPM links them: a product declared
/// `type: .dynamic` as its own shared library; automatic and static ones
/// (almost every package's) through a wrapper package Galley writes under
/// `.build/galley/library/` (``LibraryWrapper``), which depends on the
/// package by path and declares one dynamic library of them all. The search
/// paths of every Swift and C module below them come from SwiftPM's own
/// build plan (``SwiftPMBuildPlan``).
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
    /// Library products to build and link.
    public var products: [String]
    /// `-module-alias` pairs: the name samples import → the module compiled against.
    public var moduleAliases: [String: String]
    /// How the products are linked.
    public var linking = Linking.automatic
    /// Modules the wrapper re-exports (`@_exported import`), the products'
    /// Swift modules when known; samples import them by name either way.
    public var modules: [String] = []
    /// A target that a DocC catalog documents but no library product
    /// exposes: built in the package and linked for its catalog's samples
    /// (``UnexposedTargets``).
    public struct UnexposedTarget: Sendable, Hashable, Codable {
        /// The target, whose module samples import.
        public var name: String
        /// It and the targets it depends on that no product holds: whose
        /// object files it needs.
        public var objectTargets: [String]

        /// Creates the description of a target.
        public init(name: String, objectTargets: [String]) {
            self.name = name
            self.objectTargets = objectTargets
        }
    }

    /// Targets no product exposes whose modules samples import.
    public var unexposedTargets: [UnexposedTarget] = []
    /// The package's traits to build with (`nil`: its default traits). When
    /// a build with them fails, the library is built with the defaults and
    /// ``Built/notes`` says so.
    public var traits: [String]?
    /// Folders whose files decide what `swift build` produces (default:
    /// the package's `Sources/`); a package's target folders when known.
    public var sourceDirectories: [URL]
    /// Each library module's folder, when known: its re-exports are read
    /// there (``SymbolGraphStore``).
    public var moduleDirectories: [String: URL] = [:]

    /// How products are linked into samples.
    public enum Linking: String, Sendable, Hashable, Codable {
        /// Each product as the shared library it declares (`type: .dynamic`).
        case dynamic
        /// One shared library of every product, built by a wrapper package
        /// (automatic and static products).
        case wrapper
        /// Each product's own shared library when every product has one
        /// after `swift build`, the wrapper otherwise.
        case automatic
    }

    /// Creates a description of the library; no products means plain Swift.
    public init(packageDirectory: URL, products: [String] = [], moduleAliases: [String: String] = [:]) {
        self.packageDirectory = packageDirectory
        self.products = products
        self.moduleAliases = moduleAliases
        self.sourceDirectories = [packageDirectory.appendingPathComponent("Sources")]
    }

    /// A library that has been built: the flags to use it and a fingerprint of its bytes.
    public struct Built: Sendable, Codable {
        /// Extra `swiftc` flags: search paths, libraries, rpath, module aliases.
        public var flags: [String]
        /// SHA-256 over the built products, part of every cache key.
        public var fingerprint: String
        /// SHA-256 over the modules' documentation (`.swiftdoc`) and source
        /// positions (`.swiftsourceinfo`): a doc comment's edit changes it and
        /// not ``fingerprint`` (the code is the same), so the symbol graphs
        /// and the listings read from them are extracted again while the
        /// samples' verdicts are kept. `nil` in a record of an earlier Galley.
        public var documentationFingerprint: String? = nil

        /// What the symbol graphs of this build are keyed by: the code's
        /// fingerprint and the documentation's (a doc comment's edit is a new graph).
        public var graphFingerprint: String {
            documentationFingerprint.map { fingerprint + "-" + SymbolGraphStore.digest([$0]) } ?? fingerprint
        }
        /// The built files (shared libraries, modules) whose change means the library must be built again.
        public var artifacts: [String] = []
        /// The traits it was built with (`nil`: the package's defaults).
        public var traits: [String]? = nil
        /// What the author should know about the build: "built with the
        /// default traits: enabling JSON, YAML failed".
        public var notes: [String] = []

        /// SwiftPM's build plan of the build (its `debug.yaml`, beside the
        /// products folder that ``flags`` links from), whose modules samples
        /// may import (``ModuleDeclarations``); `nil` when there is none.
        public var buildPlan: URL? {
            guard let index = flags.firstIndex(of: "-L"), index + 1 < flags.count else { return nil }
            let plan = URL(fileURLWithPath: flags[index + 1]).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("debug.yaml")
            return FileManager.default.fileExists(atPath: plan.path) ? plan : nil
        }
    }

    /// Builds the products with `swift build` and returns how to link them.
    ///
    /// A warm run skips `swift build` (about 2 s even when nothing changed)
    /// when the library's inputs — `Package.swift`, `Package.resolved`, every
    /// file of its sources, the compiler — and the built products are
    /// exactly as the last successful build left them (see ``LibraryState``).
    public func build(toolchain: Toolchain, log: (String) -> Void = { _ in }) throws(Diagnostic) -> Built {
        guard !products.isEmpty else {
            return Built(flags: moduleAliasFlags, fingerprint: "none")
        }
        let state = LibraryState(library: self, toolchain: toolchain)
        if let built = state.reusableBuild() { return built }
        var built: Built
        var builder = self
        do {
            built = try buildWithSwiftPM(toolchain: toolchain, log: log)
            built.traits = traits
        } catch {
            // The docs are verified against the defaults, or without traits, rather than not at all:
            // a trait may need a dependency this machine cannot fetch, even a default one.
            guard let traits else { throw error }
            let reason = error.details?.split(separator: "\n").last(where: { $0.contains("error:") }).map(String.init) ?? error.message
            let tried = traits.isEmpty ? "the package's default traits" : traits.joined(separator: ", ")
            var fallbacks: [(traits: [String]?, name: String)] = [(nil, "the package's default traits"), ([], "no traits")]
            if traits.isEmpty { fallbacks.removeFirst() }
            var lastError = error
            var result: Built?
            for fallback in fallbacks {
                builder.traits = fallback.traits
                log("Building the sample library with \(tried) failed; building it with \(fallback.name)…")
                do {
                    var fallbackBuilt = try builder.buildWithSwiftPM(toolchain: toolchain, log: log)
                    fallbackBuilt.traits = fallback.traits
                    fallbackBuilt.notes.append("the library was built with \(fallback.name): building it with \(tried) failed (\(reason))")
                    result = fallbackBuilt
                    break
                } catch {
                    lastError = error
                }
            }
            guard let result else { throw error.details == nil ? lastError : error }
            built = result
        }
        UnexposedTargets(library: builder).add(to: &built, toolchain: toolchain, log: log)
        state.record(built)
        return built
    }

    /// `-module-alias` flags, sorted.
    private var moduleAliasFlags: [String] {
        moduleAliases.sorted { $0.key < $1.key }.flatMap { ["-module-alias", "\($0.key)=\($0.value)"] }
    }

    /// SwiftPM's debug build folder of the package (``ScratchPath``), links resolved.
    package var binPath: URL {
        ScratchPath(package: packageDirectory).debugFolder
    }

    private func buildWithSwiftPM(toolchain: Toolchain, log: (String) -> Void) throws(Diagnostic) -> Built {
        switch linking {
        case .dynamic:
            return try buildDynamic(toolchain: toolchain, log: log, required: true)!
        case .wrapper:
            return try LibraryWrapper(library: self).build(toolchain: toolchain, log: log)
        case .automatic:
            if let built = try buildDynamic(toolchain: toolchain, log: log, required: false) { return built }
            return try LibraryWrapper(library: self).build(toolchain: toolchain, log: log)
        }
    }

    /// Builds the products in the package itself and links each one's
    /// shared library; `nil` when one has none and none is `required`.
    private func buildDynamic(toolchain: Toolchain, log: (String) -> Void, required: Bool) throws(Diagnostic) -> Built? {
        try Self.swiftBuild(
            packageDirectory, products: products, traits: traits, toolchain: toolchain, log: log, what: products.joined(separator: ", "))
        let binPath = self.binPath
        var files: [URL] = []
        for product in products {
            let library = binPath.appendingPathComponent("lib\(product).so")
            guard FileManager.default.fileExists(atPath: library.path) else {
                guard required else { return nil }
                throw Diagnostic(
                    "the product '\(product)' did not produce \(library.path)",
                    suggestion: "Declare it as `.library(name: \"\(product)\", type: .dynamic, …)` in Package.swift, or leave `linking` to Galley")
            }
            files.append(library)
        }
        let modules = Set(products + Array(moduleAliases.values) + self.modules)
        let flags = moduleAliasFlags + Self.linkFlags(binPath: binPath, modules: modules, libraries: products)
        return try Self.built(flags: flags, libraries: files, binPath: binPath, modules: modules)
    }

    /// Runs `swift build --product …` in `package`; its log's end is the error when it fails.
    /// `traits` are the root package's (`--traits`; `nil`: its defaults; `[]`: none).
    /// `reproduce` is the command the error tells the author to run, in the
    /// package's own terms (a build of Galley's wrapper names the package's products).
    package static func swiftBuild(
        _ package: URL, products: [String], targets: [String] = [], traits: [String]? = nil, toolchain: Toolchain, log: (String) -> Void,
        what: String, reproduce: String? = nil, retried: Bool = false
    ) throws(Diagnostic) {
        let swift = toolchain.swiftc.deletingLastPathComponent().appendingPathComponent("swift")
        var arguments = ["build", "--package-path", package.path] + ScratchPath(package: package).arguments
        for product in products { arguments += ["--product", product] }
        for target in targets { arguments += ["--target", target] }
        // `[]`: none at all, not even the defaults (`--disable-default-traits`).
        if let traits { arguments += traits.isEmpty ? ["--disable-default-traits"] : ["--traits", traits.joined(separator: ",")] }
        log("Building the sample library (\(what))…")
        let runner = ProcessRunner(timeout: .seconds(3600), outputLimit: 8 << 20)
        let outcome: ProcessRunner.Outcome
        do {
            outcome = try runner.run(swift, arguments, in: package)
        } catch {
            throw Diagnostic("cannot run '\(swift.path)': \(error.localizedDescription)", suggestion: "Check your Swift installation")
        }
        guard outcome.ending == .exited(0) else {
            // A checkout moved or copied with its build folder: the compiler's module cache names the old path.
            // It is a cache: removed, the build makes it again.
            if !retried, let cache = staleModuleCache(in: outcome.standardOutput + outcome.standardError) {
                log("The build folder was made at another path; removing its module cache (\(cache.path)) and building again…")
                try? FileManager.default.removeItem(at: cache)
                return try swiftBuild(
                    package, products: products, targets: targets, traits: traits, toolchain: toolchain, log: log, what: what, reproduce: reproduce,
                    retried: true)
            }
            let lines = (outcome.standardOutput + outcome.standardError).split(separator: "\n")
            let tail = lines.suffix(25).joined(separator: "\n")
            let command =
                reproduce
                ?? "swift build \(products.first.map { "--product \($0)" } ?? "--target \(targets.first ?? "")")"
                + (traits.map { $0.isEmpty ? " --disable-default-traits" : " --traits \($0.joined(separator: ","))" } ?? "")
            // The first compiler or resolver error says what broke; the log's end follows in the details.
            // A compiler error at a file's line first (`Sources/M/File.swift:1:25: error: …`), else the first error at all.
            let first =
                (lines.first { $0.contains(".swift:") && $0.contains(": error:") } ?? lines.first { $0.contains("error:") })
                .map { ": " + $0.trimmingCharacters(in: .whitespaces) } ?? ""
            throw Diagnostic(
                "building the sample library (\(what)) failed\(first)",
                suggestion: "Fix the library so that `\(command)` succeeds in the package's folder, then verify again",
                details: tail
            )
        }
    }

    /// The module cache folder a build log says was made at another path
    /// (`precompiled file '…/ModuleCache/…/SwiftShims-….pcm' was compiled
    /// with module cache path '…'`), when it still exists; `nil` otherwise.
    package static func staleModuleCache(in log: String) -> URL? {
        guard let range = log.range(of: "precompiled file '"), log.contains("was compiled with module cache path") else { return nil }
        let path = log[range.upperBound...].prefix { $0 != "'" }
        guard let cache = path.range(of: "/ModuleCache/") else { return nil }
        let folder = String(path[..<cache.lowerBound]) + "/ModuleCache"
        return FileManager.default.fileExists(atPath: folder) ? URL(fileURLWithPath: folder) : nil
    }

    /// Search paths from SwiftPM's build plan for `modules` (or, without
    /// one, every C module map of the build folder), then the libraries.
    package static func linkFlags(binPath: URL, modules: Set<String>, libraries: [String]) -> [String] {
        let modulesFolder = binPath.appendingPathComponent("Modules")
        let moduleDirectory = FileManager.default.fileExists(atPath: modulesFolder.path) ? modulesFolder : binPath
        var flags = ["-I", moduleDirectory.path, "-L", binPath.path, "-Xlinker", "-rpath", "-Xlinker", binPath.path]
        let manifest = binPath.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("debug.yaml")
        let planned = modules.sorted().compactMap { SwiftPMBuildPlan.compileArguments(of: $0, manifest: manifest) }
        if planned.isEmpty {
            // No build plan to read: C targets keep generated module maps in <target>.build/.
            let targets = (try? FileManager.default.contentsOfDirectory(atPath: binPath.path)) ?? []
            for target in targets.sorted() where target.hasSuffix(".build") {
                let folder = binPath.appendingPathComponent(target)
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path) {
                    flags += ["-I", folder.path]
                }
            }
        } else {
            flags += SwiftPMBuildPlan.importFlags(planned.flatMap { $0 })
        }
        flags += libraries.map { "-l\($0)" }
        // What the libraries' own link commands add (`linkerSettings`: `-lm`, system libraries).
        for library in libraries {
            let file = binPath.appendingPathComponent("lib\(library).so")
            if let arguments = SwiftPMBuildPlan.linkArguments(of: file, manifest: manifest) {
                flags += SwiftPMBuildPlan.libraryFlags(arguments).filter { !libraries.map { "-l\($0)" }.contains($0) }
            }
        }
        return deduplicated(flags)
    }

    /// `flags` with repeated `-I path`, `-L path`, `-Xcc …` units, macro
    /// plugins (in either form) and `-l` flags dropped. A unit is read whole — `-Xcc -I -Xcc
    /// path` is one, so its `-I` is never taken for the swiftc flag (which
    /// once left a bare `-Xcc path` that clang read as an input file:
    /// swift-nio's C modules), and so is a plugin passed to the frontend,
    /// `-Xfrontend -load-plugin-executable -Xfrontend path#Module`.
    /// `-Xlinker` and other `-Xfrontend` pairs are kept as they are, since
    /// their order is their meaning.
    package static func deduplicated(_ flags: [String]) -> [String] {
        var result: [String] = []
        var seen: Set<[String]> = []
        var index = 0
        while index < flags.count {
            let flag = flags[index]
            let unit: ArraySlice<String>
            let isFourTokens =
                index + 3 < flags.count && flags[index + 2] == flag
                && ((flag == "-Xcc" && ["-I", "-isystem"].contains(flags[index + 1]))
                    || (flag == "-Xfrontend" && SwiftPMBuildPlan.pluginOptions.contains(flags[index + 1])))
            if isFourTokens {
                unit = flags[index..<(index + 4)]
            } else if ["-Xcc", "-Xlinker", "-Xfrontend", "-I", "-L"].contains(flag) || SwiftPMBuildPlan.pluginOptions.contains(flag),
                index + 1 < flags.count
            {
                unit = flags[index..<(index + 2)]
            } else {
                unit = flags[index..<(index + 1)]
            }
            index += unit.count
            let dedupes = isFourTokens || (!["-Xlinker", "-Xfrontend"].contains(flag) && (unit.count > 1 || flag.hasPrefix("-l")))
            if !dedupes || seen.insert(Array(unit)).inserted { result += unit }
        }
        return result
    }

    /// The built library: `flags`, and a fingerprint over the shared
    /// libraries and the modules' interfaces.
    package static func built(flags: [String], libraries: [URL], binPath: URL, modules: Set<String>) throws(Diagnostic) -> Built {
        var hasher = SHA256()
        var artifacts: [String] = []
        for library in libraries {
            guard let bytes = try? Data(contentsOf: library) else {
                throw Diagnostic("cannot read the built library \(library.path)", suggestion: "Build again; check that the disk is not full")
            }
            hasher.update(data: bytes)
            artifacts.append(library.path)
        }
        let moduleDirectory = binPath.appendingPathComponent("Modules")
        for module in modules.sorted() {
            for name in ["\(module).swiftmodule", "\(module).swiftinterface"] {
                let url = moduleDirectory.appendingPathComponent(name)
                if let data = try? Data(contentsOf: url) {
                    hasher.update(data: data)
                    artifacts.append(url.path)
                }
            }
        }
        var built = Built(flags: flags, fingerprint: HexDigits.of(hasher.finalize()), artifacts: artifacts)
        built.documentationFingerprint = documentationFingerprint(of: modules, in: moduleDirectory)
        return built
    }

    /// SHA-256 over `modules`' `.swiftdoc` and `.swiftsourceinfo` files in
    /// `moduleDirectory` (``Built/documentationFingerprint``).
    package static func documentationFingerprint(of modules: Set<String>, in moduleDirectory: URL) -> String {
        var hasher = SHA256()
        for module in modules.sorted() {
            for name in ["\(module).swiftdoc", "\(module).swiftsourceinfo"] {
                if let data = try? Data(contentsOf: moduleDirectory.appendingPathComponent(name)) { hasher.update(data: data) }
            }
        }
        return HexDigits.of(hasher.finalize())
    }
}
