import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyPackage

/// The pages of a package's DocC catalogs as one site: each catalog is a
/// section under its own URL prefix (its module's name), read in place, its
/// `.md` files pages and its other files assets, its samples importing its
/// module. A home page listing the catalogs is made when none has an
/// `index.md`.
///
/// ```swift
/// let package = try SwiftPackage.describe(at: root)
/// let source = CatalogPageSource(catalogs: package.catalogs, layout: layout, title: package.name)
/// try source.load().pages.map(\.url)   // ["index.html", "ComplexModule/Documentation.html", "RealModule/Augmented.html", …]
/// ```
public struct CatalogPageSource: PageSource {
    /// One catalog and where its pages go.
    public struct Section: Sendable {
        /// The catalog.
        public var catalog: DocCCatalog
        /// The URL prefix of its pages (`ComplexModule`), `""` for the site root.
        public var prefix: String
        /// Its reader.
        public var loader: ContentLoader
    }

    /// The catalogs, each with its prefix.
    public var sections: [Section]
    /// The package folder (asset paths are mapped to each catalog's folder).
    public var directory: URL
    /// How diagnostics name the package folder.
    public var displayPath: String
    /// The title of the home page made when no catalog has an `index.md`.
    public var title: String
    /// A folder of Markdown read with the catalogs, its pages at the site's
    /// root (a repository's `content/` beside its package's catalogs); its
    /// `index.md` is the home page.
    public var guides: ContentLoader?

    /// Every catalog under its module's name, or one catalog at the site root
    /// (`prefixed: false`, a catalog the user picked).
    public init(catalogs: [DocCCatalog], layout: SiteLayout, configuration: SiteConfiguration, title: String, prefixed: Bool = true) {
        var used: Set<String> = []
        self.sections = catalogs.map { catalog in
            var prefix = prefixed ? catalog.module : ""
            if prefixed, !used.insert(prefix).inserted {
                // Two catalogs of one target: the second by its folder's name too.
                prefix = "\(catalog.module)-\(catalog.directory.deletingPathExtension().lastPathComponent)"
                used.insert(prefix)
            }
            var loader = ContentLoader(directory: catalog.directory, displayPath: layout.displayPath(of: catalog.directory))
            loader.containment = configuration.containment(layout: layout)
            return Section(catalog: catalog, prefix: prefix, loader: loader)
        }
        self.directory = layout.root
        self.displayPath = layout.displayPath(of: layout.root)
        self.title = title
    }

    /// The catalogs and the package's `Snippets/` folder.
    public var watchedFolders: [URL] {
        sections.map(\.catalog.directory) + [directory.appendingPathComponent("Snippets")]
    }

    /// The home page's source path.
    static let homePath = "index.md"

