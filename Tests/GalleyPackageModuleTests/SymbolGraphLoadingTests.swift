import Foundation
import GalleyCore
import GalleyPackage
import GalleyTestSupport
import Testing

/// Loading graph files written by hand, and the extraction's errors, without a compiler.
@Suite("Loading symbol graph files and reporting what goes wrong")
struct SymbolGraphLoadingTests {
    /// A graph file with the given symbols and relationships (JSON fragments).
    static func graph(module: String, symbols: [String], relationships: [String]) -> String {
        """
        {"metadata": {"formatVersion": {"major": 0, "minor": 6, "patch": 0}, "generator": "hand"},
         "module": {"name": "\(module)", "platform": {"architecture": "x86_64", "operatingSystem": {"name": "linux"}}},
         "symbols": [\(symbols.joined(separator: ",\n"))],
         "relationships": [\(relationships.joined(separator: ",\n"))]}
        """
    }

    static func symbol(_ precise: String, kind: String, path: [String]) -> String {
        let components = path.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {"kind": {"identifier": "\(kind)", "displayName": "\(kind)"}, "identifier": {"precise": "\(precise)", "interfaceLanguage": "swift"},
             "pathComponents": [\(components)], "names": {"title": "\(path.last ?? "")"}, "accessLevel": "public"}
            """
    }

    @Test("kinds of symbols and relationships SymbolKit does not know are kept as written, never dropped")
    func unknownKinds() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(
            "Hand.symbols.json",
            Self.graph(
                module: "Hand",
                symbols: [
                    Self.symbol("s:A", kind: "swift.struct", path: ["A"]),
                    Self.symbol("s:B", kind: "swift.brandNewKind", path: ["A", "b"]),
                    Self.symbol("s:C", kind: "swift.func.op", path: ["+(_:_:)"]),
                ],
                relationships: [
                    #"{"kind": "memberOf", "source": "s:B", "target": "s:A"}"#,
                    #"{"kind": "brandNewRelation", "source": "s:C", "target": "s:A", "targetFallback": "Hand.A"}"#,
                ]))
        let graph = try ModuleSymbolGraph.load(module: "Hand", from: folder.url)
        #expect(graph.symbols.map(\.kind) == [.struct, SymbolKind(rawValue: "swift.brandNewKind"), .operator])
        #expect(graph.symbols.map(\.kind.isKnown) == [true, false, true])
        #expect(graph.relationships.map(\.kind) == [.memberOf, RelationshipKind(rawValue: "brandNewRelation")])
        #expect(graph.relationships(to: "s:A", kind: RelationshipKind(rawValue: "brandNewRelation")).map(\.targetFallback) == ["Hand.A"])
        #expect(graph.members(of: "s:A").map(\.identifier) == ["s:B"])
        #expect(SymbolKind(identifier: "swift.type.method") == .typeMethod)
    }

    @Test("two symbols with one identifier are both kept (SymbolKit's SymbolGraph would keep one); lookup finds the first")
    func duplicateIdentifiers() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(
            "Hand.symbols.json",
            Self.graph(
                module: "Hand",
                symbols: [Self.symbol("s:A", kind: "swift.func", path: ["a()"]), Self.symbol("s:A", kind: "swift.func", path: ["a2()"])],
                relationships: []))
        let graph = try ModuleSymbolGraph.load(module: "Hand", from: folder.url)
        #expect(graph.symbols.map(\.title) == ["a()", "a2()"])
        #expect(graph.symbol(withIdentifier: "s:A")?.title == "a()")
    }

    @Test("only the module's own files are read: the main graph first, then re-exported graphs, then extension graphs; other modules' are ignored")
    func fileSelection() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write(
            "Hand@Swift.symbols.json",
            Self.graph(module: "Hand", symbols: [Self.symbol("s:S", kind: "swift.extension", path: ["String"])], relationships: []))
        try folder.write(
            "Hand.symbols.json", Self.graph(module: "Hand", symbols: [Self.symbol("s:A", kind: "swift.struct", path: ["A"])], relationships: []))
        try folder.write(
            "Handy.symbols.json", Self.graph(module: "Handy", symbols: [Self.symbol("s:X", kind: "swift.struct", path: ["X"])], relationships: []))
        // What the standard library's extraction writes for _Concurrency (`Task`): symbols of Hand from another module.
        try folder.write(
            "_Inner@Hand.symbols.json",
            Self.graph(module: "Hand", symbols: [Self.symbol("s:T", kind: "swift.struct", path: ["Task"])], relationships: []))
        try folder.write("Other@Elsewhere.symbols.json", "not even JSON")
        try folder.write("notes.txt", "ignored")
        let graph = try ModuleSymbolGraph.load(module: "Hand", from: folder.url)
        #expect(graph.files.map(\.url.lastPathComponent) == ["Hand.symbols.json", "_Inner@Hand.symbols.json", "Hand@Swift.symbols.json"])
        #expect(graph.symbols.map(\.identifier) == ["s:A", "s:T", "s:S"])
        #expect(graph.symbols.map(\.origin.extendedModule) == [nil, nil, "Swift"])
        #expect(graph.symbols(atPath: ["Task"]).first?.origin == .reexported(from: "_Inner"))
        #expect(SymbolGraphFile.origin(ofFileNamed: "_Concurrency@Swift.symbols.json", module: "Swift") == .reexported(from: "_Concurrency"))
        #expect(SymbolGraphFile.origin(ofFileNamed: "Hand@Swift.symbols.json", module: "Hand") == .extension(of: "Swift"))
        #expect(SymbolGraphFile.origin(ofFileNamed: "Hand@.symbols.json", module: "Hand") == nil)
    }

    @Test("a folder without the main graph, or a file SymbolKit cannot decode, is a diagnostic naming the file and what to do")
    func loadErrors() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        #expect(throws: Diagnostic.self) { try ModuleSymbolGraph.load(module: "Hand", from: folder.url.appendingPathComponent("missing")) }
        do {
            _ = try ModuleSymbolGraph.load(module: "Hand", from: folder.url)
            Issue.record("loading an empty folder succeeded")
        } catch {
            #expect(error.message.contains("no main symbol graph 'Hand.symbols.json'"))
            #expect(error.suggestion?.contains("swift-symbolgraph-extract -module-name Hand") == true)
        }
        // The second symbol has no pathComponents.
        try folder.write(
            "Hand.symbols.json",
            Self.graph(
                module: "Hand",
                symbols: [
                    Self.symbol("s:A", kind: "swift.struct", path: ["A"]),
                    #"{"kind": {"identifier": "swift.struct", "displayName": "S"}, "identifier": {"precise": "s:B", "interfaceLanguage": "swift"}, "names": {"title": "B"}, "accessLevel": "public"}"#,
                ], relationships: []))
        do {
            _ = try ModuleSymbolGraph.load(module: "Hand", from: folder.url)
            Issue.record("loading a broken graph succeeded")
        } catch {
            #expect(error.location?.path == folder.url.appendingPathComponent("Hand.symbols.json").path)
            #expect(error.message == "not a symbol graph SymbolKit can read: missing 'pathComponents' at 'symbols[1]'")
            #expect(error.suggestion?.contains("swift-symbolgraph-extract") == true)
        }
    }

    @Test("extraction passes the module, triple, folder, public access, extension blocks and the caller's flags through the seam")
    func extractionArguments() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("graphs/Hand@Old.symbols.json", "stale")
        try folder.write("graphs/Other.symbols.json", "kept")
        let output = folder.url.appendingPathComponent("graphs")
        var calls: [(URL, [String])] = []
        let files = try ModuleSymbolGraph.extract(
            module: "Hand", flags: ["-I", "/mods", "-Xcc", "-fmodule-map-file=/c/module.modulemap"], targetTriple: "x86_64-unknown-linux-gnu",
            into: output, tool: URL(fileURLWithPath: "/bin/true")
        ) { tool, arguments in
            calls.append((tool, arguments))
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("Hand@Old.symbols.json").path))
            try Data("{}".utf8).write(to: output.appendingPathComponent("Hand@Swift.symbols.json"))
            try Data("{}".utf8).write(to: output.appendingPathComponent("Hand.symbols.json"))
            return (0, "")
        }
        #expect(calls.map(\.0.path) == ["/bin/true"])
        #expect(
            calls.first?.1 == [
                "-module-name", "Hand", "-target", "x86_64-unknown-linux-gnu", "-output-dir", output.path, "-minimum-access-level", "public",
                "-emit-extension-block-symbols", "-I", "/mods", "-Xcc", "-fmodule-map-file=/c/module.modulemap",
            ])
        #expect(files.map(\.lastPathComponent) == ["Hand.symbols.json", "Hand@Swift.symbols.json"])
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("Other.symbols.json").path))
    }

    @Test("a failed extraction is a diagnostic with the tool's output and what to build; a missing tool says where to get one")
    func extractionErrors() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = "<unknown>:0: error: no such module 'Hand'\n"
        do {
            try ModuleSymbolGraph.extract(
                module: "Hand", flags: [], targetTriple: "x86_64-unknown-linux-gnu", into: folder.url, tool: URL(fileURLWithPath: "/bin/true")
            ) { _, _ in (1, output) }
            Issue.record("a failing extraction succeeded")
        } catch {
            #expect(error.message == "swift-symbolgraph-extract failed for module 'Hand' (exit status 1)")
            #expect(error.suggestion?.hasPrefix("Build 'Hand' first (swift build)") == true)
            #expect(error.details == "<unknown>:0: error: no such module 'Hand'\n")
        }
        do {
            try ModuleSymbolGraph.extract(
                module: "Hand", flags: [], targetTriple: "x86_64-unknown-linux-gnu", into: folder.url, tool: URL(fileURLWithPath: "/bin/true")
            ) { _, _ in (0, "") }
            Issue.record("an extraction that wrote nothing succeeded")
        } catch {
            #expect(error.message.hasPrefix("swift-symbolgraph-extract wrote no 'Hand.symbols.json'"))
        }
        do {
            try ModuleSymbolGraph.extract(
                module: "Hand", flags: [], targetTriple: "x86_64-unknown-linux-gnu", into: folder.url,
                tool: folder.url.appendingPathComponent("swift-symbolgraph-extract"))
            Issue.record("extracting with a missing tool succeeded")
        } catch {
            #expect(error.message.contains("swift-symbolgraph-extract was not found at"))
            #expect(error.suggestion?.contains("PATH") == true)
        }
        #expect(throws: Diagnostic.self) { try ModuleSymbolGraph.locateExtractTool(environment: ["PATH": folder.url.path]) }
        #expect(
            ModuleSymbolGraph.extractTool(besides: URL(fileURLWithPath: "/opt/toolchain/usr/bin/swiftc")).path
                == "/opt/toolchain/usr/bin/swift-symbolgraph-extract")
    }
}
