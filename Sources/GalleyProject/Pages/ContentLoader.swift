import Foundation
import GalleyCore
import GalleyMarkdown

/// Loads every Markdown page (and every other file, as an asset) under a content folder.
public struct ContentLoader: PageSource {
    /// The folder to read, e.g. `content/`.
    public var directory: URL
    /// How diagnostics name that folder, e.g. `content`.
    public var displayPath: String
    /// Where files may come from; `nil` reads any (tests of a bare folder).
    public var containment: PathContainment?
    /// Whether raw HTML passes through when a self-contained page is
    /// rendered as soon as it is parsed; `nil` (the default, and `galley
    /// verify`) renders nothing at load. See ``prerendering(allowsRawHTML:)``.
    public var prerendersAllowingRawHTML: Bool?

    /// Creates a loader for `directory`.
    public init(directory: URL, displayPath: String) {
        self.directory = directory
        self.displayPath = displayPath
    }

    /// The loader of a project's `content/` folder, kept inside the project
    /// (and the folders `galley.yml` allows) as `configuration` says.
    public init(layout: SiteLayout, configuration: SiteConfiguration) {
        self.init(directory: layout.contentDirectory, displayPath: layout.displayPath(of: layout.contentDirectory))
        self.containment = configuration.containment(layout: layout)
    }

