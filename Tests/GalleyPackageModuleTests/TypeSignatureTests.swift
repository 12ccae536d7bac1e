import GalleyCore
import GalleyPackage
import GalleyProject
import GalleyReference
import Testing

/// What search by type indexes of each function, read from a real module's
/// graph: swift-nio's NIOCore (see ``NIOCoreSymbolGraphTests``).
@Suite("Signatures for search by type")
struct TypeSignatureTests {
    /// NIOCore's reference pages' signatures, by qualified name (the first of overloads).
    static let signatures = Result { () throws -> [String: TypeSignature?] in
        let graph = try NIOCoreSymbolGraphTests.extracted.get().graph
        var found: [String: TypeSignature?] = [:]
        for page in SymbolPages.pages(for: [graph]) {
            guard let parts = page.symbolParts, found[parts.qualifiedName] == nil else { continue }
            found[parts.qualifiedName] = parts.signature
        }
        return found
    }

    func signature(_ name: String) throws -> TypeSignature? {
        let all = try Self.signatures.get()
        return try #require(all[name], "NIOCore has no page for \(name)")
    }

    @Test("an instance member takes its type first; a property gives its type; a generic method names its generics")
    func instanceMembers() throws {
        #expect(try signature("ByteBuffer.readableBytes") == TypeSignature(inputs: ["ByteBuffer"], output: "Int", generics: []))
        #expect(
            try signature("ByteBuffer.readInteger(endianness:as:)")
                == TypeSignature(inputs: ["ByteBuffer", "Endianness", "T.Type"], output: "T?", generics: ["T"]))
        // A generic type's member takes the type with its parameters, and may add its own.
        let map = try #require(try signature("EventLoopFuture.map(_:)"))
        #expect(map.inputs.first == "EventLoopFuture<Value>")
        #expect(map.output == "EventLoopFuture<NewValue>")
        #expect(Set(map.generics) == ["Value", "NewValue"])
    }

    @Test("an initializer gives its type; a static method and an operator take only their parameters; a type has no signature")
    func initializersAndStatics() throws {
        let staticMethod = try #require(try signature("NIODeadline.uptimeNanoseconds(_:)"))
        #expect(staticMethod.inputs == ["UInt64"])
        #expect(staticMethod.output == "NIODeadline")
        let sized = try #require(try signature("CircularBuffer.init(initialCapacity:)"))
        #expect(sized.inputs == ["Int"])
        #expect(sized.output == "CircularBuffer<Element>")
        #expect(try signature("ByteBuffer") == nil)
        #expect(try signature("ChannelPipeline.Position") == nil)
    }
}
