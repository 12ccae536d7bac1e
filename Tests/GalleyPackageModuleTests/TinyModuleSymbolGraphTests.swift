import Foundation
import GalleyCore
import GalleyReference
import GalleyTestSupport
import Testing

@testable import GalleyPackage

/// A module small enough to check every symbol and relationship of its graph by hand.
@Suite("The symbol graph of a tiny module, extracted and checked by hand")
struct TinyModuleSymbolGraphTests {
    static let source = """
        /// A greeting for someone.
        ///
        /// Says hello by name.
        public struct Greeting {
            /// The name greeted.
            public var name: String

            /// Creates a greeting for `name`.
            public init(name: String) { self.name = name }
        }

        /// Something that greets.
        public protocol Greeter {
            /// Says the greeting.
            func greet() -> String
        }

        extension Greeter {
            /// Says hello.
            public func greet() -> String { "Hello" }
        }

        /// A shape.
        open class Shape {
            public init() {}
            /// The number of sides.
            open func sides() -> Int { 0 }
        }

        /// A square shape.
        public final class Square: Shape, Greeter {
            public override init() {}
            /// Four.
            public override func sides() -> Int { 4 }
        }

        /// Greets every item.
        public func greetAll<S: Sequence>(_ items: S) -> [String] where S.Element == Greeting {
            items.map(\\.name)
        }

        /// An old name.
        @available(*, deprecated, renamed: "Greeting")
        public typealias Salute = Greeting

        extension String {
            /// The string shouted.
            public func shouted() -> String { uppercased() }
        }

        """

    /// The tiny module compiled and its graph extracted into a fresh folder.
    struct Extracted {
        var folder: TemporaryDirectory
        var sourceFile: URL
        var files: [URL]
        var graph: ModuleSymbolGraph
    }

    static func extract() throws -> Extracted {
        let extracted = try SymbolGraphTestSupport.extract(module: "Tiny", source: source)
        return Extracted(folder: extracted.folder, sourceFile: extracted.sourceFile, files: extracted.files, graph: extracted.graph)
    }

    @Test("extraction writes the main graph and the extension graph of String, and loading reads both")
    func files() throws {
        let tiny = try Self.extract()
        defer { tiny.folder.remove() }
        #expect(tiny.files.map(\.lastPathComponent) == ["Tiny.symbols.json", "Tiny@Swift.symbols.json"])
        #expect(tiny.graph.moduleName == "Tiny")
        #expect(tiny.graph.files.map(\.origin) == [.main, .extension(of: "Swift")])
        #expect(tiny.graph.files.map(\.moduleName) == ["Tiny", "Tiny"])
        #expect(tiny.graph.files.map(\.symbolCount) == [15, 2])
        #expect(tiny.graph.files.allSatisfy { $0.generator.contains("Swift version") && $0.operatingSystem == "linux" })
    }

