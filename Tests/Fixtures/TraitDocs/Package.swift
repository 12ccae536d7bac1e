// swift-tools-version: 6.1
// A fixture for Galley's tests: a library with two traits, one that adds
// API (`Export`) and one that compiles code out (`Silent`, tested negated),
// whose module imports Foundation, and a catalog that documents both; and a
// target no product exposes (LedgerTesting) with a catalog of its own.
import PackageDescription

let package = Package(
    name: "Ledger",
    products: [
        .library(name: "Ledger", targets: ["Ledger"])
    ],
    traits: [
        .trait(name: "Export", description: "Adds CSV export."),
        .trait(name: "Silent", description: "Compiles out the audit log."),
        .default(enabledTraits: []),
    ],
    targets: [
        .target(name: "Ledger"),
        .target(name: "LedgerTesting", dependencies: ["Ledger"]),
    ]
)
