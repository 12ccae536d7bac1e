import GalleyCore
import GalleyMarkdown

/// A file that samples come from, read into samples: a Markdown page's
/// fenced Swift blocks (``MarkdownSampleSource``), a whole Swift file
/// (``SwiftFileSampleSource``, a package's `Snippets/` program). Every
/// sample carries its lines' places in that file (``Sample/block``'s lines,
/// ``Sample/displayedLines``), which diagnostics, `--bless`, baselines and
/// the cache use. A new kind of sample is a new type conforming to this
/// protocol; the verifier reads nothing else.
///
/// ```swift
/// let source = MarkdownSampleSource(path: "content/intro.md", document: MarkdownDocument(parsing: text))
/// let (samples, problems) = source.samples()
/// ```
public protocol SampleSource: Sendable {
    /// How reports name the file: `content/intro.md`, `Snippets/Greeting.swift`.
    var path: String { get }
    /// What its samples compile and run with (prelude, language mode, flags, …).
    var settings: SampleSettings { get }
    /// Every sample of the file, and the problems of those that cannot be
    /// verified as written (an unknown attribute, a bad marker), each at its line.
    func samples() -> (samples: [Sample], problems: [Diagnostic])
    /// The samples, their problems, and the listings read as something
    /// other than Swift (``SampleReading``); by default ``samples()`` and no
    /// such listings.
    func reading() -> SampleReading
}

extension SampleSource {
    /// The samples and problems of ``samples()``; no listing read as not Swift.
    public func reading() -> SampleReading {
        let (samples, problems) = samples()
        return SampleReading(samples: samples, problems: problems)
    }
}

/// What reading one ``SampleSource`` gave: its samples, the problems of
/// those that cannot be verified as written, and the listings it took for
/// something other than Swift (output, SQL, an HTTP message), each a
/// warning at its line naming what it was read as, so that a Swift listing
/// taken for text is seen and counted, never silently dropped.
public struct SampleReading: Sendable {
    /// The samples, in file order.
    public var samples: [Sample]
    /// Samples that cannot be verified as written.
    public var problems: [Diagnostic]
    /// Listings without a language read as something other than Swift, not compiled.
    public var notSwift: [Diagnostic]

    /// A reading of `samples`, `problems` and `notSwift`.
    public init(samples: [Sample], problems: [Diagnostic], notSwift: [Diagnostic] = []) {
        self.samples = samples
        self.problems = problems
        self.notSwift = notSwift
    }
}

/// The fenced Swift blocks of a Markdown page (or a DocC article): each
/// block a sample at its lines, an ` ```output ` block right after one its
/// expected output.
public struct MarkdownSampleSource: SampleSource {
    /// The page's display path.
    public var path: String
    /// The parsed page.
    public var document: MarkdownDocument
    /// The page's sample settings.
    public var settings: SampleSettings
    /// What the page is: a page of `content/`, a catalog's article, a README.
    public var origin: Sample.Origin

    /// The samples of `document`, the page at `path`.
    public init(
        path: String, document: MarkdownDocument, settings: SampleSettings = SampleSettings(), origin: Sample.Origin = .contentPage
    ) {
        self.path = path
        self.document = document
        self.settings = settings
        self.origin = origin
    }

    /// The page's Swift blocks as samples.
    public func samples() -> (samples: [Sample], problems: [Diagnostic]) {
        var (samples, problems) = SampleExtractor.samples(in: document, page: path, settings: settings)
        for index in samples.indices { samples[index].origin = origin }
        return (samples, problems)
    }
}

/// A whole Swift file as one sample at the file's own lines: a package's
/// `Snippets/` program, which SwiftPM builds alone. DocC's slice markers
/// (`// snippet.NAME`, `// snippet.end`) choose what a page shows and are
/// plain comments to the verifier; `// snippet.hide` and `// snippet.show`
/// hide lines as they do in a block.
///
/// ```swift
/// let source = SwiftFileSampleSource(path: "Snippets/Greeting.swift", text: "// snippet.greet\nprint(\"Hello\")\n// snippet.end\n")
/// source.samples().samples[0].block.firstCodeLine   // 1
/// ```
public struct SwiftFileSampleSource: SampleSource {
    /// The file's path relative to the project folder.
    public var path: String
    /// The file's text.
    public var text: String
    /// The sample settings of the page that shows it.
    public var settings: SampleSettings
    /// What the file is: a `@Snippet` file (a program of its own) or a
    /// tutorial's step file (``Sample/Kind/stepFile``).
    public var origin: Sample.Origin

