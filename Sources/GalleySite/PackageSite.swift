import Foundation
import GalleyCore
import GalleyPackage
import GalleyProject
import Synchronization

/// A site made from a Swift package: in a folder with `Package.swift`, the
/// package's DocC catalogs (the `*.docc` folders of its targets, wherever
/// `path:` puts them) are the pages, one section per catalog, and their
/// samples are verified against the package's own library products, each
/// catalog's module imported. A `content/` folder beside them is read too,
/// its pages at the site's root (its `index.md` the home page). A
/// `galley.yml` configures the package's site — title, sample settings, the
/// library — and does not turn the package into a `content/` site.
///
/// A folder the user names picks what to read instead: `--content
/// Sources/Foo/Foo.docc` (or `galley verify Sources/Foo/Foo.docc`) one
/// catalog, at the site root; `--content docs` a folder of Markdown.
///
/// ```swift
/// if let site = try PackageSite.discover(layout: layout) {
///     var settings = BuildSettings(layout: layout)
///     site.configure(&settings) { print($0) }   // Found 2 catalogs, 3 library products, 148 samples in package swift-numerics.
/// }
/// ```
public struct PackageSite: Sendable {
    /// What the package's description says.
    public var package: SwiftPackage
    /// The catalogs the site is made of.
    public var catalogs: [DocCCatalog]
    /// Whether each catalog is under its module's name (`false`: one catalog, at the root).
    public var prefixed: Bool
    /// A folder of Markdown read instead of catalogs (`--content DIR` that is no catalog).
    public var contentFolder: URL?
    /// A folder of Markdown read with the catalogs, at the site's root: the
    /// project's `content/` when the package has both.
    public var guidesFolder: URL?
    /// The project's folders.
    public var layout: SiteLayout
    /// Where the package's files are read on the web (``PackageRepository``), the default `source_url`.
    public var sourceURL: String?
    /// Where the package's files are edited on the web (``PackageRepository/editURL(forPackageAt:)``).
    public var editURL: String?

