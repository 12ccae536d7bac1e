import GalleyCore
import GalleyMarkdown

/// One page of the site: a Markdown file or a DocC catalog's article,
/// loaded and parsed, or a page the build makes from the whole site (the
/// 404 page, the list of all pages; see ``GeneratedPages``). Every page is
/// a link target the link check knows; only ``isListed`` pages are in the
/// navigation, the search index and the sitemap.
public struct Page: Sendable {
    /// What a page is, and so what renders it.
    public enum Kind: Sendable, Hashable {
        /// A Markdown file or a DocC article: its document, through the layout.
        case document
        /// `404.html`: "no page here", served at any depth.
        case notFound
        /// `all-pages.html` of a site with sections: every page, grouped by section.
        case allPages
        /// A symbol's page of the API reference (``SymbolPages``): rendered
        /// like a document, made from the symbol graph, not verified, and
        /// reached from its module's page rather than the navigation.
        case reference
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
    /// next), the search index and the sitemap: documents are, generated pages not.
    public var isListed: Bool { kind == .document }
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
    /// On a reference page, the pages of the types its declaration names,
    /// by the name as written (`Rectangle` → `documentation/shapes/rectangle/index.html`),
    /// with what their popovers show.
    public var typeLinks: [String: TypeLink] {
        get { storage.fields.typeLinks }
        _modify { yield &mutableStorage.fields.typeLinks }
    }
    /// On a page of the API reference, its path under DocC's `documentation/`
    /// (`logging/logger`), wherever the site puts it: what DocC URL paths and
    /// disambiguated symbol links name.
    public var referencePath: String? {
        get { storage.fields.referencePath }
        _modify { yield &mutableStorage.fields.referencePath }
    }
    /// On a symbol's reference page, its parts (for a catalog's extension file
    /// of the symbol to take its place), else `nil`.
    public var symbolParts: SymbolPageParts? {
        get { storage.fields.symbolParts }
        _modify { yield &mutableStorage.fields.symbolParts }
    }
    /// On a catalog's extension file that took its symbol's reference page's
    /// place, what is rendered around its document, else `nil`.
    public var referenceFrame: ReferenceFrame? {
        get { storage.fields.referenceFrame }
        _modify { yield &mutableStorage.fields.referenceFrame }
    }
    /// Each `@Snippet(path:)` file the page shows, by the path as written.
    public var snippets: [String: SnippetFile] {
        get { storage.fields.snippets }
        _modify { yield &mutableStorage.fields.snippets }
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
        var typeLinks: [String: TypeLink] = [:]
        var referencePath: String?
        var symbolParts: SymbolPageParts?
        var referenceFrame: ReferenceFrame?
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
    /// front matter's misspelt keys, code fences never closed, and DocC
    /// directives Galley does not know (their content is shown as it is).
    public var warnings: [Diagnostic] {
        let fences = document.codeBlocks.filter { !$0.isClosed }.map { block in
            Diagnostic(
                "code fence opened here is never closed; everything after it is code",
                at: SourceLocation(path: displayPath, line: block.fenceLine),
                suggestion: "Add a closing ``` line where the code ends"
            )
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
        return frontMatter.warnings + fences + unknown + unclosed
    }

    /// Whether this is the site's home page, `content/index.md`.
    public var isHome: Bool { url == "index.html" }

    /// How many folders deep the page's output file is (0 for `index.html`).
    public var depth: Int { url.filter { $0 == "/" }.count }

    /// The prefix that leads from this page back to the site root (`""`, `"../"`).
    public var rootPrefix: String { String(repeating: "../", count: depth) }

    /// The h2 and h3 headings, for the page's table of contents (with those
    /// of its ``referenceFrame``, in the order they are shown).
    public var tableOfContents: [Heading] {
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

    static func stripMarkdownExtension(_ path: String) -> String {
        for suffix in markdownExtensions where path.hasSuffix(suffix) {
            return String(path.dropLast(suffix.count))
        }
        return path
    }
}
