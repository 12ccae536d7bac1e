import Foundation
import GalleyCore
import GalleyPackage
import GalleySamples

/// The site settings from `galley.yml`; every key is optional.
///
/// ```yaml
/// title: Galley Guides
/// base_url: https://example.org/docs/
/// language: en
/// edit_url: https://github.com/org/repo/edit/main/content/
/// markdown:
///   unsafe_html: false
/// ```
public struct SiteConfiguration: Sendable, Equatable {
    /// The top-level keys `galley.yml` may set.
    public static let knownKeys = [
        "title", "description", "base_url", "language", "edit_url", "source_url", "external_docs", "reference_path", "markdown", "verify",
        "search", "favicon", "allow_outside", "hovers", "versions", "llms",
    ]

    /// The site's name, shown in the sidebar and page titles.
    public var title = "Documentation"
    /// A one-sentence summary of the site.
    public var description = ""
    /// The URL the site is published at, ending in `/`; enables `sitemap.xml`.
    public var baseURL: String?
    /// The `lang` of every page.
    public var language = "en"
    /// Prefix for a page's "Edit this page" link; the page's path under
    /// `content/` is appended.
    public var editURL: String?
    /// Prefix for the link from an API reference page to its declaration's
    /// line: the source file's path in the package and `#L<line>` are
    /// appended (`https://github.com/org/repo/blob/main/`). A package root's
    /// default is its git remote's page at the commit checked out, when the
    /// remote is on GitHub or GitLab; `source_url: ""` turns the links off.
    public var sourceURL: String?
    /// Prefix of the repository host's page that edits a file: its path in
    /// the package is appended. A package root's default is its git remote's
    /// on the branch checked out; without it, pages link their source at
    /// ``sourceURL``.
    public var repositoryEditURL: String?
    /// Where other modules' documentation is (`external_docs:`, a module's
    /// name and its documentation's root URL), on top of Apple's for the
    /// standard library and its frameworks: declarations and symbol links
    /// naming their symbols link there.
    public var externalDocumentation = ExternalDocumentation()
    /// The folder a package's API reference is written in (`reference_path:`):
    /// DocC's `documentation` by default, so that links made to a DocC site
    /// keep working; another (`api`, `reference/api`) moves every page of
    /// the reference there, each at DocC's path under it.
    public var referencePath = "documentation"
    /// Whether the site is one version of a versioned site (`galley build
    /// --versions`): the theme leaves the slot `<!--galley:versions-->` where
    /// the assembly puts the version switcher. Not read from `galley.yml`.
    public var isVersioned = false
    /// Which versions `galley build --versions` builds (`versions:`).
    public var versions = VersionsSetting()
    /// Whether raw HTML in Markdown is passed through (default `false`, as in Hugo).
    public var allowsRawHTML = false
    /// Whether the site has search (`search: false` turns it off): the build
    /// writes `search-index.js` and templates see `site.search`.
    public var search = true
    /// Whether the site is written for readers that are programs too
    /// (`llms: false` turns it off): a Markdown copy of every page beside
    /// its HTML (`guide/intro.html` → `guide/intro.md`), each sample with
    /// its verdict, and `llms.txt` (the site's map) and `llms-full.txt`
    /// (every page's Markdown) at the site root, as llmstxt.org proposes.
    public var llms = true
    /// Whether `galley build` asks the compiler about every identifier of
    /// the samples (declarations on hover) and their `// ^?` type queries
    /// (`hovers: false` turns both off; a page's front matter may too).
    public var hovers = true
    /// The site's icon, a path under the site root (a file of `content/`,
    /// or of the theme's `assets/`); the default theme's is `assets/favicon.svg`.
    public var favicon = "assets/favicon.svg"
    /// Folders outside the project that symbolic links in `content/` and
    /// `templates/` may lead to (`allow_outside:`), relative to the project.
    public var allowedOutside: [String] = []
    /// How samples are verified (the `verify:` section).
    public var verification = VerificationSettings()

