import Foundation
import GalleyProject
import GalleyTestSupport
import Testing

@testable import GalleySite

/// `llms.txt`, `llms-full.txt` and each page's Markdown copy: written for
/// every page of a site, readable back, and switched off by `llms: false`.
@Suite("Pages agents can read: llms.txt, llms-full.txt, .md copies", .serialized)
struct LLMsTextTests {
    /// The fixture package copied into a temporary folder, with `galley.yml` when given, built once.
    static func buildPackage(configuration: String? = nil, files: [String: String] = [:]) throws -> TemporaryDirectory {
        let package = try TemporaryDirectory()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/PackageDocs")
        for item in try FileManager.default.contentsOfDirectory(atPath: fixture.path) where !item.hasPrefix(".") {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(item), to: package.url.appendingPathComponent(item))
        }
        if let configuration { _ = try package.write("galley.yml", configuration) }
        for (path, text) in files { _ = try package.write(path, text) }
        let layout = SiteLayout(root: package.url)
        let site = try #require(try PackageSite.discover(layout: layout, paths: []))
        var settings = BuildSettings(layout: layout)
        site.configure(&settings) { _ in }
        _ = try BuildSession.build(settings)
        return package
    }

    /// The files under `public/` by their path from it (no leading `/`).
    static func site(_ directory: TemporaryDirectory) throws -> [String: Data] {
        Dictionary(uniqueKeysWithValues: try directory.snapshot("public").map { (String($0.key.drop { $0 == "/" }), $0.value) })
    }

    /// The `(title, path)` of each link line of `llms.txt` (`- [Title](path): summary`).
    static func links(_ index: String) -> [(title: String, path: String)] {
        index.split(separator: "\n").compactMap { line in
            // Paths may hold parentheses (`init(width:height:)/index.md`): each ends in `.md`.
            guard line.hasPrefix("- ["), let close = line.range(of: "]("), let end = line[close.upperBound...].range(of: ".md)") else { return nil }
            return (
                String(line[line.index(line.startIndex, offsetBy: 3)..<close.lowerBound]), String(line[close.upperBound..<end.lowerBound]) + ".md"
            )
        }
    }

    @Test("a package site: every HTML page has its line in llms.txt and its .md copy; every symbol's declaration is in its copy and in llms-full.txt")
    func packageSite() throws {
        let package = try Self.buildPackage()
        defer { package.remove() }
        let site = try Self.site(package)
        let index = try package.read("public/llms.txt")
        let full = try package.read("public/llms-full.txt")
        #expect(index.hasPrefix("# Shapes\n"), "\(index.prefix(200))")
        #expect(index.contains("\n## Articles\n") && index.contains("\n## API Reference\n"), "\(index)")
        let listed = Dictionary(Self.links(index).map { ($0.path, $0.title) }, uniquingKeysWith: { first, _ in first })
        // Every page of the site, but the generated ones (404, redirects to DocC's article paths).
        let htmlPages = site.keys.filter { $0.hasSuffix(".html") && $0 != "404.html" }.filter { path in
            !String(decoding: site[path] ?? Data(), as: UTF8.self).contains("http-equiv=\"refresh\"")
        }
        #expect(htmlPages.count >= 8, "\(htmlPages.sorted())")
        for page in htmlPages {
            let copy = String(page.dropLast(".html".count)) + ".md"
            #expect(listed[copy] != nil, "llms.txt lists \(copy)")
            #expect(site[copy] != nil, "\(copy) is written beside \(page)")
            #expect(full.contains("<!-- \(copy) -->"), "llms-full.txt holds \(copy)")
        }
        #expect(listed.count == htmlPages.count, "\(listed.keys.sorted()) vs \(htmlPages.sorted())")
        // Symbol pages: their declaration, in a swift fence, in their copy and in llms-full.txt.
        let declarations = [
            "documentation/shapes/rectangle/index.md": "struct Rectangle",
            "documentation/shapes/rectangle/area/index.md": "var area: Int { get }",
            "documentation/shapes/rectangle/init(width:height:)/index.md": "init(width: Int, height: Int)",
        ]
        for (copy, declaration) in declarations {
            let markdown = try package.read("public/" + copy)
            let fence = try #require(markdown.range(of: "```swift\n"), "\(copy): \(markdown)")
            #expect(markdown[fence.upperBound...].prefix(200).contains(declaration), "\(copy): \(markdown)")
            #expect(full.contains(markdown), "llms-full.txt has \(copy) whole")
        }
        var symbolPages = 0
        for (path, title) in listed where path.hasPrefix("documentation/shapes/") && path.filter({ $0 == "/" }).count > 2 {
            let markdown = try package.read("public/" + path)
            guard !markdown.contains("*Extended") && !markdown.contains("*API Collection*") else { continue }
            symbolPages += 1
            #expect(markdown.hasPrefix("# \(title)\n"), "\(path): \(markdown.prefix(100))")
            #expect(markdown.contains("```swift\n"), "\(path) shows its declaration: \(markdown)")
        }
        #expect(symbolPages >= 4, "\(listed.keys.sorted())")
        // The type's Topics link its members' copies.
        #expect(try package.read("public/documentation/shapes/rectangle/index.md").contains("rectangle/area/index.md>)"))
    }

    @Test("an article's copy has each sample followed by its verdict, its snippet's code, and links to the .md copies")
    func articleVerdicts() throws {
        let package = try Self.buildPackage()
        defer { package.remove() }
        let index = try package.read("public/llms.txt")
        // The article's copy, wherever the site puts it: llms.txt says where.
        let articlePath = try #require(Self.links(index).first { $0.title == "Getting Started" }?.path, "\(index)")
        #expect(index.contains("- [Getting Started](\(articlePath)): Make a rectangle and compare it with another."), "\(index)")
        let article = try package.read("public/" + articlePath)
        #expect(article.hasPrefix("# Getting Started\n"), "\(article)")
        let sample =
            "print(wide == tall, wide.area == tall.area)\n```\n\n```output\nfalse true\n```\n\n> ✓ Verified: compiled and ran, output checked, with Swift "
        #expect(article.contains(sample), "\(article)")
        #expect(article.contains("print(cshapes_rectangle_area(6, 7)) // Prints \"42\"\n```\n\n> ✓ Verified: compiled and ran, output checked"))
        #expect(!article.contains("@Snippet("), "the snippet is shown as its code: \(article)")
        #expect(article.contains("```swift\n") && article.contains("> ✓ Verified"), "\(article)")
        #expect(article.contains("print(field.area) // Prints \"15\"\n```\n\n> ✓ Verified: compiled and ran"), "the snippet's slice and verdict")
        // The catalog's root page: symbol links and DocC links lead to the copies.
        let rootPath = try #require(
            index.split(separator: "\n").first { $0.hasSuffix("): Rectangles with whole-number sides.") }.flatMap {
                Self.links(String($0)).first?.path
            })
        let root = try package.read("public/" + rootPath)
        #expect(root.contains("[`Rectangle`](") && root.contains("documentation/shapes/rectangle/index.md) knows its area"), "\(root)")
        #expect(root.contains("[Getting Started](") && root.contains(String(articlePath.split(separator: "/").last ?? "") + ") next."), "\(root)")
        #expect(root.contains("print(square.area) // Prints \"9\"\n```\n\n> ✓ Verified: compiled and ran"), "\(root)")
    }

    @Test("an extension file in a symbol page's place: its copy has the declaration, the file's own text and sample verdict, and the Topics")
    func extensionFile() throws {
        let package = try Self.buildPackage(files: [
            "Library/Shapes/Shapes.docc/Rectangle.md":
                "# ``Shapes/Rectangle``\n\nWritten in the catalog.\n\n```swift\nprint(Rectangle(width: 2, height: 3).area) // Prints \"6\"\n```\n"
        ])
        defer { package.remove() }
        let index = try package.read("public/llms.txt")
        let path = try #require(Self.links(index).first { $0.title == "Rectangle" }?.path, "\(index)")
        let copy = try package.read("public/" + path)
        #expect(copy.hasPrefix("# Rectangle\n"), "\(copy)")
        let declaration = try #require(copy.range(of: "```swift\nstruct Rectangle"), "\(copy)")
        let own = try #require(copy.range(of: "Written in the catalog."), "\(copy)")
        let topics = try #require(copy.range(of: "## Topics"), "\(copy)")
        #expect(declaration.lowerBound < own.lowerBound && own.lowerBound < topics.lowerBound, "\(copy)")
        #expect(copy.contains("// Prints \"6\"\n```\n\n> ✓ Verified: compiled and ran, output checked"), "\(copy)")
        #expect(copy.contains("area/index.md>)"), "Topics link the members' copies: \(copy)")
        #expect(try package.read("public/llms-full.txt").contains(copy))
    }

    @Test("llms: false writes no llms.txt, llms-full.txt or .md copy; the same site with llms: true does (positive control)")
    func switchedOff() throws {
        let off = try Self.buildPackage(configuration: "title: Shapes\nllms: false\n")
        defer { off.remove() }
        let offSite = try Self.site(off)
        #expect(offSite["llms.txt"] == nil && offSite["llms-full.txt"] == nil)
        #expect(offSite.keys.filter { $0.hasSuffix(".md") }.isEmpty, "\(offSite.keys.filter { $0.hasSuffix(".md") })")
        #expect(offSite["documentation/shapes/rectangle/index.html"] != nil, "the HTML pages are written: \(offSite.keys.sorted())")

        let on = try Self.buildPackage(configuration: "title: Shapes\nllms: true\n")
        defer { on.remove() }
        let onSite = try Self.site(on)
        #expect(onSite["llms.txt"] != nil && onSite["llms-full.txt"] != nil)
        #expect(onSite["documentation/shapes/rectangle/index.md"] != nil)
        #expect(Set(onSite.keys).subtracting(offSite.keys).allSatisfy { $0.hasSuffix(".md") || $0.hasPrefix("llms") })
    }

    @Test("a content site: a guide's copy has its verdicts and links to .md; a later build keeps the copies and llms-full.txt up to date")
    func contentSite() throws {
        let project = try Project(pages: [
            "index.md": "---\ntitle: Home\ndescription: Where to start.\n---\n# Welcome\n\nRead the [guide](guide.md).\n",
            "guide.md": "# Guide\n\nA first paragraph.\n\n```swift\nprint(\"hi\") // Prints \"hi\"\n```\n\n```swift no_run\nlet x = 1\n```\n",
        ])
        defer { project.directory.remove() }
        var session = BuildSession(BuildSettings(layout: project.layout))
        _ = try session.build()
        let guide = try project.directory.read("public/guide.md")
        #expect(guide.contains("print(\"hi\") // Prints \"hi\"\n```\n\n> ✓ Verified: compiled and ran, output checked"), "\(guide)")
        #expect(guide.contains("let x = 1\n```\n\n> ✓ Verified: compiles (not run)"), "\(guide)")
        let index = try project.directory.read("public/llms.txt")
        #expect(index.contains("- [Home](index.md): Where to start.\n- [Guide](guide.md): A first paragraph."), "\(index)")
        #expect(try project.directory.read("public/index.md").contains("Read the [guide](guide.md)."))

        try project.directory.write("content/guide.md", "# Guide\n\nAn edited paragraph.\n")
        _ = try session.build(SiteChanges(files: [project.directory.url.appendingPathComponent("content/guide.md")], layout: project.layout))
        #expect(try project.directory.read("public/guide.md") == "# Guide\n\nAn edited paragraph.\n")
        let full = try project.directory.read("public/llms-full.txt")
        #expect(full.contains("An edited paragraph.") && !full.contains("A first paragraph.") && full.contains("# Welcome"), "\(full)")
        #expect(try project.directory.read("public/llms.txt").contains("- [Guide](guide.md): An edited paragraph."))
    }
}
