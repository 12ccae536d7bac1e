// swift-tools-version: 5.9
// A fixture for Galley's tests: a library that declares a macro whose
// implementation is a macro target (a compiler plugin built on swift-syntax),
// and a DocC catalog whose samples expand it. SwiftPM passes the plugin to
// the library's compile as `-Xfrontend -load-plugin-executable -Xfrontend
// <path>#StringifyMacros`; samples need the same.
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Stringify",
    platforms: [.macOS(.v10_15)],
    products: [
        .library(name: "Stringify", targets: ["Stringify"])
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")
    ],
    targets: [
        .macro(
            name: "StringifyMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "Stringify", dependencies: ["StringifyMacros"]),
    ]
)