    @Test("every symbol has its exact kind and path; the extension graph holds String's extension block and its method")
    func kindsAndPaths() throws {
        let tiny = try Self.extract()
        defer { tiny.folder.remove() }
        let main = tiny.graph.symbols.filter { $0.origin == .main }.map { "\($0.kind) \($0.qualifiedName)" }
        #expect(
            main.sorted() == [
                "class Shape", "class Square", "func greetAll(_:)", "init Greeting.init(name:)", "init Shape.init()",
                "init Square.init()", "method Greeter.greet()", "method Greeter.greet()", "method Shape.sides()",
                "method Square.greet()", "method Square.sides()", "property Greeting.name", "protocol Greeter",
                "struct Greeting", "typealias Salute",
            ])
        let extensions = tiny.graph.symbols.filter { $0.origin == .extension(of: "Swift") }
        #expect(extensions.map { "\($0.kind) \($0.qualifiedName)" }.sorted() == ["extension String", "method String.shouted()"])
        #expect(tiny.graph.symbols.allSatisfy { $0.kind.isKnown && $0.interfaceLanguage == "swift" })
        let block = try #require(extensions.first { $0.kind == .extension })
        #expect(block.kindDisplayName == "Extension")
        #expect(block.extensionContext == APISymbol.ExtensionContext(extendedModule: "Swift", typeKind: .struct))
        #expect(
            tiny.graph.relationships(from: block.identifier).map { "\($0.kind) \($0.target) \($0.targetFallback ?? "-")" } == [
                "extensionTo s:SS Swift.String"
            ])
        #expect(tiny.graph.members(of: block.identifier).map(\.title) == ["shouted()"])
    }

    @Test("relationships: members, requirement, default implementation, conformance, inheritance, overrides, extension")
    func relationships() throws {
        let tiny = try Self.extract()
        defer { tiny.folder.remove() }
        let graph = tiny.graph
        func name(_ identifier: String, fallback: String?) -> String {
            graph.symbol(withIdentifier: identifier)?.qualifiedName ?? fallback ?? identifier
        }
        let described = graph.relationships.map { "\(name($0.source, fallback: nil)) \($0.kind) \(name($0.target, fallback: $0.targetFallback))" }
        #expect(
            described.sorted() == [
                "Greeter.greet() defaultImplementationOf Greeter.greet()",
                "Greeter.greet() requirementOf Greeter",
                "Greeting.init(name:) memberOf Greeting",
                "Greeting.name memberOf Greeting",
                "Shape.init() memberOf Shape",
                "Shape.sides() memberOf Shape",
                "Square conformsTo Greeter",
                "Square inheritsFrom Shape",
                "Square.greet() memberOf Square",
                "Square.init() memberOf Square",
                "Square.init() overrides Shape.init()",
                "Square.sides() memberOf Square",
                "Square.sides() overrides Shape.sides()",
                "String extensionTo Swift.String",
                "String.shouted() memberOf String",
            ])
        #expect(graph.relationshipCountsByKind[.memberOf] == 8)
        // The default implementation is the greet() of the protocol extension, not the requirement.
        let greets = graph.symbols(atPath: ["Greeter", "greet()"])
        #expect(greets.count == 2)
        let requirement = try #require(greets.first { !graph.relationships(from: $0.identifier, kind: .requirementOf).isEmpty })
        let implementation = try #require(greets.first { $0.identifier != requirement.identifier })
        #expect(graph.relationships(from: implementation.identifier, kind: .defaultImplementationOf).map(\.target) == [requirement.identifier])
        #expect(implementation.docComment?.text == "Says hello.")
        // Square's greet() comes from the protocol extension, and says so.
        let squareGreet = try #require(graph.symbols(atPath: ["Square", "greet()"]).first)
        let origin = try #require(graph.relationships(from: squareGreet.identifier, kind: .memberOf).first?.sourceOrigin)
        #expect(origin == SymbolRelationship.SourceOrigin(identifier: implementation.identifier, displayName: "Greeter.greet()"))
    }

    @Test("lookups: by identifier, by path, children of a path, members, conformances")
    func lookups() throws {
        let tiny = try Self.extract()
        defer { tiny.folder.remove() }
        let graph = tiny.graph
        let greeting = try #require(graph.symbols(atPath: ["Greeting"]).first)
        #expect(graph.symbol(withIdentifier: greeting.identifier) == greeting)
        #expect(graph.symbol(withIdentifier: "s:no-such-symbol") == nil)
        #expect(graph.members(of: greeting.identifier).map(\.title).sorted() == ["init(name:)", "name"])
        let greeter = try #require(graph.symbols(atPath: ["Greeter"]).first)
        #expect(graph.members(of: greeter.identifier).map(\.docComment?.text) == ["Says the greeting."])
        let square = try #require(graph.symbols(atPath: ["Square"]).first)
        #expect(graph.conformances(of: square.identifier).map(\.target) == [greeter.identifier])
        #expect(graph.relationships(from: square.identifier, kind: .inheritsFrom).map { graph.symbol(withIdentifier: $0.target)?.title } == ["Shape"])
        #expect(graph.children(ofPath: ["Square"]).map(\.title).sorted() == ["greet()", "init()", "sides()"])
        #expect(graph.children(ofPath: []).map(\.title).sorted() == ["Greeter", "Greeting", "Salute", "Shape", "Square", "String", "greetAll(_:)"])
        #expect(graph.symbols(atPath: ["Nope"]).isEmpty && graph.children(ofPath: ["Nope"]).isEmpty)
    }

    @Test("doc comments keep their text and the file, line and column of each line")
    func docComments() throws {
        let tiny = try Self.extract()
        defer { tiny.folder.remove() }
        let source = Self.source
        let greeting = try #require(tiny.graph.symbols(atPath: ["Greeting"]).first)
        let comment = try #require(greeting.docComment)
        #expect(comment.lines.map(\.text) == ["A greeting for someone.", "", "Says hello by name."])
        #expect(comment.text == "A greeting for someone.\n\nSays hello by name.")
        let path = try #require(comment.filePath)
        #expect(URL(fileURLWithPath: path).resolvingSymlinksInPath().path == tiny.sourceFile.resolvingSymlinksInPath().path)
        #expect(comment.lines.map { $0.start?.line } == [0, 1, 2])
        // The empty line is `///` alone: its empty text starts and ends after the marker.
        #expect(comment.lines.map { $0.start?.character } == [4, 3, 4])
        #expect(comment.lines.map { $0.end?.character } == [27, 3, 23])
        let first = try SymbolGraphTestSupport.lineNumber(of: "/// A greeting for someone.", in: source)
        #expect(comment.sourceLocation(ofLine: 0) == SourceLocation(path: path, line: first, column: 5))
        #expect(comment.sourceLocation(ofLine: 2) == SourceLocation(path: path, line: first + 2, column: 5))
        #expect(comment.sourceLocation(ofLine: 3) == nil)

        let shouted = try #require(tiny.graph.symbols(atPath: ["String", "shouted()"]).first)
        #expect(shouted.docComment?.text == "The string shouted.")
        let shoutedLine = try SymbolGraphTestSupport.lineNumber(of: "/// The string shouted.", in: source)
        #expect(shouted.docComment?.sourceLocation(ofLine: 0) == SourceLocation(path: path, line: shoutedLine, column: 9))
        // A declaration without a comment has none, not an empty one.
        #expect(try #require(tiny.graph.symbols(atPath: ["Shape", "init()"]).first).docComment == nil)
    }

    @Test("declarations, access levels, locations, generics and availability are typed")
    func declarations() throws {
        let tiny = try Self.extract()
        defer { tiny.folder.remove() }
        let graph = tiny.graph
        let source = Self.source
        func symbol(_ path: String...) throws -> APISymbol { try #require(graph.symbols(atPath: path).first, "\(path)") }

        let greeting = try symbol("Greeting")
        #expect(greeting.declaration == "struct Greeting")
        #expect(greeting.declarationFragments.map(\.kind) == ["keyword", "text", "identifier"])
        #expect(greeting.accessLevel == .public && greeting.kindDisplayName == "Structure" && greeting.title == "Greeting")
        let path = try #require(greeting.location?.filePath)
        #expect(
            greeting.location?.sourceLocation
                == SourceLocation(
                    path: path, line: try SymbolGraphTestSupport.lineNumber(of: "public struct Greeting", in: source),
                    column: try SymbolGraphTestSupport.column(of: "Greeting {", in: source)))
        #expect(try symbol("Greeting", "name").declaration == "var name: String")
        #expect(try symbol("Square", "sides()").declaration == "override func sides() -> Int")
        #expect(try symbol("Shape").accessLevel == .open)
        let sides = try symbol("Shape", "sides()")
        #expect(sides.accessLevel == .open && sides.kind == .method && sides.kindDisplayName == "Instance Method")
        let initializer = try symbol("Greeting", "init(name:)")
        #expect(
            initializer.declarationFragments.first { $0.kind == "typeIdentifier" }
                == APISymbol.Fragment(kind: "typeIdentifier", spelling: "String", preciseIdentifier: "s:SS"))

        let greetAll = try symbol("greetAll(_:)")
        #expect(greetAll.declaration == "func greetAll<S>(_ items: S) -> [String] where S : Sequence, S.Element == Greeting")
        #expect(greetAll.generics?.parameters == [APISymbol.GenericParameter(name: "S", index: 0, depth: 0)])
        #expect(greetAll.generics?.constraints.map(\.description) == ["S: Sequence", "S.Element == Greeting"])
        #expect(greetAll.generics?.constraints.map(\.kind) == [.conformance, .sameType])
        #expect(try symbol("Greeting").generics == nil)

        let salute = try symbol("Salute")
        #expect(salute.availability.count == 1)
        let availability = try #require(salute.availability.first)
        #expect(availability.domain == nil && availability.isUnconditionallyDeprecated && availability.renamed == "Greeting")
        #expect(try symbol("Greeting").availability.isEmpty)
    }

    @Test("a module's graph holds the symbols of a package module it re-exports (@_exported import), as the compiler's does, and only when asked")
    func reexportedModules() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let modules = try SymbolGraphTestSupport.modulesFolder(in: folder)
        let real = try folder.write("Real.swift", "/// A real number.\npublic struct Real { public var value: Double }\n")
        try SymbolGraphTestSupport.emitModule("Real", from: real, into: modules)
        let umbrella = try folder.write("Umbrella.swift", "@_exported import Real\n/// Its own.\npublic struct Own {}\n")
        try SymbolGraphTestSupport.emitModule("Umbrella", from: umbrella, into: modules)
        let flags = ["-I", modules.path, "-Xcc", "-I", "-Xcc", "/nonexistent"]
        #expect(SymbolGraphStore.builtModules(searchedBy: flags) == ["Real", "Umbrella"])

        func paths(reexporting names: [String]) throws -> Set<[String]> {
            let graphs = folder.url.appendingPathComponent("graphs-\(names.count)")
            try ModuleSymbolGraph.extract(
                module: "Umbrella", flags: flags, targetTriple: try SymbolGraphTestSupport.hostTriple(), into: graphs,
                tool: try ModuleSymbolGraph.locateExtractTool(), reexportedModules: names)
            return Set(try ModuleSymbolGraph.load(module: "Umbrella", from: graphs).symbols.map(\.pathComponents))
        }
        let asked = try paths(reexporting: ["Real"])
        #expect(asked.contains(["Own"]) && asked.contains(["Real"]) && asked.contains(["Real", "value"]))
        let unasked = try paths(reexporting: [])
        #expect(unasked.contains(["Own"]) && !unasked.contains(["Real"]))
    }

    @Test("re-exports are followed through the package's modules, and a re-exported type a module extends has two pages, as DocC makes them")
    func reexportedAndExtended() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let modules = try SymbolGraphTestSupport.modulesFolder(in: folder)
        // Base is another package's module (swift-system's SystemPackage); Middle (_NIOFileSystem) re-exports
        // its type (`@_exported import struct SystemPackage.Errno`) and extends it; Top (NIOFileSystem) re-exports Middle only.
        let sources = [
            ("Base", "/// A number.\npublic struct Real { public init() {}; public var value: Double { 1 } }\n"),
            (
                "Middle",
                "@_exported import struct Base.Real\nextension Real {\n    /// Twice the value.\n    public var doubled: Double { value * 2 }\n}\n"
            ),
            ("Top", "@_exported import Middle\n/// Its own.\npublic struct Own {}\n"),
        ]
        var directories: [String: URL] = [:]
        for (name, source) in sources {
            let file = try folder.write("\(name)/\(name).swift", source)
            directories[name] = file.deletingLastPathComponent()
            try SymbolGraphTestSupport.emitModule(name, from: file, into: modules)
        }
        var store = SymbolGraphStore(
            toolchain: try Toolchain.locate(), library: SampleLibrary.Built(flags: ["-I", modules.path], fingerprint: "t"),
            cache: folder.url.appendingPathComponent("graphs"))
        // Base's folder is unknown (another package's): what the package's own modules re-export is followed.
        store.moduleDirectories = directories.filter { $0.key != "Base" }
        let top = Set(try store.graph(of: "Top").symbols.map(\.pathComponents))
        #expect(top.contains(["Own"]) && top.contains(["Real"]) && top.contains(["Real", "value"]), "Base through Middle: \(top)")

        let middle = DocCPages(graph: try store.graph(of: "Middle"))
        let paths = Set(middle.pages.map(\.path))
        for path in ["real-swift.struct", "real-swift.struct/value", "real-swift.extension", "real-swift.extension/doubled"] {
            #expect(paths.contains("documentation/middle/" + path), "\(paths.sorted())")
        }
        #expect(!paths.contains("documentation/middle/real"), "no page merges the type and its extension")
    }

    @Test(
        "an extraction in a project's cache removes its older builds' graphs and derived files, keeping the last one before it; a shared folder is left alone"
    )
    func pruning() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = try folder.write("Tiny.swift", Self.source)
        let modules = try SymbolGraphTestSupport.modulesFolder(in: folder)
        try SymbolGraphTestSupport.emitModule("Tiny", from: source, into: modules)
        let cache = folder.url.appendingPathComponent("symbolgraphs")
        let version = SymbolGraphStore.extractionVersion
        // Older builds of the library, an earlier extraction version, their derived files.
        let stale = ["aaa-x\(version)", "aaa-x\(version)-internal", "old-x1"]
        for (age, name) in (stale + ["bbb-x\(version)"]).enumerated() {
            try folder.write("symbolgraphs/\(name)/Tiny/Tiny.symbols.json", "{}")
            let date = Date(timeIntervalSinceNow: Double(age - 10) * 60)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: cache.appendingPathComponent(name).path)
        }
        try folder.write("symbolgraphs/paths/aaa-x\(version)-Tiny.json", "[]")
        try folder.write("symbolgraphs/paths/bbb-x\(version)-Tiny.json", "[]")
        try folder.write("symbolgraphs/comments/aaa-x\(version)-internal-Tiny.json", "[]")

        func store(_ fingerprint: String, cache: URL, prunes: Bool) throws -> SymbolGraphStore {
            var store = SymbolGraphStore(
                toolchain: try Toolchain.locate(), library: SampleLibrary.Built(flags: ["-I", modules.path], fingerprint: fingerprint), cache: cache)
            store.prunesOtherBuilds = prunes
            return store
        }
        // A folder projects share (the cache turned off) is never pruned: the positive control's same probe.
        #expect(try store("ccc", cache: cache, prunes: false).graph(of: "Tiny").moduleName == "Tiny")
        #expect(folder.exists("symbolgraphs/aaa-x\(version)/Tiny/Tiny.symbols.json"), "nothing removed without pruning")

        #expect(try store("ddd", cache: cache, prunes: true).graph(of: "Tiny").moduleName == "Tiny")
        let left = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        #expect(left == ["ccc-x\(version)", "comments", "ddd-x\(version)", "paths"], "this build and the last one before it (ccc, not bbb)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("paths").path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("comments").path).isEmpty)
        // The kept build's graphs still load, as a preview server reading them would.
        #expect(try store("ccc", cache: cache, prunes: true).graph(of: "Tiny").symbols.contains { $0.qualifiedName == "Greeting" })
    }
}
