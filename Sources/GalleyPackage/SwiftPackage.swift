import Foundation
import GalleyCore

/// A SwiftPM package as SwiftPM itself reports it (`swift package describe
/// --type json`): its targets with their folders (wherever `path:` puts
/// them), its library products, and the DocC catalogs (`*.docc`) in its
/// targets' folders.
///
/// The description is cached in `.build/galley/package-description.json`,
/// keyed by the text of `Package.swift` (and its `Package@swift-*.swift`
/// variants) and the `swift` that described it, so a warm run does not pay
/// for SwiftPM loading the manifest.
///
/// ```swift
/// let package = try SwiftPackage.describe(at: root)
/// package.catalogs.map(\.module)        // ["ComplexModule", "RealModule"]
/// package.libraryProducts.map(\.name)   // ["ComplexModule", "Numerics", "RealModule"]
/// ```
public struct SwiftPackage: Sendable, Codable {
    /// One target: a module of the package.
    public struct Target: Sendable, Codable, Hashable {
        /// Its name, which is its module's name.
        public var name: String
        /// `library`, `executable`, `test`, `macro`, `plugin`, `system-target`, `binary`, …
        public var kind: String
        /// `SwiftTarget`, `ClangTarget`, `SystemLibraryTarget`, …
        public var moduleType: String
        /// Its folder, relative to the package root.
        public var path: String
        /// The targets of this package it depends on.
        public var dependencies: [String]
    }

    /// One library product.
    public struct Product: Sendable, Codable, Hashable {
        /// Its name.
        public var name: String
        /// `automatic`, `static` or `dynamic`.
        public var linkage: String
        /// The targets it is made of.
        public var targets: [String]
    }

    /// The package's folder.
    public var root: URL
    /// The manifest's `name:`.
    public var name: String
    /// Every target.
    public var targets: [Target]
    /// The library products, in the manifest's order.
    public var libraryProducts: [Product]
    /// The package's traits (`swift package dump-package`), `default` aside, by name.
    public var traits: [String] = []
    /// The traits that are on by default (what the `default` trait enables).
    public var defaultTraits: [String] = []
    /// The manifest's tools version (`5.9`, `6.0`), when known.
    public var toolsVersion: String?
    /// The manifest's `swiftLanguageModes` (`["5"]`, `["6"]`), empty when it names none.
    public var languageModes: [String] = []

    /// The language mode the package's code is written in, which its docs
    /// are compiled in: the newest of its `swiftLanguageModes`, else 6 from
    /// tools version 6.0, else 5.
    public var languageMode: Int {
        if let newest = languageModes.compactMap({ Int($0.prefix { $0.isNumber }) }).max() { return newest }
        guard let toolsVersion, let major = Int(toolsVersion.prefix { $0.isNumber }) else { return 6 }
        return major >= 6 ? 6 : 5
    }

    /// Whether `folder` holds a package manifest.
    public static func isPackage(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    }

    /// The package at `root`, described by SwiftPM (or from the cache when the manifest has not changed).
    public static func describe(
        at root: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(Diagnostic) -> SwiftPackage {
        let swift = try Toolchain.swiftDriver(environment: environment)
        let key = cacheKey(root: root, swift: swift)
        let cache = root.appendingPathComponent(".build/galley/package-description.json")
        if let data = FileManager.default.contents(atPath: cache.path),
            let cached = try? JSONDecoder().decode(Cached.self, from: data), cached.key == key
        {
            var package = cached.package
            package.root = root
            return package
        }
        // Under the command plugin, SwiftPM's lock on .build is taken: a scratch path of Galley's own.
        let scratch = ScratchPath(package: root, environment: environment).arguments
        let output = try Toolchain.runSwift(["package"] + scratch + ["describe", "--type", "json"], in: root, environment: environment)
        // SwiftPM may print resolution progress before the JSON.
        let json = output.firstIndex(of: "{").map { String(output[$0...]) } ?? output
        var package = try parse(Data(json.utf8), root: root)
        if let dump = try? Toolchain.runSwift(["package"] + scratch + ["dump-package"], in: root, environment: environment) {
            let data = Data((dump.firstIndex(of: "{").map { String(dump[$0...]) } ?? dump).utf8)
            (package.traits, package.defaultTraits) = parseTraits(data)
            if let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] {
                package.languageModes = (object["swiftLanguageVersions"] as? [String]) ?? (object["swiftLanguageModes"] as? [String]) ?? []
            }
        }
        if let data = try? JSONEncoder().encode(Cached(key: key, package: package)) {
            try? FileManager.default.createDirectory(at: cache.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: cache, options: .atomic)
        }
        return package
    }

