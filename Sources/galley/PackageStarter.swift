import Foundation
import GalleyCore
import GalleyProject
import GalleySite

/// What `galley init` writes in the root of a Swift package: a `galley.yml`
/// whose every line is commented out (Galley reads a package as it is; the
/// file only adjusts its site) and, with `--ci github`, a GitHub Actions
/// workflow for the package (``PackageWorkflow``). No `content/` folder: the
/// package's DocC catalogs and doc comments are its documentation.
///
/// A file that already exists is kept, never overwritten: ``files(skipping:)``
/// leaves it out, so `galley init --ci github` after `galley init` adds only the workflow.
///
/// ```swift
/// let starter = PackageStarter(site: site, workflow: PackageWorkflow(shards: 1))
/// let written = try StarterFile.write(starter.files(skipping: []), into: root, displayPath: ".")
/// ```
struct PackageStarter: Sendable {
    /// The package as Galley reads it.
    var site: PackageSite
    /// The workflow to write, or `nil` (no `--ci`).
    var workflow: PackageWorkflow?

    /// The path of the workflow.
    static let workflowPath = ".github/workflows/docs.yml"

    /// `galley.yml`, then the workflow when there is one, less the paths in `existing`.
    func files(skipping existing: Set<String>) -> [StarterFile] {
        var files = [StarterFile(path: "galley.yml", contents: Data(Self.configuration(for: site).utf8))]
        if let workflow {
            files.append(StarterFile(path: Self.workflowPath, contents: Data(workflow.text.utf8)))
        }
        return files.filter { !existing.contains($0.path) }
    }

    /// What was found, one line each: the catalogs, the library products and
    /// targets, the doc comments' code listings (counted from the sources'
    /// `///` fences, without building anything).
    var findings: [String] {
        let package = site.package
        let root = FolderPath(site.layout.root)
        var lines: [String] = []
        let catalogs = site.catalogs.map { root.relativePath(of: $0.directory.path) ?? $0.directory.path }.sorted()
        lines.append(
            catalogs.isEmpty
                ? "no DocC catalog (Galley makes the API reference and verifies the doc comments)"
                : "\(catalogs.count) DocC catalog\(catalogs.count == 1 ? "" : "s"): \(catalogs.joined(separator: ", "))")
        let products = package.libraryProducts.map(\.name).sorted()
        lines.append(
            products.isEmpty
                ? "no library product: samples cannot import the package's modules"
                : "\(products.count) library product\(products.count == 1 ? "" : "s"): \(products.joined(separator: ", "))")
        let targets = package.libraryTargets.map(\.name).sorted()
        lines.append(
            "\(targets.count) library target\(targets.count == 1 ? "" : "s")" + (targets.isEmpty ? "" : ": \(targets.joined(separator: ", "))"))
        let listings = package.libraryTargets.reduce(0) { $0 + Self.docCommentListings(in: package.directory(of: $1)) }
        lines.append("\(listings) code listing\(listings == 1 ? "" : "s") in doc comments")
        return lines
    }

    /// How many fenced code blocks the `///` comments of the Swift files under `folder` open.
    static func docCommentListings(in folder: URL) -> Int {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return 0 }
        var fences = 0
        for case let file as URL in walker where file.pathExtension == "swift" {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                guard trimmed.hasPrefix("///") else { continue }
                let comment = trimmed.dropFirst(3).drop { $0 == " " }
                if comment.hasPrefix("```") || comment.hasPrefix("~~~") { fences += 1 }
            }
        }
        return fences / 2
    }

    /// `galley.yml` for the package: what it sets by default, every line commented out.
    static func configuration(for site: PackageSite) -> String {
        let package = site.package
        let products = package.libraryProducts.map(\.name).sorted()
        let productList = products.isEmpty ? "MyLibrary" : products.joined(separator: ", ")
        let source = site.sourceURL ?? "https://github.com/owner/\(package.name)/blob/main/"
        let traits =
            package.traits.isEmpty
            ? "" : "\n#   traits: [\(package.traits.joined(separator: ", "))]   # the package traits the library is built with (default: all of them)"
        return """
            # Settings of \(package.name)'s documentation site, for galley verify, galley build and
            # galley serve (or `swift package galley verify`, … with Galley as a dependency).
            # Galley reads the package as it is: its DocC catalogs, the code listings of its
            # doc comments and its library products. Nothing here needs setting: uncomment a
            # line only to change what it says (the values shown are the defaults or examples).

            # title: \(package.name)                        # the site's name (default: the package's)
            # description: One sentence about the package.   # site.description in templates
            # base_url: https://owner.github.io/\(package.name)/   # where the site is published; the workflow passes --base-url instead
            # source_url: \(source)   # each declaration links its line (default: from the git remote)
            # reference_path: documentation        # the folder of the API reference (default: DocC's, so DocC links keep working)
            # external_docs:                       # where other modules' documentation is (Apple's modules are known)
            #   NIOCore: https://swiftpackageindex.com/apple/swift-nio/main/documentation/niocore/
            # search: true                         # the search box; false turns it off
            # hovers: true                         # declarations and types of sample identifiers on hover
            # llms: true                           # llms.txt, llms-full.txt and a .md copy of each page; false turns them off
            # versions:                            # galley build --versions: every release's docs, each verified against its release
            #   tags: ["1.*"]                      # tag patterns, * any text (default: every release tag)
            #   keep: 5                            # the newest this many matching tags (0: all)

            # How the samples of the catalogs and the doc comments' listings are compiled and run:
            # verify:
            #   products: [\(productList)]   # the library products samples link against (default: every one)\(traits)
            #   doc_comments: public               # whose listings are verified: public (what DocC shows), all or none
            #   timeout: 10                        # seconds one sample program may run
            #   sandbox: auto                      # auto | on | off: bubblewrap (read-only files, no network); the plugin asks for on
            #   prelude: |                         # Swift lines compiled before every sample
            #     import Foundation
            #   swift_version: \(package.languageMode)                   # the samples' language mode (default: the package's)
            #   flags: [-enable-upcoming-feature, ExistentialAny]   # extra swiftc flags
            #   default: run                       # what a plain ```swift block does: run, no_run (compile only) or ignore
            #   environment: { LANG: C }           # extra environment variables of sample runs

            """
    }
}
