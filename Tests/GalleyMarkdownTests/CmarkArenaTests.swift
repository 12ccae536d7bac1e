import Ccmark
import CcmarkArena
import Dispatch
import Synchronization
import Testing

@testable import GalleyMarkdown

#if canImport(Glibc)
    import Glibc
#endif

/// The region each cmark tree allocates from (`CcmarkArena`, used by `CmarkTree`).
@Suite("A cmark tree's region")
struct CmarkArenaTests {
    /// Pages with every kind of node cmark-gfm and its extensions make, and
    /// long ones (the first block of a region is sized from the text: these outgrow it).
    static let documents: [String] = [
        "",
        "# Title\n\nText with **bold**, *em*, `code`, ~~strike~~, <b>html</b> and https://swift.org.\n",
        "| a | b |\n|---|:-:|\n| 1 | ~~2~~ |\n| `x` | [l](p.md) |\n\n- [x] done\n- [ ] todo\n",
        "> quote\n> > nested\n\n1. one\n2. two\n   - deep\n\n***\n\n    indented code\n\n```python\nprint(1)\n```\n",
        "Setext\n======\n\n[ref]: https://example.com \"T\"\n\nSee [ref] and ![image](i.png) and <https://a.b>.\n\nLine  \nbreak\\\nand &amp; &#35; entities.\n",
        String(repeating: "## Section\n\nA paragraph with a [link](page.md#anchor), `code` and **strong** text that goes on.\n\n", count: 400),
        String(repeating: "| column | other |\n|---|---|\n" + String(repeating: "| cell *a* | cell `b` |\n", count: 60) + "\n", count: 20),
        "```swift\n" + String(repeating: "let value = \"a long line of Swift that makes one big literal\"\n", count: 3_000) + "```\n",
    ]

    /// cmark-gfm's own HTML for `markdown` with the heap allocator, the extensions Galley attaches.
    static func heapHTML(_ markdown: String) -> String {
        cmark_gfm_core_extensions_ensure_registered()
        let parser = cmark_parser_new(CMARK_OPT_SOURCEPOS)!
        defer { cmark_parser_free(parser) }
        for name in CmarkTree.extensionNames {
            cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(name))
        }
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { if let base = $0.baseAddress { cmark_parser_feed(parser, base, $0.count) } }
        }
        // Through the same lock as every other parse (another test parses on many threads at once).
        let root = CmarkTree.finish(parser)!
        defer { cmark_node_free(root) }
        let html = cmark_render_html(root, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser))!
        defer { free(html) }
        return String(cString: html)
    }

    @Test("a tree in its region renders what cmark-gfm renders with the heap", arguments: documents.indices)
    func sameHTML(index: Int) {
        let markdown = Self.documents[index]
        let tree = CmarkTree(parsing: markdown)
        #expect(tree.withArena { tree.renderHTML(unsafe: false) } == Self.heapHTML(markdown))
        // Rendered outside the region (every block from the heap) and twice: the same.
        #expect(tree.renderHTML(unsafe: false) == Self.heapHTML(markdown))
    }

    @Test("parsing and rendering a page take nothing from the heap; all of it goes with the tree")
    func nothingFromTheHeap() {
        let made = galley_cmark_arena_heap_blocks_made()
        for markdown in Self.documents {
            let document = MarkdownDocument(parsing: markdown + "\n[other](other.md) ``Some/Symbol``\n")
            _ = MarkdownHTMLRenderer().render(document)
        }
        #expect(galley_cmark_arena_heap_blocks_made() == made)
    }

    @Test("what cmark allocates outside the region comes from the heap and is freed with the tree")
    func heapBlocksFreed() {
        var made = 0
        var freed = 0
        do {
            let tree = CmarkTree(parsing: "# Title\n\nSome *text*.\n")
            let text = tree.withArena { tree.nodes(of: CMARK_NODE_TEXT) }
            made = galley_cmark_arena_heap_blocks_made()
            freed = galley_cmark_arena_heap_blocks_freed()
            // Outside `withArena`: new text for a node of the region, and a new node.
            cmark_node_set_literal(text[0], "Renamed")
            let node = cmark_node_new_with_mem(CMARK_NODE_HTML_INLINE, CmarkTree.allocator)!
            cmark_node_set_literal(node, "<br>")
            cmark_node_append_child(cmark_node_parent(text[1]), node)
            #expect(galley_cmark_arena_heap_blocks_made() - made == 3)
            #expect(galley_cmark_arena_heap_blocks_freed() == freed)
            #expect(tree.renderHTML(unsafe: true) == "<h1>Renamed</h1>\n<p>Some <em>text</em>.<br></p>\n")
        }
        // The tree is gone: its heap blocks with it (the rendered HTML's too).
        #expect(galley_cmark_arena_heap_blocks_made() - made == galley_cmark_arena_heap_blocks_freed() - freed)
    }

    @Test("calloc zeroes; realloc keeps the bytes, in place or moved; blocks are 16-byte aligned")
    func allocatorContract() {
        let arena = galley_cmark_arena_new(64)!
        defer { galley_cmark_arena_free(arena) }
        let outside = galley_cmark_arena_enter(arena)
        defer { galley_cmark_arena_enter(outside) }
        let mem = CmarkTree.allocator.pointee
        var blocks: [UnsafeMutableRawPointer] = []
        for size in [1, 7, 16, 100, 5_000, 70_000, 3_000_000] {
            let block = mem.calloc(1, size)!
            #expect(Int(bitPattern: block) % 16 == 0)
            let bytes = block.assumingMemoryBound(to: UInt8.self)
            #expect((0..<size).allSatisfy { bytes[$0] == 0 })
            for offset in 0..<size { bytes[offset] = UInt8(truncatingIfNeeded: offset &* 31 &+ size) }
            blocks.append(block)
            // A block that grows: in place (it is the last one) and again after another block is made.
            var grown = mem.realloc(block, size * 2 + 1)!
            let other = mem.calloc(3, 5)!
            grown = mem.realloc(grown, size * 4 + 3)!
            #expect(Int(bitPattern: grown) % 16 == 0)
            let kept = grown.assumingMemoryBound(to: UInt8.self)
            #expect((0..<size).allSatisfy { kept[$0] == UInt8(truncatingIfNeeded: $0 &* 31 &+ size) })
            mem.free(other)
            mem.free(grown)
        }
        // Past its first block the region grew by whole blocks, not one per allocation.
        #expect(galley_cmark_arena_capacity(arena) >= 3_000_000)
        #expect(galley_cmark_arena_enter(arena) == arena)
    }

    @Test("trees parsed on one thread and rendered on others, while those threads parse trees of their own")
    func treesChangeThreads() {
        let documents = (0..<64).map { MarkdownDocument(parsing: Self.documents[$0 % Self.documents.count] + "\n[x](page\($0).md)\n") }
        let expected = documents.map { MarkdownHTMLRenderer().render(MarkdownDocument(parsing: $0.source)) }
        let results = Mutex(Array(repeating: "", count: documents.count))
        DispatchQueue.concurrentPerform(iterations: documents.count) { index in
            // A parse on this thread between taking another thread's tree and rendering it.
            let own = MarkdownDocument(parsing: Self.documents[(index + 3) % Self.documents.count])
            let html = MarkdownHTMLRenderer().render(documents[index])
            results.withLock { $0[index] = html }
            _ = MarkdownHTMLRenderer().render(own)
        }
        #expect(results.withLock { $0 } == expected)
    }
}