    /// Every catalog's articles as pages under its section (a home page
    /// listing the catalogs when none has an `index.md`), and their other files.
    public func load(reusing previous: [String: Page], changed: Set<String>) throws(DiagnosticList) -> LoadedContent {
        var pages: [Page] = []
        var assets: [String] = []
        var problems: [Diagnostic] = []
        var unreadable: Set<String> = []
        var roots: [(section: Section, page: Page)] = []
        var tutorialWarnings: [Diagnostic] = []
        if let guides {
            let own = Set(previous.keys.filter { path in !sections.contains { RelativePath.is(path, inside: $0.prefix) } })
            let content = try guides.load(reusing: previous.filter { own.contains($0.key) }, changed: changed.filter(own.contains))
            pages += content.pages
            assets += content.assets
            problems += content.problems
            unreadable.formUnion(content.unreadable)
        }
        for section in sections {
            let own = { (path: String) -> String? in
                section.prefix.isEmpty ? path : RelativePath.is(path, inside: section.prefix) ? String(path.dropFirst(section.prefix.count + 1)) : nil
            }
            var reusable: [String: Page] = [:]
            for (path, page) in previous {
                if let local = own(path) { reusable[local] = Self.unprefixed(page, local: local) }
            }
            let content = try section.loader.load(reusing: reusable, changed: Set(changed.compactMap(own)))
            let setup = Self.setup(of: section)
            let sectionPages = content.pages.map { page in
                var moved = Self.prefixed(page, section: section)
                moved.setup = setup
                return moved
            }
            pages += sectionPages
            let tutorials = Self.tutorialPages(of: section, assets: content.assets)
            pages += tutorials.pages
            problems += tutorials.problems
            tutorialWarnings += tutorials.warnings
            // The setup file is the samples' context, not the site's; a tutorial file is a page.
            assets += content.assets.filter { $0 != Self.setupFileName && !$0.hasSuffix(TutorialPage.fileExtension) }
                .map { section.prefix.isEmpty ? $0 : "\(section.prefix)/\($0)" }
            problems += content.problems
            unreadable.formUnion(content.unreadable.map { section.prefix.isEmpty ? $0 : "\(section.prefix)/\($0)" })
            if let root = Self.rootPage(of: sectionPages, module: section.catalog.module) { roots.append((section, root)) }
        }
        attachResources(to: &pages, assets: assets)
        if !pages.contains(where: \.isHome) {
            pages.insert(homePage(roots), at: 0)
        }
        var content = LoadedContent(pages: pages, assets: assets, problems: problems, unreadable: unreadable)
        content.folderWarnings += tutorialWarnings
        if sections.isEmpty {
            content.folderWarnings.append(
                .warning(
                    "the package has no DocC catalog (a *.docc folder in a target's folder); the site has only its home page",
                    suggestion: "Add one, e.g. Sources/<Module>/<Module>.docc/<Module>.md, or pass --content DIR"))
        }
        return content
    }

    /// DocC's resources of `pages`, the site paths of whose other files are
    /// `assets`: images by name anywhere in the catalog, snippets from the
    /// package's `Snippets/`.
    private func attachResources(to pages: inout [Page], assets: [String]) {
        let resources = CatalogResources(assets: assets)
        let files = Set(assets)
        for index in pages.indices {
            let prefix = sections.first { !$0.prefix.isEmpty && RelativePath.is(pages[index].sourcePath, inside: $0.prefix) }?.prefix ?? ""
            pages[index].images = resources.images(of: pages[index], prefix: prefix, files: files)
            pages[index].snippets = CatalogResources.snippets(of: pages[index], root: directory)
        }
    }

    /// The pages of the tutorial files (`.tutorial`) among `assets`, the
    /// paths of `section`'s catalog's files other than its articles, each at
    /// DocC's path for it, its step files read from the catalog.
    static func tutorialPages(of section: Section, assets: [String]) -> (pages: [Page], problems: [Diagnostic], warnings: [Diagnostic]) {
        let tutorialPaths = assets.filter { $0.hasSuffix(TutorialPage.fileExtension) }
        guard !tutorialPaths.isEmpty else { return ([], [], []) }
        let folder = section.catalog.directory.path
        var files: [String: () -> String?] = [:]
        for asset in assets where !asset.hasSuffix(TutorialPage.fileExtension) {
            files[asset] = { try? SourceFile.readText(atPath: folder + "/" + asset, displayPath: asset) }
        }
        var pages: [Page] = []
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        for path in tutorialPaths {
            let display = section.loader.displayPath + "/" + path
            let text: String
            do throws(Diagnostic) {
                text = try SourceFile.readText(atPath: folder + "/" + path, displayPath: display)
            } catch {
                problems.append(error)
                continue
            }
            guard
                var page = TutorialFiles.page(
                    for: path, prefix: section.prefix, displayPath: display, text: text,
                    module: section.catalog.displayName, files: files, catalogDisplayPath: section.loader.displayPath)
            else {
                warnings.append(
                    .warning(
                        "'\(display)' is not a DocC tutorial file: it has no @Tutorials, @Tutorial or @Article; it is not shown",
                        at: SourceLocation(path: display, line: 1),
                        suggestion: "Start it with @Tutorial(time: …) { … }, or rename it if it is not a tutorial"))
                continue
            }
            page.catalogModule = section.catalog.module
            page.implicitImports = section.catalog.implicitImports
            pages.append(page)
        }
        return (pages, problems, warnings)
    }

