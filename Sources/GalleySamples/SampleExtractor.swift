import Foundation
import GalleyCore
import GalleyMarkdown

/// Finds the samples of a page and checks their attributes and markers.
///
/// ```swift
/// let (samples, problems) = SampleExtractor.samples(in: document, page: "content/intro.md")
/// ```
package enum SampleExtractor {
    /// The attributes a sample may carry, besides `group=<name>`.
    public static let knownAttributes = ["no_run", "compile_fail", "crash", "ignore", "swift5", "swift6", "standalone"]

    /// The samples of `document` in page order, and the problems that stop
    /// some of them from being verified (each at its Markdown line).
    public static func samples(
        in document: MarkdownDocument, page: String, settings: SampleSettings = SampleSettings()
    ) -> (samples: [Sample], problems: [Diagnostic]) {
        var samples: [Sample] = []
        var problems: [Diagnostic] = []
        // Split only for a page with a sample followed by an `output` block.
        var sourceLines: [Substring]?
        let blocks = document.codeBlocks
        for (index, block) in blocks.enumerated() where block.looksLikeSwift {
            if let problem = block.infoProblem {
                problems.append(
                    Diagnostic(
                        "cannot read the code block's info string: \(problem), so its Swift would not be verified",
                        at: SourceLocation(path: page, line: block.fenceLine, column: block.fenceColumn),
                        suggestion:
                            "Write ```swift followed by attributes separated by spaces or commas (e.g. ```swift no_run), or give code that is not a sample another language, e.g. ```text"
                    ))
                continue
            }
            do {
                var sample = try sample(from: block, page: page, settings: settings)
                if index + 1 < blocks.count, blocks[index + 1].language == "output",
                    onlyBlankLines(
                        between: block, and: blocks[index + 1],
                        in: sourceLines
                            ?? {
                                sourceLines = TextLines.split(document.source)
                                return sourceLines!
                            }(), firstLine: document.firstLine)
                {
                    sample.outputBlock = blocks[index + 1]
                }
                samples.append(sample)
            } catch {
                problems.append(error)
            }
        }
        return (samples, problems)
    }

    package static func sample(from block: CodeBlock, page: String, settings: SampleSettings = SampleSettings()) throws(Diagnostic) -> Sample {
        func fail(_ message: String, _ hint: String) -> Diagnostic {
            Diagnostic(message, at: SourceLocation(path: page, line: block.fenceLine, column: block.fenceColumn), suggestion: hint)
        }
        let attributes = try readAttributes(of: block, settings: settings, fail: fail)
        var mode = attributes.mode ?? settings.defaultMode
        let scan = try scanLines(of: block, page: page)
        if attributes.mode == nil, mode != .ignore, !scan.markers.isEmpty {
            // `let w = r + z // error: binary operator '+' cannot be applied…`: docs
            // that show a compiler error say so in the code; the sample must fail there.
            mode = .compileFail
        }
        var compiled = scan.compiled
        var kind = Sample.Kind.program
        var holes: [Elision.Hole] = []
        if mode != .ignore && mode != .compileFail {
            kind = SampleKindReader.kind(of: compiled)
        }
        if kind == .program && mode != .ignore, let shown = SampleKindReader.completingShownFragment(compiled) { compiled = shown }
        if kind == .program && mode != .ignore, let elided = try elision(in: compiled, mode: mode, fail: fail) {
            compiled = elided.code
            holes = elided.holes
            if mode == .run, holes.contains(where: { !$0.keepsRun }) { mode = .noRun }
        }
        if attributes.mode == nil, mode == .run, attributes.group == nil, SampleKindReader.announcesTrap(compiled) { mode = .crash }
        if mode == .run, attributes.arguments == nil, CommandLineProgram.needsArguments(compiled) {
            // A command-line tool run with no arguments would only print its usage or fail: compile it.
            mode = .noRun
        }
        // A key or a token shown with its middle left out would only make the run fail on it: compile it.
        if mode == .run, PlaceholderValue.isPresent(in: compiled) { mode = .noRun }
        if attributes.arguments != nil && !CommandLineProgram.isMain(compiled) {
            throw fail(
                "'args=' gives command-line arguments to a program with an '@main' entry point, and this sample has none",
                "Remove args=, or declare the entry point with @main")
        }
        var sample = Sample(
            page: page, block: block, mode: mode, group: mode == .ignore ? nil : attributes.group,
            swift5: (attributes.version ?? settings.swiftVersion) == 5, settings: settings,
            compiledCode: compiled, displayedLines: scan.displayed, hiddenLines: scan.hidden,
            expectedPrints: scan.prints, expectedPrintsLines: scan.printsLines,
            outputBlock: nil, errorMarkers: mode == .compileFail ? scan.markers : []
        )
        sample.expectedPrintsMatching = scan.matching
        // Output shown as bare comments after a print, when nothing states it otherwise.
        if scan.prints == nil, scan.thrown == nil, mode == .run, kind == .program,
            let shown = CommentOutput.expected(in: scan.compiled, firstLine: block.firstCodeLine)
        {
            sample.expectedPrints = shown.lines
            sample.expectedPrintsLines = shown.fileLines
            sample.expectedPrintsMatching = Array(repeating: .values, count: shown.lines.count)
        }
        sample.kind = kind
        sample.standalone = attributes.standalone
        sample.arguments = attributes.arguments
        sample.holes = holes
        sample.expectedError = mode == .run || mode == .noRun ? scan.thrown : nil
        sample.warnings = scan.warnings
        return sample
    }

    /// The attributes of a sample's info string (`no_run`, `swift5`,
    /// `group=<name>`, `args=<argument>`…).
    private struct SampleAttributes {
        /// The mode an attribute gives, if one does.
        var mode: Sample.Mode?
        var group: String?
        /// The Swift language mode `swift5` or `swift6` asks for.
        var version: Int?
        var standalone = false
        var arguments: [String]?
    }

    /// The attributes of `block`; throws `fail`'s error for one that is
    /// unknown or that another (or the default mode in `settings`) rules out.
    private static func readAttributes(
        of block: CodeBlock, settings: SampleSettings, fail: (String, String) -> Diagnostic
    ) throws(Diagnostic) -> SampleAttributes {
        var attributes = SampleAttributes()
        for attribute in block.attributes {
            if attribute.hasPrefix("group=") {
                let name = String(attribute.dropFirst("group=".count))
                guard !name.isEmpty else { throw fail("empty group name", "Write group=<name>") }
                attributes.group = name
                continue
            }
            if attribute.hasPrefix("args=") {
                attributes.arguments = (attributes.arguments ?? []) + [String(attribute.dropFirst("args=".count))]
                continue
            }
            switch attribute {
            case "standalone":
                attributes.standalone = true
            case "swift5", "swift6":
                let number = attribute == "swift5" ? 5 : 6
                if let version = attributes.version, version != number {
                    throw fail("attributes 'swift5' and 'swift6' cannot be combined", "Keep one of them")
                }
                attributes.version = number
            case "no_run", "compile_fail", "crash", "ignore":
                if let attributeMode = attributes.mode {
                    throw fail("attributes '\(attributeMode.rawValue)' and '\(attribute)' cannot be combined", "Keep one of them")
                }
                attributes.mode = Sample.Mode(rawValue: attribute)
            default:
                let suggestion = closest(to: attribute).map { "Did you mean '\($0)'? " } ?? ""
                throw fail(
                    "unknown sample attribute '\(attribute)'",
                    suggestion + "Known attributes: \(knownAttributes.joined(separator: ", ")), group=<name>, args=<argument>"
                )
            }
        }
        let mode = attributes.mode ?? settings.defaultMode
        if attributes.group != nil && (mode == .compileFail || mode == .crash) {
            throw fail("a '\(mode.rawValue)' sample cannot be in a group", "Remove group= or make it a sample of its own")
        }
        if attributes.standalone && attributes.group != nil {
            throw fail("a 'standalone' sample cannot be in a group", "Keep one of 'standalone' and group=")
        }
        return attributes
    }

    /// The program `compiled` with its elisions (`...`, `…`,
    /// `<#placeholder#>`) filled in, and the holes they left, or `nil` when
    /// it elides nothing; throws `fail`'s error for a `crash` sample that does.
    private static func elision(
        in compiled: String, mode: Sample.Mode, fail: (String, String) -> Diagnostic
    ) throws(Diagnostic) -> (code: String, holes: [Elision.Hole])? {
        let elided = Elision.substitute(in: compiled)
        guard !elided.holes.isEmpty else { return nil }
        if mode == .crash, elided.holes.contains(where: { !$0.keepsRun }) {
            throw fail(
                "a 'crash' sample cannot elide code ('...', '…' or '<#placeholder#>'): it must run",
                "Write the code out, or mark the sample no_run")
        }
        return (elided.code, elided.holes)
    }

    /// What ``scanLines(of:page:)`` reads from a block.
    package struct Scan {
        package var compiled: String
        package var displayed: [(line: Int, text: String)]
        package var hidden: [(line: Int, text: String)]
        package var markers: [Sample.ErrorMarker]
        package var prints: [String]?
        package var printsLines: [Int]
        package var matching: [OutputComparison.Matching]
        package var warnings: [Diagnostic]
        package var thrown: Sample.ExpectedError? = nil
    }

    /// Applies the snippet markers and collects `// error:` and `// Prints` comments.
    package static func scanLines(of block: CodeBlock, page: String) throws(Diagnostic) -> Scan {
        var scanner = LineScanner(block: block, page: page)
        var lines = TextLines.split(block.code)
        if lines.last == "" { lines.removeLast() }
        for (offset, line) in lines.enumerated() {
            try scanner.read(line, at: block.firstCodeLine + offset)
        }
        return try scanner.finish()
    }

    /// What ``scanLines(of:page:)`` has read of a block so far, and the
    /// state it reads the next line in.
    private struct LineScanner {
        /// The block scanned.
        let block: CodeBlock
        /// The page's display path, for errors.
        let page: String
        var compiled: [Substring] = []
        var displayed: [(line: Int, text: String)] = []
        var hidden: [(line: Int, text: String)] = []
        var markers: [Sample.ErrorMarker] = []
        var prints: [String] = []
        var printsLines: [Int] = []
        /// The line of the `// snippet.hide` of the hidden part the scan is in.
        var hiddenSince: Int?
        var matching: [OutputComparison.Matching] = []
        var warnings: [Diagnostic] = []
        /// The lines after a `// Prints:` comment, while they are comment lines.
        var multiLine: (line: Int, texts: [(line: Int, text: Substring)])?
        /// The last line that holds code, which a drawn marker under it marks.
        var lastCodeLine: Int?
        /// The markers on comment lines of their own whose next code line is not read yet.
        var markersAwaitingCode: [Int] = []
        /// The error the block shows its code throwing, while its comment lines are read.
        var thrown: Sample.ExpectedError?
        /// Whether the lines read now continue ``thrown``.
        var readingThrown = false

        /// A scanner at the start of `block` of `page`.
        init(block: CodeBlock, page: String) {
            self.block = block
            self.page = page
        }

        /// Reads `line`, the block's line at Markdown line `lineNumber`.
        mutating func read(_ line: Substring, at lineNumber: Int) throws(Diagnostic) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// snippet.") {
                try applySnippetMarker(trimmed, at: lineNumber)
                compiled.append("")
                return
            }
            compiled.append(line)
            if readingThrown, trimmed.hasPrefix("//"), !trimmed.hasPrefix("///"), !trimmed.hasPrefix("// error:") {
                let text = trimmed.dropFirst(2)
                thrown?.lines.append(String(text.hasPrefix(" ") ? text.dropFirst() : text))
                show(String(line), at: lineNumber)
                return
            }
            readingThrown = false
            if multiLine != nil {
                if trimmed.hasPrefix("//") && !trimmed.hasPrefix("///") {
                    let text = trimmed.dropFirst(2)
                    multiLine!.texts.append((lineNumber, Substring(text)))
                    show(String(line), at: lineNumber)
                    return
                }
                try finishMultiLine()
            }
            try readPrintsComment(line, at: lineNumber)
            var shown = String(line)
            // A marker stands on the line of code it marks; `// error: …` alone on
            // its line is what the code before it prints (a thrown error's
            // description), not a compiler error.
            let comment = line.range(of: "//").map { line[$0.lowerBound...] }
            if let marker = ErrorMarkerComment.parse(line), !line[..<marker.start].allSatisfy(\.isWhitespace) {
                markers.append(Sample.ErrorMarker(line: lineNumber, text: marker.text))
                shown = String(line[..<marker.start]).trimmingTrailingSpaces()
            } else if let comment, let text = ErrorMarkerComment.emoji(comment), let code = trimmed.hasPrefix("//") ? lastCodeLine : lineNumber {
                // `destination.home // 🛑`, or `// ❌ Value of type …` under the line (or over the next): shown as written.
                if trimmed.hasPrefix("//") { markersAwaitingCode.append(markers.count) }
                markers.append(Sample.ErrorMarker(line: code, text: text, loose: true))
            } else if let text = ErrorMarkerComment.drawn(trimmed), let code = lastCodeLine {
                // The compiler's own drawing under the line it marks: `//   `- error: 'items' used after consume`.
                markers.append(Sample.ErrorMarker(line: code, text: text, loose: true))
            } else if ErrorMarkerComment.announcesCompileFailure(trimmed) {
                // `// Does not compile:` over the code it says so of: any error there.
                markersAwaitingCode.append(markers.count)
                markers.append(Sample.ErrorMarker(line: lineNumber, text: "", loose: true))
            } else if trimmed.hasPrefix("// error:"), thrown == nil, lastCodeLine != nil {
                // `try parser.parse(input)` then `// error: unexpected input`: the error it throws.
                thrown = Sample.ExpectedError(line: lineNumber, lines: [String(trimmed.dropFirst(3))])
                readingThrown = true
            }
            if !trimmed.isEmpty, !trimmed.hasPrefix("//") {
                lastCodeLine = lineNumber
                for index in markersAwaitingCode { markers[index].nextLine = lineNumber }
                markersAwaitingCode = []
            }
            show(shown, at: lineNumber)
        }

        /// Adds `text`, the code shown for Markdown line `lineNumber`, to the
        /// displayed lines, or to the hidden ones inside a hidden part.
        private mutating func show(_ text: String, at lineNumber: Int) {
            if hiddenSince == nil { displayed.append((lineNumber, text)) } else { hidden.append((lineNumber, text)) }
        }

        /// Opens or closes a hidden part at the marker `trimmed`
        /// (`// snippet.hide`, `// snippet.show`); throws for a marker out
        /// of place or unknown.
        private mutating func applySnippetMarker(_ trimmed: String, at lineNumber: Int) throws(Diagnostic) {
            let location = SourceLocation(path: page, line: lineNumber)
            switch trimmed {
            case "// snippet.hide":
                guard hiddenSince == nil else {
                    throw Diagnostic(
                        "'// snippet.hide' inside a hidden part", at: location, suggestion: "Close the first one with '// snippet.show'")
                }
                hiddenSince = lineNumber
            case "// snippet.show":
                guard hiddenSince != nil else {
                    throw Diagnostic(
                        "'// snippet.show' without a '// snippet.hide' before it", at: location,
                        suggestion: "Remove it or add '// snippet.hide' above")
                }
                hiddenSince = nil
            default:
                throw Diagnostic(
                    "unknown marker '\(trimmed)'", at: location, suggestion: "Only '// snippet.hide' and '// snippet.show' are markers")
            }
        }

        /// Reads the `// Prints` comment of `line`, if it has one: its
        /// expected lines, the start of a `// Prints:` block, or a warning
        /// for a comment that only looks like one; throws for a malformed one.
        private mutating func readPrintsComment(_ line: Substring, at lineNumber: Int) throws(Diagnostic) {
            switch PrintsComment.parse(line) {
            case .none: break
            case .expected(let lines):
                prints += lines
                printsLines += Array(repeating: lineNumber, count: lines.count)
                matching += Array(repeating: .exact, count: lines.count)
            case .multiLine:
                multiLine = (lineNumber, [])
            case .prose(let reason, let column):
                warnings.append(
                    .warning(
                        "this comment was not read as expected output: \(reason)",
                        at: SourceLocation(path: page, line: lineNumber, column: block.fenceColumn + column - 1),
                        suggestion: "To state what the code prints, write // Prints \"<output>\" or // Prints: followed by comment lines"
                    ))
            case .malformed(let reason, let column):
                throw Diagnostic(
                    "cannot read this expected output: \(reason)",
                    at: SourceLocation(path: page, line: lineNumber, column: block.fenceColumn + column - 1),
                    suggestion: "Write // Prints \"<output>\", or reword the comment so that it does not start with 'Prints'")
            }
        }

        /// Ends the open `// Prints:` block, if any: its comment lines, less
        /// trailing blank ones and their common indent, are expected output;
        /// throws when it has none.
        private mutating func finishMultiLine() throws(Diagnostic) {
            guard let (start, texts) = multiLine else { return }
            multiLine = nil
            var kept = texts
            while let last = kept.last, last.text.allSatisfy(\.isWhitespace) { kept.removeLast() }
            guard !kept.isEmpty else {
                throw Diagnostic(
                    "'// Prints:' is not followed by the expected lines", at: SourceLocation(path: page, line: start),
                    suggestion: "Write the printed lines as comments after it (// Hello), or write // Prints \"…\"")
            }
            // The common indent after `//` is layout, not output.
            let indent =
                kept.filter { !$0.text.allSatisfy(\.isWhitespace) }
                .map { $0.text.prefix { $0 == " " }.count }.min() ?? 0
            for (line, text) in kept {
                prints.append(String(text.dropFirst(min(indent, text.prefix { $0 == " " }.count))))
                printsLines.append(line)
                matching.append(.elided)
            }
        }

        /// What the scan read, after the block's last line; throws for a
        /// `// Prints:` block with no lines or a hidden part never closed.
        mutating func finish() throws(Diagnostic) -> Scan {
            try finishMultiLine()
            if let start = hiddenSince {
                throw Diagnostic(
                    "'// snippet.hide' is never closed", at: SourceLocation(path: page, line: start),
                    suggestion: "Add '// snippet.show' where the visible code resumes")
            }
            return Scan(
                compiled: compiled.joined(separator: "\n") + "\n", displayed: displayed, hidden: hidden, markers: markers,
                prints: prints.isEmpty ? nil : prints, printsLines: printsLines, matching: matching, warnings: warnings,
                thrown: thrown
            )
        }
    }

    private static func onlyBlankLines(between a: CodeBlock, and b: CodeBlock, in lines: [Substring], firstLine: Int) -> Bool {
        guard a.endLine < b.fenceLine else { return false }
        for line in (a.endLine + 1)..<b.fenceLine {
            let index = line - firstLine
            if index >= 0, index < lines.count, !lines[index].allSatisfy(\.isWhitespace) { return false }
        }
        return true
    }

    /// A known attribute one edit or a `-`/`_` swap away from `attribute`.
    private static func closest(to attribute: String) -> String? {
        let normalized = attribute.replacingOccurrences(of: "-", with: "_").lowercased()
        if knownAttributes.contains(normalized) { return normalized }
        return knownAttributes.first { EditDistance.between($0, normalized) <= 2 }
    }
}

extension String {
    package func trimmingTrailingSpaces() -> String {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
