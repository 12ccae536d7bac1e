import GalleyCore
import GalleyMarkdown

/// A Swift code block of a page, with what the author's contract says about it.
///
/// A fenced block whose info string starts with `swift` is a sample:
/// ```` ```swift no_run group=intro ````. See ``SampleExtractor``.
public struct Sample: Sendable, Hashable {
    /// What the verifier does with a sample.
    public enum Mode: String, Sendable, Hashable, Codable {
        /// Compile and run; must exit 0 and print what is expected.
        case run
        /// Compile only (`no_run`).
        case noRun = "no_run"
        /// Must fail to compile, with errors where `// error:` marks them.
        case compileFail = "compile_fail"
        /// Must compile and then trap at run time.
        case crash
        /// Not compiled; shown as not verified.
        case ignore
    }

    /// What a block shows its code throwing, in comments alone on their
    /// lines after it (`// error: unexpected input` and the comment lines
    /// that follow): the description of the error that ends the program.
    public struct ExpectedError: Sendable, Hashable {
        /// The Markdown line of the `// error:` comment.
        public var line: Int
        /// The description's lines as the comments show them.
        public var lines: [String]
    }

    /// Where a sample comes from: each ``SampleSource`` sets it on the
    /// samples it makes, and reports, `--bless`, setup suggestions and the
    /// build ask it (never the sample's path) what kind of sample it is.
    public enum Origin: String, Sendable, Hashable, Codable, CaseIterable {
        /// A fenced block of a Markdown page of `content/` (``MarkdownSampleSource``).
        case contentPage = "content_page"
        /// A fenced block of a DocC catalog's article or extension file (``MarkdownSampleSource``).
        case catalogArticle = "catalog_article"
        /// A code listing of a Swift file's documentation comment (``DocCommentSampleSource``).
        case docComment = "doc_comment"
        /// A whole `Snippets/` file that a page shows with `@Snippet` (``SwiftFileSampleSource``).
        case snippetFile = "snippet_file"
        /// A Swift file a DocC tutorial's step shows (`@Code(name:file:)`), a ``Kind/stepFile`` (``SwiftFileSampleSource``).
        case tutorialStep = "tutorial_step"
        /// A fenced block of a package's `README.md`: the room for a README's sample source.
        case readme

        /// Whether the sample's lines are lines of a Markdown file (a fence
        /// of a page, an article or a README), where a location is a line of
        /// the Markdown source rather than of a Swift file.
        public var isMarkdown: Bool {
            switch self {
            case .contentPage, .catalogArticle, .readme: true
            case .docComment, .snippetFile, .tutorialStep: false
            }
        }

        /// Whether the sample is a whole program of its own (a snippet file,
        /// a tutorial's step file): no catalog setup or page context is
        /// compiled before it.
        public var isWholeFile: Bool { self == .snippetFile || self == .tutorialStep }
    }

    /// A `// error: <text>` marker of a `compile_fail` sample.
    public struct ErrorMarker: Sendable, Hashable {
        /// The Markdown line the marker is on.
        public var line: Int
        /// Text the compiler error on that line must contain.
        public var text: String
        /// For a marker on a comment line of its own (`// 🛑 Default value
        /// required…`), the code line after it: docs put such a comment
        /// under the line it marks or over it, and the error may be on either.
        public var nextLine: Int? = nil
        /// Written for readers, not for Galley (`// 🛑 Ambiguous use of…`,
        /// the compiler's drawing, `// Does not compile:` over the line):
        /// an error on its line is what it marks, whatever the wording, since
        /// compilers reword their messages; the errors that follow in the
        /// same statement are part of it.
        public var loose = false
    }

