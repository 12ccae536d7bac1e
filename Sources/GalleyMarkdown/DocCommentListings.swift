internal import Ccmark

/// The code listings of a documentation comment, read as DocC reads it:
/// the comment's text (its `///` markers removed) parsed as Markdown with
/// cmark, so that a continuation line of a `- Parameter` item is prose and
/// an indented block is a listing.
///
/// - A fenced block whose info string is `swift` is Swift; one of another
///   language (` ```json `) is not a listing.
/// - A fenced block without an info string and an indented block (four
///   spaces after the marker) are listings DocC shows as code, Swift unless
///   their text says otherwise: their ``CodeBlock/language`` is empty, for
///   the reader of Swift to decide (a diagram or SQL is not Swift).
///
/// Lines are the file's: the comment's first line is `firstLine`. An
/// indented block has no fence: its ``CodeBlock/fenceLine`` is the line
/// before its first code line.
///
/// ```swift
/// let blocks = DocCommentListings.blocks(in: "Sums.\n\n    let s = [1, 2].reduce(0, +)\n", firstLine: 12)
/// blocks[0].firstCodeLine   // 14
/// ```
public enum DocCommentListings {
    /// The Swift listings of the comment `text`, whose first line is line `firstLine` of its file.
    public static func blocks(in text: String, firstLine: Int) -> [CodeBlock] {
        let offset = firstLine - 1
        let tree = CmarkTree(parsing: text)
        var blocks: [CodeBlock] = []
        tree.withArena {
            tree.walk { node in
                guard cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK else { return }
                if CmarkTree.isFenced(node) {
                    var block = MarkdownDocument.codeBlock(node, offset: offset, index: blocks.count)
                    guard block.language.isEmpty || block.language == "swift" else { return }
                    block.looksLikeSwift = true
                    blocks.append(block)
                } else {
                    let start = Int(cmark_node_get_start_line(node)) + offset
                    let code = String.string(cmark_node_get_literal(node))
                    let lineCount = code.split(separator: "\n", omittingEmptySubsequences: false).count - (code.hasSuffix("\n") ? 1 : 0)
                    blocks.append(
                        CodeBlock(
                            language: "", attributes: [], code: code, fenceLine: start - 1,
                            fenceColumn: Int(cmark_node_get_start_column(node)), firstCodeLine: start,
                            endLine: start + max(lineCount, 1), index: blocks.count, looksLikeSwift: true))
                }
            }
        }
        return blocks
    }
}
