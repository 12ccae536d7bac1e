import Synchronization

/// The cmark tree a ``MarkdownDocument``'s parse produced, kept for one
/// render: ``MarkdownHTMLRenderer`` rewrites the tree it renders, so the
/// first render takes this one (the same text parsed with the same options)
/// instead of parsing the page again, and every later render of the
/// document parses its own.
///
/// Documents are values that share their `ParsedTree`; whichever copy is
/// rendered first takes the tree, under a lock, so two threads rendering
/// copies of one document never rewrite the same tree.
final class ParsedTree: @unchecked Sendable {
    private let lock = Mutex(())
    /// Only read or written under `lock`.
    private var tree: CmarkTree?

    init(_ tree: CmarkTree) {
        self.tree = tree
    }

    /// The tree, the first time; `nil` afterwards.
    func take() -> CmarkTree? {
        nonisolated(unsafe) var taken: CmarkTree?
        lock.withLock { _ in
            taken = tree
            tree = nil
        }
        return taken
    }

    /// Whether the tree has not been taken yet.
    var isAvailable: Bool {
        lock.withLock { _ in tree != nil }
    }
}
