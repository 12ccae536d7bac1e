import SwiftSyntax

/// The tokens of a sample's visible code that a reader may ask about: every
/// token on a displayed line (hidden lines, Galley's own `_galley…` code
/// and comments left out), with its place in the sample's compiled code.
package enum HoverTokens {
    /// A token of a sample's compiled code.
    package struct Token: Sendable, Hashable {
        /// Its text.
        package var text: String
        /// The 1-based line in the sample's compiled code.
        package var line: Int
        /// The 1-based column in characters.
        package var characterColumn: Int
        /// The 0-based column in UTF-8 bytes (what sourcekitd's offsets count).
        package var utf8Column: Int
        /// Whether it is a name (not a keyword, literal, operator or punctuation):
        /// what gets a declaration.
        package var isIdentifier: Bool
        /// Whether it names a module in an `import` (`SwiftUI`).
        package var isModuleName = false
        /// Whether it follows a `.` (a member, resolved against what is before it).
        package var isMember = false
    }

    /// The tokens on `sample`'s displayed lines, in order.
    package static func tokens(in sample: Sample) -> [Token] {
        guard let file = SwiftSource.parse(sample.compiledCode) else { return [] }
        let shown = Set(sample.displayedLines.map(\.line))
        let converter = SourceLocationConverter(fileName: sample.page, tree: file)
        let lines = sample.compiledCode.split(separator: "\n", omittingEmptySubsequences: false)
        var tokens: [Token] = []
        for token in file.tokens(viewMode: .sourceAccurate) {
            let text = token.text
            guard !text.isEmpty, !text.hasPrefix("_galley"), token.tokenKind != .endOfFile else { continue }
            let location = converter.location(for: token.positionAfterSkippingLeadingTrivia)
            guard shown.contains(sample.block.firstCodeLine + location.line - 1), lines.indices.contains(location.line - 1) else { continue }
            let utf8Column = location.column - 1
            let prefix = lines[location.line - 1].utf8.prefix(utf8Column)
            let identifier: Bool
            switch token.tokenKind {
            case .identifier, .dollarIdentifier: identifier = true
            default: identifier = false
            }
            tokens.append(Token(
                text: text, line: location.line, characterColumn: String(decoding: prefix, as: UTF8.self).count + 1,
                utf8Column: utf8Column, isIdentifier: identifier, isModuleName: token.parent?.is(ImportPathComponentSyntax.self) == true,
                isMember: token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period
            ))
        }
        return tokens
    }

    /// The names on `sample`'s displayed lines: what ``SampleAnnotation/Kind/declaration`` annotations cover.
    package static func identifiers(in sample: Sample) -> [Token] {
        tokens(in: sample).filter(\.isIdentifier)
    }
}
