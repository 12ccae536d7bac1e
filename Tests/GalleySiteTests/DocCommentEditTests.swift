import Foundation
import GalleyProject
import GalleyTestSupport
import Testing

@testable import GalleySite

/// A preview reads a doc comment's edit from its Swift file: the library is
/// not built again, the page shows the edit, its listing is verified as edited.
@Suite("A doc comment edited in a preview", .serialized)
struct DocCommentEditTests {
    static let doubling = """
        extension Rectangle {
            /// Twice as wide: the first words.
            ///
            ///     print(Rectangle(width: 1, height: 2).doubled.width)  // Prints "2"
            public var doubled: Rectangle { Rectangle(width: width * 2, height: height) }

            /// Three times as wide.
            public var tripled: Rectangle { Rectangle(width: width * 3, height: height) }

            /** Half as wide. */
            public var halved: Rectangle { Rectangle(width: width / 2, height: height) }
        }

        """

    /// The fixture package with `Doubling.swift`, its session after a first build, and its paths.
    struct Preview {
        let package: TemporaryDirectory
        let layout: SiteLayout
        var session: BuildSession

        init() throws {
            package = try TemporaryDirectory()
            let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/PackageDocs")
            for item in try FileManager.default.contentsOfDirectory(atPath: fixture.path) where !item.hasPrefix(".") {
                try FileManager.default.copyItem(at: fixture.appendingPathComponent(item), to: package.url.appendingPathComponent(item))
            }
            _ = try package.write("Library/Shapes/Doubling.swift", DocCommentEditTests.doubling)
            layout = SiteLayout(root: package.url)
            let site = try #require(try PackageSite.discover(layout: layout, paths: []))
            var settings = BuildSettings(layout: layout)
            site.configure(&settings) { _ in }
            settings.previewsFailingSamples = true
            session = BuildSession(settings)
            _ = try session.build(.all)
        }

        /// Writes `Doubling.swift` and rebuilds as the preview does on its
        /// change, which the watcher reports with the temporary file an
        /// editor saved through (written, then renamed: gone).
        mutating func edit(_ text: String) throws -> BuildReport {
            let file = try package.write("Library/Shapes/Doubling.swift", text)
            let temporary = package.url.appendingPathComponent("Library/Shapes/sedX4f2a1")
            return try session.build(SiteChanges(files: [temporary, file], layout: layout, folders: session.watchedFolders))
        }

        /// When the library was last built (its record is written after each build).
        var libraryBuilt: Date? {
            let record = package.url.appendingPathComponent(".build/galley/library-state.json")
            return (try? FileManager.default.attributesOfItem(atPath: record.path))?[.modificationDate] as? Date
        }
    }

    @Test("an edited doc comment shows on its page without building the library; a code edit builds it")
    func commentEdit() throws {
        var preview = try Preview()
        defer { preview.package.remove() }
        let page = "public/documentation/shapes/rectangle/doubled/index.html"
        #expect(try preview.package.read(page).contains("Twice as wide: the first words."))
        let built = try #require(preview.libraryBuilt)
        // Two more lines above `doubled`: its declaration and listing move down.
        let edited = try preview.edit(
            Self.doubling.replacingOccurrences(
                of: "the first words.", with: "the second words.\n    ///\n    /// More about it."))
        #expect(edited.editedDocCommentFiles == ["Library/Shapes/Doubling.swift"])
        #expect(preview.libraryBuilt == built, "the library was not built again")
        let html = try preview.package.read(page)
        #expect(html.contains("Twice as wide: the second words.") && html.contains("More about it.") && !html.contains("first words"), "\(html)")
        // The type's page lists the member with its new abstract.
        #expect(try preview.package.read("public/documentation/shapes/rectangle/index.html").contains("Twice as wide: the second words."))
        #expect(edited.verification.failed == 0, "\(edited.verification.problems)")

        // A listing edited into a wrong one fails at its new line.
        let wrong = try preview.edit(
            Self.doubling.replacingOccurrences(of: "the first words.", with: "the second words.\n    ///\n    /// More about it.")
                .replacingOccurrences(of: "// Prints \"2\"", with: "// Prints \"3\""))
        #expect(wrong.editedDocCommentFiles == ["Library/Shapes/Doubling.swift"])
        let failure = try #require(wrong.verification.results.first { $0.sample.page == "Library/Shapes/Doubling.swift" && $0.status == .failed })
        #expect(failure.sample.block.firstCodeLine == 6, "the listing's line in the edited file: \(failure.sample.block.firstCodeLine)")
        #expect(try preview.package.read(page).contains("sample-failure"), "the preview marks the failing listing")

        // A comment removed: the symbol has none.
        let removed = try preview.edit(Self.doubling.replacingOccurrences(of: "    /// Three times as wide.\n", with: ""))
        #expect(removed.editedDocCommentFiles.count == 1)
        #expect(!(try preview.package.read("public/documentation/shapes/rectangle/tripled/index.html")).contains("Three times as wide."))

        // An edited `/** */` comment is not read from the file: the library is built again, and the page shows it.
        let block = try preview.edit(Self.doubling.replacingOccurrences(of: "Half as wide.", with: "Half as wide, rounded down."))
        #expect(block.editedDocCommentFiles.isEmpty)
        #expect(try preview.package.read("public/documentation/shapes/rectangle/halved/index.html").contains("Half as wide, rounded down."))

        // A code edit (a new member) builds the library again, and its page appears.
        let code = try preview.edit(Self.doubling + "extension Rectangle {\n    /// Four times.\n    public var quadrupled: Int { 4 }\n}\n")
        #expect(code.editedDocCommentFiles.isEmpty)
        #expect(preview.libraryBuilt != built, "positive control: a build writes the record")
        #expect(try preview.package.read("public/documentation/shapes/rectangle/quadrupled/index.html").contains("Four times."))
    }
}
