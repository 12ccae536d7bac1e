import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyPackage
import GalleyProject
import GalleyReference
import GalleyTestSupport
import Testing

/// DocC's page paths for a module: the tree, the path components and the disambiguation.
@Suite("The reference pages DocC makes, at DocC's paths")
struct DocCPagesTests {
    static let source = """
        /// A shape.
        public protocol Shape {
            /// Describes it.
            func describe() -> String
        }

        extension Shape {
            /// Says "a shape".
            public func describe() -> String { "a shape" }
        }

        /// A box.
        public struct Box: Shape, Equatable {
            /// Its keys.
            public struct Keys {}
            /// Its keys, as a value.
            public var keys: Keys { Keys() }
            /// The empty box.
            public static var empty: Box { Box() }
            /// Its size, as a value.
            public var empty: Bool { true }
            public init() {}
            /// Makes one from a count.
            public init(count: Int) {}
            /// Makes one from a count, given as text.
            public init(count: String) {}
            /// Whether one is smaller.
            public static func < (lhs: Box, rhs: Box) -> Bool { false }
            /// Deprecated.
            @available(*, deprecated, message: "Use describe()")
            public func oldDescribe() -> String { "" }
            public func _hidden() {}
        }

        /// A field.
        public protocol Field {
            /// Its inverse.
            var inverse: Self? { get }
        }

        /// A real field.
        public protocol Real: Field {}

        extension Real {
            /// The inverse of a real: a default implementation of a requirement of another protocol.
            public var inverse: Self? { nil }
        }

        extension Array where Element == Int {
            /// The sum.
            public func total() -> Int { reduce(0, +) }
        }

        """

    static func pages() throws -> (DocCPages, ModuleSymbolGraph, TemporaryDirectory) {
        let extracted = try SymbolGraphTestSupport.extract(module: "Lab", source: source)
        return (DocCPages(graph: extracted.graph), extracted.graph, extracted.folder)
    }

    @Test("DocC's hash of an identifier: FNV-1 folded to 24 bits in base 36 (checked against docc convert's swift-log pages)")
    func hash() {
        // documentation/logging/loghandler/log(event:)-17f2r and logging/logger/level/_(_:_:)-88op7, as docc 6.3.1 writes them.
        #expect(DocCPath.hash("s:7Logging10LogHandlerPAAE3log5eventyAA0B5EventV_tF") == "17f2r")
        #expect(DocCPath.hash("s:SLsE1goiySbx_xtFZ::SYNTHESIZED::s:7Logging6LoggerV5LevelO") == "88op7")
        #expect(DocCPath.fileName("<(_:_:)") == "_(_:_:)")
        #expect(DocCPath.fileName("café()") == "caf_()")
        #expect(DocCPath.fileName("==(_:_:)") == "==(_:_:)")
    }

    @Test(
        "a path component or a path too long for a file system is shortened as DocC shortens it (checked against docc convert's swift-nio-ssl pages)")
    func longNames() throws {
        // swift-nio-ssl 2.37.6: DocC writes `TLSConfiguration.forClient(…)` (249 characters) as its first 240 and a hash.
        let name =
            "forClient(cipherSuites:verifySignatureAlgorithms:signingSignatureAlgorithms:minimumTLSVersion:maximumTLSVersion:"
            + "certificateVerification:trustRoots:certificateChain:privateKey:applicationProtocols:shutdownTimeout:keyLogCallback:"
            + "renegotiationSupport:)"
        #expect(name.count == 249)
        #expect(DocCPath.shortened(component: name) == String(name.prefix(240)) + "-6jvq5")
        #expect(DocCPath.shortened(component: String(name.prefix(239))) == String(name.prefix(239)), "under 240: unchanged")
        let path = "/documentation/" + String(repeating: "a", count: 900)
        #expect(DocCPath.shortened(path: path) == String(path.prefix(880)) + "-" + DocCPath.hash(path))
        #expect(DocCPath.shortened(path: "/documentation/lab/box") == "/documentation/lab/box")

        // A module whose method's name is 260 characters: its page is at the shortened path, lowercased after hashing.
        let labels = (1...20).map { "parameterNumber\($0)" }
        let source =
            "/// A box.\npublic struct Box {\n    /// Many labels.\n    public func configure("
            + labels.map { "\($0): Int" }.joined(separator: ", ") + ") {}\n}\n"
        let extracted = try SymbolGraphTestSupport.extract(module: "Lab", source: source)
        defer { extracted.folder.remove() }
        let pages = DocCPages(graph: extracted.graph)
        let method = "configure(" + labels.map { "\($0):" }.joined() + ")"
        #expect(method.count >= 240)
        let expected = "documentation/lab/box/" + (String(method.prefix(240)) + "-" + DocCPath.hash(method)).lowercased()
        #expect(pages.pages.map(\.path).contains(expected), "\(pages.pages.map(\.path))")
        #expect(pages.pages.allSatisfy { $0.path.split(separator: "/").allSatisfy { $0.utf8.count <= 255 } })
    }

