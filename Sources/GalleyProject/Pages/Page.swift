import GalleyCore
import GalleyMarkdown

/// One page of the site: a Markdown file or a DocC catalog's article,
/// loaded and parsed, or a page the build makes from the whole site (the
/// 404 page, the list of all pages; see ``GeneratedPages``). Every page is
/// a link target the link check knows; only ``isListed`` pages are in the
/// navigation, the search index and the sitemap.
public struct Page: Sendable {
    /// What a page is, and so what renders it; a kind's own data is its
    /// payload, so a new kind (a tutorial, a version index) is a new case,
    /// not a new optional field on every page.
    public enum Kind: Sendable {
        /// A Markdown file or a DocC article: its document, through the layout.
        case document
        /// `404.html`: "no page here", served at any depth.
        case notFound
        /// `all-pages.html` of a site with sections: every page, grouped by section.
        case allPages
        /// A page of the API reference, made from the symbol graph: a module's
        /// page (listed in the navigation) or a symbol's (rendered like a
        /// document, not verified, reached from its module's page rather than
        /// the navigation).
        case reference(ReferencePage)
        /// A catalog's extension file (`# ``Module/Symbol```) that took the
        /// place of its symbol's reference page: its document, with what the
        /// frame shows around it.
        case extensionFile(ReferencePage, ReferenceFrame)
        /// A page of a DocC tutorial file (`.tutorial`): a table of contents,
        /// a tutorial or a tutorial article. Its document is the file, whose
        /// directives render as the tutorial's markup; its payload has the
        /// files its steps show.
        case tutorial(TutorialPage)
        /// An address DocC gives a page that Galley puts elsewhere (a
        /// catalog's article): a page that sends the reader to `url`, so
        /// links made to the DocC site keep working.
        case redirect(to: String)
    }

    /// What the page is.
    public var kind: Kind {
        get { storage.fields.kind }
        _modify { yield &mutableStorage.fields.kind }
    }
    /// Whether the page is placed in the navigation (sidebar, previous and
    /// next), the search index and the sitemap: documents and module pages
    /// are, symbols' and generated pages not.
    public var isListed: Bool {
        switch kind {
        case .document, .extensionFile, .tutorial: true
        case .reference(let reference): reference.isModule
        case .notFound, .allPages, .redirect: false
        }
    }
    /// Whether the page is a Markdown file or a DocC article as loaded (not
    /// yet in a symbol page's place, not made by the build).
    public var isDocument: Bool {
        if case .document = kind { return true }
        return false
    }
    /// Whether the page is a symbol's page of the API reference (not a module's).
    public var isSymbolPage: Bool {
        if case .reference(let reference) = kind { return !reference.isModule }
        return false
    }
    /// The path under `content/`, with `/` separators (`guide/intro.md`).
    public var sourcePath: String {
        get { storage.fields.sourcePath }
        _modify { yield &mutableStorage.fields.sourcePath }
    }
    /// How diagnostics name the file (`content/guide/intro.md`).
    public var displayPath: String {
        get { storage.fields.displayPath }
        _modify { yield &mutableStorage.fields.displayPath }
    }
    /// The output path under `public/` (`guide/intro.html`).
    public var url: String {
        get { storage.fields.url }
        _modify { yield &mutableStorage.fields.url }
    }
    /// The front matter as written.
    public var frontMatter: FrontMatter {
        get { storage.fields.frontMatter }
        _modify { yield &mutableStorage.fields.frontMatter }
    }
    /// The title: front matter `title`, else the first H1, else the file name.
    public var title: String {
        get { storage.fields.title }
        _modify { yield &mutableStorage.fields.title }
    }
    /// The parsed Markdown body.
    public var document: MarkdownDocument {
        get { storage.fields.document }
        _modify { yield &mutableStorage.fields.document }
    }
    /// Modules the page's samples import without saying so: a DocC
    /// catalog's articles belong to the module it documents.
    public var implicitImports: [String] {
        get { storage.fields.implicitImports }
        _modify { yield &mutableStorage.fields.implicitImports }
    }
    /// The setup file of the DocC catalog the page belongs to (its display
    /// path and text), compiled before its samples; `nil` when it has none.
    public var setup: (path: String, text: String)? {
        get { storage.fields.setup }
        _modify { yield &mutableStorage.fields.setup }
    }
    /// The module of the DocC catalog the page belongs to, `nil` outside catalogs:
    /// its symbol links and DocC URL paths are resolved against that module.
    public var catalogModule: String? {
        get { storage.fields.catalogModule }
        _modify { yield &mutableStorage.fields.catalogModule }
    }
    /// Images the page names by a catalog resource's name (`![alt](diagram)`,
    /// `@Image(source: "diagram")`), by the name as written: the files they are.
    public var images: [String: CatalogImage] {
        get { storage.fields.images }
        _modify { yield &mutableStorage.fields.images }
    }
    /// On a page of the API reference (or an extension file in a symbol
    /// page's place), what it documents; `nil` on other pages.
    public var reference: ReferencePage? {
        switch kind {
        case .reference(let reference), .extensionFile(let reference, _): reference
        case .document, .notFound, .allPages, .redirect, .tutorial: nil
        }
    }
    /// On a page of a DocC tutorial file, what its steps show; `nil` elsewhere.
    public var tutorial: TutorialPage? {
        if case .tutorial(let tutorial) = kind { return tutorial }
        return nil
    }
    /// On a reference page, the pages of the types its declaration names,
    /// by the name as written (``ReferencePage/typeLinks``); empty elsewhere.
    public var typeLinks: [String: TypeLink] { reference?.typeLinks ?? [:] }
    /// On a page of the API reference, its path under DocC's `documentation/`
    /// (``ReferencePage/path``), else `nil`.
    public var referencePath: String? { reference?.path }
    /// On a symbol's or module's reference page, its parts, else `nil`.
    public var symbolParts: SymbolPageParts? {
        if case .reference(let reference) = kind { return reference.parts }
        return nil
    }
    /// On a catalog's extension file that took its symbol's reference page's
    /// place, what is rendered around its document, else `nil`.
    public var referenceFrame: ReferenceFrame? {
        if case .extensionFile(_, let frame) = kind { return frame }
        return nil
    }

