import Foundation
import GalleyCore

/// Where SwiftPM builds a package for Galley: its own `.build`, or, when
/// `GALLEY_SCRATCH_PATH` names a folder, a folder of that package's own
/// inside it (`swift build --scratch-path`).
///
/// The Galley command plugin sets the variable: while a command plugin runs,
/// SwiftPM holds the lock on the package's `.build`, and a `swift build` or
/// `swift package` there would wait for it forever.
///
/// ```swift
/// let scratch = ScratchPath(package: root)
/// let arguments = ["build", "--package-path", root.path] + scratch.arguments   // + ["--scratch-path", …] under the plugin
/// let products = scratch.folder.appendingPathComponent("debug")
/// ```
package struct ScratchPath: Sendable, Equatable {
    /// The variable that moves SwiftPM's build folders out of the packages.
    package static let environmentVariable = "GALLEY_SCRATCH_PATH"

    /// SwiftPM's build folder of the package.
    package var folder: URL
    /// Whether it is not the package's own `.build` (so SwiftPM must be told with `--scratch-path`).
    package var isMoved: Bool

    /// The build folder of the package in `package`: `<package>/.build`, or
    /// `<GALLEY_SCRATCH_PATH>/<name>-<hash of the package's path>` when the variable is set.
    package init(package: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let package = package.standardizedFileURL
        guard let root = environment[Self.environmentVariable], !root.isEmpty else {
            folder = package.appendingPathComponent(".build")
            isMoved = false
            return
        }
        let digest = HexDigits.of(SHA256.hash(data: Data(package.path.utf8)).prefix(6))
        let name = package.lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        folder = URL(fileURLWithPath: root).appendingPathComponent("\(name.isEmpty ? "package" : name)-\(digest)")
        isMoved = true
    }

    /// `--scratch-path FOLDER` when the folder is moved, else nothing: what
    /// `swift build` and `swift package` take to use it.
    package var arguments: [String] {
        isMoved ? ["--scratch-path", folder.path] : []
    }

    /// The debug products folder, links resolved.
    package var debugFolder: URL {
        folder.appendingPathComponent("debug").resolvingSymlinksInPath()
    }
}