    /// Lists the folder again but parses only the Markdown files in `changed`
    /// or missing from `previous` (paths under the folder); the others are
    /// taken from `previous` as they are. The preview server's prose edits
    /// cost one parse this way.
    ///
    /// ```swift
    /// let content = try loader.load(reusing: pagesBySourcePath, changed: ["guide/intro.md"])
    /// ```
    public func load(reusing previous: [String: Page], changed: Set<String>) throws(DiagnosticList) -> LoadedContent {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DiagnosticList([
                Diagnostic(
                    "content folder '\(displayPath)' does not exist",
                    suggestion: "Create it with an index.md, or pass --content DIR"
                )
            ])
        }
        var (markdownEntries, assetEntries) = listFiles()
        var pages: [Page] = []
        var errors: [Diagnostic] = []
        var unreadable: Set<String> = []
        if let containment {
            // Links out of the project are errors, and their targets are never read.
            let problems = containment.problems(of: markdownEntries + assetEntries, under: directory, displayPath: displayPath)
            for entry in markdownEntries + assetEntries {
                guard let problem = problems[entry.path] else { continue }
                errors.append(problem)
                unreadable.insert(entry.path)
            }
            markdownEntries.removeAll { problems[$0.path] != nil }
            assetEntries.removeAll { problems[$0.path] != nil }
        }
        let markdownPaths = markdownEntries.map(\.path)
        let assets = assetEntries.map(\.path)
        // Reading and parsing (front matter, Markdown) spread over the cores; the results keep path order.
        let toParse = markdownPaths.filter { changed.contains($0) || previous[$0] == nil }
        let folder = directory.path  // once: a URL's path is decoded again on every call
        let parsed = Concurrently.map(toParse) { path -> Result<Page, Diagnostic> in
            do throws(Diagnostic) { return .success(try loadPage(path, in: folder)) } catch { return .failure(error) }
        }
        let parsedByPath = Dictionary(uniqueKeysWithValues: zip(toParse, parsed))
        for path in markdownPaths {
            switch parsedByPath[path] {
            case .success(let page)?:
                pages.append(page)
            case .failure(let error)?:
                errors.append(error)
                unreadable.insert(path)
            case nil:
                if let page = previous[path] { pages.append(page) }
            }
        }
        errors += urlCollisions(in: pages, assets: assets)
        errors += overlongNames(in: markdownPaths.map { ($0, Page.url(forSourcePath: $0)) } + assets.map { ($0, $0) })
        var content = LoadedContent(pages: pages, assets: assets, problems: errors, unreadable: unreadable)
        content.folderWarnings += folderWarnings(markdownPaths: markdownPaths)
        return content
    }

    /// The warnings for a content folder whose Markdown files are at
    /// `markdownPaths`: when it has none, or no home page (`index.md`).
    private func folderWarnings(markdownPaths: [String]) -> [Diagnostic] {
        if markdownPaths.isEmpty {
            return [
                Diagnostic(
                    "content folder '\(displayPath)' has no Markdown pages; the site has no pages",
                    suggestion: "Add \(displayPath)/index.md (the home page), or pass --content DIR for the folder your pages are in"
                )
            ]
        } else if !markdownPaths.contains(where: { Page.url(forSourcePath: $0) == "index.html" }) {
            return [
                Diagnostic(
                    "content folder '\(displayPath)' has no index.md; the site has no home page and its root address shows 404",
                    suggestion: "Add \(displayPath)/index.md (the home page)"
                )
            ]
        }
        return []
    }

    /// Loads one page from its path under the folder.
    public func loadPage(_ sourcePath: String) throws(Diagnostic) -> Page {
        try loadPage(sourcePath, in: directory.path)
    }

    /// Loads one page from its path under `folder`, the folder's path.
    private func loadPage(_ sourcePath: String, in folder: String) throws(Diagnostic) -> Page {
        let display = displayPath.isEmpty ? sourcePath : "\(displayPath)/\(sourcePath)"
        // Joined as a string: no `URL` per page.
        let path = folder.hasSuffix("/") ? folder + sourcePath : folder + "/" + sourcePath
        let text = try SourceFile.readText(atPath: path, displayPath: display)
        let (frontMatter, body, firstLine) = try FrontMatter.split(text, file: display)
        let document = MarkdownDocument(parsing: body, firstLine: firstLine)
        var page = Page(sourcePath: sourcePath, displayPath: display, frontMatter: frontMatter, document: document)
        if let allowsRawHTML = prerendersAllowingRawHTML {
            page.prerenderedContent = PrerenderedContent.render(page, allowsRawHTML: allowsRawHTML)
        }
        return page
    }

    /// This loader, rendering every self-contained page right after its
    /// parse on the same core (its cmark tree is freed then, not kept until
    /// the site is rendered).
    public func prerendering(allowsRawHTML: Bool) -> any PageSource {
        var loader = self
        loader.prerendersAllowingRawHTML = allowsRawHTML
        return loader
    }

    /// Markdown files and other files under the folder, hidden ones skipped, sorted.
    private func listFiles() -> (markdown: [FileTree.Entry], assets: [FileTree.Entry]) {
        var markdown: [FileTree.Entry] = []
        var assets: [FileTree.Entry] = []
        for entry in FileTree.entries(under: directory, includingSymbolicLinks: true) where !entry.path.hasSuffix("~") {
            if Page.markdownExtensions.contains(where: { entry.path.hasSuffix($0) }) {
                markdown.append(entry)
            } else {
                assets.append(entry)
            }
        }
        return (markdown, assets)
    }

    /// The longest name (in UTF-8 bytes) of an output file or folder: file
    /// systems allow 255 per name, and the preview server's writer needs 12
    /// more for its temporary copy (`.NAME.galley-tmp`).
    public static let maximumNameLength = 255 - ".".utf8.count - ".galley-tmp".utf8.count

    /// Sources whose output path has a name longer than ``maximumNameLength``
    /// (a 252-character `x.md` becomes a 257-byte `x.html`): named here, not
    /// as a write error of the whole output folder.
    private func overlongNames(in outputs: [(source: String, output: String)]) -> [Diagnostic] {
        outputs.compactMap { source, output in
            // Most paths are shorter than one name may be: nothing to split.
            guard output.utf8.count > Self.maximumNameLength,
                let name = output.split(separator: "/").first(where: { $0.utf8.count > Self.maximumNameLength })
            else { return nil }
            let display = displayPath.isEmpty ? source : "\(displayPath)/\(source)"
            return Diagnostic(
                "the name is too long: its output '\(name.prefix(40))…' is \(name.utf8.count) bytes, and a name in the output folder may have at most \(Self.maximumNameLength) (file systems allow 255 per name)",
                at: SourceLocation(path: display),
                suggestion: "Rename it to a shorter name"
            )
        }
    }

    /// Two sources that would write the same output file. URLs are compared
    /// case-insensitively: `Intro.md` and `intro.md` clash on macOS and Windows.
    private func urlCollisions(in pages: [Page], assets: [String]) -> [Diagnostic] {
        var owners: [String: String] = [:]
        var errors: [Diagnostic] = []
        let outputs =
            pages.map { ($0.url, $0.displayPath) }
            + assets.map { ($0, displayPath.isEmpty ? $0 : "\(displayPath)/\($0)") }
        for (url, source) in outputs {
            let key = url.lowercased()
            if let owner = owners[key] {
                errors.append(
                    Diagnostic(
                        "'\(source)' and '\(owner)' both map to the URL '\(url)'",
                        at: SourceLocation(path: source),
                        suggestion: "Rename or remove one of them"
                    ))
            } else {
                owners[key] = source
            }
        }
        return errors
    }
}
