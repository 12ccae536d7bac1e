import Foundation
import GalleyCore
import GalleyProject
import GalleySite
import GalleyTestSupport
import Testing

@testable import GalleyOutput

@Suite("The output folder is never anything but a built site")
struct OutputSafetyTests {
    /// A project that looks like a user's repository: pages, a theme, `.git` and a file of the user's.
    private func userProject() throws -> Project {
        let project = try Project(pages: ["index.md": "# Home\n", "guide.md": "# Guide\n"])
        try project.directory.write(".git/HEAD", "ref: refs/heads/main\n")
        try project.directory.write("notes.txt", "my notes\n")
        return project
    }

    private func buildError(_ layout: SiteLayout) -> String? {
        do {
            _ = try BuildSession.build(BuildSettings(layout: layout))
            return nil
        } catch {
            return error.description
        }
    }

    @Test("the staging folder asks for its folders to be spread over the file system, and a folder that cannot is left as it is")
    func spreadFolders() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.url.appendingPathComponent("site").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let flagged = FolderPlacement.spreadSubfolders(of: folder)
        // FS_IOC_GETFLAGS: set on ext4 (FS_TOPDIR_FL), refused without harm elsewhere (tmpfs has no flags).
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        var flags: Int32 = 0
        if ioctl(descriptor, UInt(0x8008_6601), &flags) == 0 {
            #expect((flags & 0x0002_0000 != 0) == flagged)
        } else {
            #expect(!flagged)
        }
        #expect(!FolderPlacement.spreadSubfolders(of: folder + "/missing"))
        let file = folder + "/file.txt"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        #expect(!FolderPlacement.spreadSubfolders(of: file))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
    }

    @Test("--output . is refused and the project is left exactly as it was")
    func projectRootIsRefused() throws {
        let project = try userProject()
        defer { project.directory.remove() }
        let before = try project.directory.snapshot("")
        var layout = project.layout
        layout.outputDirectory = project.directory.url
        let error = try #require(buildError(layout))
        #expect(error.contains("refusing to use '.' as the output folder: it is the project folder"))
        #expect(error.contains("--output public"))
        #expect(try project.directory.snapshot("") == before)
    }

    @Test("content/, templates/, a folder inside content/, an ancestor of the project, / and $HOME are refused")
    func sourceFoldersAndAncestorsAreRefused() throws {
        let project = try userProject()
        defer { project.directory.remove() }
        let before = try project.directory.snapshot("")
        let root = project.directory.url
        let cases: [(URL, String)] = [
            (root.appendingPathComponent("content"), "it is the content folder 'content'"),
            (root.appendingPathComponent("templates"), "it is the templates folder 'templates'"),
            (root.appendingPathComponent("content/site"), "it is inside the content folder 'content'"),
            (root.appendingPathComponent("templates/out"), "it is inside the templates folder 'templates'"),
            (root.deletingLastPathComponent(), "it contains the project folder"),
            (root.appendingPathComponent("content/../."), "it is the project folder"),
            (URL(fileURLWithPath: "/"), "it is the root of the file system"),
        ]
        for (output, reason) in cases {
            var layout = project.layout
            layout.outputDirectory = output
            let error = try #require(buildError(layout), "\(output.path) was accepted")
            #expect(error.contains(reason), "\(output.path): \(error)")
        }
        var layout = project.layout
        layout.outputDirectory = root.appendingPathComponent("home")
        #expect(throws: Diagnostic.self) {
            try OutputFolderGuard.check(layout: layout, libraryPackage: nil, home: root.appendingPathComponent("home").path)
        }
        #expect(try project.directory.snapshot("") == before)
    }

    @Test("a symbolic link to the project is refused like the project itself")
    func linkToProjectIsRefused() throws {
        let project = try userProject()
        defer { project.directory.remove() }
        let link = project.directory.url.appendingPathComponent("site")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: project.directory.url)
        var layout = project.layout
        layout.outputDirectory = link
        let error = try #require(buildError(layout))
        #expect(error.contains("it is the project folder"))
        #expect(project.directory.exists("notes.txt") && project.directory.exists(".git/HEAD"))
    }

    @Test("the sample library's package folder and its ancestors are refused")
    func libraryPackageIsRefused() throws {
        let project = try userProject()
        defer { project.directory.remove() }
        try project.directory.write("galley.yml", "verify:\n  package: lib/pkg\n  products: [Lib]\n")
        try project.directory.write("lib/pkg/Package.swift", "// swift-tools-version: 6.0\n")
        for output in ["lib/pkg", "lib"] {
            var layout = project.layout
            layout.outputDirectory = project.directory.url.appendingPathComponent(output)
            let error = try #require(buildError(layout))
            #expect(error.contains("the sample library's package folder 'lib/pkg'"), "\(output): \(error)")
        }
        #expect(project.directory.exists("lib/pkg/Package.swift"))
    }

    @Test("a non-empty folder Galley did not write is refused; an empty one is used; the build stamps its output")
    func onlyStampedFoldersAreReplaced() throws {
        let project = try userProject()
        defer { project.directory.remove() }
        try project.directory.write("public/mine.html", "<p>hand-written</p>\n")
        let error = try #require(buildError(project.layout))
        #expect(error.contains("refusing to replace 'public': it is not empty and Galley did not write it"))
        #expect(try project.directory.read("public/mine.html") == "<p>hand-written</p>\n")

        try FileManager.default.removeItem(at: project.directory.url.appendingPathComponent("public/mine.html"))
        try project.build()
        #expect(project.directory.exists("public/\(OutputFolderGuard.stampName)"))
        #expect(project.directory.exists("public/index.html"))
        // A stamped folder is Galley's: the next build replaces it.
        try project.directory.write("content/index.md", "# Home again\n")
        try project.build()
        #expect(try project.directory.read("public/index.html").contains("Home again"))
    }

    @Test("the new site is exchanged with the old one in one step and no staging folder is left")
    func exchangeLeavesNoGap() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("a/old", "old")
        try folder.write("b/new", "new")
        #expect(DirectoryExchange.exchange(folder.url.appendingPathComponent("b"), folder.url.appendingPathComponent("a")) == .exchanged)
        #expect(try folder.read("a/new") == "new")
        #expect(try folder.read("b/old") == "old")

        let project = try userProject()
        defer { project.directory.remove() }
        try project.build()
        try project.build()
        let siblings = try FileManager.default.contentsOfDirectory(atPath: project.directory.url.path)
        #expect(!siblings.contains(".public.galley-new") && !siblings.contains(".public.galley-old"), "\(siblings)")
    }

    @Test("a stale staging folder from a killed build is cleaned up by the next build")
    func staleStagingIsRemoved() throws {
        let project = try userProject()
        defer { project.directory.remove() }
        try project.directory.write(".public.galley-new/half.html", "half")
        try project.build()
        #expect(!project.directory.exists(".public.galley-new"))
        #expect(!project.directory.exists("public/half.html"))
    }

    @Test("while one process holds the output lock, another cannot write the folder")
    func lockExcludesOtherWriters() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        let held = try OutputLock.acquire(beside: output, displayPath: "public")
        #expect {
            _ = try OutputLock.acquire(beside: output, displayPath: "public", patience: .milliseconds(100))
        } throws: { error in
            (error as? Diagnostic)?.message.contains("is being written by another Galley process") == true
        }
        held.release()
        let again = try OutputLock.acquire(beside: output, displayPath: "public", patience: .milliseconds(100))
        again.release()
    }

    @Test("update() that fails halfway puts every file back")
    func updateIsAllOrNothing() throws {
        let project = try userProject()
        defer { project.directory.remove() }
        try project.build()
        // A folder where b.html should go makes the second replacement fail after the first succeeded.
        try project.directory.write("public/b.html/keep", "x")
        let before = try project.directory.snapshot("public")
        let writer = OutputWriter(directory: project.directory.url.appendingPathComponent("public"), displayPath: "public")
        #expect(throws: Diagnostic.self) {
            try writer.update([.text("a.html", "new a"), .text("b.html", "new b"), .text("c/d.html", "new d")], removing: ["guide.html"])
        }
        #expect(try project.directory.snapshot("public") == before)
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: project.directory.url.appendingPathComponent("public").path)
            .filter { $0.contains("galley-tmp") || $0.contains("galley-backup") || $0.hasPrefix("c") }
        #expect(leftovers.isEmpty, "\(leftovers)")

        try writer.update([.text("index.html", "new index")], removing: ["guide.html"])
        #expect(try project.directory.read("public/index.html") == "new index")
        #expect(!project.directory.exists("public/guide.html"))
    }

    @Test("a rebuild writes only what changed: unchanged files are linked from the current site, changed ones are new files")
    func rebuildLinksUnchangedFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        let writer = OutputWriter(directory: output, displayPath: "public")
        try writer.write([.text("index.html", "home"), .text("a/b.html", "page b"), .text("c.html", "page c")])
        func inode(_ path: String) throws -> UInt64 {
            (try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)[.systemFileNumber] as? NSNumber)?.uint64Value
                ?? 0
        }
        let (home, b, c) = (try inode("index.html"), try inode("a/b.html"), try inode("c.html"))
        try writer.write([.text("index.html", "home"), .text("a/b.html", "page b, edited"), .text("c.html", "page C")])
        #expect(try inode("index.html") == home, "an unchanged file was written again")
        #expect(try inode("a/b.html") != b && inode("c.html") != c, "a changed file (same size too) was linked")
        #expect(try folder.read("public/index.html") == "home")
        #expect(try folder.read("public/a/b.html") == "page b, edited")
        #expect(try folder.read("public/c.html") == "page C")
        // The old site's copy is gone, so the linked file has one name again.
        #expect(
            (try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent("index.html").path)[.referenceCount] as? NSNumber)?
                .intValue == 1)
    }

    @Test(
        "files added while pages render and the rest given at the end make the same site; a page added twice is replaced, never written through a link to the current site"
    )
    func stagingAddsFilesAsTheyAreProduced() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        let writer = OutputWriter(directory: output, displayPath: "public")
        try writer.write([.text("index.html", "home"), .text("404.html", "old 404")])
        // A second name of the current site's 404.html: it must keep its bytes.
        #expect(link(output.appendingPathComponent("404.html").path, folder.url.appendingPathComponent("kept-404.html").path) == 0)
        let staging = try writer.beginStaging()
        staging.add("index.html", Data("home".utf8))  // linked from the current site
        staging.add("a/b.html", Data("page b".utf8))
        staging.add("404.html", Data("old 404".utf8))  // linked too, then replaced below
        try staging.finish([.text("index.html", "home"), .text("a/b.html", "page b"), .text("404.html", "new 404"), .text("c.html", "page c")])
        #expect(try folder.read("public/index.html") == "home")
        #expect(try folder.read("public/a/b.html") == "page b")
        #expect(try folder.read("public/404.html") == "new 404")
        #expect(try folder.read("public/c.html") == "page c")
        #expect(try folder.read("kept-404.html") == "old 404")
        #expect(Set(try folder.snapshot("public").keys) == ["/index.html", "/a/b.html", "/404.html", "/c.html", "/\(OutputFolderGuard.stampName)"])
    }

    @Test("a file added without keeping its bytes and given again at the end is rewritten, never through a link to the current site")
    func stagingWithoutKeptBytes() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        let writer = OutputWriter(directory: output, displayPath: "public")
        try writer.write([.text("404.html", "old 404")])
        #expect(link(output.appendingPathComponent("404.html").path, folder.url.appendingPathComponent("kept-404.html").path) == 0)
        let staging = try writer.beginStaging()
        staging.add("404.html", Data("old 404".utf8), keepingBytes: false)  // linked from the current site
        staging.add("a/page.html", Data("page".utf8), keepingBytes: false)
        try staging.finish([.text("404.html", "new 404")])
        #expect(try folder.read("public/404.html") == "new 404")
        #expect(try folder.read("public/a/page.html") == "page")
        #expect(try folder.read("kept-404.html") == "old 404")
        #expect(Set(try folder.snapshot("public").keys) == ["/404.html", "/a/page.html", "/\(OutputFolderGuard.stampName)"])
    }

    @Test("on ext4 the staging folder's own folders are created under placement names, new on each build, and have their names in the site")
    func placedFolders() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        let writer = OutputWriter(directory: output, displayPath: "public")
        var placementNames: [Set<String>] = []
        for build in 0..<2 {
            let staging = try writer.beginStaging()
            staging.add("index.html", Data("home \(build)".utf8))
            staging.add("guide/intro.html", Data("intro".utf8))
            staging.add("guide/deep/page.html", Data("deep".utf8))
            staging.add("api/a.html", Data("a".utf8))
            let onDisk = Set(try FileManager.default.contentsOfDirectory(atPath: writer.stagingDirectory.path))
            let flagged = FolderPlacement.spreadSubfolders(of: writer.stagingDirectory.path)
            if flagged {
                let placed = onDisk.filter { $0.hasPrefix(".galley-placed-") }
                #expect(placed.count == 2)
                #expect(onDisk.isDisjoint(with: ["guide", "api"]))
                placementNames.append(placed)
            } else {
                #expect(onDisk.isSuperset(of: ["guide", "api"]))
            }
            try staging.finish([
                .text("index.html", "home \(build)"), .text("guide/intro.html", "intro"), .text("guide/deep/page.html", "deep"),
                .text("api/a.html", "a"), .text("api/b.html", "b"), .text("top.html", "top"),
            ])
            #expect(
                Set(try folder.snapshot("public").keys) == [
                    "/index.html", "/guide/intro.html", "/guide/deep/page.html", "/api/a.html", "/api/b.html", "/top.html",
                    "/\(OutputFolderGuard.stampName)",
                ])
            #expect(try folder.read("public/guide/deep/page.html") == "deep")
            #expect(try folder.read("public/index.html") == "home \(build)")
        }
        if placementNames.count == 2 { #expect(placementNames[0].isDisjoint(with: placementNames[1])) }
    }

    @Test("a file that cannot be added while pages render fails the build at the end and leaves the previous site as it was")
    func stagingFailureKeepsThePreviousSite() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        let writer = OutputWriter(directory: output, displayPath: "public")
        try writer.write([.text("index.html", "home"), .text("a.html", "page a")])
        let before = try folder.snapshot("public")
        let staging = try writer.beginStaging()
        staging.add("index.html", Data("new home".utf8))
        staging.add("index.html/inside.html", Data("x".utf8))  // a file where a folder must be
        #expect(throws: Diagnostic.self) { try staging.finish([.text("index.html", "new home")]) }
        #expect(try folder.snapshot("public") == before)
        #expect(!FileManager.default.fileExists(atPath: writer.stagingDirectory.path))
        // The lock was released: the next build writes.
        try writer.write([.text("index.html", "home 2")])
        #expect(try folder.read("public/index.html") == "home 2")
    }

    @Test("a page whose name the file system refuses fails the build naming that page, and the previous site stays")
    func tooLongNameNamesThePage() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("public")
        let writer = OutputWriter(directory: output, displayPath: "public")
        try writer.write([.text("index.html", "home")])
        let long = "documentation/lab/" + String(repeating: "x", count: 300) + "/index.html"
        for add in [true, false] {
            let staging = try writer.beginStaging()
            if add { staging.add(long, Data("page".utf8)) }
            let error = try #require(throws: Diagnostic.self) { try staging.finish(add ? [] : [.text(long, "page")]) }
            #expect(error.message.contains("cannot write '\(long)'"), "\(error.message)")
            #expect(error.message.contains("too long"), "\(error.message)")
        }
        // Control: the same page under a name of 240 characters is written.
        let short = "documentation/lab/" + String(repeating: "x", count: 240) + "/index.html"
        try writer.write([.text("index.html", "home"), .text(short, "page")])
        #expect(try folder.read("public/" + short) == "page")
    }
}