    @Test(
        "every page of a module at DocC's path: members, overloads, kind collisions, default implementations, inherited members, an extension of Array"
    )
    func paths() throws {
        let (pages, graph, folder) = try Self.pages()
        defer { folder.remove() }
        let paths = Set(pages.pages.map(\.path))
        func hash(_ qualifiedName: String, _ matching: (APISymbol) -> Bool = { _ in true }) -> String {
            DocCPath.hash(graph.symbols.first { $0.qualifiedName == qualifiedName && matching($0) }?.identifier ?? "")
        }
        let countInt = hash("Box.init(count:)") { $0.declaration.contains("Int") }
        let countString = hash("Box.init(count:)") { $0.declaration.contains("String") }
        let defaultDescribe = hash("Shape.describe()") { graph.relationships(from: $0.identifier, kind: .defaultImplementationOf).count == 1 }
        let realInverse = hash("Real.inverse")
        let expected: Set<String> = [
            "documentation/lab",
            // Real's default implementation of Field's requirement is no member of Real: DocC puts it beside the requirement.
            "documentation/lab/field", "documentation/lab/field/inverse", "documentation/lab/field/inverse-\(realInverse)",
            "documentation/lab/real",
            "documentation/lab/shape", "documentation/lab/shape/describe()", "documentation/lab/shape/describe()-\(defaultDescribe)",
            "documentation/lab/box", "documentation/lab/box/init()",
            "documentation/lab/box/init(count:)-\(countInt)", "documentation/lab/box/init(count:)-\(countString)",
            // A type and a property whose names differ only in case; a type property and a property of one name.
            "documentation/lab/box/keys-swift.struct", "documentation/lab/box/keys-swift.property",
            "documentation/lab/box/empty-swift.type.property", "documentation/lab/box/empty-swift.property",
            // `<` is `_`, and Equatable's `!=` is inherited (a copy under Box), with its collection.
            "documentation/lab/box/_(_:_:)", "documentation/lab/box/!=(_:_:)", "documentation/lab/box/equatable-implementations",
            "documentation/lab/box/describe()", "documentation/lab/box/shape-implementations",
            "documentation/lab/box/olddescribe()",
            "documentation/lab/swift", "documentation/lab/swift/array", "documentation/lab/swift/array/total()",
        ]
        #expect(paths.subtracting(expected).isEmpty, "extra: \(paths.subtracting(expected).sorted())")
        #expect(expected.subtracting(paths).isEmpty, "missing: \(expected.subtracting(paths).sorted())")
        #expect(pages.pages.first?.content == .module)
        let box = try #require(pages.pages.first { $0.path == "documentation/lab/box" })
        #expect(box.children.map { pages.pages[$0].title }.contains("Equatable Implementations"))
    }

    @Test("of two inherited copies of one member at one path, the one whose origin is another symbol (a shadowed one) has no page")
    func shadowedInheritedCopy() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let own = "s:Sl3LabE4trim5whileF"
        let standard = "s:Sl17_StringProcessingE4trim5whileF"
        let type = "s:3Lab5PairsV"
        let origin = #""sourceOrigin": {"identifier": "\#(own)", "displayName": "Collection.trim(while:)"}"#
        try folder.write(
            "Lab.symbols.json",
            SymbolGraphLoadingTests.graph(
                module: "Lab",
                symbols: [
                    SymbolGraphLoadingTests.symbol(type, kind: "swift.struct", path: ["Pairs"]),
                    SymbolGraphLoadingTests.symbol("\(own)::SYNTHESIZED::\(type)", kind: "swift.method", path: ["Pairs", "trim(while:)"]),
                    SymbolGraphLoadingTests.symbol("\(standard)::SYNTHESIZED::\(type)", kind: "swift.method", path: ["Pairs", "trim(while:)"]),
                ],
                relationships: [
                    #"{"kind": "memberOf", "source": "\#(own)::SYNTHESIZED::\#(type)", "target": "\#(type)", \#(origin)}"#,
                    #"{"kind": "memberOf", "source": "\#(standard)::SYNTHESIZED::\#(type)", "target": "\#(type)", \#(origin)}"#,
                ]))
        let pages = DocCPages(graph: try ModuleSymbolGraph.load(module: "Lab", from: folder.url))
        let paths = pages.pages.map(\.path).filter { $0.hasPrefix("documentation/lab/pairs/") }
        // One copy: its page is bare (a second would hash both), under its Implementations collection's type.
        #expect(paths.contains("documentation/lab/pairs/trim(while:)"), "\(paths)")
        #expect(!paths.contains { $0.hasPrefix("documentation/lab/pairs/trim(while:)-") }, "\(paths)")
    }
}
