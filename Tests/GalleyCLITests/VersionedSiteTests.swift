import Foundation
import GalleyTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `galley build --versions`: every tag of a package's git history built in
/// a folder of its own, verified against its own library, then assembled.
/// These build the fixture package once per version: slow, so few.
@Suite("A versioned site", .serialized)
struct VersionedSiteTests {
    /// A git repository of the `PackageDocs` fixture with three tags:
    /// - `1.0.0`: `Rectangle` with a `perimeter`, and an article's sample that prints it;
    /// - `2.0.0`: `perimeter` removed (the article still uses it), `scaled(by:)` added,
    ///   `area` deprecated, the initializer's parameters given defaults;
    /// - `0.9.0` (on a side commit): a library that does not compile.
    static func repository() throws -> TemporaryDirectory {
        let package = try PackageRootTests.fixture()
        try git(["init", "-q", "-b", "main"], in: package)
        let rectangle = try package.read("Library/Shapes/Rectangle.swift")
        try package.write(
            "Library/Shapes/Rectangle.swift",
            rectangle
                + "\nextension Rectangle {\n    /// The length around the rectangle.\n    public var perimeter: Int { 2 * (width + height) }\n}\n")
        let article = try package.read("Library/Shapes/Shapes.docc/GettingStarted.md")
        try package.write(
            "Library/Shapes/Shapes.docc/GettingStarted.md",
            article + "\n## Around\n\n```swift\nlet square = Rectangle(width: 3, height: 3)\nprint(square.perimeter) // Prints \"12\"\n```\n")
        try commit("1.0", in: package)
        try git(["tag", "1.0.0"], in: package)
        try package.write(
            "Library/Shapes/Rectangle.swift",
            rectangle.replacingOccurrences(of: "public init(width: Int, height: Int)", with: "public init(width: Int = 1, height: Int = 1)")
                .replacingOccurrences(
                    of: "    /// The area, computed by the C target.\n",
                    with: "    /// The area, computed by the C target.\n    @available(*, deprecated, message: \"Use the C function\")\n")
                + "\nextension Rectangle {\n    /// Both sides multiplied by `factor`.\n    public func scaled(by factor: Int) -> Rectangle { Rectangle(width: width * factor, height: height * factor) }\n}\n"
        )
        try commit("2.0", in: package)
        try git(["tag", "2.0.0"], in: package)
        try git(["checkout", "-q", "-b", "old", "1.0.0"], in: package)
        try package.write("Library/Shapes/Rectangle.swift", rectangle + "\npublic let broken: Int = \"not a number\"\n")
        try commit("0.9", in: package)
        try git(["tag", "0.9.0"], in: package)
        try git(["checkout", "-q", "main"], in: package)
        return package
    }

    static func commit(_ message: String, in package: TemporaryDirectory) throws {
        try git(["add", "-A"], in: package)
        try git(["-c", "user.name=Galley Tests", "-c", "user.email=tests@galley.invalid", "commit", "-q", "-m", message], in: package)
    }

