import GalleyCore

/// The parts of a symbol's reference page (``SymbolPages``), kept apart so
/// that a catalog's extension file of the symbol (`# ``Module/Symbol```)
/// can take the page's place with them around its own text, as DocC merges
/// a documentation extension into the symbol's page.
///
/// ```swift
/// parts.lead(withDocComment: true)   // "*Structure*\n\nA logger.\n\n```swift\nstruct Logger\n```\n\n## Discussion\n\n…"
/// parts.topicsMarkdown(excluding: curated, withHeading: false)   // "### Instance Methods\n\n- [`log(level:)`](<…>)\n…"
/// ```
public struct SymbolPageParts: Sendable, Hashable {
    /// A symbol's documentation made from its graph, with and without its doc comment.
    public struct Documentation: Sendable, Hashable {
        /// The abstract, the declaration (with availability and deprecation),
        /// then Parameters, Return Value, Throws and the Discussion.
        public var full: String
        /// The declaration with availability and deprecation only (an
        /// extension file's `@DocumentationExtension(mergeBehavior: override)`
        /// replaces the doc comment).
        public var declarationOnly: String

        /// A symbol's documentation, `full` and `declarationOnly`.
        public init(full: String, declarationOnly: String) {
            self.full = full
            self.declarationOnly = declarationOnly
        }
    }

    /// One of DocC's automatic Topics groups (`Instance Methods`).
    public struct TopicGroup: Sendable, Hashable {
        /// The group's title.
        public var title: String
        /// Its members, in order.
        public var entries: [TopicEntry]

        /// A group titled `title` of `entries`.
        public init(title: String, entries: [TopicEntry]) {
            self.title = title
            self.entries = entries
        }
    }

    /// A member in a Topics group.
    public struct TopicEntry: Sendable, Hashable {
        /// The member's page (`documentation/logging/logger/log(level:)/index.html`).
        public var url: String
        /// Its list item: the link and the abstract, ending with a newline.
        public var item: String

        /// The member at `url`, listed as `item`.
        public init(url: String, item: String) {
            self.url = url
            self.item = item
        }
    }

    /// The symbol's kind, as the line under the title shows it (`*Structure*`).
    public var kind: String
    /// What its graph and doc comment say of it.
    public var documentation: Documentation
    /// Its members in DocC's automatic groups.
    public var topics: [TopicGroup]
    /// The Relationships section (conforms to, inherited by, …), or empty.
    public var relationships: String
    /// The module the symbol is documented in.
    public var module = ""
    /// The symbol's name in its module (`Logger.Level.trace`).
    public var qualifiedName = ""
    /// Its precise identifier (the compiler's USR), which sample popovers link by.
    public var identifier = ""
    /// Its kind as DocC names it (`Structure`, `Instance Method`).
    public var kindName = ""
    /// The automatic Topics group it is listed in (`Structures`, `Instance Methods`).
    public var topicGroup = ""
    /// The first paragraph of its doc comment, on one line (empty without one).
    public var abstract = ""
    /// Its declaration on one line (`init<S>(_ elements: S) where S : Sequence`),
    /// which tells its overloads apart where their names are the same.
    public var declaration = ""
    /// What it takes and gives, for search by type; `nil` for a type, a case or a macro.
    public var signature: TypeSignature?
    /// Whether the page shows a doc comment written in the package (its own,
    /// or one it inherits from a requirement of the package), for the
    /// documentation coverage.
    public var hasDocComment = false
    /// Whether the symbol is documented elsewhere, so the coverage does not
    /// count it: a copy of an inherited member (`…::SYNTHESIZED::…`), or an
    /// implementation of another package's requirement that shows its doc
    /// comment (`description` of `CustomStringConvertible`).
    public var isDocumentedElsewhere = false
    /// Whether the symbol is a copy of an inherited member (search leaves those out).
    public var isInheritedCopy = false
    /// The groups of the doc comment's own `## Topics` section (`### Reading`
    /// and its list of symbol links, the heading left out), each link to a
    /// member of the symbol replaced by the member's entry (link and abstract),
    /// as DocC curates them; empty when the doc comment has no Topics.
    public var commentTopics = ""
    /// The members ``commentTopics`` curates, by URL: the automatic groups leave them out.
    public var commentCurated: Set<String> = []
    /// Where the symbol's own doc comment starts (its file's path relative
    /// to the package root, as its listings' verdicts name it, and line),
    /// `nil` when it has none of its own.
    public var comment: SourceLocation?

    /// The parts of a symbol's page: its kind line, documentation, Topics and Relationships.
    public init(kind: String, documentation: Documentation, topics: [TopicGroup], relationships: String, comment: SourceLocation? = nil) {
        self.kind = kind
        self.documentation = documentation
        self.topics = topics
        self.relationships = relationships
        self.comment = comment
    }

    /// What comes between the title and the discussion: the kind, then
    /// ``Documentation/full`` or, without the doc comment, ``Documentation/declarationOnly``.
    public func lead(withDocComment: Bool) -> String {
        kind + (withDocComment ? documentation.full : documentation.declarationOnly)
    }

    /// The doc comment's own Topics groups (``commentTopics``, unless
    /// `withDocComment` is false), then the automatic groups without the
    /// members either curates (`curated`: those an extension file's own
    /// Topics lists), under a `## Topics` heading when `withHeading`; empty
    /// when no group is left.
    public func topicsMarkdown(excluding curated: Set<String>, withHeading: Bool, withDocComment: Bool = true) -> String {
        let own = withDocComment ? commentTopics : ""
        let automatic = Self.topicsMarkdown(
            topics, excluding: withDocComment ? curated.union(commentCurated) : curated, withHeading: false)
        let text = own + automatic
        return text.isEmpty || !withHeading ? text : "## Topics\n\n" + text
    }

    /// The Markdown of `groups` without the members at `curated` URLs (see ``topicsMarkdown(excluding:withHeading:)``).
    public static func topicsMarkdown(_ groups: [TopicGroup], excluding curated: Set<String> = [], withHeading: Bool = true) -> String {
        var text = ""
        for group in groups {
            let entries = group.entries.filter { !curated.contains($0.url) }
            guard !entries.isEmpty else { continue }
            text += "### \(group.title)\n\n" + entries.map(\.item).joined() + "\n"
        }
        return text.isEmpty || !withHeading ? text : "## Topics\n\n" + text
    }
}

/// What the renderer shows around a page's own document: set on a
/// catalog's extension file that took the place of its symbol's reference
/// page, so the file's lines (and its samples' lines) stay its own.
public struct ReferenceFrame: Sendable, Hashable {
    /// Rendered after the document's title heading: the symbol's kind, declaration and doc comment.
    public var lead: String
    /// Rendered after the document: the Topics its extension file does not curate, and the Relationships.
    public var trailer: String
    /// Where the doc comment the lead shows starts, if it has one.
    public var comment: SourceLocation?
    /// The parts of the symbol's page the file took the place of (its name, kind and abstract, for search).
    public var symbol: SymbolPageParts?

    /// A frame of `lead` and `trailer` Markdown, the lead showing the doc comment at `comment`.
    public init(lead: String, trailer: String, comment: SourceLocation? = nil, symbol: SymbolPageParts? = nil) {
        self.lead = lead
        self.trailer = trailer
        self.comment = comment
        self.symbol = symbol
    }
}
