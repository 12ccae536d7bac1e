import GalleySamples
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
        /// What the name is in the syntax, when that is not simply a name.
        package var role: Role = .name
        /// For an argument label: where the called name is (`frame` of
        /// `.frame(width:)`, `Option` of `@Option(help:)`); a label has no
        /// declaration of its own.
        package var callee: Position?
    }

    /// A place in a sample's compiled code.
    package struct Position: Sendable, Hashable {
        /// The 1-based line.
        package var line: Int
        /// The 0-based column in UTF-8 bytes.
        package var utf8Column: Int
    }

    /// What a name is in the syntax.
    package enum Role: Sendable, Hashable {
        /// A name of something declared.
        case name
        /// An attribute's name (`escaping` of `@escaping`).
        case attribute
        /// The `set` of `private(set)`, with the modifier.
        case accessDetail(String)
        /// An argument label of a call.
        case label
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
            var item = Token(
                text: text, line: location.line, characterColumn: String(decoding: prefix, as: UTF8.self).count + 1,
                utf8Column: utf8Column, isIdentifier: identifier, isModuleName: token.parent?.is(ImportPathComponentSyntax.self) == true,
                isMember: token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period
            )
            if identifier {
                item.role = role(of: token)
                if item.role == .label, let called = callee(ofLabel: token) {
                    let place = converter.location(for: called.positionAfterSkippingLeadingTrivia)
                    item.callee = Position(line: place.line, utf8Column: place.column - 1)
                }
            }
            tokens.append(item)
        }
        return tokens
    }

    private static func role(of token: TokenSyntax) -> Role {
        if let type = token.parent?.as(IdentifierTypeSyntax.self), type.parent?.is(AttributeSyntax.self) == true { return .attribute }
        if let detail = token.parent?.as(DeclModifierDetailSyntax.self), let modifier = detail.parent?.as(DeclModifierSyntax.self) {
            return .accessDetail(modifier.name.text)
        }
        if let argument = token.parent?.as(LabeledExprSyntax.self), argument.label?.id == token.id { return .label }
        return .name
    }

    /// The last token of what a labelled argument's call calls.
    private static func callee(ofLabel token: TokenSyntax) -> TokenSyntax? {
        guard let list = token.parent?.parent?.as(LabeledExprListSyntax.self) else { return nil }
        if let call = list.parent?.as(FunctionCallExprSyntax.self) { return call.calledExpression.lastToken(viewMode: .sourceAccurate) }
        if let attribute = list.parent?.as(AttributeSyntax.self) { return attribute.attributeName.lastToken(viewMode: .sourceAccurate) }
        if let macro = list.parent?.as(MacroExpansionExprSyntax.self) { return macro.macroName }
        return nil
    }

    /// The names on `sample`'s displayed lines: what ``SampleAnnotation/Kind/declaration`` annotations cover.
    package static func identifiers(in sample: Sample) -> [Token] {
        tokens(in: sample).filter(\.isIdentifier)
    }
}
