// swift-tools-version: 5.9
// A fixture for Galley's tests: a static library product whose Swift target
// uses a C target (module map in include/), targets at custom paths, and a
// DocC catalog whose articles' samples use both. No dependencies outside it.
import PackageDescription

let package = Package(
    name: "Shapes",
    products: [
        .library(name: "Shapes", type: .static, targets: ["Shapes"])
    ],
    targets: [
        .target(name: "CShapes", path: "Library/CShapes"),
        .target(name: "Shapes", dependencies: ["CShapes"], path: "Library/Shapes"),
    ]
)
