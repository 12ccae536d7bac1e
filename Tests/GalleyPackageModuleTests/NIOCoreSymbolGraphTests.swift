import Foundation
import GalleyCore
import GalleyPackage
import Testing

/// A large real module: swift-nio's NIOCore, which the package builds (this
/// test target depends on it so that it is built before the tests run).
@Suite("The symbol graph of swift-nio's NIOCore")
struct NIOCoreSymbolGraphTests {
    /// The build folder that holds `Modules/NIOCore.swiftmodule`: the test binary's own folder, else the package's `.build/debug`.
    static func buildFolder() throws -> URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var candidates: [URL] = []
        // The binary may be inside an .xctest bundle (macOS) or be the .xctest file itself (Linux).
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        candidates.append(package.appendingPathComponent(".build/debug").resolvingSymlinksInPath())
        let found = candidates.first { candidate in
            FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Modules/NIOCore.swiftmodule").path)
                || FileManager.default.fileExists(atPath: candidate.appendingPathComponent("NIOCore.swiftmodule").path)
        }
        return try #require(
            found,
            """
            NIOCore.swiftmodule is in none of \(candidates.map(\.path)); build the tests first \
            (swift build --build-tests, or swift build --target GalleyPackageTests) so that swift-nio's NIOCore is built
            """)
    }

    /// The `-I` and `-Xcc` flags of the `swiftc` command that compiled NIOCore, from SwiftPM's
    /// llbuild manifest (`.build/debug.yaml`): its modules folder, and the module maps and
    /// include folders of the C modules below it (CNIOLinux, swift-atomics' _AtomicsShims, …).
    static func flags(buildFolder: URL) throws -> [String] {
        let manifests = [buildFolder.deletingLastPathComponent(), buildFolder.deletingLastPathComponent().deletingLastPathComponent()]
            .map { $0.appendingPathComponent("debug.yaml") }
        let manifest = try #require(
            manifests.first { FileManager.default.fileExists(atPath: $0.path) },
            "SwiftPM's manifest is in none of \(manifests.map(\.path)); build the tests first (swift build --build-tests)")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let line = try #require(
            text.split(separator: "\n").first { $0.hasPrefix("    args: [") && $0.contains(#""-module-name","NIOCore","#) },
            "\(manifest.path) has no command that compiles NIOCore; build the tests first (swift build --build-tests)")
        let arguments = try #require(
            try JSONSerialization.jsonObject(with: Data(line.dropFirst("    args: ".count).utf8)) as? [String])
        var flags: [String] = []
        var index = 0
        while index + 1 < arguments.count {
            if arguments[index] == "-I" || arguments[index] == "-Xcc" {
                flags += [arguments[index], arguments[index + 1]]
                index += 2
            } else {
                index += 1
            }
        }
        return flags
    }

    /// NIOCore's graph files and the model loaded from them.
    struct Extracted: Sendable {
        var files: [URL]
        var graph: ModuleSymbolGraph
    }

    /// Extracted once per test run (it takes seconds), into the build folder, where the next run overwrites it.
    static let extracted = Result { () throws -> Extracted in
        let build = try buildFolder()
        let folder = build.appendingPathComponent("galley-test-symbolgraphs/NIOCore")
        let files = try ModuleSymbolGraph.extract(
            module: "NIOCore", flags: try flags(buildFolder: build), targetTriple: try SymbolGraphTestSupport.hostTriple(), into: folder,
            tool: try ModuleSymbolGraph.locateExtractTool())
        return Extracted(files: files, graph: try ModuleSymbolGraph.load(module: "NIOCore", from: folder))
    }

    /// Counts per kind, read from the files with JSONSerialization alone.
    struct PlainCounts: Equatable {
        var symbolsByKind: [String: Int] = [:]
        var relationshipsByKind: [String: Int] = [:]
        var identifiers: Set<String> = []
        var symbols = 0
    }

    static func plainCounts(of files: [URL]) throws -> PlainCounts {
        var counts = PlainCounts()
        for file in files {
            let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: file))
            let graph = try #require(object as? [String: Any], "\(file.lastPathComponent) is not a JSON object")
            for symbol in try #require(graph["symbols"] as? [[String: Any]]) {
                let kind = try #require((symbol["kind"] as? [String: Any])?["identifier"] as? String)
                counts.symbolsByKind[kind, default: 0] += 1
                counts.identifiers.insert(try #require((symbol["identifier"] as? [String: Any])?["precise"] as? String))
                counts.symbols += 1
            }
            for relationship in try #require(graph["relationships"] as? [[String: Any]]) {
                counts.relationshipsByKind[try #require(relationship["kind"] as? String), default: 0] += 1
            }
        }
        return counts
    }

    @Test("every symbol and relationship of NIOCore's graphs is in the model: counts per kind equal a plain JSON reading")
    func nothingDropped() throws {
        let nio = try Self.extracted.get()
        let plain = try Self.plainCounts(of: nio.files)
        let graph = nio.graph
        #expect(graph.files.map(\.url) == nio.files)
        #expect(graph.symbols.count == plain.symbols)
        // Only the differences, if any, so that a failure's message stays short.
        #expect(Set(graph.symbols.map(\.identifier)).symmetricDifference(plain.identifiers).isEmpty)
        // The files write `swift.struct`; SymbolKit's identifier is `struct` (an unknown kind would keep its `swift.` prefix).
        #expect(plain.symbolsByKind.keys.allSatisfy { $0.hasPrefix("swift.") })
        let modelSymbols = Dictionary(
            graph.symbolCountsByKind.map { ($0.key.rawValue.hasPrefix("swift.") ? $0.key.rawValue : "swift." + $0.key.rawValue, $0.value) },
            uniquingKeysWith: +)
        #expect(modelSymbols == plain.symbolsByKind)
        #expect(Dictionary(uniqueKeysWithValues: graph.relationshipCountsByKind.map { ($0.key.rawValue, $0.value) }) == plain.relationshipsByKind)
        // Sizes that show this is the real module, not a stub.
        #expect(plain.symbols > 1000)
        #expect(plain.symbolsByKind["swift.protocol", default: 0] > 20)
        #expect(
            ["memberOf", "conformsTo", "defaultImplementationOf", "requirementOf", "extensionTo"].allSatisfy {
                plain.relationshipsByKind[$0, default: 0] > 0
            })
        for file in graph.files {
            let own = try Self.plainCounts(of: [file.url])
            #expect(file.symbolCount == own.symbols, "\(file.url.lastPathComponent)")
            #expect(file.relationshipCount == own.relationshipsByKind.values.reduce(0, +), "\(file.url.lastPathComponent)")
        }
    }

    @Test("extension graphs are loaded: NIOCore's extensions of the standard library's types")
    func extensionGraphs() throws {
        let nio = try Self.extracted.get()
        let graph = nio.graph
        #expect(graph.files.first?.origin == .main)
        #expect(graph.files.map(\.origin).contains(.extension(of: "Swift")))
        let fromSwift = graph.symbols.filter { $0.origin == .extension(of: "Swift") }
        #expect(!fromSwift.isEmpty)
        #expect(fromSwift.filter { $0.kind == .extension }.allSatisfy { $0.extensionContext?.extendedModule == "Swift" })
        // Every extension block extends exactly one type, and its members are listed under it.
        for block in graph.symbols where block.kind == .extension {
            #expect(graph.relationships(from: block.identifier, kind: .extensionTo).count == 1, "\(block.qualifiedName)")
        }
        let blocksWithMembers = graph.symbols.filter { $0.kind == .extension && !graph.members(of: $0.identifier).isEmpty }
        #expect(!blocksWithMembers.isEmpty)
    }

    @Test("known facts: ByteBuffer is a struct with readableBytes as a member and Hashable conformance; Channel is a protocol")
    func knownFacts() throws {
        let nio = try Self.extracted.get()
        let graph = nio.graph
        let buffer = try #require(graph.symbols(atPath: ["ByteBuffer"]).first)
        #expect(buffer.kind == .struct && buffer.accessLevel == .public && buffer.origin == .main)
        #expect(buffer.declaration == "struct ByteBuffer")
        let readable = try #require(graph.symbols(atPath: ["ByteBuffer", "readableBytes"]).first)
        #expect(readable.kind == .property)
        #expect(readable.declaration.hasPrefix("var readableBytes: Int"))
        #expect(graph.relationships(from: readable.identifier, kind: .memberOf).map(\.target) == [buffer.identifier])
        #expect(graph.members(of: buffer.identifier).contains { $0.identifier == readable.identifier })
        #expect(graph.children(ofPath: ["ByteBuffer"]).contains { $0.identifier == readable.identifier })
        #expect(graph.conformances(of: buffer.identifier).compactMap(\.targetFallback).contains("Swift.Hashable"))
        let channel = try #require(graph.symbols(atPath: ["Channel"]).first)
        #expect(channel.kind == .protocol)
        #expect(!graph.members(of: channel.identifier).isEmpty)
        #expect(graph.symbols(atPath: ["EventLoopFuture"]).first?.generics?.parameters.map(\.name) == ["Value"])
        let comment = try #require(buffer.docComment)
        #expect(comment.text.contains("ByteBuffer"))
        #expect(comment.filePath?.hasSuffix("Sources/NIOCore/ByteBuffer-core.swift") == true)
    }

    @Test("every doc comment line with a position is exactly that text at that line and column of its source file")
    func docCommentPositions() throws {
        let nio = try Self.extracted.get()
        var sources: [String: [Substring.UTF8View]] = [:]
        var checked = 0
        for symbol in nio.graph.symbols {
            guard let comment = symbol.docComment, let path = comment.filePath else { continue }
            if sources[path] == nil {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                sources[path] = text.split(separator: "\n", omittingEmptySubsequences: false).map(\.utf8)
            }
            let lines = try #require(sources[path])
            for line in comment.lines {
                guard let start = line.start, let end = line.end else { continue }
                try #require(start.line == end.line && lines.indices.contains(start.line), "\(symbol.qualifiedName): \(start) \(end)")
                let bytes = Array(lines[start.line])
                try #require(end.character <= bytes.count, "\(symbol.qualifiedName): line \(start.line + 1) is shorter than \(end.character)")
                #expect(String(decoding: bytes[start.character..<end.character], as: UTF8.self) == line.text, "\(path):\(start.line + 1)")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }
}
