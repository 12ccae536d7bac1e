/// Where a type named in a reference page's declaration is documented, and
/// what its popover shows: the type's own declaration and abstract when its
/// page is in the site, nothing more when the link leaves the site (Apple's
/// documentation of `Int`).
public struct TypeLink: Sendable, Equatable {
    /// The page's URL: site-relative (`documentation/shapes/rectangle/index.html`) or absolute.
    public var url: String
    /// The type's declaration (`struct Rectangle`), or `nil` outside the site.
    public var declaration: String?
    /// The first paragraph of the type's doc comment, or `nil` without one.
    public var abstract: String?

    /// A link to `url`, with the popover of `declaration` and `abstract` when known.
    public init(url: String, declaration: String? = nil, abstract: String? = nil) {
        self.url = url
        self.declaration = declaration
        self.abstract = abstract
    }

    /// Whether the link leaves the site (an absolute `http(s)` URL).
    public var isExternal: Bool { url.hasPrefix("https://") || url.hasPrefix("http://") }
}
