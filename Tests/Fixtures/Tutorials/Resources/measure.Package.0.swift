// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Measure",
    targets: [
        .executableTarget(name: "Measure")
    ]
)
