internal import Ccmark
internal import CcmarkArena
import Synchronization

/// Owns one cmark parser and the document tree it produced, and frees both.
///
/// Every cmark pointer Galley touches lives inside a `CmarkTree`; nodes handed
/// out by `walk` are only valid while the tree is alive, so callers never keep
/// them beyond the closure.
///
/// The parser, the tree and what is made from it while ``withArena(_:)``
/// runs (new nodes, rewritten text, rendered HTML) are allocated from one
/// region of the tree's own (`CcmarkArena`): a few large blocks instead of
/// hundreds of heap blocks per page (335 for 1 KB of Markdown), returned at once when the tree dies.
/// Anything cmark allocates for the tree outside `withArena` comes from the
/// heap and is freed as before.
final class CmarkTree {
    /// The allocator every parser, node and render of Galley's uses.
    static var allocator: UnsafeMutablePointer<cmark_mem> { galley_cmark_arena_allocator() }

    /// The GFM extensions Galley attaches to every parse.
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Registering the core extensions is process-wide and must happen once.
    private static let registerExtensions: Void = {
        cmark_gfm_core_extensions_ensure_registered()
    }()

    /// Serialises `cmark_parser_finish` (see `init(parsing:)`).
    private static let finishing = Mutex(())

    /// Finishes `parser`'s parse, one finish at a time in the process: every
    /// parse with extensions must finish through here, or its finish can clear
    /// the special characters another parse is reading (tests that parse with
    /// cmark directly included).
    static func finish(_ parser: OpaquePointer) -> OpaquePointer? {
        nonisolated(unsafe) var finished: OpaquePointer?
        nonisolated(unsafe) let unfinished = parser
        finishing.withLock { _ in finished = cmark_parser_finish(unfinished) }
        return finished
    }

    private let parser: OpaquePointer
    let root: OpaquePointer
    /// The region the parser and tree are allocated from; freed last.
    private let arena: OpaquePointer

    /// Parses `markdown` as GitHub-flavoured Markdown with source positions.
    init(parsing markdown: String) {
        _ = Self.registerExtensions
        // No CMARK_OPT_VALIDATE_UTF8: a Swift string is valid UTF-8 already.
        let options = CMARK_OPT_SOURCEPOS
        // About what a parse and render of this many bytes take (cmark's
        // parser starts with about 35 KB; its tree and buffers are several
        // times the text), so most pages use one block.
        guard let arena = galley_cmark_arena_new(markdown.utf8.count * 8 + 40_960) else {
            preconditionFailure("galley_cmark_arena_new returned NULL (out of memory)")
        }
        let outside = galley_cmark_arena_enter(arena)
        defer { galley_cmark_arena_enter(outside) }
        guard let parser = cmark_parser_new_with_mem(options, Self.allocator) else {
            preconditionFailure("cmark_parser_new_with_mem returned NULL (out of memory)")
        }
        for name in Self.extensionNames {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        var markdown = markdown
        markdown.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                if let base = $0.baseAddress { cmark_parser_feed(parser, base, $0.count) }
            }
        }
        // cmark-gfm adds the extensions' special characters (`~` and the
        // autolink triggers) to a process-wide table when a parse finishes and
        // removes them afterwards, so two parses finishing at once on different
        // threads drop each other's strikethrough and autolinks: one at a time.
        // (The parser and its tree never leave this thread; the lock only orders the finishes.)
        guard let root = Self.finish(parser) else {
            preconditionFailure("cmark_parser_finish returned NULL (out of memory)")
        }
        self.parser = parser
        self.root = root
        self.arena = arena
    }

    deinit {
        // Frees the heap blocks of the tree (made outside `withArena`); the region's go with it.
        withArena {
            cmark_node_free(root)
            cmark_parser_free(parser)
        }
        galley_cmark_arena_free(arena)
    }

    /// Runs `body` with this tree's region as the one cmark allocates from
    /// on this thread (see the type's documentation); the tree stays alive
    /// until `body` returns. One thread at a time may use a tree.
    func withArena<Result>(_ body: () throws -> Result) rethrows -> Result {
        let outside = galley_cmark_arena_enter(arena)
        defer { galley_cmark_arena_enter(outside) }
        return try body()
    }

    /// Calls `body` for every node on entering it, in document order.
    ///
    /// The tree must not be modified while walking; collect nodes first.
    func walk(_ body: (OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) {
                body(node)
            }
        }
    }

    /// All nodes of `type`, in document order.
    func nodes(of type: cmark_node_type) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        walk { node in
            if cmark_node_get_type(node) == type { found.append(node) }
        }
        return found
    }

    /// Renders the tree as HTML with the parser's extensions.
    func renderHTML(unsafe: Bool) -> String {
        var options = CMARK_OPT_DEFAULT
        if unsafe { options |= CMARK_OPT_UNSAFE }
        let extensions = cmark_parser_get_syntax_extensions(parser)
        guard let cString = cmark_render_html_with_mem(root, options, extensions, Self.allocator) else { return "" }
        defer { Self.allocator.pointee.free(cString) }
        return String(cString: cString)
    }
}

extension CmarkTree {
    /// Whether `node` is a fenced (rather than indented) code block.
    static func isFenced(_ node: OpaquePointer) -> Bool {
        var length: Int32 = 0
        var offset: Int32 = 0
        var character: CChar = 0
        return cmark_node_get_fenced(node, &length, &offset, &character) != 0
    }

    /// Whether `node` is part of a heading's text.
    static func isInsideHeading(_ node: OpaquePointer) -> Bool {
        var current = cmark_node_parent(node)
        while let parent = current {
            if cmark_node_get_type(parent) == CMARK_NODE_HEADING { return true }
            current = cmark_node_parent(parent)
        }
        return false
    }

    /// Whether `node` is part of a link's text.
    static func isInsideLink(_ node: OpaquePointer) -> Bool {
        var current = cmark_node_parent(node)
        while let parent = current {
            if cmark_node_get_type(parent) == CMARK_NODE_LINK { return true }
            current = cmark_node_parent(parent)
        }
        return false
    }

    /// The concatenated text of `node`'s descendants (text, code, breaks).
    static func plainText(of node: OpaquePointer) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return text }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
                text += String.string(cmark_node_get_literal(node))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return text
    }
}