    /// What a block is, read from its code: a program (compiled, and run
    /// unless its mode says otherwise), a listing of the library's API, or a
    /// fragment of a package manifest.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Swift code compiled as a program (the usual case).
        case program
        /// Declarations without bodies (`public init(capacity: Int)`), checked
        /// against the sample library's public API (``APIListing``).
        case apiListing = "api_listing"
        /// Lines of a `Package.swift` (`.package(url: …)`): not verified.
        case manifestFragment = "manifest_fragment"
        /// A file a DocC tutorial's step shows (`@Code(name:file:)`): a file
        /// of the project the tutorial builds, as it stands at that step.
        /// Checked for syntax errors; compiled only in that project.
        case stepFile = "step_file"
    }

    /// The page's display path (`content/intro.md`).
    public var page: String
    /// The fenced block as parsed.
    public var block: CodeBlock
    /// What to do with it.
    public var mode: Mode
    /// The `group=` name, if any.
    public var group: String?
    /// Whether to compile in Swift 5 language mode.
    public var swift5: Bool
    /// The settings of the sample's page (prelude, flags, environment, …).
    public var settings = SampleSettings()
    /// The code as compiled: snippet marker lines blanked, so line numbers
    /// stay those of the Markdown block.
    public var compiledCode: String
    /// The code's lines as shown on the page, each with its Markdown line:
    /// hidden lines left out, `// error:` markers removed.
    public var displayedLines: [(line: Int, text: String)]
    /// The lines between `// snippet.hide` and `// snippet.show` (markers
    /// left out), each with its Markdown line: a reader may reveal them.
    public var hiddenLines: [(line: Int, text: String)] = []
    /// Output lines the sample must print, from `// Prints "…"` comments, if any.
    public var expectedPrints: [String]?
    /// The Markdown line of the comment each of ``expectedPrints`` comes from.
    public var expectedPrintsLines: [Int] = []
    /// How each of ``expectedPrints`` is compared: exactly for `// Prints "…"`,
    /// with `…` as a wildcard and line-end whitespace ignored for the lines
    /// after `// Prints:`. Empty means every line exactly.
    package var expectedPrintsMatching: [OutputComparison.Matching] = []
    /// The ` ```output ` block right after the sample, if any.
    public var outputBlock: CodeBlock?
    /// `// error:` markers (`compile_fail` only).
    public var errorMarkers: [ErrorMarker]
    /// The error the block shows its code throwing, if it shows one (``ExpectedError``).
    public var expectedError: ExpectedError?
    /// What the block is (a program unless its code says otherwise).
    public var kind = Kind.program
    /// Whether the sample says `standalone`: on a page whose samples are one
    /// program (`verify.page: program`), it is compiled on its own.
    public var standalone = false
    /// The command-line arguments of a run (`args=` attributes, in order);
    /// `nil` when the sample gives none.
    public var arguments: [String]?
    /// Where ``compiledCode`` replaced elided code (`...`, `…`, `<#name#>`)
    /// with holes that type-check; empty when nothing is elided. A sample
    /// with holes is compiled, never run.
    package var holes: [Elision.Hole] = []
    /// The path of the symbol whose doc comment the sample is in
    /// (`["FloatingPointCounter", "increment(by:)"]`); empty elsewhere.
    package var documentedSymbol: [String] = []
    /// Expectation-like comments that were read as prose, as warnings at their lines.
    public var warnings: [Diagnostic] = []

    /// Where the sample comes from, set by its source (``SampleSource``),
    /// never read from its path.
    public var origin = Origin.contentPage

    /// A stable identity: the page and the line of the opening fence.
    public var id: String { "\(page):\(block.fenceLine)" }

    /// The location of the opening fence, for diagnostics (line 1 at least:
    /// a snippet file's block has its fence above the file, at line 0).
    public var location: SourceLocation {
        SourceLocation(path: page, line: max(1, block.fenceLine), column: block.fenceColumn)
    }

    /// Whether `diagnostic` points into this sample's lines of its page.
    public func owns(_ diagnostic: CompilerDiagnostic) -> Bool {
        diagnostic.file == page && (block.firstCodeLine..<block.endLine + 1).contains(diagnostic.line)
    }

    /// The output lines of the ` ```output ` block, if there is one.
    public var expectedOutputBlock: [String]? {
        outputBlock.map { OutputComparison.lines(of: $0.code) }
    }

    /// Two samples are the same when they are the same block of the same page.
    public static func == (lhs: Sample, rhs: Sample) -> Bool { lhs.id == rhs.id && lhs.block == rhs.block }
    /// Hashes the sample's identity (page and fence line).
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension Sample {
    /// A sample of `block` on `page`; the extractor fills in the rest from its attributes and code.
    package init(
        page: String, block: CodeBlock, mode: Mode, group: String?, swift5: Bool, compiledCode: String,
        displayedLines: [(line: Int, text: String)], expectedPrints: [String]?, outputBlock: CodeBlock?, errorMarkers: [ErrorMarker]
    ) {
        self.page = page
        self.block = block
        self.mode = mode
        self.group = group
        self.swift5 = swift5
        self.compiledCode = compiledCode
        self.displayedLines = displayedLines
        self.expectedPrints = expectedPrints
        self.outputBlock = outputBlock
        self.errorMarkers = errorMarkers
    }
}