    /// Changes what a reference page (or an extension file in its place)
    /// documents; nothing on other pages.
    public mutating func updateReference(_ change: (inout ReferencePage) -> Void) {
        switch kind {
        case .reference(var reference):
            change(&reference)
            kind = .reference(reference)
        case .extensionFile(var reference, let frame):
            change(&reference)
            kind = .extensionFile(reference, frame)
        case .document, .notFound, .allPages, .redirect, .tutorial: break
        }
    }

    /// Each `@Snippet(path:)` file the page shows, by the path as written.
    public var snippets: [String: SnippetFile] {
        get { storage.fields.snippets }
        _modify { yield &mutableStorage.fields.snippets }
    }
    /// The files whose samples are verified with the page and reported as
    /// its own: the `@Snippet` files it shows, and its tutorial steps' files.
    public var shownSampleFiles: [String] {
        snippets.values.map(\.path) + (tutorial?.codes.compactMap(\.path) ?? [])
    }
    /// The HTML of the page's Markdown when it was rendered right after its
    /// parse (a build's self-contained pages), else `nil`.
    public var prerenderedContent: PrerenderedContent? {
        get { storage.fields.prerenderedContent }
        _modify { yield &mutableStorage.fields.prerenderedContent }
    }

    /// The properties, as one value.
    private struct Fields {
        var kind = Kind.document
        var sourcePath: String
        var displayPath: String
        var url: String
        var frontMatter: FrontMatter
        var title: String
        var document: MarkdownDocument
        var implicitImports: [String] = []
        var setup: (path: String, text: String)?
        var catalogModule: String?
        var images: [String: CatalogImage] = [:]
        var snippets: [String: SnippetFile] = [:]
        var prerenderedContent: PrerenderedContent?
    }

    /// The properties, shared by copies until one of them changes (copy on
    /// write): a site's pages are copied into arrays and tables many times
    /// per build, and a copy is then one reference, not a dozen.
    private final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    /// Only read through; never changed while another page shares it.
    private var storage: Storage

