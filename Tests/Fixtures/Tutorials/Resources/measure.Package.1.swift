// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Measure",
    dependencies: [
        .package(path: "../Shapes")
    ],
    targets: [
        .executableTarget(name: "Measure", dependencies: ["Shapes"])
    ]
)
