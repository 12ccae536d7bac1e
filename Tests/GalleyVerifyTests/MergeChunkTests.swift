import Testing

@testable import GalleyVerify

/// How merged programs are cut into modules: one per core for large sets, one for small ones.
@Suite("Merged modules per core")
struct MergeChunkTests {
    @Test("a large set is one module per core, in order, nothing lost; a small one stays one module")
    func chunks() {
        let many = Array(0..<300)
        let two = SampleCompiler.chunks(many, cores: 2)
        #expect(two.count == 2)
        #expect(two.flatMap { $0 } == many)
        #expect(two.map(\.count) == [150, 150])
        // Fewer than 64 programs per core: as many modules as there are full sets of 64.
        #expect(SampleCompiler.chunks(Array(0..<100), cores: 2).count == 1)
        #expect(SampleCompiler.chunks(Array(0..<200), cores: 8).map(\.count) == [67, 67, 66])
        #expect(SampleCompiler.chunks([], cores: 2).flatMap { $0 }.isEmpty)
        #expect(SampleCompiler.chunks([7], cores: 0) == [[7]])
    }
}
