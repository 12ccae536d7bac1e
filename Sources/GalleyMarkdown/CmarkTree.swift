internal import Ccmark
import Synchronization
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Owns one cmark parser and the document tree it produced, and frees both.
///
/// Every cmark pointer Galley touches lives inside a `CmarkTree`; nodes handed
/// out by `walk` are only valid while the tree is alive, so callers never keep
/// them beyond the closure.
final class CmarkTree {
    /// The GFM extensions Galley attaches to every parse.
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Registering the core extensions is process-wide and must happen once.
    private static let registerExtensions: Void = {
        cmark_gfm_core_extensions_ensure_registered()
    }()

    /// Serialises `cmark_parser_finish` (see `init(parsing:)`).
    private static let finishing = Mutex(())

    private let parser: OpaquePointer
    let root: OpaquePointer

    /// Parses `markdown` as GitHub-flavoured Markdown with source positions.
    init(parsing markdown: String) {
        _ = Self.registerExtensions
        // No CMARK_OPT_VALIDATE_UTF8: a Swift string is valid UTF-8 already.
        let options = CMARK_OPT_SOURCEPOS
        guard let parser = cmark_parser_new(options) else {
            preconditionFailure("cmark_parser_new returned NULL (out of memory)")
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
        nonisolated(unsafe) var finished: OpaquePointer?
        nonisolated(unsafe) let unfinished = parser
        Self.finishing.withLock { _ in finished = cmark_parser_finish(unfinished) }
        guard let root = finished else {
            cmark_parser_free(parser)
            preconditionFailure("cmark_parser_finish returned NULL (out of memory)")
        }
        self.parser = parser
        self.root = root
    }

    deinit {
        cmark_node_free(root)
        cmark_parser_free(parser)
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
        guard let cString = cmark_render_html(root, options, extensions) else { return "" }
        defer { free(cString) }
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
