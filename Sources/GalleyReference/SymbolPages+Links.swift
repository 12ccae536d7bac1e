import GalleyCore
import GalleyMarkdown
import GalleyPackage
import GalleyProject

extension SymbolPages {
    /// A symbol link written in a doc comment, as a reference page shows it.
    public struct CommentLink: Sendable {
        /// The link as written (`Logger/Level`).
        public var path: String
        /// The page it is on: the symbol's reference page, or the catalog's extension file shown in its place.
        public var page: Page
        /// Where the doc comment starts (its file as the graph gives it, and line).
        public var comment: SourceLocation?
    }

    /// How the symbol links of a package's doc comments resolve (``judgeCommentLinks(in:resolver:external:standardLibrary:)``).
    public struct CommentLinkJudgement: Sendable {
        /// Links to a page of the site.
        public var linked = 0
        /// Links to the documentation of a module outside the site (Apple's for the standard library).
        public var linkedOut = 0
        /// Links that name nothing the site or a known documentation has: shown as code, as DocC shows them.
        public var unresolved: [CommentLink] = []

        /// One line for the build's report: `Symbol links in doc comments: 310 to pages, 12 to other modules' documentation, 3 to nothing (shown as code)`.
        public var summary: String {
            "Symbol links in doc comments: \(linked) to pages, \(linkedOut) to other modules' documentation, "
                + "\(unresolved.count) to nothing here (shown as code)"
        }
    }

    /// The symbol links of the doc comments that `pages` show: those of each
    /// symbol's reference page, and of the lead of a catalog's extension file
    /// shown in a symbol page's place (a page's own title is no link).
    public static func commentLinks(in pages: [Page]) -> [CommentLink] {
        var links: [CommentLink] = []
        for page in pages {
            if let parts = page.symbolParts {
                let title = page.document.headings.first?.line
                for link in page.document.symbolLinks where !(link.line == title && link.destination == page.document.symbolPath) {
                    links.append(CommentLink(path: link.destination, page: page, comment: parts.comment))
                }
            } else if let frame = page.referenceFrame {
                for link in MarkdownDocument(parsing: frame.lead).symbolLinks {
                    links.append(CommentLink(path: link.destination, page: page, comment: frame.comment))
                }
            }
        }
        return links
    }

    /// Resolves `links` as the renderer does: to a page of the site
    /// (`resolver`), else to the documentation of a module outside it
    /// (`external`, the standard library's symbols by `standardLibrary`).
    public static func judgeCommentLinks(
        _ links: [CommentLink], resolver: DocLinkResolver, external: ExternalDocumentation, standardLibrary: SymbolIndex?
    ) -> CommentLinkJudgement {
        var judgement = CommentLinkJudgement()
        for link in links {
            if resolver.symbolPage(link.path, from: link.page) != nil {
                judgement.linked += 1
            } else if external.url(forSymbolLink: link.path, standardLibrary: standardLibrary) != nil {
                judgement.linkedOut += 1
            } else {
                judgement.unresolved.append(link)
            }
        }
        return judgement
    }

    /// Warnings for `unresolved` links, one per source file naming each
    /// link and its comment's line.
    public static func warnings(forUnresolved unresolved: [CommentLink]) -> [Diagnostic] {
        var byFile: [String: [CommentLink]] = [:]
        for link in unresolved {
            let path = link.comment?.path ?? link.page.displayPath
            byFile[path, default: []].append(link)
        }
        return byFile.keys.sorted().map { path in
            let list = byFile[path]!
            let shown = list.prefix(12).map { "``\($0.path)``" + ($0.comment?.line.map { " (line \($0))" } ?? "") }.joined(separator: ", ")
            return .warning(
                (list.count == 1 ? "a symbol link in a doc comment names" : "\(list.count) symbol links in doc comments name")
                    + " no symbol of the package or of a module whose documentation is known; shown as code: \(shown)\(list.count > 12 ? ", …" : "")",
                at: SourceLocation(path: path, line: list[0].comment?.line),
                suggestion: "Fix the symbol's path (DocC warns on these links too), or name the module's documentation in galley.yml (external_docs:)"
            )
        }
    }
}