    /// The storage, copied first when another page shares it. (The
    /// properties are changed in place through it, `_modify`: a page's
    /// table of images or snippets is not copied for each entry added.)
    private var mutableStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            return storage
        }
    }

    /// Creates a page.
    public init(sourcePath: String, displayPath: String, frontMatter: FrontMatter, document: MarkdownDocument) {
        let fileName = sourcePath.split(separator: "/").last.map { Page.stripMarkdownExtension(String($0)) } ?? sourcePath
        storage = Storage(
            Fields(
                sourcePath: sourcePath, displayPath: displayPath, url: Page.url(forSourcePath: sourcePath), frontMatter: frontMatter,
                title: frontMatter.title ?? document.displayTitle ?? fileName, document: document
            ))
    }

    /// What is probably wrong with the page but does not stop a build: its
    /// front matter's misspelt keys, code fences never closed, DocC
    /// directives Galley does not know (their content is shown as it is), and
    /// a tutorial file's directives outside one.
    public var warnings: [Diagnostic] {
        let fences = document.codeBlocks.filter { !$0.isClosed }.map { block in
            Diagnostic(
                "code fence opened here is never closed; everything after it is code",
                at: SourceLocation(path: displayPath, line: block.fenceLine),
                suggestion: "Add a closing ``` line where the code ends"
            )
        }
        // A tutorial's directives belong in tutorial files: DocC does not know them in an article.
        let outOfPlace = document.directives.filter { tutorial == nil && Directive.tutorialNames.contains($0.name) }.map {
            Diagnostic.warning(
                "'@\($0.name)' is a directive of DocC's tutorial files, not of articles", at: SourceLocation(path: displayPath, line: $0.line),
                suggestion: "Move the tutorial to a .tutorial file of the catalog, or remove the directive")
        }
        let unknown = document.directives.filter { $0.role == .unknown }.map { directive in
            Diagnostic.warning(
                "unknown directive '@\(directive.name)'; its content is shown without it",
                at: SourceLocation(path: displayPath, line: directive.line),
                suggestion:
                    "Galley renders @Row, @Column, @TabNavigator, @Tab, @Image, @Video, @Links, @Small, @DeprecationSummary and @Snippet, and drops metadata (@Metadata, @Options, @Comment, …)"
            )
        }
        let unclosed = document.unclosedDirectiveLines.map { line in
            Diagnostic.warning(
                "directive block opened here is never closed; its lines are shown as text",
                at: SourceLocation(path: displayPath, line: line),
                suggestion: "Add a line with only `}` where the directive's content ends"
            )
        }
        return frontMatter.warnings + fences + unknown + outOfPlace + unclosed
    }

    /// Whether this is the site's home page, `content/index.md`.
    public var isHome: Bool { url == "index.html" }

    /// How many folders deep the page's output file is (0 for `index.html`).
    public var depth: Int { url.filter { $0 == "/" }.count }

    /// The prefix that leads from this page back to the site root (`""`, `"../"`).
    public var rootPrefix: String { String(repeating: "../", count: depth) }

    /// The h2 and h3 headings, for the page's table of contents (with those
    /// of its ``referenceFrame``, in the order they are shown; a tutorial's
    /// chapters and sections).
    public var tableOfContents: [Heading] {
        if let tutorial { return tutorial.headings }
        let headings =
            referenceFrame.map { frame in
                MarkdownDocument(parsing: frame.lead).headings + document.headings + MarkdownDocument(parsing: frame.trailer).headings
            } ?? document.headings
        return headings.filter { $0.level == 2 || $0.level == 3 }
    }

    /// The output path of a Markdown source path: `a/b.md` → `a/b.html`.
    public static func url(forSourcePath path: String) -> String {
        stripMarkdownExtension(path) + ".html"
    }

    /// The Markdown file extensions Galley loads.
    public static let markdownExtensions = [".md", ".markdown"]

    /// `path` without its Markdown extension, or a DocC tutorial file's
    /// (`.tutorial`): the name a `<doc:…>` link gives the page.
    package static func stripMarkdownExtension(_ path: String) -> String {
        for suffix in markdownExtensions + [TutorialPage.fileExtension] where path.hasSuffix(suffix) {
            return String(path.dropLast(suffix.count))
        }
        return path
    }
}
