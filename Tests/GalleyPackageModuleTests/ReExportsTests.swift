import Foundation
import GalleyPackage
import GalleyTestSupport
import Testing

/// Which re-exported modules a module's graph holds: those it re-exports for documentation.
@Suite("The modules a module's files re-export for documentation")
struct ReExportsTests {
    @Test("@_exported imports count unless their documentation visibility is below public; comments and plain imports do not")
    func source() {
        let source = """
            @_exported import RealModule
            @_documentation(visibility: internal) @_exported import Instrumentation
            @_documentation(visibility: public)
            @_exported import ComplexModule
            @_exported import struct Shapes.Rectangle
            import Foundation
            // @_exported import Commented
            @_documentation(visibility: private)
              @_exported import Hidden
            """
        #expect(ReExports.documented(inSource: source) == ["RealModule", "ComplexModule", "Shapes"])
    }

    @Test("a folder's Swift files are read, nested ones too; other files are not")
    func folder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("Exports.swift", "@_exported import RealModule\n")
        try folder.write("Nested/More.swift", "@_exported import ComplexModule\n")
        try folder.write("Notes.md", "@_exported import NotSwift\n")
        #expect(ReExports.documented(inFolder: folder.url) == ["RealModule", "ComplexModule"])
    }
}