    /// The `verify:` section of `galley.yml`.
    ///
    /// ```yaml
    /// verify:
    ///   package: .                      # SwiftPM package with the sample library
    ///   products: [HeadlessSwiftUI]     # built and linked into every sample
    ///   module_aliases:                 # import SwiftUI → HeadlessSwiftUI
    ///     SwiftUI: HeadlessSwiftUI
    ///     Combine: OpenCombineShim
    ///   traits: [JSON, YAML]            # the package's traits to build with (default: all that add code)
    ///   timeout: 10                     # seconds per sample program
    ///   doc_comments: public            # a package root's listings in doc comments: public, all or none
    ///   tutorial_projects: true         # build (and run) the packages DocC tutorials' steps make
    ///   prelude: import SwiftUI         # and the other keys of SampleSettingsOverride
    /// ```
    public struct VerificationSettings: Sendable, Equatable {
        /// The package folder, relative to the project root.
        public var package = "."
        /// Library products samples link against.
        public var products: [String] = []
        /// `-module-alias` pairs.
        public var moduleAliases: [String: String] = [:]
        /// How the products link (a package root's description knows; otherwise found out by building).
        public var linking = SampleLibrary.Linking.automatic
        /// The products' Swift modules, when known (a package root's description).
        public var modules: [String] = []
        /// Every Swift library target's module, in a product or not: what the
        /// API reference documents (a package root's description; empty: ``modules``).
        public var referenceModules: [String] = []
        /// The package's traits the library is built with (`nil`: its
        /// defaults). A package root's are every trait that does not compile
        /// code out (``SwiftPackage/documentationTraits``); `verify: traits:`
        /// names them instead.
        public var traits: [String]?
        /// Targets a catalog documents that no library product exposes,
        /// built and linked too (a package root's; ``SampleLibrary/UnexposedTarget``).
        public var unexposedTargets: [SampleLibrary.UnexposedTarget] = []
        /// The package's target folders, whose files decide the library build; `nil` for its `Sources/`.
        public var sourceDirectories: [URL]?
        /// Each library module's folder (a package root's): where its
        /// re-exports (`@_exported import`) are read, for its symbol graph.
        public var moduleDirectories: [String: URL] = [:]
        /// Seconds one sample program may run.
        public var timeoutSeconds = 10
        /// Prelude, language mode, flags, default mode and environment for every page.
        public var samples = SampleSettings()
        /// Whether samples run in the bubblewrap sandbox.
        public var sandbox = SandboxMode.auto
        /// What fails `galley verify` and `galley build` (`verify: gate:`):
        /// errors in the docs by default, every failure when `strict`.
        public var gate = VerifyGate.docs
        /// Whether each page of a DocC catalog is one program (DocC articles
        /// tell one program over several blocks); `verify: page:` in
        /// `galley.yml` sets it for catalogs as it does for `content/`.
        public var catalogPagesAreProgram = true
        /// Which declarations' doc comments have their listings verified in
        /// a package root (`verify: doc_comments:`; public ones by default).
        public var docComments = DocCommentScope.public
        /// Whether the packages DocC tutorials' steps make are built, run
        /// and compared (`verify: tutorial_projects:`; on by default); off,
        /// their step files are only parsed.
        public var tutorialProjects = true

        /// No library, 10 s timeout.
        public init() {}

        /// `settings` with the library `galley.yml` names: `products` of the
        /// package in `package`; how they link, their modules and folders are
        /// found out by building.
        static func naming(_ package: String, _ products: [String], in settings: VerificationSettings) -> VerificationSettings {
            var named = settings
            named.package = package
            named.products = products
            named.linking = .automatic
            named.modules = []
            named.referenceModules = []
            named.sourceDirectories = nil
            named.moduleDirectories = [:]
            named.traits = nil
            named.unexposedTargets = []
            return named
        }
    }

