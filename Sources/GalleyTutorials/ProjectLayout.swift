/// Where the files of a ``TutorialProject`` go in its package folder, by
/// its manifest's targets: a file shown by a path (`Sources/openapi.yaml`)
/// at that path, a file shown by its name alone in the folder of the one
/// target it can belong to, a test target no step fills given an empty
/// file (so that SwiftPM accepts the manifest; `swift build` compiles no
/// test). A project whose files cannot be placed, or whose target no
/// step gives a Swift file yet, is not built, and says why.
///
/// ```swift
/// let layout = try ProjectLayout.place(project, targets: [.init(name: "Measure", type: "executable")]).get()
/// layout.files.keys   // ["Package.swift", "Sources/Measure/main.swift"]
/// ```
public struct ProjectLayout: Sendable {
    /// A target of the manifest, as `swift package dump-package` gives it.
    public struct Target: Sendable, Equatable {
        /// Creates a target.
        public init(name: String, type: String, path: String? = nil) {
            (self.name, self.type, self.path) = (name, type, path)
        }

        /// Its name.
        public var name: String
        /// `regular`, `executable`, `test`, `macro`, `plugin`, `system`, `binary`.
        public var type: String
        /// Its folder as the manifest sets it; `nil` for SwiftPM's default.
        public var path: String?

        /// Whether the steps are expected to fill it with Swift sources.
        var holdsSources: Bool { ["regular", "executable", "macro"].contains(type) }
    }

    /// Why a project is not built.
    public struct NotBuilt: Error, Sendable, Equatable {
        /// The reason, as a sentence's end ("the steps up to here show no Swift file of target `X`").
        public var reason: String
    }

    /// Each file by its path in the package folder.
    public var files: [String: TutorialProject.File] = [:]
    /// Empty Swift files that let SwiftPM accept test targets no step fills.
    public var placeholders: [String] = []

    /// Puts `file` at `path`, unless a later step's file is there: the same
    /// file shown by two names (`Sources/openapi.yaml`, then `openapi.yaml`).
    private mutating func place(_ file: TutorialProject.File, at path: String) {
        if let placed = files[path], placed.code.line > file.code.line { return }
        files[path] = file
    }

    /// The layout of `project` in a package whose manifest declares `targets`.
    public static func place(_ project: TutorialProject, targets: [Target]) -> Result<ProjectLayout, NotBuilt> {
        var layout = ProjectLayout()
        let sourceTargets = targets.filter(\.holdsSources)
        // SwiftPM takes `Sources/` itself as the folder of a package's only target when the steps put files there.
        let inSources = project.files.contains { $0.name.split(separator: "/").count == 2 && $0.name.hasPrefix("Sources/") }
        func folder(of target: Target) -> String {
            if let path = target.path { return path }
            if target.type == "test" { return "Tests/\(target.name)" }
            if target.type == "plugin" { return "Plugins/\(target.name)" }
            return sourceTargets.count == 1 && inSources ? "Sources" : "Sources/\(target.name)"
        }
        for file in project.files {
            if file.isManifest && !file.name.contains("/") {
                layout.files["Package.swift"] = file
                continue
            }
            var name = file.name
            while name.hasPrefix("./") { name.removeFirst(2) }
            if name.contains("/") {
                guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
                    return .failure(NotBuilt(reason: "the step file `\(file.code.file)` is shown as `\(file.name)`, outside the package"))
                }
                layout.place(file, at: name)
                continue
            }
            guard sourceTargets.count == 1, let target = sourceTargets.first else {
                let names = sourceTargets.map { "`\($0.name)`" }.joined(separator: ", ")
                return .failure(
                    NotBuilt(
                        reason: sourceTargets.isEmpty
                            ? "the manifest declares no target for `\(file.name)`"
                            : "the steps do not say which of the targets \(names) `\(file.name)` is in"))
            }
            layout.place(file, at: folder(of: target) + "/" + name)
        }
        for target in targets {
            let prefix = folder(of: target) + "/"
            let hasSwift = layout.files.contains { $0.key.hasPrefix(prefix) && $0.value.code.isSwift }
            if hasSwift { continue }
            if target.holdsSources {
                return .failure(NotBuilt(reason: "the steps up to here show no Swift file of target `\(target.name)`"))
            }
            if target.type == "test" { layout.placeholders.append(prefix + "Placeholder.swift") }
        }
        return .success(layout)
    }
}
