import ArgumentParser
import Foundation
import GalleyProject

/// `--versions-cache DIR`, shared by `galley build` and `galley serve`: where each version of a versioned site is built and kept.
struct VersionsCacheOption: ParsableArguments {
    @Option(
        name: .customLong("versions-cache"),
        help: ArgumentHelp(
            "With --versions or --version: the folder each version is built in and kept (default: .build/galley/versions).", valueName: "dir"))
    var versionsCache: String?

    /// The folder, resolved against the project's root.
    func folder(in layout: SiteLayout) -> URL {
        URL(userPath: versionsCache ?? ".build/galley/versions", relativeTo: layout.root)
    }
}
