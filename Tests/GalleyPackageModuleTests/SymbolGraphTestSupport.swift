import Foundation
import GalleyCore
import GalleyPackage
import GalleyTestSupport
import Testing

/// What the symbol graph tests share: the toolchain's tools, the host's triple, running a compiler.
enum SymbolGraphTestSupport {
    /// `swiftc` beside the `swift-symbolgraph-extract` the tests use.
    static func swiftc() throws -> URL {
        try ModuleSymbolGraph.locateExtractTool().deletingLastPathComponent().appendingPathComponent("swiftc")
    }

    /// The host's target triple, as `swiftc -print-target-info` gives it.
    static func hostTriple() throws -> String {
        let result = try ModuleSymbolGraph.runWithProcessRunner(try swiftc(), ["-print-target-info"])
        try #require(result.status == 0, "swiftc -print-target-info failed: \(result.output)")
        let info = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let target = info?["target"] as? [String: Any]
        return try #require(target?["triple"] as? String, "no target.triple in \(result.output)")
    }

    /// Runs `swiftc arguments…` and fails the test with its output when it fails.
    static func compile(_ arguments: [String]) throws {
        let result = try ModuleSymbolGraph.runWithProcessRunner(try swiftc(), arguments)
        try #require(result.status == 0, "swiftc \(arguments.joined(separator: " ")) failed:\n\(result.output)")
    }

    /// The `modules` folder under `folder` (made), where ``emitModule(_:from:into:)`` writes.
    static func modulesFolder(in folder: TemporaryDirectory) throws -> URL {
        let modules = folder.url.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        return modules
    }

    /// Compiles the module `name` from `source` into `modules` (`name.swiftmodule`), finding the modules already there.
    static func emitModule(_ name: String, from source: URL, into modules: URL) throws {
        try compile([
            "-emit-module", "-module-name", name, "-parse-as-library", "-I", modules.path, "-emit-module-path",
            modules.appendingPathComponent("\(name).swiftmodule").path, source.path,
        ])
    }

    /// A module `name` compiled from `source` in a fresh folder and its
    /// graph extracted there: the folder (removed by the caller), the source
    /// file, the graph files and the loaded graph.
    static func extract(
        module name: String, source: String
    ) throws -> (
        folder: TemporaryDirectory, sourceFile: URL, files: [URL], graph: ModuleSymbolGraph
    ) {
        let folder = try TemporaryDirectory()
        let sourceFile = try folder.write("\(name).swift", source)
        let modules = folder.url.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try compile([
            "-emit-module", "-module-name", name, "-parse-as-library", "-emit-module-path",
            modules.appendingPathComponent("\(name).swiftmodule").path, sourceFile.path,
        ])
        let graphs = folder.url.appendingPathComponent("graphs")
        let files = try ModuleSymbolGraph.extract(
            module: name, flags: ["-I", modules.path], targetTriple: try hostTriple(), into: graphs, tool: try ModuleSymbolGraph.locateExtractTool())
        return (folder, sourceFile, files, try ModuleSymbolGraph.load(module: name, from: graphs))
    }

    /// The 1-based number of the first line of `text` that contains `needle`.
    static func lineNumber(of needle: String, in text: String) throws -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.contains(needle) }, "'\(needle)' is not in the source")
        return index + 1
    }

    /// The 1-based column where `needle` starts on the first line that contains it.
    static func column(of needle: String, in text: String) throws -> Int {
        let line = try #require(text.split(separator: "\n").first { $0.contains(needle) })
        let range = try #require(line.range(of: needle))
        return line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1
    }
}
