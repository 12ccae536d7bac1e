import GalleyMarkdown

/// What a page made from a DocC tutorial file (`.tutorial`) is, and the
/// files its steps show (`@Code(name:file:)`), each with the lines changed
/// since the step before that showed a file of the same name in its section.
///
/// ```swift
/// page.tutorial?.role                  // .tutorial
/// page.tutorial?.codes.map(\.file)     // ["Package.step1.swift", "main.step1.swift", …]
/// ```
public struct TutorialPage: Sendable {
    /// The extension of DocC's tutorial files.
    public static let fileExtension = ".tutorial"

    /// Which of DocC's three tutorial files the page is.
    public enum Role: String, Sendable {
        /// `@Tutorials`: the table of contents, its chapters and their tutorials.
        case tableOfContents = "table_of_contents"
        /// `@Tutorial`: sections of steps, and assessments.
        case tutorial
        /// `@Article`: a tutorial article.
        case article
    }

    /// A page of `role` whose steps show `codes`.
    public init(role: Role, codes: [Code]) {
        (self.role, self.codes) = (role, codes)
    }

    /// The page's role.
    public var role: Role
    /// Every `@Code` of the page, in document order.
    public var codes: [Code]
    /// Each `@Section`'s title, by its order in the tutorial (``Code/section``).
    public var sectionTitles: [String] = []
    /// The headings its markup gives its chapters, sections, resources and
    /// assessments, in order: the page's table of contents.
    public var headings: [Heading] = []

    /// One `@Code(name:file:)` of a step: the file it names, as found in the catalog.
    public struct Code: Sendable, Hashable {
        /// Creates the `@Code` at `line` that shows `file` as `name`, in the section numbered `section`.
        public init(name: String, file: String, line: Int, section: Int) {
            (self.name, self.file, self.line, self.section) = (name, file, line, section)
        }

        /// The name shown over the code (`Package.swift`).
        public var name: String
        /// The file it shows, by name (`Package.step2.swift`).
        public var file: String
        /// The line of the `@Code` directive in the tutorial file.
        public var line: Int
        /// The section (by its order in the tutorial, from 0) the step is in.
        public var section: Int
        /// Where the file was found, as diagnostics name it
        /// (`Sources/Mod/Mod.docc/Resources/Package.step2.swift`); `nil` when it was not.
        public var path: String?
        /// The file's text; `nil` when it was not found or not read.
        public var text: String?
        /// The 1-based lines of ``text`` that the step changed since the
        /// section's previous step that showed a file of the same ``name``
        /// (or the file `previousFile:` names; none after `reset: true`): what the page marks.
        public var changedLines: Set<Int> = []

        /// Whether the file is Swift (a `.swift` file).
        public var isSwift: Bool { file.lowercased().hasSuffix(".swift") }
    }

    /// The `@Code` at `line` of the tutorial file, if one is there.
    public func code(atLine line: Int) -> Code? {
        codes.first { $0.line == line }
    }
}