    /// The catalog file an asset path of the site (`RealModule/image.png`) is copied from.
    public func assetFile(_ path: String) -> URL {
        if let guides, !sections.contains(where: { !$0.prefix.isEmpty && RelativePath.is(path, inside: $0.prefix) }) {
            return guides.directory.appendingPathComponent(path)
        }
        for section in sections {
            if section.prefix.isEmpty { return section.catalog.directory.appendingPathComponent(path) }
            if RelativePath.is(path, inside: section.prefix) {
                return section.catalog.directory.appendingPathComponent(String(path.dropFirst(section.prefix.count + 1)))
            }
        }
        return directory.appendingPathComponent(path)
    }

    /// The name of a catalog's setup file: Swift compiled before the samples
    /// of its pages and never shown (DocC renders every line of a listing, so
    /// the context its docs assume cannot live in the articles).
    public static let setupFileName = "galley-setup.swift"

    /// The setup file of `section`'s catalog, as diagnostics name it, and its text.
    static func setup(of section: Section) -> (path: String, text: String)? {
        let file = section.catalog.directory.appendingPathComponent(setupFileName)
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return (section.loader.displayPath + "/" + setupFileName, String(decoding: data, as: UTF8.self))
    }

    /// `page` of a catalog as a page of the site: under the section's prefix, importing its module.
    static func prefixed(_ page: Page, section: Section) -> Page {
        let path = section.prefix.isEmpty ? page.sourcePath : "\(section.prefix)/\(page.sourcePath)"
        var moved = Page(sourcePath: path, displayPath: page.displayPath, frontMatter: page.frontMatter, document: page.document)
        moved.title = page.title
        moved.implicitImports = section.catalog.implicitImports
        moved.catalogModule = section.catalog.module
        return moved
    }

    /// A site's page as its catalog's loader knows it.
    static func unprefixed(_ page: Page, local: String) -> Page {
        var page = page
        page.sourcePath = local
        page.url = Page.url(forSourcePath: local)
        return page
    }

    /// The catalog's root page, as DocC finds it: the one marked
    /// `@TechnologyRoot`, else the one titled ``` ``Module`` ```, else the
    /// one named after the module (in any case), else the first.
    public static func rootPage(of pages: [Page], module: String) -> Page? {
        let named = { (page: Page) in
            let file = Page.stripMarkdownExtension(String(page.sourcePath.split(separator: "/").last ?? ""))
            return file.lowercased() == module.lowercased()
        }
        // `@TechnologyRoot` inside `@Metadata { … }`, with or without a block of its own.
        let marked = { (page: Page) in
            page.document.directives.contains { $0.name == "TechnologyRoot" }
                || page.document.source.split(separator: "\n").contains { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("@TechnologyRoot") }
        }
        return pages.first { $0.depth <= 1 && marked($0) }
            ?? pages.first { $0.document.symbolPath == module && $0.depth <= 1 }
            ?? pages.first { named($0) && $0.depth <= 1 }
            ?? pages.first
    }

    /// The home page: the package's name and a link to each catalog's root page.
    func homePage(_ roots: [(section: Section, page: Page)]) -> Page {
        var text = "# \(title)\n\n"
        if roots.isEmpty {
            text += "This package has no DocC catalog yet.\n"
        } else {
            text += "Documentation of the package's modules:\n\n"
            for (section, page) in roots {
                let target = page.sourcePath.split(separator: "/").map {
                    String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
                }
                .joined(separator: "/")
                text += "- [\(section.catalog.module)](\(target))\n"
            }
        }
        return Page(sourcePath: Self.homePath, displayPath: "Package.swift", frontMatter: FrontMatter(), document: MarkdownDocument(parsing: text))
    }
}