    /// The package site at `layout.root`, or `nil` when the folder has no
    /// `Package.swift` (a site of its own).
    ///
    /// - Parameter paths: the paths named as arguments (`galley verify
    ///   Sources/Foo/Foo.docc`); a catalog among them picks it and is
    ///   removed from ``remainingPaths``.
    public static func discover(layout: SiteLayout, paths: [String] = []) throws(Diagnostic) -> PackageSite? {
        guard SwiftPackage.isPackage(layout.root) else { return nil }
        let package = try SwiftPackage.describe(at: layout.root)
        var site = PackageSite(
            package: package, catalogs: package.catalogs, prefixed: true, contentFolder: nil, guidesFolder: nil, layout: layout,
            sourceURL: PackageRepository.sourceURL(forPackageAt: layout.root), editURL: PackageRepository.editURL(forPackageAt: layout.root))
        if layout.namesContentDirectory {
            site.pick(layout.contentDirectory)
        }
        for path in paths {
            let url = Self.resolve(path, against: layout.root)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                site.remainingPaths.append(path)
                continue
            }
            site.pick(url)
        }
        if !site.prefixed || site.contentFolder != nil { return site }
        if FileManager.default.fileExists(atPath: layout.contentDirectory.path) {
            if site.catalogs.isEmpty {
                // No catalog: the content/ folder alone, with the package's library.
                site.contentFolder = layout.contentDirectory
            } else {
                site.guidesFolder = layout.contentDirectory
            }
        }
        return site
    }

    /// The paths of ``discover(layout:paths:)`` that were not folders it picked: pages to verify.
    public var remainingPaths: [String] = []

    /// Reads only the folder at `url`: the catalog it is, or a folder of Markdown.
    private mutating func pick(_ url: URL) {
        let folder = FolderPath(url)
        if let catalog = package.catalogs.first(where: { FolderPath($0.directory).relativePath(of: url.path) == "" }) {
            catalogs = [catalog]
        } else if url.pathExtension == "docc" {
            // A catalog outside the targets' folders: documentation of the package, no module of its own.
            catalogs = [DocCCatalog(directory: url, module: url.deletingPathExtension().lastPathComponent, importsModule: false)]
        } else if let inside = package.catalogs.filter({ folder.contains($0.directory.path) }).nonEmpty {
            // A folder holding catalogs (Sources/Foo): those.
            catalogs = inside
            prefixed = inside.count > 1
            return
        } else {
            contentFolder = url
            catalogs = []
        }
        prefixed = false
    }

    /// The settings of a site with no `galley.yml`: titled after the package,
    /// its samples linked against every library product of the package.
    public var configuration: SiteConfiguration {
        var configuration = SiteConfiguration()
        configuration.title = package.name
        configuration.sourceURL = sourceURL
        configuration.repositoryEditURL = editURL
        var verification = configuration.verification
        verification.package = "."
        verification.products = package.libraryProducts.map(\.name)
        verification.linking = package.libraryProducts.allSatisfy { $0.linkage == "dynamic" } ? .dynamic : .wrapper
        verification.modules = package.productModules
        verification.referenceModules = package.libraryModules
        // No trait left to enable (every one compiles code out): the package's defaults.
        verification.traits = package.documentationTraits.flatMap { $0.enabled.isEmpty ? nil : $0.enabled }
        verification.unexposedTargets = package.unexposedCatalogTargets
        // Its docs are written in the package's own language mode.
        verification.samples.swiftVersion = package.languageMode
        verification.sourceDirectories = package.libraryTargets.map { package.directory(of: $0) }
        verification.moduleDirectories = Dictionary(package.libraryTargets.map { ($0.name, package.directory(of: $0)) }) { first, _ in first }
        configuration.verification = verification
        return configuration
    }

    /// Where the pages come from: the catalogs, or the named folder.
    public func pageSource(configuration: SiteConfiguration, layout: SiteLayout) -> any PageSource {
        if let contentFolder {
            var layout = layout
            layout.contentDirectory = contentFolder
            return ContentLoader(layout: layout, configuration: configuration)
        }
        var source = CatalogPageSource(catalogs: catalogs, layout: layout, configuration: configuration, title: package.name, prefixed: prefixed)
        if let guidesFolder {
            var layout = layout
            layout.contentDirectory = guidesFolder
            source.guides = ContentLoader(layout: layout, configuration: configuration)
        }
        return source
    }

    /// Makes `settings` build (or verify) this site.
    public func configure(_ settings: inout BuildSettings) {
        settings.defaultConfiguration = configuration
        // The package's own docs get its API reference; a content folder picked by name is a site of its own.
        settings.makesReference = contentFolder == nil
        let site = self
        settings.pageSource = { configuration, layout in site.pageSource(configuration: configuration, layout: layout) }
    }

    /// Makes `settings` build (or verify) this site and hand ``summary(of:)``
    /// to `announce` once, when the build has read the pages (they are read
    /// once: announcing before the build would read them twice).
    public func configure(_ settings: inout BuildSettings, announcing announce: @escaping @Sendable (String) -> Void) {
        configure(&settings)
        let site = self
        let announced = Mutex(false)
        settings.pagesLoaded = { content in
            let isFirst = announced.withLock { done in
                defer { done = true }
                return !done
            }
            if isFirst { announce(site.summary(of: content.pages)) }
        }
    }

    /// One line on what was found in `pages`, e.g. `Found 2 catalogs, 3 library products, 148 samples and 4 snippets in package swift-markdown.`
    public func summary(of pages: [Page]) -> String {
        let samples = pages.reduce(0) { count, page in
            count + page.document.codeBlocks.filter { $0.language == "swift" }.count
        }
        let snippets = Set(pages.flatMap { $0.snippets.values.map(\.path) }).count
        let tutorials = pages.count { $0.tutorial?.role == .tutorial }
        let products = package.libraryProducts.count
        let found: String
        if let contentFolder {
            found = "'\(layout.displayPath(of: contentFolder))'"
        } else {
            found =
                "\(catalogs.count) catalog\(catalogs.count == 1 ? "" : "s")"
                + (catalogs.count == 1 ? " (\(layout.displayPath(of: catalogs[0].directory)))" : "")
                + (guidesFolder.map { " and '\(layout.displayPath(of: $0))'" } ?? "")
        }
        let counts = [
            "\(samples) sample\(samples == 1 ? "" : "s")", snippets == 0 ? nil : "\(snippets) snippet\(snippets == 1 ? "" : "s")",
            tutorials == 0 ? nil : "\(tutorials) tutorial\(tutorials == 1 ? "" : "s")",
        ].compactMap { $0 }
        let listed = counts.count == 1 ? counts[0] : counts.dropLast().joined(separator: ", ") + " and " + counts[counts.count - 1]
        return "Found \(found), \(products) library product\(products == 1 ? "" : "s"), \(listed) in package \(package.name)."
            + (traitsNote.map { " " + $0 } ?? "") + unexposedNote
            + (package.languageMode == 5 ? " Samples compile in the Swift 5 language mode, the package's own." : "")
    }

    /// The catalogs' targets that are built though no library product
    /// exposes them, or `""`.
    private var unexposedNote: String {
        let names = package.unexposedCatalogTargets.map(\.name).filter { name in catalogs.contains { $0.module == name } }
        guard !names.isEmpty else { return "" }
        return names.count == 1
            ? " Target \(names[0]) is in no library product: Galley builds it for its catalog's samples."
            : " Targets \(names.joined(separator: ", ")) are in no library product: Galley builds them for their catalogs' samples."
    }

    /// Which of the package's traits the docs are verified with, or `nil`
    /// when it declares none: "Traits enabled: JSON, YAML; left off:
    /// MaxLogLevelNone (its code tests it negated: it compiles code out)."
    public var traitsNote: String? {
        guard let traits = package.documentationTraits else { return nil }
        let enabled = traits.enabled.isEmpty ? "none" : traits.enabled.joined(separator: ", ")
        let leftOff =
            traits.leftOff.isEmpty
            ? "" : "; left off: \(traits.leftOff.joined(separator: ", ")) (the library tests them negated, `#if !…`: they compile code out)"
        return "Traits enabled: \(enabled)\(leftOff)."
    }

    private static func resolve(_ path: String, against base: URL) -> URL {
        URL(userPath: path, relativeTo: base)
    }
}

extension Array {
    /// The array, or `nil` when it is empty.
    fileprivate var nonEmpty: [Element]? { isEmpty ? nil : self }
}
