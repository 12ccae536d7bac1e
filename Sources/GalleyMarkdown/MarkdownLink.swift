/// A link (or image) destination found in a Markdown document.
public struct MarkdownLink: Sendable, Hashable {
    /// The destination exactly as written, e.g. `other.md#part`.
    public var destination: String
    /// The 1-based line of the link in the Markdown file.
    public var line: Int
    /// The 1-based column of the link in the Markdown file.
    public var column: Int
    /// Whether this is an image (`![alt](src)`) rather than a link.
    public var isImage: Bool

    /// Creates a link.
    public init(destination: String, line: Int, column: Int, isImage: Bool = false) {
        self.destination = destination
        self.line = line
        self.column = column
        self.isImage = isImage
    }

    /// Whether the destination names a scheme (`https:`, `mailto:`) or is
    /// protocol-relative (`//host`), i.e. points outside the site.
    public var isExternal: Bool {
        let utf8 = destination.utf8
        if utf8.starts(with: "//".utf8) { return true }
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let scheme = utf8[..<colon]
        guard let first = scheme.first else { return false }
        // ASCII schemes (all real ones) by bytes; others as Characters.
        if scheme.allSatisfy({ $0 < 0x80 }) {
            return Self.isASCIILetter(first)
                && scheme.allSatisfy {
                    Self.isASCIILetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                        || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
                }
        }
        let characters = destination[..<colon]
        return characters.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) } && characters.first!.isLetter
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
