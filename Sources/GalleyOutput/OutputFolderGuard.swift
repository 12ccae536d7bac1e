import Foundation
import GalleyCore
import GalleyProject

/// Refuses output folders whose replacement would destroy the project or
/// anything else that is not a built site.
///
/// A build replaces its output folder whole, so `galley build --output .`
/// must never get as far as the swap:
///
/// ```swift
/// try OutputFolderGuard.check(layout: layout, libraryPackage: packageURL)
/// // throws: the output folder '.' is the project folder; …
/// ```
public enum OutputFolderGuard {
    /// The file Galley leaves in every output folder it writes. Only a
    /// folder that carries it (or an empty one) is ever replaced.
    public static let stampName = ".galley-output"

    /// The stamp's text, for a human who finds it.
    static let stampText = """
        This folder was written by Galley (galley build / galley serve) and is replaced whole on every build.
        Galley only ever replaces or deletes a folder that carries this file.

        """

    /// Throws when `layout.outputDirectory` is the project, one of its source
    /// folders, the sample library's package, an ancestor of any of them, a
    /// folder inside `content/` or `templates/`, `/` or the home folder.
    public static func check(layout: SiteLayout, libraryPackage: URL?, home: String? = ProcessInfo.processInfo.environment["HOME"]) throws(Diagnostic)
    {
        let output = resolved(layout.outputDirectory)
        let shown = layout.displayPath(of: layout.outputDirectory)
        func refuse(_ why: String) -> Diagnostic {
            Diagnostic(
                "refusing to use '\(shown)' as the output folder: \(why), and a build replaces its output folder whole",
                suggestion: "Pass a folder of its own, e.g. --output public"
            )
        }
        if output == "/" { throw refuse("it is the root of the file system") }
        if let home, !home.isEmpty, output == resolved(URL(fileURLWithPath: home)) {
            throw refuse("it is your home folder")
        }
        var protected: [(String, String)] = [
            (resolved(layout.root), "the project folder"),
            (resolved(layout.contentDirectory), "the content folder '\(layout.displayPath(of: layout.contentDirectory))'"),
            (resolved(layout.templatesDirectory), "the templates folder '\(layout.displayPath(of: layout.templatesDirectory))'"),
        ]
        if let libraryPackage {
            protected.append((resolved(libraryPackage), "the sample library's package folder '\(layout.displayPath(of: libraryPackage))'"))
        }
        for (folder, name) in protected {
            if output == folder { throw refuse("it is \(name)") }
            if FolderPath(output).strictlyContains(folder) { throw refuse("it contains \(name)") }
        }
        for (folder, name) in protected.dropFirst().prefix(2) where FolderPath(folder).strictlyContains(output) {
            throw refuse("it is inside \(name)")
        }
    }

    /// Whether `folder` may be replaced: it does not exist, is empty, or carries the stamp.
    static func mayReplace(_ folder: URL) -> Bool {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: folder.path) else { return true }
        return entries.isEmpty || entries.contains(stampName)
    }

    /// The absolute path with symbolic links resolved as far as the path exists.
    static func resolved(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while RealPath.of(existing.path) == nil, existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        guard let base = RealPath.of(existing.path) else { return url.standardizedFileURL.path }
        return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
    }
}