    /// The defaults used when there is no `galley.yml`.
    public init() {}

    /// Where the files of a site may come from: the project and the allowed outside folders.
    public func containment(root: URL) -> PathContainment {
        PathContainment(roots: [root] + allowedOutside.map { URL(userPath: $0, relativeTo: root) })
    }

    /// Where the files of the site at `layout` may come from: the project,
    /// the allowed outside folders, and the folders the user named on the
    /// command line (``SiteLayout/trustedDirectories``), wherever they are.
    public func containment(layout: SiteLayout) -> PathContainment {
        let root = layout.root
        return PathContainment(
            roots: [root] + layout.trustedDirectories
                + allowedOutside.map { URL(userPath: $0, relativeTo: root) })
    }

    /// Reads `file`, or returns `defaults` when it does not exist.
    ///
    /// - Parameters:
    ///   - displayPath: how to name the file in errors.
    ///   - defaults: the settings without a file (a package root's, from its
    ///     manifest); with a file, its title and its sample library where the
    ///     file names no `title` and no `verify: products`.
    public static func load(
        from file: URL, displayPath: String, defaults: SiteConfiguration = SiteConfiguration()
    ) throws(Diagnostic) -> SiteConfiguration {
        guard FileManager.default.fileExists(atPath: file.path) else { return defaults }
        let text: String
        do {
            text = try SourceFile.readText(at: file, displayPath: displayPath)
        }
        let yaml = try YAMLMapping(parsing: text, file: displayPath, lineOffset: 0, what: "configuration")
        try yaml.rejectUnknownKeys(knownKeys, in: "galley.yml")
        var config = SiteConfiguration()
        config.title = try yaml.string("title") ?? defaults.title
        // A package root's library, unless the file names a library of its own.
        config.verification.package = defaults.verification.package
        config.verification.products = defaults.verification.products
        config.verification.linking = defaults.verification.linking
        config.verification.modules = defaults.verification.modules
        config.verification.referenceModules = defaults.verification.referenceModules
        config.verification.sourceDirectories = defaults.verification.sourceDirectories
        config.verification.moduleDirectories = defaults.verification.moduleDirectories
        config.verification.traits = defaults.verification.traits
        config.verification.unexposedTargets = defaults.verification.unexposedTargets
        config.verification.samples = defaults.verification.samples
        config.description = try yaml.string("description") ?? config.description
        config.language = try yaml.string("language") ?? config.language
        config.editURL = try yaml.string("edit_url")
        config.sourceURL = try yaml.string("source_url").map { $0.isEmpty || $0.hasSuffix("/") ? $0 : $0 + "/" } ?? defaults.sourceURL
        if config.sourceURL?.isEmpty == true { config.sourceURL = nil }
        // A `source_url` of one's own (or none) says where sources are read: the git remote's edit page is not guessed.
        config.repositoryEditURL = try yaml.string("source_url") == nil ? defaults.repositoryEditURL : nil
        if let folder = try readReferencePath(in: yaml) {
            config.referencePath = folder
        }
        if let external = try yaml.mapping("external_docs") {
            config.externalDocumentation = ExternalDocumentation(bases: try external.stringPairs(in: "external_docs"))
        }
        if var base = try yaml.string("base_url"), !base.isEmpty {
            if !base.hasSuffix("/") { base += "/" }
            config.baseURL = base
        }
        config.versions = try VersionsSetting.read(yaml) ?? config.versions
        config.search = try yaml.bool("search") ?? true
        config.llms = try yaml.bool("llms") ?? true
        config.hovers = try yaml.bool("hovers") ?? true
        config.allowedOutside = try yaml.stringList("allow_outside") ?? []
        if let favicon = try yaml.string("favicon") {
            config.favicon = String(favicon.drop { $0 == "/" })
        }
        if let markdown = try yaml.mapping("markdown") {
            try markdown.rejectUnknownKeys(["unsafe_html"], in: "markdown")
            config.allowsRawHTML = try markdown.bool("unsafe_html") ?? false
        }
        if let verify = try yaml.mapping("verify") {
            try readVerify(verify, into: &config.verification, defaults: defaults.verification, displayPath: displayPath)
        }
        return config
    }

