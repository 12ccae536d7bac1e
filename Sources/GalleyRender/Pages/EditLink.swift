import GalleyCore
import GalleyProject

/// A page's link to its source on the repository's host: "Edit this page"
/// where the host's edit page is known, else "View the source of this page"
/// at the commit the site was built from.
///
/// - A guide of `content/` with `edit_url:` links to that prefix and its
///   path under `content/`, as it always has.
/// - An article of a catalog, a tutorial, an extension file and a guide of
///   a package site link to their file by its path in the package: the
///   host's edit page on the branch checked out
///   (``SiteConfiguration/repositoryEditURL``), else the file at
///   ``SiteConfiguration/sourceURL``.
/// - A symbol's page links to the first line of its doc comment the same
///   way; a symbol without a doc comment of its own, a module's page and a
///   generated page have no link.
///
/// ```swift
/// EditLink(for: article, configuration: configuration)?.url
/// // "https://github.com/apple/swift-log/edit/main/Sources/Logging/Docs.docc/Logging.md"
/// ```
public struct EditLink: Sendable, Equatable {
    /// The link's address.
    public var url: String
    /// Its words: "Edit this page", or "View the source of this page" when only the file's page is known.
    public var label: String

    /// The words of a link to the host's edit page.
    public static let editLabel = "Edit this page"
    /// The words of a link to the file at the commit built.
    public static let sourceLabel = "View the source of this page"

    /// The link of `page` under `configuration`, or `nil` when it has no source to link.
    public init?(for page: Page, configuration: SiteConfiguration) {
        let file: (path: String, line: Int?)
        switch page.kind {
        case .document, .extensionFile, .tutorial:
            if page.catalogModule == nil, let prefix = configuration.editURL {
                self.init(url: prefix + page.sourcePath, label: Self.editLabel)
                return
            }
            // A page the build made (a package site's home page listing its catalogs) has no file of its own.
            guard [".md", ".markdown", TutorialPage.fileExtension].contains(where: page.displayPath.hasSuffix) else { return nil }
            file = (page.displayPath, nil)
        case .reference(let reference):
            guard let comment = reference.parts?.comment else { return nil }
            file = (comment.path, comment.line)
        case .notFound, .allPages, .redirect:
            return nil
        }
        // A path the package does not hold (outside it, or made up) has no page on the host.
        guard !file.path.isEmpty, !file.path.hasPrefix("/"), !file.path.hasPrefix("../"), file.path.contains(".") else { return nil }
        let encoded = file.path.split(separator: "/").map { String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0) }
            .joined(separator: "/")
        if let prefix = configuration.repositoryEditURL {
            self.init(url: prefix + encoded, label: Self.editLabel)
        } else if let prefix = configuration.sourceURL {
            self.init(url: prefix + encoded + (file.line.map { "#L\($0)" } ?? ""), label: Self.sourceLabel)
        } else {
            return nil
        }
    }

    /// A link to `url` reading `label`.
    public init(url: String, label: String) {
        self.url = url
        self.label = label
    }
}
