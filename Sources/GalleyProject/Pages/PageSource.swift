import Foundation
import GalleyCore

/// Where a site's pages come from. A folder of Markdown (``ContentLoader``,
/// `content/`) is one source; a DocC catalog is another. The build asks its
/// source for the pages and the other files, and knows nothing of the format.
///
/// ```swift
/// let source: any PageSource = ContentLoader(layout: layout, configuration: configuration)
/// let content = try source.load(reusing: [:], changed: [])
/// print(content.pages.map(\.title))
/// ```
public protocol PageSource: Sendable {
    /// How diagnostics name the source's folder (`content`).
    var displayPath: String { get }
    /// The folder other files (assets) are copied from, by their paths in ``LoadedContent/assets``.
    var directory: URL { get }
    /// Every page and other file of the source. Pages in `previous` (by
    /// source path) that are not in `changed` may be reused as they are.
    /// Throws only when the source as a whole cannot be read.
    func load(reusing previous: [String: Page], changed: Set<String>) throws(DiagnosticList) -> LoadedContent
    /// The file an asset of ``LoadedContent/assets`` is copied from (by
    /// default its path under ``directory``; a source that combines folders
    /// maps each path to its own folder).
    func assetFile(_ path: String) -> URL
    /// Folders whose changes change the pages, for the preview to watch
    /// (a package's DocC catalogs and `Snippets/`); empty by default, when
    /// the pages come from the content folder the preview already watches.
    var watchedFolders: [URL] { get }
    /// This source, rendering each page whose HTML depends only on itself as
    /// soon as it is parsed (``PrerenderedContent``), for a build that renders
    /// what it loads. A source that cannot tell which pages those are
    /// returns itself, as the default does.
    func prerendering(allowsRawHTML: Bool) -> any PageSource
}

extension PageSource {
    /// The asset's path under ``directory``.
    public func assetFile(_ path: String) -> URL {
        directory.appendingPathComponent(path)
    }

    /// None besides the content folder.
    public var watchedFolders: [URL] { [] }

    /// This source as it is: every page is rendered with the site.
    public func prerendering(allowsRawHTML: Bool) -> any PageSource { self }

    /// Every page and other file, all read afresh.
    public func load() throws(DiagnosticList) -> LoadedContent {
        try load(reusing: [:], changed: [])
    }
}

/// What a page source holds: its pages, the files copied as they are, and
/// what was wrong with either.
public struct LoadedContent: Sendable {
    /// The pages that could be read, sorted by source path.
    public var pages: [Page]
    /// Other files (images, downloads) by path under the folder, copied as they are.
    public var assets: [String]
    /// Every page's problems (unreadable file, bad front matter, clashing
    /// URLs): one page's problem never hides another's, and the pages
    /// that could be read are still there to verify.
    public var problems: [Diagnostic] = []
    /// Source paths of Markdown files that could not be read (links to them are not "broken").
    public var unreadable: Set<String> = []
    /// Warnings about the folder itself (no pages, no home page).
    public var folderWarnings: [Diagnostic] = []
    /// Content with `pages` and `assets`, and the problems found reading them.
    public init(pages: [Page], assets: [String], problems: [Diagnostic] = [], unreadable: Set<String> = []) {
        self.pages = pages
        self.assets = assets
        self.problems = problems
        self.unreadable = unreadable
    }

    /// The folder's warnings, then every page's (a misspelt front-matter
    /// key, a code fence never closed), in page order.
    public var warnings: [Diagnostic] { folderWarnings + pages.flatMap(\.warnings) }
}
