import Foundation
import GalleyCore

/// What the last successful build of a sample library saw and produced,
/// kept in `<package>/.build/galley/library-state.json`, so that a warm
/// `galley build` or `galley verify` skips `swift build` altogether.
///
/// The library is reused only when the fingerprint of its inputs
/// (`Package.swift`, `Package.resolved`, the path and bytes of every file
/// of its source folders but DocC catalogs, the compiler version, the
/// products, module aliases and linking)
/// is the one recorded, and every built product still has the size and
/// modification time recorded. Anything else (a changed source, a product
/// rebuilt or deleted by hand, another compiler) builds again. Local path
/// dependencies outside the package are not fingerprinted.
package struct LibraryState {
    private struct Record: Codable {
        package var inputs: String
        package var built: SampleLibrary.Built
        package var products: [Product]
    }

    private struct Product: Codable, Equatable {
        package var path: String
        package var size: UInt64
        package var modified: Double
    }

    package let library: SampleLibrary
    package let toolchain: Toolchain
    package let file: URL

    package init(library: SampleLibrary, toolchain: Toolchain) {
        self.library = library
        self.toolchain = toolchain
        self.file = library.packageDirectory.appendingPathComponent(".build/galley/library-state.json")
    }

    /// The recorded build, when nothing it depends on changed.
    package func reusableBuild() -> SampleLibrary.Built? {
        guard let data = FileManager.default.contents(atPath: file.path),
            let record = try? JSONDecoder().decode(Record.self, from: data),
            record.inputs == inputFingerprint(),
            !record.built.artifacts.isEmpty,
            record.products == Self.attributes(of: record.built.artifacts)
        else { return nil }
        return record.built
    }

    /// Remembers a successful build (a state that cannot be written only costs the next run a build).
    package func record(_ built: SampleLibrary.Built) {
        let record = Record(inputs: inputFingerprint(), built: built, products: Self.attributes(of: built.artifacts))
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(record).write(to: file, options: .atomic)
        } catch {
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// SHA-256 over everything that decides what `swift build` produces.
    package func inputFingerprint() -> String {
        var hasher = SHA256()
        func add(_ text: String) {
            hasher.update(data: Data(text.utf8))
            hasher.update(data: Data([0]))
        }
        // v4: macro plugins kept as SwiftPM writes them (a v3 state holds `-load-plugin-executable -Xfrontend`)
        add("galley-library-state-v4")
        add(toolchain.version)
        library.products.forEach(add)
        add(library.linking.rawValue)
        library.modules.forEach(add)
        library.moduleAliases.sorted { $0.key < $1.key }.forEach { add("\($0.key)=\($0.value)") }
        add("traits:" + (library.traits?.joined(separator: ",") ?? "defaults"))
        library.unexposedTargets.forEach { add("unexposed:" + $0.name + "=" + $0.objectTargets.joined(separator: ",")) }
        let package = library.packageDirectory
        for name in ["Package.swift", "Package.resolved"] {
            add(name)
            if let data = FileManager.default.contents(atPath: package.appendingPathComponent(name).path) { hasher.update(data: data) }
        }
        for sources in library.sourceDirectories {
            add(sources.path)
            for path in Self.files(under: sources) {
                add(path)
                if let data = FileManager.default.contents(atPath: sources.appendingPathComponent(path).path) { hasher.update(data: data) }
            }
        }
        return HexDigits.of(hasher.finalize())
    }

    /// Size and modification time of every built file (shared libraries, modules).
    private static func attributes(of artifacts: [String]) -> [Product] {
        artifacts.map { URL(fileURLWithPath: $0) }.map { url in
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            return Product(
                path: url.path,
                size: (attributes?[.size] as? NSNumber)?.uint64Value ?? 0,
                modified: (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            )
        }
    }

    /// Regular files under `folder`, relative and sorted (hidden files and
    /// `.build` skipped, and DocC catalogs: documentation builds nothing).
    private static func files(under folder: URL) -> [String] {
        FileTree.files(under: folder) { $0.hasSuffix(".docc") }
    }
}
