import Foundation
import GalleyCore
import GalleyOutput
import GalleyProject

extension OutputFolderGuard {
    /// Throws when `layout.outputDirectory` is the project, one of its source
    /// folders, the sample library's package, an ancestor of any of them, a
    /// folder inside `content/` or `templates/`, `/` or the home folder.
    ///
    /// ```swift
    /// try OutputFolderGuard.check(layout: layout, libraryPackage: packageURL)
    /// ```
    public static func check(layout: SiteLayout, libraryPackage: URL?, home: String? = ProcessInfo.processInfo.environment["HOME"]) throws(Diagnostic)
    {
        var protected: [ProtectedFolder] = [
            ProtectedFolder(layout.root, name: "the project folder"),
            ProtectedFolder(
                layout.contentDirectory, name: "the content folder '\(layout.displayPath(of: layout.contentDirectory))'", refusesInside: true),
            ProtectedFolder(
                layout.templatesDirectory, name: "the templates folder '\(layout.displayPath(of: layout.templatesDirectory))'",
                refusesInside: true),
        ]
        if let libraryPackage {
            protected.append(
                ProtectedFolder(libraryPackage, name: "the sample library's package folder '\(layout.displayPath(of: libraryPackage))'"))
        }
        try check(output: layout.outputDirectory, shown: layout.displayPath(of: layout.outputDirectory), protected: protected, home: home)
    }
}
