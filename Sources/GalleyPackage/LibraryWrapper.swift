import Foundation
import GalleyCore

/// The package Galley writes to link products that are not dynamic
/// libraries (automatic and static ones, almost every package's): it depends
/// on the user's package by path and declares one dynamic library,
/// `GalleySampleLibrary`, of all the products, so SwiftPM itself links them
/// with their dependencies (Swift targets, C targets, system libraries) as it
/// would link an app. Samples link that one library and import the products'
/// modules by name.
///
/// It lives in `<package>/.build/galley/library/` (with its own `.build/`),
/// is rewritten only when what it declares changes, and starts from the
/// package's `Package.resolved`, so its dependencies are the versions the
/// package itself builds with.
///
/// ```swift
/// let built = try LibraryWrapper(library: library).build(toolchain: toolchain)
/// built.flags   // ["-I", ".../Modules", "-Xcc", "-fmodule-map-file=…", "-L", "…", "-lGalleySampleLibrary"]
/// ```
package struct LibraryWrapper {
    /// The wrapper's product and module.
    package static let name = "GalleySampleLibrary"

    package let library: SampleLibrary

    /// The wrapper package's folder.
    package var directory: URL {
        library.packageDirectory.appendingPathComponent(".build/galley/library")
    }

    /// Its debug build folder (``ScratchPath``), links resolved.
    package var binPath: URL {
        ScratchPath(package: directory).debugFolder
    }

    /// Writes the wrapper, builds it and returns how samples link it.
    package func build(toolchain: Toolchain, log: (String) -> Void) throws(Diagnostic) -> SampleLibrary.Built {
        try write()
        try SampleLibrary.swiftBuild(
            directory, products: [Self.name], toolchain: toolchain, log: log,
            what: library.products.joined(separator: ", "),
            reproduce: "swift build"
                + (library.products.first.map { " --product \($0)" } ?? "")
                + (library.traits.map { $0.isEmpty ? " --disable-default-traits" : " --traits \($0.joined(separator: ","))" } ?? "")
        )
        let binPath = self.binPath
        let shared = binPath.appendingPathComponent("lib\(Self.name).so")
        guard FileManager.default.fileExists(atPath: shared.path) else {
            throw Diagnostic(
                "the wrapper package in '\(directory.path)' did not produce \(shared.path)",
                suggestion: "Delete \(directory.path) and verify again")
        }
        // Dynamic products among the dependencies are libraries of their own, next to the wrapper's.
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: binPath.path)) ?? []).sorted().compactMap { file -> String? in
            guard file.hasPrefix("lib"), file.hasSuffix(".so"), file != "lib\(Self.name).so" else { return nil }
            return String(file.dropFirst(3).dropLast(3))
        }
        let modules = Set([Self.name] + library.products + library.modules + Array(library.moduleAliases.values))
        let aliases = library.moduleAliases.sorted { $0.key < $1.key }.flatMap { ["-module-alias", "\($0.key)=\($0.value)"] }
        let flags = aliases + SampleLibrary.linkFlags(binPath: binPath, modules: modules, libraries: [Self.name] + others)
        return try SampleLibrary.built(
            flags: flags, libraries: [shared] + others.map { binPath.appendingPathComponent("lib\($0).so") },
            binPath: binPath, modules: modules
        )
    }

    /// The package's identity as a dependency by path: its folder's name.
    package var packageIdentity: String {
        library.packageDirectory.standardizedFileURL.lastPathComponent
    }

    /// `Package.swift` of the wrapper.
    package var manifest: String {
        let products = library.products.map { ".product(name: \(literal($0)), package: \(literal(packageIdentity)))" }
        // Traits of a dependency are named on its `.package` line (tools 6.1); `traits: []` is none, not the defaults.
        let traits = library.traits.map { $0.map(literal).joined(separator: ", ") }
        let toolsVersion = traits == nil ? "5.9" : "6.1"
        let dependency = literal(library.packageDirectory.standardizedFileURL.path) + (traits.map { ", traits: [\($0)]" } ?? "")
        return """
            // swift-tools-version: \(toolsVersion)
            // Written by Galley (galley verify): one dynamic library of the products
            // samples link. Rewritten when they change; edits are lost.
            import PackageDescription

            let package = Package(
                name: "\(Self.name)",
                products: [.library(name: "\(Self.name)", type: .dynamic, targets: ["\(Self.name)"])],
                dependencies: [.package(path: \(dependency))],
                targets: [
                    .target(
                        name: "\(Self.name)",
                        dependencies: [\(products.joined(separator: ", "))],
                        path: "Sources"
                    )
                ]
            )

            """
    }

    /// The wrapper's one source file: the products' modules, re-exported.
    package var source: String {
        let imports = library.modules.sorted().map { "@_exported import \(SwiftPackage.moduleName(ofTarget: $0))" }.joined(separator: "\n")
        return "// Written by Galley.\n" + (imports.isEmpty ? "" : imports + "\n") + "public enum \(Self.name)Marker {}\n"
    }

    /// Writes the files that differ (an unchanged manifest keeps SwiftPM's warm build warm).
    package func write() throws(Diagnostic) {
        let files: [(String, Data)] = [
            ("Package.swift", Data(manifest.utf8)),
            ("Sources/Exports.swift", Data(source.utf8)),
        ]
        do {
            for (path, data) in files {
                let url = directory.appendingPathComponent(path)
                if FileManager.default.contents(atPath: url.path) == data { continue }
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url, options: .atomic)
            }
            // The package's pins, so the wrapper builds with the same dependency versions.
            let resolved = library.packageDirectory.appendingPathComponent("Package.resolved")
            let copy = directory.appendingPathComponent("Package.resolved")
            if let pins = FileManager.default.contents(atPath: resolved.path), FileManager.default.contents(atPath: copy.path) != pins {
                try pins.write(to: copy, options: .atomic)
            }
        } catch {
            throw Diagnostic(
                "cannot write the wrapper package in '\(directory.path)': \(error.localizedDescription)",
                suggestion: "Check that the package's .build folder is writable")
        }
    }

    /// `text` as a Swift string literal.
    private func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
