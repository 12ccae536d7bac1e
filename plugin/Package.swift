// swift-tools-version: 6.0
import PackageDescription

// Galley's command plugin for any package: `swift package galley …` runs an
// installed galley (`make install` in Galley's repository; the GALLEY
// variable, `--galley-path <path>` or PATH finds it). It depends on nothing,
// so that the packages Galley itself depends on (swift-log, swift-algorithms,
// swift-nio, …) can add it too; Galley's root package has the plugin that
// builds galley from source instead. Its source is shared with that one.
let package = Package(
    name: "galley-plugin",
    products: [
        .plugin(name: "GalleyPlugin", targets: ["GalleyPlugin"])
    ],
    targets: [
        // The same command as the plugin of Galley's root package (its Package.swift).
        .plugin(
            name: "GalleyPlugin",
            capability: .command(
                intent: .custom(
                    verb: "galley",
                    description: "Verify the Swift samples of the package's DocC catalogs and doc comments, or build its site (galley --help)."
                ),
                permissions: [
                    .writeToPackageDirectory(reason: "galley keeps its cache in .build/galley/ and builds the site into public/")
                ]
            )
        )
    ]
)
