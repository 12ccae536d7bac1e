import Foundation
import GalleyCore

/// Refuses output folders whose replacement would destroy the project or
/// anything else that is not a built site.
///
/// A build replaces its output folder whole, so `galley build --output .`
/// must never get as far as the swap:
///
/// ```swift
/// try OutputFolderGuard.check(output: outputURL, shown: "public", protected: [.init(projectURL, name: "the project folder")])
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

    /// A folder the output folder must not be, contain, or (when
    /// ``refusesInside``) be inside of.
    public struct ProtectedFolder: Sendable {
        /// The folder.
        public var url: URL
        /// How an error names it: `the project folder`.
        public var name: String
        /// Whether an output folder inside it is refused too (`content/`, `templates/`).
        public var refusesInside: Bool

        /// A protected folder.
        public init(_ url: URL, name: String, refusesInside: Bool = false) {
            self.url = url
            self.name = name
            self.refusesInside = refusesInside
        }
    }

    /// Throws when `output` (shown as `shown`) is one of the `protected`
    /// folders, an ancestor of one, inside one that refuses it, `/` or the
    /// home folder.
    public static func check(
        output outputURL: URL, shown: String, protected: [ProtectedFolder], home: String? = ProcessInfo.processInfo.environment["HOME"]
    ) throws(Diagnostic) {
        let output = resolved(outputURL)
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
        let folders = protected.map { (resolved($0.url), $0) }
        for (folder, protected) in folders {
            if output == folder { throw refuse("it is \(protected.name)") }
            if FolderPath(output).strictlyContains(folder) { throw refuse("it contains \(protected.name)") }
        }
        for (folder, protected) in folders where protected.refusesInside && FolderPath(folder).strictlyContains(output) {
            throw refuse("it is inside \(protected.name)")
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
