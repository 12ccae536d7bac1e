import GalleyPackage
import Testing

/// A type's module and path read from its precise identifier.
@Suite("Type names read from precise identifiers")
struct MangledTypeNameTests {
    @Test("a module's type, a nested type, the standard library's, and names built from earlier words")
    func names() throws {
        let nested = try #require(MangledTypeName("s:7NIOCore15ChannelPipelineC8PositionO"))
        #expect(nested.module == "NIOCore")
        #expect(nested.path == ["ChannelPipeline", "Position"])
        #expect(MangledTypeName("s:10Foundation3URLV") == MangledTypeName(module: "Foundation", path: ["URL"]))
        #expect(MangledTypeName("s:s5Int64V") == MangledTypeName(module: "Swift", path: ["Int64"]))
        #expect(MangledTypeName("s:SS") == MangledTypeName(module: "Swift", path: []))
        #expect(MangledTypeName("s:ScT") == MangledTypeName(module: "_Concurrency", path: []))
        #expect(MangledTypeName("s:7NIOCore20MarkedCircularBufferV5Indexa")?.path == ["MarkedCircularBuffer", "Index"])
        // `0` then words of the names before: `A` is the first word, and the last substituted.
        #expect(MangledTypeName("s:8Dispatch0A4DataV") == MangledTypeName(module: "Dispatch", path: ["DispatchData"]))
        #expect(MangledTypeName("s:11DequeModule0A0V") == MangledTypeName(module: "DequeModule", path: ["Deque"]))
        // A lowercase letter is a word with more to come, the uppercase one the last: `Module` is word b of `DequeModule`.
        #expect(MangledTypeName("s:11DequeModule0aB3BoxV")?.path == ["DequeModuleBox"])
    }

    @Test("what is not a nominal type is nil: a member, an associated type, a C declaration, a bad length")
    func notTypes() {
        #expect(MangledTypeName("s:7NIOCore10ByteBufferV13readableBytesSivp") == nil)
        #expect(MangledTypeName("s:7NIOCore13ChannelOptionP5ValueQa") == nil)
        #expect(MangledTypeName("c:@S@sockaddr_in") == nil)
        #expect(MangledTypeName("s:7NIOCore99ByteBufferV") == nil)
        #expect(MangledTypeName("s:7NIOCore") == nil)
        #expect(MangledTypeName("s:Sx5ValueQz") == nil)
    }

    @Test("every type NIOCore's declarations name by identifier: the name read ends with the fragment's spelling")
    func realIdentifiers() throws {
        let graph = try NIOCoreSymbolGraphTests.extracted.get().graph
        var read = 0
        var wrong: [String] = []
        for symbol in graph.symbols {
            for fragment in symbol.declarationFragments where fragment.kind == "typeIdentifier" {
                guard let identifier = fragment.preciseIdentifier, let name = MangledTypeName(identifier), !name.path.isEmpty else { continue }
                read += 1
                if name.path.last != fragment.spelling.split(separator: ".").last.map(String.init) { wrong.append(identifier) }
            }
        }
        #expect(read > 1000, "a real module's declarations name over a thousand types")
        #expect(wrong.isEmpty, "\(Set(wrong).sorted().prefix(10))")
    }
}