    /// The file at `path` with `text`, shown as `origin` shows it.
    public init(path: String, text: String, settings: SampleSettings = SampleSettings(), origin: Sample.Origin = .snippetFile) {
        self.path = path
        self.text = text
        self.settings = settings
        self.origin = origin
    }

    /// The file as one block whose lines are the file's lines (line 1 first).
    public var block: CodeBlock {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let isSliceMarker = trimmed.hasPrefix("// snippet.") && trimmed != "// snippet.hide" && trimmed != "// snippet.show"
            return isSliceMarker ? "//" : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        let code = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        // The file's lines are 1…n; the "fence" is line 0, before the first, and n + 1 after the last.
        return CodeBlock(language: "swift", attributes: [], code: code, fenceLine: 0, firstCodeLine: 1, endLine: lines.count + 1, index: 0)
    }

    /// The file as one sample (or the problem that keeps it from being one).
    public func samples() -> (samples: [Sample], problems: [Diagnostic]) {
        do {
            // A step file is checked as a whole file, not read as a program (its kind, its elisions): read as an ignored one.
            var reading = settings
            if origin == .tutorialStep { reading.defaultMode = .ignore }
            var sample = try SampleExtractor.sample(from: block, page: path, settings: reading)
            sample.origin = origin
            if origin == .tutorialStep {
                sample.settings = settings
                sample.mode = .noRun
                sample.kind = .stepFile
            }
            return ([sample], [])
        } catch {
            return ([], [error])
        }
    }
}

/// The code listings in the documentation comments of one Swift file (a
/// library target's), each a sample at the file's own lines: DocC shows
/// them as code listings, and so they must compile and run as clients of
/// their module (which ``settings`` imports). A listing's attributes work as
/// in Markdown (` ```swift no_run `); an indented listing has none.
///
/// ```swift
/// let comment = DocCommentSampleSource.Comment(text: "Sums.\n\n    print([1, 2].reduce(0, +))  // Prints \"3\"\n", firstLine: 10, column: 5)
/// let source = DocCommentSampleSource(path: "Sources/Sums/Sum.swift", comments: [comment], settings: settings)
/// source.samples().samples[0].block.firstCodeLine   // 12
/// ```
public struct DocCommentSampleSource: SampleSource {
    /// One documentation comment: its text without the markers, the file
    /// line of its first line, and the file column its text starts at.
    public struct Comment: Sendable, Hashable {
        /// The comment's lines without `///` and the indentation before it.
        public var text: String
        /// The 1-based file line of the comment's first line.
        public var firstLine: Int
        /// The 1-based file column the text of its lines starts at.
        public var column: Int
        /// The path of the symbol it documents (`["FloatingPointCounter", "increment(by:)"]`), when known.
        public var symbol: [String]

        /// A comment whose text starts at `firstLine`:`column`, on the symbol at `symbol`.
        public init(text: String, firstLine: Int, column: Int, symbol: [String] = []) {
            self.text = text
            self.firstLine = firstLine
            self.column = column
            self.symbol = symbol
        }
    }

    /// The Swift file's path relative to the project folder.
    public var path: String
    /// Its documentation comments, in file order.
    public var comments: [Comment]
    /// What the listings compile with: the module imported, the catalog's setup.
    public var settings: SampleSettings

    /// The listings of `comments`, in the file at `path`.
    public init(path: String, comments: [Comment], settings: SampleSettings = SampleSettings()) {
        self.path = path
        self.comments = comments
        self.settings = settings
    }

    /// Every listing of the comments as a sample: the listings of one
    /// comment one program (a group), those of different comments apart.
    public func samples() -> (samples: [Sample], problems: [Diagnostic]) {
        let reading = reading()
        return (reading.samples, reading.problems)
    }

