import GalleyMarkdown
import GalleySamples
import SwiftIDEUtils
import SwiftSyntax

/// Highlights Swift code as HTML with swift-syntax's own token classes
/// (`tok-keyword`, `tok-string`, `tok-number`, `tok-comment`, `tok-type`,
/// `tok-attribute`, `tok-operator`) — exact tokens, no regular-expression grammar.
enum SwiftHighlighter {
    /// The HTML of each line of `code`, in order. Spans never cross a line
    /// break (a multi-line comment gets one span per line), so callers can
    /// insert markup between lines.
    static func highlightedLines(_ code: String) -> [String] {
        segmentedLines(code).map { html($0) }
    }

    /// A piece of a highlighted line: its text and its token class (`nil` for
    /// plain text: identifiers, punctuation, spaces).
    struct Segment: Equatable {
        var text: String
        var tokenClass: String?
    }

    /// The segments of each line of `code`, in order: what ``highlightedLines(_:)``
    /// renders, for callers that wrap character ranges of a line in markup of their own.
    static func segmentedLines(_ code: String) -> [[Segment]] {
        guard let tree = SwiftSource.parse(code) else { return TextLines.split(code).map { $0.isEmpty ? [] : [Segment(text: String($0))] } }
        let bytes = Array(code.utf8)
        var lines: [[Segment]] = [[]]
        func emit(_ slice: ArraySlice<UInt8>, _ tokenClass: String?) {
            for (index, part) in TextLines.split(String(decoding: slice, as: UTF8.self)).enumerated() {
                if index > 0 { lines.append([]) }
                guard !part.isEmpty else { continue }
                lines[lines.count - 1].append(Segment(text: String(part), tokenClass: tokenClass))
            }
        }
        var cursor = 0
        for classified in tree.classifications {
            let start = min(max(classified.range.lowerBound.utf8Offset, cursor), bytes.count)
            let end = min(classified.range.upperBound.utf8Offset, bytes.count)
            guard start < end else { continue }
            if start > cursor { emit(bytes[cursor..<start], nil) }
            emit(bytes[start..<end], cssClass(classified.kind))
            cursor = end
        }
        if cursor < bytes.count { emit(bytes[cursor...], nil) }
        return lines
    }

    /// The HTML of `segments`: escaped text, classified tokens in `tok-` spans.
    static func html(_ segments: [Segment]) -> String {
        var html = ""
        for segment in segments {
            let escaped = HTMLEscaping.escape(segment.text)
            html += segment.tokenClass.map { "<span class=\"tok-\($0)\">\(escaped)</span>" } ?? escaped
        }
        return html
    }

    private static func cssClass(_ kind: SyntaxClassification) -> String? {
        switch kind {
        case .keyword, .ifConfigDirective: "keyword"
        case .stringLiteral, .regexLiteral: "string"
        case .integerLiteral, .floatLiteral: "number"
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: "comment"
        case .type: "type"
        case .attribute: "attribute"
        case .operator: "operator"
        default: nil
        }
    }
}
