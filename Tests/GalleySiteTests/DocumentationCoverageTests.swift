import GalleyMarkdown
import Testing

@testable import GalleyProject
@testable import GalleyReference

/// What `galley build` reports of the API reference's doc comments.
@Suite("Documentation coverage")
struct DocumentationCoverageTests {
    /// A reference page of `module`'s symbol `name`.
    static func page(_ module: String, _ name: String, documented: Bool, elsewhere: Bool = false) -> Page {
        var parts = SymbolPageParts(kind: "", documentation: .init(full: "", declarationOnly: ""), topics: [], relationships: "")
        parts.module = module
        parts.qualifiedName = name
        parts.hasDocComment = documented
        parts.isDocumentedElsewhere = elsewhere
        var page = Page(sourcePath: "\(name).md", displayPath: name, frontMatter: FrontMatter(), document: MarkdownDocument(parsing: ""))
        page.kind = .reference(ReferencePage(path: name.lowercased(), parts: parts))
        return page
    }

    @Test("counts per module, leaves out symbols documented elsewhere and pages that are no symbol's, names the undocumented ones")
    func counts() {
        let pages = [
            Self.page("Shapes", "Rectangle", documented: true),
            Self.page("Shapes", "Rectangle.area", documented: true),
            Self.page("Shapes", "Rectangle.scale", documented: false),
            Self.page("Shapes", "Rectangle.!=(_:_:)", documented: false, elsewhere: true),
            Self.page("Testing", "isSquare(_:)", documented: false),
            Page(sourcePath: "a.md", displayPath: "a", frontMatter: FrontMatter(), document: MarkdownDocument(parsing: "# A\n")),
        ]
        let coverage = DocumentationCoverage(pages: pages)
        #expect(coverage.modules.map(\.name) == ["Shapes", "Testing"])
        #expect(coverage.modules.map(\.documented) == [2, 0] && coverage.modules.map(\.total) == [3, 1])
        #expect(coverage.modules[0].undocumented == ["Rectangle.scale"])
        #expect(coverage.summary == "Documentation coverage: 2 of 4 symbols have a doc comment (50.0 %); least: Testing 0.0 %")
        let table = coverage.table()
        #expect(table.contains("Shapes") && table.contains("66.6 %") && table.contains("Total"), "\(table)")
        #expect(table.contains("Testing, without a doc comment: isSquare(_:)"), "\(table)")
        #expect(DocumentationCoverage(pages: []).summary == "Documentation coverage: 0 of 0 symbols have a doc comment (100.0 %)")
        #expect(DocumentationCoverage.count(1_234_567) == "1,234,567" && DocumentationCoverage.percent(95.29) == "95.2 %")
    }
}
