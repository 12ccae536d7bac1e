// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Measure",
    dependencies: [
        .package(url: "https://github.com/example/Shapes.git", from: "1.0.0")
    ],
    targets: [
        .executableTarget(name: "Measure", dependencies: ["Shapes"])
    ]
)
