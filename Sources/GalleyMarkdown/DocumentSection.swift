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
    /// The section's text with whitespace collapsed (code blocks left out),
    /// from its first ``rawTextLimit`` bytes.
    public var text: String

    /// How many bytes of raw text a section keeps: a search entry shows a
    /// few hundred characters, and a 20 MB page without headings must not
    /// be held (and normalized) twice for them.
    public static let rawTextLimit = 16 << 10

    mutating func append(_ piece: String) {
        let room = Self.rawTextLimit - text.utf8.count
        guard room > 0 else { return }
        text += piece.utf8.count <= room ? piece : String(piece.prefix(room))
    }

    /// The section with runs of whitespace collapsed to one space and trimmed.
    var normalized: DocumentSection {
        // ASCII text (most prose) by bytes: each byte is a character, and its
        // whitespace is exactly tab, line feed, vertical tab, form feed,
        // carriage return and space.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    pendingSpace = !bytes.isEmpty
                } else {
                    if pendingSpace { bytes.append(0x20) }
                    pendingSpace = false
                    bytes.append(byte)
                }
            }
            return DocumentSection(headingIndex: headingIndex, text: String(decoding: bytes, as: UTF8.self))
        }
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
