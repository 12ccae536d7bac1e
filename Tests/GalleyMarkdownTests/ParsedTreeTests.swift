import Dispatch
import Synchronization
import Testing

@testable import GalleyMarkdown

@Suite("The parse's tree, rendered once")
struct ParsedTreeTests {
    /// Everything the renderer rewrites: headings, links, code blocks, a
    /// table, a task list, strikethrough, an autolink, symbol-like code spans.
    let markdown = """
        # Title

        Intro with **bold**, `code`, ``Symbol``, a [link](other.md#part) and https://swift.org.

        ## Details

        | a | b |
        |---|---|
        | 1 | ~~2~~ |

        - [x] done
        - [ ] todo

        > Note: an aside.

        ```swift
        let x = 1
        ```

        """

    @Test("the first render takes the parse's tree; later renders parse again, to the same HTML")
    func firstRenderTakesTree() {
        let document = MarkdownDocument(parsing: markdown)
        #expect(document.parsedTree.isAvailable)
        let first = MarkdownHTMLRenderer().render(document)
        #expect(!document.parsedTree.isAvailable)
        let second = MarkdownHTMLRenderer().render(document)
        let fresh = MarkdownHTMLRenderer().render(MarkdownDocument(parsing: markdown))
        #expect(first == second)
        #expect(first == fresh)
        #expect(first.contains("<h2 id=\"details\">"))
        #expect(first.contains("href=\"other.html#part\""))
    }

    @Test("copies of a document share the tree: one takes it, the others parse")
    func copiesShareTree() {
        let document = MarkdownDocument(parsing: markdown)
        let copy = document
        let expected = MarkdownHTMLRenderer().render(MarkdownDocument(parsing: markdown))
        #expect(MarkdownHTMLRenderer().render(copy) == expected)
        #expect(!document.parsedTree.isAvailable)
        #expect(MarkdownHTMLRenderer().render(document) == expected)
    }

    @Test("copies rendered on many threads at once give the same HTML")
    func concurrentRenders() {
        let document = MarkdownDocument(parsing: markdown)
        let expected = MarkdownHTMLRenderer().render(MarkdownDocument(parsing: markdown))
        let different = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            if MarkdownHTMLRenderer().render(document) != expected { different.withLock { $0 += 1 } }
        }
        #expect(different.withLock { $0 } == 0)
    }

    @Test("a code block's replacement given on the first render does not stay in the tree")
    func replacementsDoNotLeak() {
        let document = MarkdownDocument(parsing: markdown)
        let replaced = MarkdownHTMLRenderer().render(document) { _ in "<figure>replaced</figure>" }
        #expect(replaced.contains("<figure>replaced</figure>"))
        #expect(!MarkdownHTMLRenderer().render(document).contains("replaced"))
    }

    @Test("a document whose tree was released early renders as one that kept it (its render parses the text again)")
    func releasedTreeRendersTheSame() {
        let kept = MarkdownDocument(parsing: markdown)
        let released = MarkdownDocument(parsing: markdown)
        released.releaseParsedTree()
        #expect(!released.parsedTree.isAvailable && kept.parsedTree.isAvailable)
        let renderer = MarkdownHTMLRenderer()
        #expect(renderer.render(released) == renderer.render(kept))
    }
}
