import Foundation
import GalleyCore
import GalleyPackage
import GalleyProject
import GalleyReference
import SwiftParser
import SwiftSyntax

/// A Swift file of the library edited in its comments and spacing only (the
/// same tokens): its symbols' doc comments, and where their declarations
/// now are, read again from its new text, as the compiler would write them
/// into a new symbol graph — without building the library again. A preview
/// shows an edited doc comment at once this way; the code is unchanged, so
/// every sample's verdict still holds.
///
/// ```swift
/// let edit = DocCommentEdit(old: before, new: after)   // nil: a token changed
/// let moved = try edit?.updated(symbol, path: file)    // its new doc comment and location
/// ```
///
/// An edited comment is read so when it is `///` lines written as one run
/// right above its declaration; an edited `/** */` comment, or a run broken
/// by a blank line or another comment, throws ``Unsupported`` and the caller
/// builds the library as before. A comment left as it was only moves.
struct DocCommentEdit {
    /// The edit has something this reader does not follow (a `/** */` comment, a run with a gap).
    struct Unsupported: Error {}

    private let oldTokens: [TokenSyntax]
    private let newTokens: [TokenSyntax]
    private let oldIndex: [SyntaxIdentifier: Int]
    private let oldConverter: SourceLocationConverter
    private let newConverter: SourceLocationConverter

    /// The edit from `old` to `new`, or `nil` when their tokens differ (the code changed).
    init?(old: String, new: String) {
        let oldTree = Parser.parse(source: old)
        let newTree = Parser.parse(source: new)
        oldTokens = Array(oldTree.tokens(viewMode: .sourceAccurate))
        newTokens = Array(newTree.tokens(viewMode: .sourceAccurate))
        guard oldTokens.count == newTokens.count, zip(oldTokens, newTokens).allSatisfy({ $0.tokenKind == $1.tokenKind }) else { return nil }
        var index: [SyntaxIdentifier: Int] = [:]
        for (offset, token) in oldTokens.enumerated() { index[token.id] = offset }
        oldIndex = index
        oldConverter = SourceLocationConverter(fileName: "", tree: oldTree)
        newConverter = SourceLocationConverter(fileName: "", tree: newTree)
    }

    /// `symbol` (declared in this file, at its graph location in the old
    /// text) with its location in the new text and the doc comment written
    /// above it there. A comment it inherits from elsewhere is kept.
    func updated(_ symbol: APISymbol) throws(Unsupported) -> APISymbol {
        guard let location = symbol.location else { return symbol }
        let oldOffset = oldConverter.position(ofLine: location.position.line + 1, column: location.position.character + 1).utf8Offset
        guard let tokenIndex = token(at: oldOffset) else { throw Unsupported() }
        let delta = oldOffset - oldTokens[tokenIndex].positionAfterSkippingLeadingTrivia.utf8Offset
        var updated = symbol
        let moved = newConverter.location(
            for: AbsolutePosition(utf8Offset: newTokens[tokenIndex].positionAfterSkippingLeadingTrivia.utf8Offset + delta))
        updated.location?.position = DocComment.Position(line: moved.line - 1, character: moved.column - 1)
        // The comment of a declaration is in the leading trivia of its first token (an attribute's `@`, a keyword).
        var node: Syntax? = Syntax(oldTokens[tokenIndex])
        while let current = node, current.as(DeclSyntax.self) == nil { node = current.parent }
        guard let declaration = node, let first = declaration.firstToken(viewMode: .sourceAccurate), let firstIndex = oldIndex[first.id] else {
            throw Unsupported()
        }
        let ownsComment = symbol.docComment.map { $0.uri == nil || $0.uri == location.uri } ?? true
        guard ownsComment else { return updated }
        let (before, after) = (oldTokens[firstIndex], newTokens[firstIndex])
        if before.leadingTrivia == after.leadingTrivia {
            // The comment is as it was (however it is written): only its lines move, with its declaration.
            let shift =
                newConverter.location(for: after.positionAfterSkippingLeadingTrivia).line
                - oldConverter.location(for: before.positionAfterSkippingLeadingTrivia).line
            guard shift != 0, var comment = updated.docComment else { return updated }
            for index in comment.lines.indices {
                comment.lines[index].start?.line += shift
                comment.lines[index].end?.line += shift
            }
            updated.docComment = comment
            return updated
        }
        let lines = try commentLines(before: after)
        updated.docComment = lines.isEmpty ? nil : DocComment(lines: lines, uri: location.uri, moduleName: symbol.docComment?.moduleName)
        return updated
    }

