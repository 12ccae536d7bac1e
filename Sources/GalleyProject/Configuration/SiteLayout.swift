import Foundation
import GalleyCore

/// Where a site's sources are and where it goes.
public struct SiteLayout: Sendable {
    /// The project folder; diagnostics name files relative to it.
    public var root: URL
    /// The Markdown pages, `content/`.
    public var contentDirectory: URL
    /// The site's theme folder, `templates/`: its files override the built-in
    /// theme's (``DefaultTheme``) file by file. It need not exist.
    public var templatesDirectory: URL
    /// Whether a missing ``templatesDirectory`` is an error rather than the
    /// built-in theme alone (set when the folder was named with `--templates`).
    public var requiresTemplatesDirectory = false
    /// The built site, `public/`.
    public var outputDirectory: URL
    /// The optional settings file, `galley.yml`.
    public var configurationFile: URL
    /// Folders the user named on the command line (`--content`,
    /// `--templates`): trusted wherever they are, even outside ``root``.
    /// Symbolic links found inside them are still checked.
    public var trustedDirectories: [URL] = []
    /// Whether ``contentDirectory`` was named by the user (`--content`)
    /// rather than the default `content/`: in a package root it picks the
    /// folder (or DocC catalog) to read instead of every catalog.
    public var namesContentDirectory = false

    /// The conventional layout under `root`: `content/`, `templates/`, `public/`, `galley.yml`.
    public init(root: URL) {
        self.root = root
        self.contentDirectory = root.appendingPathComponent("content")
        self.templatesDirectory = root.appendingPathComponent("templates")
        self.outputDirectory = root.appendingPathComponent("public")
        self.configurationFile = root.appendingPathComponent("galley.yml")
    }

    /// How diagnostics name `url`: relative to the project folder when
    /// inside it (`content/intro.md`), absolute otherwise.
    public func displayPath(of url: URL) -> String {
        switch FolderPath(root).relativePath(of: url.path) {
        case "": "."
        case let relative?: relative
        case nil: url.standardizedFileURL.path
        }
    }
}
