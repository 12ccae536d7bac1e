#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

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

    /// Collects a section's raw text, piece by piece as the parse's tree
    /// gives it (C strings of cmark's literals), as bytes: no `String` per piece.
    struct Builder {
        var headingIndex: Int?
        private var bytes: [UInt8] = []

        init(headingIndex: Int?) {
            self.headingIndex = headingIndex
        }

        /// Appends a literal (`nil`: nothing), within ``DocumentSection/rawTextLimit`` bytes.
        mutating func append(_ literal: UnsafePointer<CChar>?) {
            guard let literal else { return }
            let room = DocumentSection.rawTextLimit - bytes.count
            guard room > 0 else { return }
            let piece = UnsafeRawBufferPointer(start: literal, count: strlen(literal))
            if piece.count <= room {
                bytes.append(contentsOf: piece)
            } else {
                // Cut at a Character boundary (`room` Characters, as a String would be).
                bytes.append(contentsOf: String(String(decoding: piece, as: UTF8.self).prefix(room)).utf8)
            }
        }

        /// Appends a space (between paragraphs and at line breaks).
        mutating func appendSpace() {
            if bytes.count < DocumentSection.rawTextLimit { bytes.append(UInt8(ascii: " ")) }
        }

        /// The section, its whitespace collapsed to single spaces and trimmed.
        var section: DocumentSection {
            // ASCII text (most prose) by bytes: each byte is a character, and its
            // whitespace is exactly tab, line feed, vertical tab, form feed,
            // carriage return and space.
            if bytes.allSatisfy({ $0 < 0x80 }) {
                var collapsed: [UInt8] = []
                collapsed.reserveCapacity(bytes.count)
                var pendingSpace = false
                for byte in bytes {
                    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                        pendingSpace = !collapsed.isEmpty
                    } else {
                        if pendingSpace { collapsed.append(0x20) }
                        pendingSpace = false
                        collapsed.append(byte)
                    }
                }
                return DocumentSection(headingIndex: headingIndex, text: String(decoding: collapsed, as: UTF8.self))
            }
            var result = ""
            var pendingSpace = false
            for character in String(decoding: bytes, as: UTF8.self) {
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
}
