import GalleyMarkdown
import GalleyProject
import Testing

/// A `Page` is a value: its properties share one storage between copies
/// until one copy changes, and a change never shows in another copy.
@Suite("Pages are values")
struct PageValueTests {
    @Test("changing a copy's properties leaves the original as it was, and the copy keeps its other properties")
    func copiesAreIndependent() {
        let original = Page(
            sourcePath: "guide/intro.md", displayPath: "content/guide/intro.md",
            frontMatter: FrontMatter(title: "Intro"), document: MarkdownDocument(parsing: "# Heading\n\nText.\n"))
        var copy = original
        copy.title = "Changed"
        copy.implicitImports.append("Collections")
        copy.catalogModule = "Collections"
        #expect(original.title == "Intro" && original.implicitImports.isEmpty && original.catalogModule == nil)
        #expect(copy.title == "Changed" && copy.implicitImports == ["Collections"] && copy.catalogModule == "Collections")
        #expect(copy.sourcePath == "guide/intro.md" && copy.url == original.url && copy.displayPath == original.displayPath)
        var again = copy
        again.implicitImports.append("Numerics")
        #expect(copy.implicitImports == ["Collections"], "a change in place through _modify copies a shared storage first")
        #expect(again.implicitImports == ["Collections", "Numerics"])
    }
}
