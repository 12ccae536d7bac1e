/// The prose of one part of a document: before its first heading, or from a
/// heading to the next. What a search index holds.
///
/// ```swift
/// let doc = MarkdownDocument(parsing: "Intro.\n\n## Setup\n\nRun `make`.\n")
/// doc.sections[1].text            // "Run make."
/// doc.sections[1].headingIndex    // 0 (doc.headings[0] is "Setup")
/// ```
public struct DocumentSection: Sendable, Hashable {
    /// The index in ``MarkdownDocument/headings`` of the heading that opens
    /// the section, or `nil` for the text before the first heading.
    public var headingIndex: Int?
    /// The section's text with whitespace collapsed (code blocks left out).
    public var text: String

    mutating func append(_ piece: String) {
        text += piece
    }

    /// The section with runs of whitespace collapsed to one space and trimmed.
    var normalized: DocumentSection {
        var result = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return DocumentSection(headingIndex: headingIndex, text: result)
    }
}
