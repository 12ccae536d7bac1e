import Foundation
import GalleyCore
import GalleyProject

/// What changed in a project since the last build, sorted by what each kind
/// of change forces a build to redo.
///
/// ```swift
/// var changes = SiteChanges()
/// changes.content = ["guide/intro.md"]        // re-render that page only
/// let report = try session.build(changes)
/// ```
public struct SiteChanges: Sendable, Equatable {
    /// Build everything again, as `galley build` does.
    public var everything = false
    /// `galley.yml` changed: everything is rebuilt.
    public var configuration = false
    /// Something under `templates/` changed: every page is re-rendered.
    public var templates = false
    /// The sample library's sources changed: it is built again and every sample re-verified.
    public var library = false
    /// The library's files that changed (absolute paths), which set
    /// ``library``: a preview reads an edit of their doc comments alone
    /// without building the library (``DocCommentEdit``).
    public var libraryFiles: Set<String> = []
    /// Files under `content/` that changed, appeared or disappeared, as paths relative to it.
    public var content: Set<String> = []

    /// Folders outside `content/` and `templates/` whose changes matter.
    public struct Folders: Sendable, Equatable {
        /// The sample library's sources: a change rebuilds the library.
        public var library: [URL] = []
        /// Where pages come from besides `content/` (a package's DocC
        /// catalogs and `Snippets/`): a change rebuilds everything.
        public var pages: [URL] = []

        /// Creates the list.
        public init(library: [URL] = [], pages: [URL] = []) {
            self.library = library
            self.pages = pages
        }

        /// Every folder, for the watcher.
        public var all: [URL] { library + pages }
    }

    /// No change.
    public init() {}

    /// A change that rebuilds everything.
    public static var all: SiteChanges {
        var changes = SiteChanges()
        changes.everything = true
        return changes
    }

    /// Sorts changed files (absolute URLs) by the part of the project they are in;
    /// files outside every watched part are ignored.
    ///
    /// - Parameter folders: the other folders that matter (``Folders``).
    public init(files: [URL], layout: SiteLayout, folders: Folders = Folders()) {
        let content = FolderPath(layout.contentDirectory)
        let templates = FolderPath(layout.templatesDirectory)
        let configuration = FolderPath(layout.configurationFile)
        let library = folders.library.map(FolderPath.init)
        let pages = folders.pages.map(FolderPath.init)
        for file in files {
            let path = file.path
            if FolderPath(path) == configuration {
                self.configuration = true
            } else if let relative = content.relativePath(of: path) {
                if relative.isEmpty { everything = true } else { self.content.insert(relative) }
            } else if templates.contains(path) {
                self.templates = true
            } else if pages.contains(where: { $0.contains(path) }) {
                // Before the library: a catalog usually sits in its target's folder.
                everything = true
            } else if library.contains(where: { $0.contains(path) }) {
                self.library = true
                libraryFiles.insert(path)
            }
        }
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { self == SiteChanges() }

    /// Both sets of changes.
    public func union(_ other: SiteChanges) -> SiteChanges {
        var merged = self
        merged.everything = everything || other.everything
        merged.configuration = configuration || other.configuration
        merged.templates = templates || other.templates
        merged.library = library || other.library
        merged.libraryFiles.formUnion(other.libraryFiles)
        merged.content.formUnion(other.content)
        return merged
    }
}