    /// The samples of ``samples()``, and the listings without a language
    /// that were read as something else: a shell session, a block the prose
    /// before it announces as output or another language (`Records:`, `the
    /// following SQL:`), a block whose lines are text (a diagram, SQL), or
    /// an untagged fence that does not parse as Swift in a comment whose
    /// author tags Swift fences ` ```swift `.
    public func reading() -> SampleReading {
        var reading = SampleReading(samples: [], problems: [])
        var settings = settings
        settings.pageProgram = false
        for comment in comments {
            let lines = comment.text.split(separator: "\n", omittingEmptySubsequences: false)
            let all = DocCommentListings.blocks(in: comment.text, firstLine: comment.firstLine)
            let tagsSwift = all.contains { $0.language == "swift" }
            var blocks: [CodeBlock] = []
            var leadIns: [Int: String] = [:]
            for var block in all {
                let leadIn = Self.leadIn(of: block, lines: lines, comment: comment)
                leadIns[block.firstCodeLine] = leadIn
                let fence = block.fenceLine - comment.firstLine
                let fenced = lines.indices.contains(fence) && Self.isFence(lines[fence])
                if block.language.isEmpty, let kind = Self.notSwift(block, leadIn: leadIn, fencedBesideSwift: tagsSwift && fenced) {
                    reading.notSwift.append(
                        .warning(
                            "listing without a language read as \(kind), not Swift: not compiled",
                            at: SourceLocation(path: path, line: block.firstCodeLine),
                            suggestion: "If it is a Swift sample, tag its fence ```swift"))
                    continue
                }
                block.language = "swift"
                blocks.append(block)
            }
            // Programs with their own entry point (`@main`) are each a program; other listings of a comment tell one example.
            let grouped = blocks.count > 1 && !blocks.contains { CommandLineProgram.isMain($0.code) }
            for var block in blocks {
                // The file's column: the comment's text starts at `column`, the block inside it.
                block.fenceColumn += comment.column - 1
                do {
                    var sample = try SampleExtractor.sample(from: block, page: path, settings: settings)
                    sample.origin = .docComment
                    sample.documentedSymbol = comment.symbol
                    // `The following will throw because …:` — the prose says running it fails.
                    if sample.mode == .run, block.attributes.isEmpty, sample.group == nil,
                        TextListing.announcesFailure(in: leadIns[block.firstCodeLine] ?? "")
                    {
                        sample.mode = .crash
                    }
                    // One comment's listings tell one example (`numbers`, then `numbers.split(…)`): one program.
                    if grouped, sample.group == nil, sample.mode == .run || sample.mode == .noRun {
                        sample.group = "doc comment at line \(comment.firstLine)"
                    }
                    reading.samples.append(sample)
                } catch {
                    reading.problems.append(error)
                }
            }
        }
        return reading
    }

    /// The paragraph right before `block` (blank lines between), in the comment's own `lines`, joined into one line.
    private static func leadIn(of block: CodeBlock, lines: [Substring], comment: Comment) -> String {
        var index = block.fenceLine - comment.firstLine
        if index >= 0, index < lines.count, !isFence(lines[index]) { index += 1 }
        var leadIn: [Substring] = []
        var line = min(index, lines.count) - 1
        while line >= 0, lines[line].allSatisfy(\.isWhitespace) { line -= 1 }
        while line >= 0, !lines[line].allSatisfy(\.isWhitespace), !isFence(lines[line]) {
            leadIn.insert(lines[line], at: 0)
            line -= 1
        }
        return leadIn.joined(separator: " ")
    }

    /// What a listing without a language is when it is not Swift, or `nil`.
    /// (`fencedBesideSwift`: the block is an untagged fence in a comment that tags its Swift fences.)
    private static func notSwift(_ block: CodeBlock, leadIn: String, fencedBesideSwift: Bool) -> String? {
        if isShellSession(block.code) { return "a shell session" }
        if let announced = TextListing.announcement(in: leadIn) {
            return announced == "output" ? "output (the text before it announces it)" : "\(announced) (the text before it says so)"
        }
        if let kind = TextListing.kind(of: block.code) { return kind }
        // An author who tags Swift fences ```swift leaves untagged the fences that are not Swift.
        if fencedBesideSwift, let tree = SwiftSource.parse(block.code), tree.hasError {
            return "text (its comment tags its Swift fences, and this untagged one does not parse as Swift)"
        }
        return nil
    }

    /// Whether `line` opens or closes a fenced block.
    private static func isFence(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
    }

    /// Whether `code` is a terminal session: its first line starts with a
    /// shell prompt (`$ `, `% `) or `> ` continuation, not Swift.
    static func isShellSession(_ code: String) -> Bool {
        guard let first = code.split(separator: "\n").first(where: { !$0.allSatisfy(\.isWhitespace) }) else { return false }
        let trimmed = first.drop { $0 == " " }
        return trimmed.hasPrefix("$ ") || trimmed.hasPrefix("% ")
    }
}
