import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyPackage

/// A checkout moved or copied with its build folder: the compiler's module
/// cache names the old path, and `swift build` fails until it is removed.
@Suite("A build folder made at another path")
struct MovedBuildFolderTests {
    @Test("the module cache a build log says was made at another path is found, when it exists; other failures are not this")
    func staleModuleCache() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = folder.url.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/ModuleCache")
        try FileManager.default.createDirectory(at: cache.appendingPathComponent("TXB5W5DC64VB"), withIntermediateDirectories: true)
        let log = """
            [16/21] Compiling Logging MetadataProvider.swift
            <unknown>:0: error: precompiled file '\(cache.path)/TXB5W5DC64VB/SwiftShims-2WTEZSG1WEKQP.pcm' was compiled with \
            module cache path '/old/place/.build/x86_64-unknown-linux-gnu/debug/ModuleCache/TXB5W5DC64VB', but the path is \
            currently '\(cache.path)/TXB5W5DC64VB'
            <unknown>:0: error: missing required module 'SwiftShims'
            """
        #expect(SampleLibrary.staleModuleCache(in: log)?.path == cache.path)
        // A compile error of the library is not a stale cache; nor is a cache that is gone.
        #expect(SampleLibrary.staleModuleCache(in: "Sources/M/A.swift:1:5: error: cannot find 'x' in scope") == nil)
        try FileManager.default.removeItem(at: cache)
        #expect(SampleLibrary.staleModuleCache(in: log) == nil)
    }
}