    /// The index of the old token whose text holds `offset` (or the last one starting before it).
    private func token(at offset: Int) -> Int? {
        var low = 0
        var high = oldTokens.count
        while low < high {
            let middle = (low + high) / 2
            if oldTokens[middle].positionAfterSkippingLeadingTrivia.utf8Offset <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// The `///` lines right above `token`, as the compiler writes a doc
    /// comment's lines: the marker and the lines' common indentation dropped,
    /// each with where its text starts and ends.
    private func commentLines(before token: TokenSyntax) throws(Unsupported) -> [DocComment.Line] {
        var run: [(text: Substring, offset: Int)] = []
        var newlines = 0
        var offset = token.position.utf8Offset
        for piece in token.leadingTrivia {
            switch piece {
            case .docLineComment(let text):
                // A run broken by a blank line: which part the compiler keeps is not followed here.
                if !run.isEmpty, newlines > 1 { throw Unsupported() }
                run.append((text.dropFirst(3), offset))
                newlines = 0
            case .newlines(let count), .carriageReturnLineFeeds(let count), .carriageReturns(let count):
                newlines += count
            case .spaces, .tabs:
                break
            case .docBlockComment:
                throw Unsupported()
            default:
                if !run.isEmpty { throw Unsupported() }
            }
            offset += piece.sourceLength.utf8Length
        }
        if !run.isEmpty, newlines > 1 { throw Unsupported() }
        let indent = run.filter { !$0.text.allSatisfy(\.isWhitespace) }.map { $0.text.prefix(while: { $0 == " " }).count }.min() ?? 0
        return run.map { line in
            let start = newConverter.location(for: AbsolutePosition(utf8Offset: line.offset))
            let marker = start.column - 1 + 3
            guard !line.text.allSatisfy(\.isWhitespace) else {
                let position = DocComment.Position(line: start.line - 1, character: marker)
                return DocComment.Line(text: "", start: position, end: position)
            }
            let text = String(line.text.dropFirst(indent))
            return DocComment.Line(
                text: text, start: DocComment.Position(line: start.line - 1, character: marker + indent),
                end: DocComment.Position(line: start.line - 1, character: marker + indent + text.utf8.count))
        }
    }
}

extension DocCommentEdit {
    /// What reading edited files' doc comments gave: the graphs with those
    /// symbols replaced, the files' texts now (the next edit's "before"),
    /// and the modules whose symbols changed.
    struct Applied {
        var graphs: [ModuleSymbolGraph]
        var sources: [String: String]
        var modules: Set<String>
        /// The files read (real paths).
        var files: [String]
        /// The symbols whose doc comment or location changed, by identifier.
        var symbols: [String: APISymbol] = [:]
        /// Those whose abstract (the comment's first paragraph) changed: their parents' Topics show it.
        var abstractsChanged: Set<String> = []
    }

    /// The symbols of `graphs` declared in `files` (real paths) with their
    /// doc comments read again from the files' texts now, `sources` holding
    /// their texts when `graphs` were made; `nil` when a file has no earlier
    /// text, cannot be read, changed in code or in a way not followed
    /// (``Unsupported``): the library must be built again. A file that no
    /// longer exists and had no text (an editor's temporary file) is passed over.
    static func apply(files: Set<String>, sources: [String: String], to graphs: [ModuleSymbolGraph]) -> Applied? {
        guard !files.isEmpty else { return nil }
        var edits: [String: DocCommentEdit] = [:]
        var texts = sources
        for file in files {
            // A file that came and went (the temporary file of an editor's or `sed -i`'s save) changed nothing.
            if sources[file] == nil, !FileManager.default.fileExists(atPath: file) { continue }
            guard let old = sources[file], let data = FileManager.default.contents(atPath: file), let new = String(data: data, encoding: .utf8),
                let edit = DocCommentEdit(old: old, new: new)
            else { return nil }
            edits[file] = edit
            texts[file] = new
        }
        var patched = graphs
        var modules: Set<String> = []
        var changed: [String: APISymbol] = [:]
        var abstracts: Set<String> = []
        var realPaths: [String: String] = [:]
        for (graphIndex, graph) in graphs.enumerated() {
            var replaced: [Int: APISymbol] = [:]
            for (index, symbol) in graph.symbols.enumerated() {
                guard let path = symbol.location?.filePath else { continue }
                let real = realPaths[path] ?? RealPath.of(path) ?? path
                realPaths[path] = real
                guard let edit = edits[real] else { continue }
                do {
                    let updated = try edit.updated(symbol)
                    if updated != symbol {
                        replaced[index] = updated
                        changed[updated.identifier] = updated
                        if abstract(of: updated) != abstract(of: symbol) { abstracts.insert(updated.identifier) }
                    }
                } catch {
                    return nil
                }
            }
            guard !replaced.isEmpty else { continue }
            patched[graphIndex] = graph.replacingSymbols(replaced)
            modules.insert(graph.moduleName)
        }
        return Applied(
            graphs: patched, sources: texts, modules: modules, files: edits.keys.sorted(), symbols: changed, abstractsChanged: abstracts)
    }

    /// `symbol`'s abstract, as the Topics of its parent show it.
    private static func abstract(of symbol: APISymbol) -> String {
        DocCommentSections(symbol.docComment?.text ?? "").abstract
    }

    /// The texts of the files `graphs`' symbols are declared in, by real
    /// path: what a later edit is compared with.
    static func sources(of graphs: [ModuleSymbolGraph]) -> [String: String] {
        var paths: Set<String> = []
        for graph in graphs {
            for symbol in graph.symbols { if let path = symbol.location?.filePath { paths.insert(path) } }
        }
        var texts: [String: String] = [:]
        for path in paths {
            let real = RealPath.of(path) ?? path
            if let data = FileManager.default.contents(atPath: real), let text = String(data: data, encoding: .utf8) { texts[real] = text }
        }
        return texts
    }
}

extension DocCommentEdit {
    /// The library files a preview's change touched, read as an edit of doc
    /// comments alone and patched into the last build's graphs; `nil` when
    /// the library did not change, the last build made no reference, every
    /// comment is read (`doc_comments: all`), or the files changed in more
    /// than doc comments (the library is built again).
    static func applied(_ context: BuildContext, configuration: SiteConfiguration) -> Applied? {
        guard context.changes.library, let reference = context.previous?.reference, !reference.graphs.isEmpty,
            configuration.verification.docComments != .all
        else { return nil }
        let files = Set(context.changes.libraryFiles.map { RealPath.of($0) ?? $0 })
        return apply(files: files, sources: reference.librarySources, to: reference.graphs)
    }
}