    /// The package of `swift package describe --type json`'s output.
    public static func parse(_ data: Data, root: URL) throws(Diagnostic) -> SwiftPackage {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw Diagnostic(
                "cannot read the output of `swift package describe --type json` in '\(root.path)'",
                suggestion: "Check that `swift package describe --type json` prints the package")
        }
        let targets = (object["targets"] as? [[String: Any]] ?? []).compactMap { target -> Target? in
            guard let name = target["name"] as? String, let path = target["path"] as? String else { return nil }
            return Target(
                name: name, kind: target["type"] as? String ?? "library", moduleType: target["module_type"] as? String ?? "SwiftTarget",
                path: path, dependencies: target["target_dependencies"] as? [String] ?? []
            )
        }
        let products = (object["products"] as? [[String: Any]] ?? []).compactMap { product -> Product? in
            guard let name = product["name"] as? String, let type = product["type"] as? [String: Any],
                let library = type["library"]
            else { return nil }
            let linkage = (library as? [String])?.first ?? "automatic"
            return Product(name: name, linkage: linkage, targets: product["targets"] as? [String] ?? [])
        }
        var package = SwiftPackage(
            root: root, name: object["name"] as? String ?? root.lastPathComponent, targets: targets, libraryProducts: products
        )
        package.toolsVersion = object["tools_version"] as? String
        return package
    }

    /// The traits of `swift package dump-package`'s output, `default`
    /// aside, and the ones `default` enables.
    static func parseTraits(_ data: Data) -> (all: [String], defaults: [String]) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let traits = object["traits"] as? [[String: Any]]
        else { return ([], []) }
        var all: [String] = []
        var defaults: [String] = []
        for trait in traits {
            guard let name = trait["name"] as? String else { continue }
            if name == "default" {
                defaults = trait["enabledTraits"] as? [String] ?? []
            } else {
                all.append(name)
            }
        }
        return (all.sorted(), defaults.sorted())
    }

    /// The traits a documentation build enables: every trait but those that
    /// only take code away — a trait the library's sources test negated
    /// (`#if !MaxLogLevelNone`) compiles code out when on, so docs that use
    /// that code would fail for a reason of the build, not of the docs.
    /// `nil` when the package declares no traits (the build is as it is).
    public var documentationTraits: (enabled: [String], leftOff: [String])? {
        guard !traits.isEmpty else { return nil }
        let negated = Self.negatedConditions(in: libraryTargets.map { directory(of: $0) })
        let leftOff = traits.filter { negated.contains($0) }
        return (traits.filter { !negated.contains($0) }, leftOff)
    }

    /// The names that `#if` / `#elseif` lines of the Swift files under
    /// `folders` test negated (`!Name`).
    static func negatedConditions(in folders: [URL]) -> Set<String> {
        var names: Set<String> = []
        for folder in folders {
            forEachSwiftFile(under: folder, containing: "#") { text in
                for line in text.split(separator: "\n") {
                    let trimmed = line.drop { $0 == " " || $0 == "\t" }
                    guard trimmed.hasPrefix("#if ") || trimmed.hasPrefix("#elseif ") else { continue }
                    var rest = Substring(trimmed)
                    while let bang = rest.firstIndex(of: "!") {
                        rest = rest[rest.index(after: bang)...]
                        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                        if !name.isEmpty { names.insert(String(name)) }
                    }
                }
                return true
            }
        }
        return names
    }

    /// The folder of `target`.
    public func directory(of target: Target) -> URL {
        URL(userPath: target.path, relativeTo: root)
    }

    /// The targets whose code the library products hold: theirs and every
    /// target of the package they depend on.
    public var libraryTargets: [Target] {
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var found: Set<String> = []
        var pending = libraryProducts.flatMap(\.targets)
        while let name = pending.popLast() {
            guard found.insert(name).inserted, let target = byName[name] else { continue }
            pending += target.dependencies
        }
        return targets.filter { found.contains($0.name) }
    }

    /// Every Swift library target's module, in a product or not: what
    /// swift-docc-plugin documents, and so what the API reference covers.
    public var libraryModules: [String] {
        targets.filter { $0.kind == "library" && $0.moduleType == "SwiftTarget" }.map(\.name).sorted()
    }

    /// The name Swift code imports a target by, SwiftPM's C99 name: a
    /// character that cannot be in an identifier becomes `_`
    /// (`swift-openapi-generator` → `swift_openapi_generator`).
    public static func moduleName(ofTarget target: String) -> String {
        let name = String(target.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        return name.first?.isNumber == true ? "_" + name : name
    }

    /// The Swift modules of the library products, which samples may import.
    public var productModules: [String] {
        let inProducts = Set(libraryProducts.flatMap(\.targets))
        return libraryTargets.filter { inProducts.contains($0.name) && $0.moduleType == "SwiftTarget" }.map(\.name).sorted()
    }

    /// The targets that a DocC catalog documents but no library product
    /// exposes, that samples can import once built (Swift library
    /// targets), each with the targets outside the products it needs.
    public var unexposedCatalogTargets: [SampleLibrary.UnexposedTarget] {
        let inProducts = Set(libraryTargets.map(\.name))
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return targets.sorted { $0.name < $1.name }.compactMap { target in
            guard !inProducts.contains(target.name), target.kind == "library", target.moduleType == "SwiftTarget",
                !Self.doccFolders(in: directory(of: target)).isEmpty
            else { return nil }
            var needed: [String] = []
            var pending = [target.name]
            while let name = pending.popLast() {
                guard !inProducts.contains(name), !needed.contains(name), let dependency = byName[name] else { continue }
                needed.append(name)
                pending += dependency.dependencies
            }
            return SampleLibrary.UnexposedTarget(name: target.name, objectTargets: needed)
        }
    }

    /// The DocC catalogs in the folders of the package's targets (test
    /// targets aside), each with the target it documents, in target order.
    public var catalogs: [DocCCatalog] {
        let modules = Set(productModules + unexposedCatalogTargets.map(\.name))
        var seen: Set<String> = []
        var catalogs: [DocCCatalog] = []
        for target in targets.sorted(by: { $0.name < $1.name }) where target.kind != "test" {
            for folder in Self.doccFolders(in: directory(of: target)) where seen.insert(folder.standardizedFileURL.path).inserted {
                var catalog = DocCCatalog(
                    directory: folder, module: target.name, importsModule: modules.contains(target.name),
                    importsFoundation: Self.importsFoundation(directory(of: target)))
                catalog.siblingModules = productModules
                catalogs.append(catalog)
            }
        }
        return catalogs
    }

    /// Whether a Swift file under `folder` imports Foundation (`import
    /// Foundation`, `@_exported import Foundation`, or FoundationEssentials).
    static func importsFoundation(_ folder: URL) -> Bool {
        var found = false
        forEachSwiftFile(under: folder, containing: "Foundation") { text in
            for line in text.split(separator: "\n") where line.contains("import") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
                let head = words[..<index]
                if head.allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal"].contains($0) }),
                    ["Foundation", "FoundationEssentials"].contains(words[index + 1])
                {
                    found = true
                    return false
                }
            }
            return true
        }
        return found
    }

    /// Calls `body` with the text of each Swift file under `folder` (hidden
    /// ones aside) that contains `needle`, until `body` returns `false`.
    static func forEachSwiftFile(under folder: URL, containing needle: String, _ body: (String) -> Bool) {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
            return
        }
        for case let file as URL in files where file.pathExtension == "swift" {
            guard let text = try? String(contentsOf: file, encoding: .utf8), text.contains(needle) else { continue }
            if !body(text) { return }
        }
    }

    /// The `*.docc` folders under `folder` (hidden folders skipped; none looked for inside a catalog).
    static func doccFolders(in folder: URL) -> [URL] {
        if folder.pathExtension == "docc" { return [folder] }
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]
            )
        else { return [] }
        var found: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "docc" {
            enumerator.skipDescendants()
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The cached description and what it was made from.
    private struct Cached: Codable {
        var key: String
        var package: SwiftPackage
    }

    /// The manifests' text and the `swift` that reads them (a manifest is a few kilobytes: kept as it is, not hashed).
    private static func cacheKey(root: URL, swift: URL) -> String {
        var key = "galley-package-description-v3\0\(swift.path)\0"
        let manifests = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift")) }.sorted()
        for name in manifests {
            key += "\(name)\0"
            if let data = FileManager.default.contents(atPath: root.appendingPathComponent(name).path) {
                key += String(decoding: data, as: UTF8.self) + "\0"
            }
        }
        return key
    }
}
