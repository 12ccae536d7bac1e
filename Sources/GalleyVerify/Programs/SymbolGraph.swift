import Crypto
import Foundation
import GalleyCore
import GalleyPackage
import GalleyProcess
import GalleySamples
import SwiftSyntax

/// The public API of the sample library's modules, from
/// `swift-symbolgraph-extract`, cached by the library's fingerprint.
struct SymbolGraph {
    private struct File: Decodable {
        struct Symbol: Decodable {
            struct Fragment: Decodable { var spelling: String }
            var pathComponents: [String]
            var declarationFragments: [Fragment]?
        }
        var symbols: [Symbol]
    }

    /// The symbols of `modules`, extracted with the library's search paths
    /// (`-I` of `flags`) into `cache/<fingerprint>/` and reused from there.
    static func symbols(
        modules: [String], flags: [String], fingerprint: String, toolchain: Toolchain, cache: URL
    ) throws(Diagnostic) -> [APIListing.Symbol] {
        let folder = cache.appendingPathComponent(fingerprint == "none" ? "none-\(key(modules, flags))" : fingerprint)
        var symbols: [APIListing.Symbol] = []
        for module in modules {
            let output = folder.appendingPathComponent(module)
            let done = output.appendingPathComponent(".complete")
            if !FileManager.default.fileExists(atPath: done.path) {
                try extract(module: module, flags: flags, toolchain: toolchain, into: output)
                // A marker that could not be written only costs an extraction next time.
                _ = FileManager.default.createFile(atPath: done.path, contents: Data())
            }
            let files = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
            for name in files.sorted() where name.hasSuffix(".symbols.json") {
                guard let data = FileManager.default.contents(atPath: output.appendingPathComponent(name).path),
                    let file = try? JSONDecoder().decode(File.self, from: data)
                else { continue }
                for symbol in file.symbols {
                    let declaration = (symbol.declarationFragments ?? []).map(\.spelling).joined()
                    symbols.append(APIListing.Symbol(path: symbol.pathComponents, declaration: APIListing.collapsed(declaration)))
                }
            }
        }
        return symbols
    }

    static func key(_ modules: [String], _ flags: [String]) -> String {
        let digest = SHA256.hash(data: Data((modules + flags).joined(separator: "\u{0}").utf8))
        return digest.prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    private static func extract(module: String, flags: [String], toolchain: Toolchain, into output: URL) throws(Diagnostic) {
        let tool = toolchain.swiftc.deletingLastPathComponent().appendingPathComponent("swift-symbolgraph-extract")
        try? FileManager.default.removeItem(at: output)
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic("cannot create '\(output.path)' for the symbol graph: \(error.localizedDescription)")
        }
        #if arch(arm64)
            let triple = "aarch64-unknown-linux-gnu"
        #else
            let triple = "x86_64-unknown-linux-gnu"
        #endif
        var arguments = ["-module-name", module, "-target", triple, "-output-dir", output.path, "-minimum-access-level", "public"]
        // The library's search paths and its C modules' (`-Xcc -fmodule-map-file=…`), as the samples compile with.
        var index = flags.startIndex
        while index + 1 < flags.endIndex {
            if flags[index] == "-I" || flags[index] == "-Xcc" {
                arguments += [flags[index], flags[index + 1]]
                index += 2
            } else {
                index += 1
            }
        }
        let runner = ProcessRunner(timeout: .seconds(300), outputLimit: 8 << 20)
        let outcome: ProcessRunner.Outcome
        do {
            outcome = try runner.run(tool, arguments, in: output)
        } catch {
            throw Diagnostic("cannot run '\(tool.path)': \(error.localizedDescription)", suggestion: "Check your Swift installation")
        }
        guard outcome.ending == .exited(0) else {
            let log = (outcome.standardOutput + outcome.standardError).split(separator: "\n").suffix(10).joined(separator: "\n")
            throw Diagnostic(
                "cannot read the public API of '\(module)' (swift-symbolgraph-extract failed), so API listings cannot be checked",
                suggestion: "Check that the module builds", details: log)
        }
    }
}

extension Verifier {
    /// The path of every public symbol of `module` (without the module's
    /// name: `["Deque", "append(_:)"]`), from its symbol graph, extracted
    /// once per built library (cached by its fingerprint, as API listings'
    /// symbols are). Builds the library first when `preparation` is `nil`.
    public func symbolPaths(of module: String, preparation: inout Preparation?) throws(Diagnostic) -> [[String]] {
        let prepared: Preparation
        if let preparation {
            prepared = preparation
        } else {
            prepared = try prepare()
            preparation = prepared
        }
        let cache =
            cacheDirectory?.deletingLastPathComponent().appendingPathComponent("symbolgraphs")
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("galley-symbolgraphs-\(getuid())")
        // The paths alone are kept too: the standard library's graph is 48 MB of JSON, its paths a few.
        let isStandardLibrary = module == "Swift"
        let key =
            isStandardLibrary
            ? "swift-\(SymbolGraph.key([prepared.toolchain.version], [prepared.toolchain.swiftc.path]))" : prepared.library.fingerprint
        let pathsFile = cache.appendingPathComponent("paths").appendingPathComponent("\(key)-\(module).json")
        if key != "none", let data = FileManager.default.contents(atPath: pathsFile.path),
            let paths = try? JSONDecoder().decode([[String]].self, from: data)
        {
            return paths
        }
        let paths = try SymbolGraph.symbols(
            modules: [module], flags: isStandardLibrary ? ["-toolchain", prepared.toolchain.swiftc.path] : prepared.library.flags,
            fingerprint: isStandardLibrary ? "none" : prepared.library.fingerprint, toolchain: prepared.toolchain, cache: cache
        ).map(\.path)
        if key != "none", let data = try? JSONEncoder().encode(paths) {
            // Not written: only costs reading the graph next time.
            try? FileManager.default.createDirectory(at: pathsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: pathsFile, options: .atomic)
        }
        return paths
    }
}
