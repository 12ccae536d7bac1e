import GalleyProject

/// The package a DocC tutorial's steps make, as it stands at the end of one
/// of its sections: every file the steps have shown so far (`@Code`), each
/// at its latest step, once the steps have shown a `Package.swift`.
///
/// Only a section's end state is a project: the steps inside a section are
/// unfinished by design (a method still to be written, imports still to be
/// added), so no verdict is ever drawn from them. A terminal transcript the
/// section shows after its last change of a file (`$ swift run` and what it
/// printed) is the output that end state should print.
///
/// ```swift
/// let projects = TutorialProject.sections(of: page.tutorial!, tutorial: page.displayPath)
/// projects.map(\.section)                  // [1, 2]: sections that end with a manifest
/// projects[1].files.map(\.name)            // ["Package.swift", "main.swift"]
/// projects[1].transcript?.file             // "measure.console.0.txt"
/// ```
public struct TutorialProject: Sendable, Equatable {
    /// A file of the project: the name the step shows it by and the step file that holds it.
    public struct File: Sendable, Equatable {
        /// The name shown over the code (`Package.swift`, `Sources/openapi.yaml`, `main.swift`).
        public var name: String
        /// The step file it stands as at the section's end.
        public var code: TutorialPage.Code
        /// Its text.
        public var text: String { code.text ?? "" }
        /// Whether it is the package's manifest.
        public var isManifest: Bool { name.split(separator: "/").last == "Package.swift" }
        /// Whether it is Swift code of a target (not the manifest).
        public var isSource: Bool { code.isSwift && !isManifest }
    }

    /// The tutorial file, as diagnostics name it.
    public var tutorial: String
    /// The section (from 0) whose end this is.
    public var section: Int
    /// The section's title.
    public var sectionTitle: String
    /// The project's files, in the order the steps first showed them.
    public var files: [File]
    /// The terminal transcript the section shows of its end state, if any.
    public var transcript: TutorialPage.Code?

    /// `section 3 ("Getting Started with SwiftSyntax")`, as messages name it.
    public var sectionName: String {
        sectionTitle.isEmpty ? "section \(section + 1)" : "section \(section + 1) (\"\(sectionTitle)\")"
    }

    /// The manifest.
    public var manifest: File? { files.first(where: \.isManifest) }

    /// The projects at the ends of `tutorial`'s sections (its page's
    /// ``TutorialPage``, `path` its file as diagnostics name it), from the
    /// first section whose steps have shown a manifest; a section that
    /// changes no file of the project is no new project.
    public static func sections(of tutorial: TutorialPage, tutorial path: String) -> [TutorialProject] {
        var latest: [String: TutorialPage.Code] = [:]
        var order: [String] = []
        var projects: [TutorialProject] = []
        let sections = Set(tutorial.codes.map(\.section)).filter { $0 >= 0 }.sorted()
        for section in sections {
            var transcript: TutorialPage.Code?
            for code in tutorial.codes where code.section == section && code.text != nil {
                if isTranscript(code) {
                    transcript = code
                    continue
                }
                if latest[code.name] == nil { order.append(code.name) }
                latest[code.name] = code
                // A file changed after the transcript: the transcript no longer shows the end state.
                transcript = nil
            }
            let files = order.compactMap { name in latest[name].map { File(name: name, code: $0) } }
            guard files.contains(where: \.isManifest) else { continue }
            if let previous = projects.last, previous.files == files, transcript == nil { continue }
            let title = section < tutorial.sectionTitles.count ? tutorial.sectionTitles[section] : ""
            projects.append(TutorialProject(tutorial: path, section: section, sectionTitle: title, files: files, transcript: transcript))
        }
        return projects
    }

    /// Whether a step shows a terminal rather than a file of the project:
    /// not Swift, and shown by a name that is no project file's (`Terminal`,
    /// `console`, `Console.txt`, `run.sh`).
    public static func isTranscript(_ code: TutorialPage.Code) -> Bool {
        guard !code.isSwift else { return false }
        let name = code.name.split(separator: "/").last.map(String.init) ?? code.name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return true }
        return ["txt", "sh", "console", "log", "out", "text"].contains(name[name.index(after: dot)...].lowercased())
    }
}
