/// What a page of the API reference documents: its place in DocC's tree,
/// the parts of its symbol's page, and the pages of the types its
/// declaration names. The payload of ``Page/Kind/reference(_:)`` (and of an
/// extension file in a symbol page's place, ``Page/Kind/extensionFile(_:_:)``).
///
/// ```swift
/// page.kind = .reference(ReferencePage(path: "logging/logger", parts: parts))
/// page.referencePath   // "logging/logger"
/// ```
public struct ReferencePage: Sendable {
    /// Its path under DocC's `documentation/` (`logging/logger`), wherever
    /// the site puts it: what DocC URL paths and disambiguated symbol links name.
    public var path: String
    /// The parts of the symbol's (or module's) page, for a catalog's
    /// extension file of the symbol to take its place, and for search.
    public var parts: SymbolPageParts?
    /// The pages of the types its declaration names, by the name as
    /// written (`Rectangle` → `documentation/shapes/rectangle/index.html`),
    /// with what their popovers show.
    public var typeLinks: [String: TypeLink] = [:]
    /// Whether it is a module's page (in the navigation) rather than a symbol's.
    public var isModule: Bool

    /// A reference page at `path`.
    public init(path: String, parts: SymbolPageParts? = nil, typeLinks: [String: TypeLink] = [:], isModule: Bool = false) {
        self.path = path
        self.parts = parts
        self.typeLinks = typeLinks
        self.isModule = isModule
    }
}