    static func git(_ arguments: [String], in package: TemporaryDirectory) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", package.url.path] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
    }

    /// The switcher's link to `version` on the page at `path` of the site.
    static func switcherLink(to version: String, on path: String, in package: TemporaryDirectory) throws -> String? {
        let html = try package.read("public/\(path)")
        guard let range = html.range(of: "data-version=\"\(version)\"") else { return nil }
        let before = html[..<range.lowerBound]
        guard let href = before.range(of: "href=\"", options: .backwards) else { return nil }
        return String(before[href.upperBound...].prefix { $0 != "\"" })
    }

    @Test("each tag is built from its own files and verified against its own library; the switcher lands on the same page or the nearest")
    func everyVersionBuiltAndSwitched() throws {
        let package = try Self.repository()
        defer { package.remove() }
        let build = try GalleyExecutable.run(["build", "--versions"], in: package.url)
        #expect(build.status == 0, "\(build.standardError)\n\(build.standardOutput)")

        // Each version at DocC's paths, in its own folder; the newest release again at latest/, the root sending there.
        for folder in ["0.9.0", "1.0.0", "2.0.0", "latest"] {
            #expect(package.exists("public/\(folder)/documentation/shapes/rectangle/index.html") || folder == "0.9.0", "\(folder)")
            #expect(package.exists("public/\(folder)/Shapes/GettingStarted.html"), "\(folder)")
        }
        #expect(package.exists("public/1.0.0/documentation/shapes/rectangle/perimeter/index.html"))
        #expect(!package.exists("public/2.0.0/documentation/shapes/rectangle/perimeter/index.html"))
        #expect(try package.read("public/index.html").contains("url=latest/index.html"))
        #expect(try package.read("public/latest/index.html").contains("Version <strong>2.0.0</strong> (latest)"))

        // The same page where the other version has it, else the nearest page above it.
        let area = "documentation/shapes/rectangle/area/index.html"
        #expect(try Self.switcherLink(to: "1.0.0", on: "2.0.0/\(area)", in: package) == "../../../../../1.0.0/\(area)")
        let perimeter = "1.0.0/documentation/shapes/rectangle/perimeter/index.html"
        #expect(try Self.switcherLink(to: "2.0.0", on: perimeter, in: package) == "../../../../../2.0.0/documentation/shapes/rectangle/index.html")
        #expect(try Self.switcherLink(to: "1.0.0", on: "latest/Shapes/GettingStarted.html", in: package) == "../../1.0.0/Shapes/GettingStarted.html")
        #expect(try package.read("public/2.0.0/documentation/shapes/rectangle/scaled(by:)/index.html").contains("Since 2.0.0"))

        // Each version's samples against its own library: the article's perimeter sample passes in 1.0.0 and fails in 2.0.0.
        #expect(build.standardOutput.contains("1.0.0 (") && build.standardOutput.contains("samples: 5 passed, 0 failed"), "\(build.standardOutput)")
        #expect(build.standardOutput.contains("samples: 4 passed, 1 failed"), "\(build.standardOutput)")
        #expect(
            build.standardOutput.contains(
                "GettingStarted.md:37: it uses Rectangle.perimeter, which 2.0.0 removed or changed: does not compile: value of type 'Rectangle' has no member 'perimeter'"
            ),
            "\(build.standardOutput)")

        // A version whose library does not build is published, its samples unverified and its pages saying so.
        #expect(build.standardOutput.contains("0.9.0 (") && build.standardOutput.contains("samples NOT verified"), "\(build.standardOutput)")
        let old = try package.read("public/0.9.0/Shapes/GettingStarted.html")
        #expect(old.contains("class=\"version-note\""), "the note on its pages")
        #expect(!old.contains("✓ Verified") && old.contains("Not verified"), "no sample of it shown as verified")
        #expect(try package.read("public/2.0.0/Shapes/GettingStarted.html").contains("(unverified)"), "the switcher marks it")

        // The changes page against the version before, and an independent diff of the two symbol graphs.
        let changes = try package.read("public/2.0.0/changes.html")
        let expected = try Self.graphDiff(older: "1.0.0", newer: "2.0.0", in: package)
        #expect(expected.added == ["Rectangle.scaled(by:)"] && expected.removed == ["Rectangle.perimeter"], "\(expected)")
        for name in expected.added { #expect(changes.contains(">\(name)</a>"), "added \(name)") }
        for name in expected.removed {
            #expect(changes.contains("../1.0.0/documentation/shapes/rectangle/perimeter/index.html\">\(name)</a>"), "removed \(name)")
        }
        #expect(changes.contains("<h2 id=\"added\">Added (\(expected.added.count))</h2>"))
        #expect(changes.contains("<h2 id=\"removed\">Removed (\(expected.removed.count))</h2>"))
        #expect(changes.contains("<h2 id=\"deprecated\">Deprecated (1)</h2>") && changes.contains(">Rectangle.area</a>"))
        #expect(changes.contains("- init(width: Int, height: Int)\n+ init(width: Int = 1, height: Int = 1)"))
        #expect(changes.contains("Shapes/GettingStarted.html#L37"), "the regression links its line")

        // Built again: every version reused. A new tag: that version alone is built.
        let again = try GalleyExecutable.run(["build", "--versions"], in: package.url)
        #expect(again.standardOutput.contains("Assembled 3 versions (3 reused, 0 programs compiled)"), "\(again.standardOutput)")
        try package.write("Library/Shapes/Shapes.docc/Shapes.md", try package.read("Library/Shapes/Shapes.docc/Shapes.md") + "\nMore.\n")
        try Self.commit("2.1", in: package)
        try Self.git(["tag", "2.1.0"], in: package)
        let added = try GalleyExecutable.run(["build", "--versions"], in: package.url)
        #expect(added.status == 0, "\(added.standardOutput)")
        #expect(
            added.standardOutput.contains("2.1.0 (") && added.standardOutput.contains("Assembled 4 versions (3 reused, "), "\(added.standardOutput)")
        #expect(try package.read("public/latest/index.html").contains("Version <strong>2.1.0</strong> (latest)"))
    }

    @Test("a version built alone (a CI job of its own) is assembled later; assembling with one missing names it")
    func versionsBuiltAloneAndAssembled() throws {
        let package = try Self.repository()
        defer { package.remove() }
        try package.write("galley.yml", "versions:\n  tags: [\"1.*\", \"2.*\"]\n")
        let base = ["--base-url", "https://example.org/shapes/"]
        let one = try GalleyExecutable.run(["build", "--version", "1.0.0"] + base, in: package.url)
        #expect(one.status == 0, "\(one.standardError)\n\(one.standardOutput)")
        #expect(!package.exists("public/index.html"), "one version alone writes no site")
        let early = try GalleyExecutable.run(["build", "--versions", "--assemble"] + base, in: package.url)
        #expect(early.status == 1)
        #expect(early.standardError.contains("1 version is not built with these settings: 2.0.0"), "\(early.standardError)")
        #expect(try GalleyExecutable.run(["build", "--version", "2.0.0"] + base, in: package.url).status == 0)
        let other = try GalleyExecutable.run(["build", "--versions", "--assemble"], in: package.url)
        #expect(other.status == 1, "built for another base URL, so not these settings: \(other.standardOutput)")
        let assembled = try GalleyExecutable.run(["build", "--versions", "--assemble"] + base, in: package.url)
        #expect(assembled.status == 0, "\(assembled.standardError)")
        #expect(assembled.standardOutput.contains("Assembled 2 versions (2 reused, 0 programs compiled)"), "\(assembled.standardOutput)")
        #expect(!package.exists("public/0.9.0"), "galley.yml's versions leave 0.9.0 out")

        // Canonical links and the sitemap point at the newest release, at the same page or the nearest.
        let perimeter = try package.read("public/1.0.0/documentation/shapes/rectangle/perimeter/index.html")
        #expect(perimeter.contains("<link rel=\"canonical\" href=\"https://example.org/shapes/latest/documentation/shapes/rectangle/index.html\">"))
        let sitemap = try package.read("public/sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/shapes/latest/documentation/shapes/rectangle/index.html</loc>"))
        #expect(!sitemap.contains("/1.0.0/"), "only the newest release is in the sitemap")
        let unknown = try GalleyExecutable.run(["build", "--version", "9.9.9"], in: package.url)
        #expect(unknown.status == 1 && unknown.standardError.contains("the repository has no tag or branch '9.9.9'"), "\(unknown.standardError)")
    }

    /// The public symbols added and removed between two versions, read from
    /// the symbol graphs their builds extracted (not from Galley's snapshot):
    /// by precise identifier, named by their path.
    static func graphDiff(older: String, newer: String, in package: TemporaryDirectory) throws -> (added: [String], removed: [String]) {
        func symbols(_ version: String) throws -> [String: String] {
            let tree = package.url.appendingPathComponent(".build/galley/versions/\(version)/tree/.build")
            var found: [String: String] = [:]
            let files = FileManager.default.enumerator(at: tree, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where file.lastPathComponent == "Shapes.symbols.json" {
                let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
                for symbol in graph?["symbols"] as? [[String: Any]] ?? [] {
                    let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String
                    guard symbol["accessLevel"] as? String == "public", kind != "swift.extension",
                        let id = (symbol["identifier"] as? [String: Any])?["precise"] as? String,
                        let path = symbol["pathComponents"] as? [String]
                    else { continue }
                    found[id] = path.joined(separator: ".")
                }
            }
            #expect(!found.isEmpty, "the symbol graph of \(version)")
            return found
        }
        let before = try symbols(older)
        let after = try symbols(newer)
        return (
            after.filter { before[$0.key] == nil }.map(\.value).sorted(),
            before.filter { after[$0.key] == nil }.map(\.value).sorted()
        )
    }

    @Test("a package in a folder of its repository is built from that folder of each version's files")
    func packageInAFolderOfItsRepository() throws {
        let repository = try TemporaryDirectory()
        defer { repository.remove() }
        let package = try PackageRootTests.fixture()
        defer { package.remove() }
        try FileManager.default.createDirectory(at: repository.url.appendingPathComponent("Packages"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: package.url, to: repository.url.appendingPathComponent("Packages/Shapes"))
        try repository.write("README.md", "Two things in one repository.\n")
        try Self.git(["init", "-q", "-b", "main"], in: repository)
        try Self.commit("1.0", in: repository)
        try Self.git(["tag", "1.0.0"], in: repository)
        let build = try GalleyExecutable.run(["build", "--versions"], in: repository.url.appendingPathComponent("Packages/Shapes"))
        #expect(build.status == 0, "\(build.standardError)\n\(build.standardOutput)")
        #expect(build.standardOutput.contains("samples: 4 passed, 0 failed"), "\(build.standardOutput)")
        #expect(repository.exists("Packages/Shapes/public/1.0.0/documentation/shapes/rectangle/index.html"))
    }

    @Test("galley serve --versions serves every version and rebuilds only the checked-out one on save, its switcher filled")
    func previewRebuildsTheCheckedOutVersion() throws {
        let package = try Self.repository()
        defer { package.remove() }
        let process = Process()
        process.executableURL = try GalleyExecutable.url()
        process.arguments = ["serve", "--versions", "--port", "0"]
        process.currentDirectoryURL = package.url
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
        }
        var text = ""
        while !text.contains("watching for changes"), process.isRunning {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let address = String(try #require(text.firstMatch(of: /at (http:\/\/127\.0\.0\.1:\d+\/)/)?.1, "\(text)"))
        #expect(text.contains("The checked-out files are version 2.0.0, at 2.0.0/"), "main is at the commit of tag 2.0.0: \(text)")
        let page = "2.0.0/Shapes/GettingStarted.html"
        let served = try Self.fetch(address + page)
        #expect(served.contains("nav class=\"version-switcher\"") && !served.contains("<!--galley:versions-->"), "the live build's slot is filled")
        #expect(try Self.fetch(address).contains("url=latest/index.html"))

        try package.write(
            "Library/Shapes/Shapes.docc/GettingStarted.md",
            try package.read("Library/Shapes/Shapes.docc/GettingStarted.md") + "\nEdited while served.\n")
        var edited = ""
        for _ in 0..<300 where !edited.contains("Edited while served.") {
            usleep(200_000)
            edited = (try? Self.fetch(address + page)) ?? ""
        }
        #expect(edited.contains("Edited while served."), "the checked-out version is rebuilt on save")
        #expect(edited.contains("data-version=\"1.0.0\""), "its switcher still lists the other versions")
        #expect(!(try Self.fetch(address + "1.0.0/Shapes/GettingStarted.html")).contains("Edited while served."), "the other versions stay as built")

        // What the preview built from the edited files never stands for the tag: a build builds 2.0.0 again from git.
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let build = try GalleyExecutable.run(["build", "--versions"], in: package.url)
        #expect(build.standardOutput.contains("Assembled 3 versions (2 reused"), "\(build.standardOutput)")
        #expect(!(try package.read("public/2.0.0/Shapes/GettingStarted.html")).contains("Edited while served."))
    }

    /// The body of `address`, fetched over HTTP.
    static func fetch(_ address: String) throws -> String {
        let url = try #require(URL(string: address))
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var body: String?
        URLSession.shared.dataTask(with: url) { data, _, _ in
            body = data.map { String(decoding: $0, as: UTF8.self) }
            done.signal()
        }.resume()
        done.wait()
        return try #require(body, "no answer from \(address)")
    }
}
