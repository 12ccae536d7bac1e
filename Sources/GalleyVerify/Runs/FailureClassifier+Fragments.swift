import GalleySamples
import SwiftSyntax

/// Listings that are a piece of code the page shows around them.
extension FailureClassifier {
    /// What a compile `error` of `sample` says the listing takes from the
    /// code around it, when it is that kind of error: the rest of a
    /// declaration an earlier listing opens, or the type a string literal
    /// with a custom interpolation gets from where it is used.
    static func surroundingCode(in error: CompilerDiagnostic, of sample: Sample) -> String? {
        // `    static func find(…) { … }\n}`: the end of an `extension` the page opened in a listing before it.
        if error.message.hasPrefix("extraneous '}' at top level"), startsInsideDeclaration(sample.compiledCode) {
            return "(the declaration an earlier listing opens)"
        }
        // `"SELECT * FROM player WHERE \(literal: sql)"` alone: a literal of the type its context gives (`SQL`), whose
        // interpolation takes `literal:`; as a plain `String`, whose interpolation takes no label, it cannot compile.
        if error.message.hasPrefix("extraneous argument label"), let label = quoted(after: "label '", in: error.message),
            line(error.line, of: sample).contains("\\(\(label)")
        {
            return "(the type of a string literal, which its context gives: a String has no \\(\(label)) interpolation)"
        }
        return nil
    }

    /// Whether `code` starts inside a declaration it does not show the
    /// start of: a `}` closes more than the code opens, at an indentation
    /// left of the code's first line (`    static func find() {…}` then `}`).
    /// A `}` too many at the code's own indentation is a typo, not this.
    static func startsInsideDeclaration(_ code: String) -> Bool {
        guard let tree = SwiftSource.parse(code) else { return false }
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        func indentation(ofLine line: Int) -> Int {
            guard lines.indices.contains(line - 1) else { return 0 }
            return lines[line - 1].prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
        }
        var depth = 0
        var firstIndentation: Int?
        for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind != .endOfFile {
            let line = converter.location(for: token.positionAfterSkippingLeadingTrivia).line
            if firstIndentation == nil { firstIndentation = indentation(ofLine: line) }
            if token.tokenKind == .leftBrace { depth += 1 }
            guard token.tokenKind == .rightBrace else { continue }
            depth -= 1
            if depth < 0 { return indentation(ofLine: line) < firstIndentation ?? 0 }
        }
        return false
    }

    /// The types `sample` declares (`struct AmountConversion: Conversion`)
    /// that the compiler says do not conform, whose declaration holds an
    /// error of a name the code takes as given (`cannot find type
    /// 'Amount'`): such a type does not conform for that name, so what
    /// uses it (`Parse(AmountConversion())`, an ambiguous `init()`) fails
    /// for that name, not on its own.
    static func typesBrokenByMissingNames(_ errors: [CompilerDiagnostic], of sample: Sample) -> [String] {
        // `CodingKeys` is no name the reader supplies: the type's own Codable conformance synthesizes it, and its
        // absence says the type has none (`struct Player: FetchableRecord` without `Decodable`), the docs' error.
        let lines = errors.filter { error in
            missingName.contains { error.message.hasPrefix($0) } && quoted(after: "'", in: error.message) != "CodingKeys"
        }.map { $0.line - sample.block.firstCodeLine + 1 }
        guard !lines.isEmpty, let tree = SwiftSource.parse(sample.compiledCode) else { return [] }
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var broken: [String] = []
        for item in tree.statements {
            let name: String? =
                if let type = item.item.as(StructDeclSyntax.self) { type.name.text } else if let type = item.item.as(ClassDeclSyntax.self) {
                    type.name.text
                } else if let type = item.item.as(EnumDeclSyntax.self) { type.name.text } else if let type = item.item.as(ActorDeclSyntax.self) {
                    type.name.text
                } else { nil }
            // Broken: the compiler says it does not conform, and a missing name stands in its declaration.
            guard let name, errors.contains(where: { $0.message.hasPrefix("type '\(name)' does not conform to protocol") })
            else { continue }
            let range = item.startLocation(converter: converter).line...item.endLocation(converter: converter).line
            if lines.contains(where: range.contains) { broken.append(name) }
        }
        return broken
    }

    /// Whether the top-level statement of `sample` that holds `error` names one of `types`.
    static func usesAny(of types: [String], in error: CompilerDiagnostic, of sample: Sample) -> Bool {
        let codeLine = error.line - sample.block.firstCodeLine + 1
        guard let statement = SwiftSource.statementLines(containing: codeLine, in: sample.compiledCode) else {
            return types.contains { AssumedNames.identifiers(in: line(error.line, of: sample)).contains($0) }
        }
        let lines = sample.compiledCode.split(separator: "\n", omittingEmptySubsequences: false)
        let text = statement.filter { lines.indices.contains($0 - 1) }.map { String(lines[$0 - 1]) }.joined(separator: "\n")
        let words = Set(AssumedNames.identifiers(in: text))
        return types.contains(where: words.contains)
    }
}