    /// The `reference_path` of `yaml`, if it names one; throws when it is
    /// not a folder of the site.
    private static func readReferencePath(in yaml: YAMLMapping) throws(Diagnostic) -> String? {
        guard let folder = try yaml.string("reference_path") else { return nil }
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty,
            parts.allSatisfy({ part in
                !part.isEmpty && part != "." && part != ".." && part.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
            })
        else {
            throw Diagnostic(
                "'reference_path' must be a folder of the site (names of letters, digits, '-', '_' and '.' joined by '/'), not '\(folder)'",
                at: yaml.location(ofKey: "reference_path"),
                suggestion: "Write `reference_path: documentation` (DocC's, the default) or another folder, e.g. `reference_path: api`")
        }
        return folder
    }

    /// The value of `key` in `mapping` as one of `type`'s cases, `nil` when
    /// absent; an error naming the `allowed` values and what to write otherwise.
    private static func choice<Choice: RawRepresentable>(
        _ mapping: YAMLMapping, _ key: String, _ type: Choice.Type, _ allowed: String, _ suggestion: String
    ) throws(Diagnostic) -> Choice? where Choice.RawValue == String {
        guard let text = try mapping.string(key) else { return nil }
        guard let value = Choice(rawValue: text) else {
            throw Diagnostic("'\(key)' must be \(allowed), not '\(text)'", at: mapping.location(ofKey: key), suggestion: suggestion)
        }
        return value
    }

    /// Reads the `verify:` section of `galley.yml` into `verification`;
    /// `defaults` are the settings without a file (their sample settings
    /// are what the section's override).
    private static func readVerify(
        _ verify: YAMLMapping, into verification: inout VerificationSettings, defaults: VerificationSettings, displayPath: String
    ) throws(Diagnostic) {
        try verify.rejectUnknownKeys(
            ["package", "products", "module_aliases", "timeout", "sandbox", "gate", "traits", "doc_comments", "tutorial_projects"]
                + SampleSettingsOverride.keys,
            in: "verify")
        if let scope = try choice(
            verify, "doc_comments", DocCommentScope.self, "public, all or none",
            "Write `doc_comments: public` (the default: what DocC shows), `all` (internal declarations too) or `none`")
        {
            verification.docComments = scope
        }
        if let build = try verify.bool("tutorial_projects") { verification.tutorialProjects = build }
        if let mode = try choice(verify, "sandbox", SandboxMode.self, "auto, on or off", "Write `sandbox: auto` (the default), `on` or `off`") {
            verification.sandbox = mode
        }
        if let gate = try choice(
            verify, "gate", VerifyGate.self, "docs or strict",
            "Write `gate: docs` (the default: only errors in the docs fail) or `gate: strict` (every failure fails)")
        {
            verification.gate = gate
        }
        let samples = try SampleSettingsOverride.read(verify)
        verification.samples = samples.applied(to: defaults.samples)
        verification.catalogPagesAreProgram = samples.pageProgram ?? true
        let package = try verify.string("package")
        let products = try verify.stringList("products")
        if package != nil || products != nil {
            verification = VerificationSettings.naming(package ?? ".", products ?? [], in: verification)
        }
        if let traits = try verify.stringList("traits") { verification.traits = traits }
        verification.moduleAliases = try verify.mapping("module_aliases")?.stringPairs(in: "module_aliases") ?? [:]
        if let timeout = try verify.int("timeout") {
            guard timeout > 0 else {
                throw Diagnostic(
                    "'timeout' must be at least 1 second", at: SourceLocation(path: displayPath), suggestion: "Write e.g. `timeout: 10`")
            }
            verification.timeoutSeconds = timeout
        }
    }
}
