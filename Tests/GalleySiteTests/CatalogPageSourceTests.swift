import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyPackage
import GalleyProject
import GalleySite
import GalleyTestSupport
import Testing

@Suite("A package's DocC catalogs as one site")
struct CatalogPageSourceTests {
    @Test("each catalog is a section under its module's name, importing its module; assets map back; a home page lists them")
    func sections() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        try root.write("Sources/Geometry/Geometry.docc/Geometry.md", "# ``Geometry``\n\n```swift\nprint(Point())\n```\n")
        try root.write("Sources/Geometry/Geometry.docc/Resources/shape.png", "png")
        try root.write("Sources/Geometry/Geometry.docc/Articles/Intro.md", "# Intro\n")
        try root.write("Other/Docs.docc/Docs.md", "# Docs\n")
        let layout = SiteLayout(root: root.url)
        let catalogs = [
            DocCCatalog(directory: root.url.appendingPathComponent("Sources/Geometry/Geometry.docc"), module: "Geometry", importsModule: true),
            DocCCatalog(directory: root.url.appendingPathComponent("Other/Docs.docc"), module: "Tool", importsModule: false),
        ]
        let source = CatalogPageSource(catalogs: catalogs, layout: layout, configuration: SiteConfiguration(), title: "Shapes")
        let content = try source.load()
        #expect(content.problems.isEmpty, "\(content.problems)")
        #expect(content.pages.map(\.url) == ["index.html", "Geometry/Articles/Intro.html", "Geometry/Geometry.html", "Tool/Docs.html"])
        #expect(
            content.pages.map(\.displayPath) == [
                "Package.swift", "Sources/Geometry/Geometry.docc/Articles/Intro.md", "Sources/Geometry/Geometry.docc/Geometry.md",
                "Other/Docs.docc/Docs.md",
            ])
        #expect(content.pages[2].implicitImports == ["Geometry"])
        #expect(content.pages[3].implicitImports == [])
        #expect(content.assets == ["Geometry/Resources/shape.png"])
        #expect(
            source.assetFile("Geometry/Resources/shape.png").path
                == root.url.appendingPathComponent("Sources/Geometry/Geometry.docc/Resources/shape.png").path)
        let home = content.pages[0]
        #expect(home.title == "Shapes")
        #expect(home.document.links.map(\.destination) == ["Geometry/Geometry.md", "Tool/Docs.md"], "the catalogs' root pages")

        // The catalog's module is imported in its samples, after any prelude.
        let verification = SampleVerification(configuration: SiteConfiguration(), layout: layout)
        #expect(verification.settings(for: content.pages[2]).prelude == "import Geometry")
        // Loading again reuses unchanged pages by their site paths.
        let again = try source.load(
            reusing: Dictionary(uniqueKeysWithValues: content.pages.map { ($0.sourcePath, $0) }), changed: ["Geometry/Geometry.md"])
        #expect(again.pages.map(\.url) == content.pages.map(\.url))
    }

    @Test("SwiftPM's description gives targets at any path, library products and the modules samples may import")
    func description() throws {
        let json = """
            {"name": "Shapes", "path": "/p", "products": [
              {"name": "Shapes", "targets": ["Shapes"], "type": {"library": ["static"]}},
              {"name": "tool", "targets": ["Tool"], "type": {"executable": null}}],
             "targets": [
              {"name": "CShapes", "path": "Library/CShapes", "type": "library", "module_type": "ClangTarget"},
              {"name": "Shapes", "path": "Library/Shapes", "type": "library", "module_type": "SwiftTarget", "target_dependencies": ["CShapes"]},
              {"name": "Tool", "path": "Sources/Tool", "type": "executable", "module_type": "SwiftTarget"},
              {"name": "ShapesTests", "path": "Tests/ShapesTests", "type": "test", "module_type": "SwiftTarget"}]}
            """
        let root = try TemporaryDirectory()
        defer { root.remove() }
        try root.write("Library/Shapes/Shapes.docc/Shapes.md", "# Shapes\n")
        try root.write("Sources/Tool/Tool.docc/Tool.md", "# Tool\n")
        try root.write("Tests/ShapesTests/Ignored.docc/T.md", "# T\n")
        let package = try SwiftPackage.parse(Data(json.utf8), root: root.url)
        #expect(package.libraryProducts.map(\.name) == ["Shapes"])
        #expect(package.libraryProducts.map(\.linkage) == ["static"])
        #expect(Set(package.libraryTargets.map(\.name)) == ["CShapes", "Shapes"])
        #expect(package.productModules == ["Shapes"])
        #expect(package.catalogs.map(\.module) == ["Shapes", "Tool"], "test targets' catalogs are left out")
        #expect(package.catalogs.map(\.importsModule) == [true, false], "an executable's module cannot be imported")
    }

    @Test("a catalog's samples import Foundation (when its module does), its module, then the package's other library modules")
    func implicitImports() {
        var catalog = DocCCatalog(
            directory: URL(fileURLWithPath: "/p/Sources/CasePathsCore/Docs.docc"), module: "CasePathsCore", importsModule: true,
            importsFoundation: true)
        catalog.siblingModules = ["CasePaths", "CasePathsCore"]
        #expect(catalog.implicitImports == ["Foundation", "CasePathsCore", "CasePaths"])
        // A catalog whose module samples cannot link imports none of the package's modules.
        catalog.importsModule = false
        #expect(catalog.implicitImports == ["Foundation"])
    }

    @Test("a target whose name is no Swift identifier is imported by SwiftPM's C99 name, by the catalog's samples and the library wrapper")
    func c99Names() {
        #expect(SwiftPackage.moduleName(ofTarget: "swift-openapi-generator") == "swift_openapi_generator")
        #expect(SwiftPackage.moduleName(ofTarget: "3D") == "_3D")
        #expect(SwiftPackage.moduleName(ofTarget: "Shapes") == "Shapes", "control: an identifier stays as it is")
        var catalog = DocCCatalog(directory: URL(fileURLWithPath: "/x/Docs.docc"), module: "my-tool", importsModule: true)
        catalog.siblingModules = ["my-tool", "Core-Kit"]
        #expect(catalog.implicitImports == ["my_tool", "Core_Kit"])
    }
}
