import GalleyCore
import GalleyMarkdown
import GalleyProject
import GalleyRender
import Testing

/// Articles and symbol pages link to their source on the repository's host (issue 48).
@Suite("Edit this page")
struct EditLinkTests {
    func page(_ sourcePath: String, displayPath: String, module: String? = nil) -> Page {
        var page = Page(sourcePath: sourcePath, displayPath: displayPath, frontMatter: FrontMatter(), document: MarkdownDocument(parsing: "# A\n"))
        page.catalogModule = module
        return page
    }

    func symbolPage(comment: GalleyCore.SourceLocation?) -> Page {
        let parts = SymbolPageParts(
            kind: "Structure", documentation: .init(full: "", declarationOnly: ""), topics: [], relationships: "", comment: comment)
        var page = page("documentation/shapes/square/index.md", displayPath: "documentation/shapes/square")
        page.kind = .reference(ReferencePage(path: "shapes/square", parts: parts, isModule: false))
        return page
    }

    @Test("a catalog's article and a symbol's doc comment link to the host's edit page on the branch, else to the file at the commit")
    func packagePages() throws {
        var configuration = SiteConfiguration()
        configuration.sourceURL = "https://github.com/o/shapes/blob/abc123/"
        let article = page("Shapes/Getting Started.md", displayPath: "Sources/Shapes/Shapes.docc/Getting Started.md", module: "Shapes")
        let symbol = symbolPage(comment: GalleyCore.SourceLocation(path: "Sources/Shapes/Square.swift", line: 12))
        #expect(
            EditLink(for: article, configuration: configuration)?.url
                == "https://github.com/o/shapes/blob/abc123/Sources/Shapes/Shapes.docc/Getting%20Started.md")
        #expect(EditLink(for: article, configuration: configuration)?.label == EditLink.sourceLabel)
        #expect(EditLink(for: symbol, configuration: configuration)?.url == "https://github.com/o/shapes/blob/abc123/Sources/Shapes/Square.swift#L12")
        configuration.repositoryEditURL = "https://github.com/o/shapes/edit/main/"
        let edit = try #require(EditLink(for: article, configuration: configuration))
        #expect(edit.url == "https://github.com/o/shapes/edit/main/Sources/Shapes/Shapes.docc/Getting%20Started.md")
        #expect(edit.label == EditLink.editLabel)
        #expect(EditLink(for: symbol, configuration: configuration)?.url == "https://github.com/o/shapes/edit/main/Sources/Shapes/Square.swift")
        // No doc comment of its own, a generated page, no repository: nothing to link.
        #expect(EditLink(for: symbolPage(comment: nil), configuration: configuration) == nil)
        var notFound = page("404.md", displayPath: "404")
        notFound.kind = .notFound
        #expect(EditLink(for: notFound, configuration: configuration) == nil)
        #expect(EditLink(for: article, configuration: SiteConfiguration()) == nil)
    }

    @Test("a guide of content/ keeps edit_url with its path under content/")
    func contentPages() {
        var configuration = SiteConfiguration()
        configuration.editURL = "https://github.com/o/site/edit/main/content/"
        configuration.repositoryEditURL = "https://github.com/o/site/edit/main/"
        let guide = page("guide/intro.md", displayPath: "content/guide/intro.md")
        #expect(
            EditLink(for: guide, configuration: configuration)
                == EditLink(url: "https://github.com/o/site/edit/main/content/guide/intro.md", label: EditLink.editLabel))
        configuration.editURL = nil
        #expect(EditLink(for: guide, configuration: configuration)?.url == "https://github.com/o/site/edit/main/content/guide/intro.md")
    }
}
