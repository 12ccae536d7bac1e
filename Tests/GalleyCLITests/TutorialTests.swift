import Foundation
import GalleyTestSupport
import Testing

/// A package's DocC tutorials (`.tutorial` files): pages at DocC's paths,
/// each step's file shown with what it changed, each Swift step file checked.
/// These build the fixture package with SwiftPM: slow, so few.
@Suite("DocC tutorials in a package", .serialized)
struct TutorialTests {
    /// The fixture package with `Tests/Fixtures/Tutorials` as its catalog's
    /// `Tutorials/`: a table of contents and one tutorial of two sections (a
    /// manifest changed over two steps, a program over two, a terminal's
    /// output) and an assessment.
    static func package() throws -> TemporaryDirectory {
        let package = try PackageRootTests.fixture()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Tutorials")
        try FileManager.default.copyItem(at: fixture, to: package.url.appendingPathComponent("Library/Shapes/Shapes.docc/Tutorials"))
        // An article links to the tutorial by its name, and to the table of contents by DocC's path.
        let article = "Library/Shapes/Shapes.docc/GettingStarted.md"
        try package.write(article, try package.read(article) + "\nNext: <doc:Measuring-Shapes>, from <doc:/tutorials/table-of-contents>.\n")
        return package
    }

    @Test(
        "tutorials build as pages at DocC's paths: the table of contents links the tutorial, each step shows its file with the lines it changed marked"
    )
    func pages() throws {
        let package = try Self.package()
        defer { package.remove() }
        let build = try GalleyExecutable.run(["build"], in: package.url)
        #expect(build.status == 0, "\(build.standardError)\n\(build.standardOutput)")
        // DocC's paths: the table of contents by its file's name, a tutorial under the catalog's module.
        let toc = try package.read("public/tutorials/table-of-contents/index.html")
        let tutorial = try package.read("public/tutorials/shapes/measuring-shapes/index.html")
        #expect(toc.contains("<title>Meet Shapes"), "the table of contents is titled by its intro")
        #expect(
            toc.contains(
                "<p class=\"tutorial-reference\"><a href=\"../../tutorials/shapes/measuring-shapes/index.html\">Measure a Rectangle</a></p>"),
            "\(toc)")
        #expect(tutorial.contains("<h1 id=\"measure-a-rectangle\">Measure a Rectangle</h1>"))
        #expect(tutorial.contains("<p class=\"tutorial-time\">10 min</p>"))
        #expect(tutorial.contains("<h2 id=\"print-the-area\">Print the Area"))
        #expect(
            tutorial.contains("<li class=\"toc-item toc-level-2\"><a href=\"#print-the-area\">Print the Area</a></li>"),
            "the page's table of contents lists its sections")
        #expect(tutorial.contains("../../../Shapes/GettingStarted.html"), "a doc: link of a tutorial resolves like an article's")
        // The manifest's second step marks the lines it added; its first, nothing.
        let figures = tutorial.components(separatedBy: "<figure class=\"tutorial-code").dropFirst().map { $0.components(separatedBy: "</figure>")[0] }
        #expect(figures.count == 5, "\(figures)")
        #expect(!figures[0].contains("line-changed"), "the first step of a file marks nothing")
        #expect(
            figures[1].components(separatedBy: "<mark class=\"line-changed\">").count - 1 == 4,
            "dependencies: [ … ], and the target's line: \(figures[1])")
        #expect(figures[1].contains(".package(url:"))
        // A new section starts afresh: main.swift's first step marks nothing, its second the print.
        #expect(!figures[2].contains("line-changed"))
        let marked = figures[3].components(separatedBy: "<mark class=\"line-changed\">").dropFirst().map { $0.components(separatedBy: "</mark>")[0] }
        #expect(marked.count == 1 && marked[0].contains("print"), "\(figures[3])")
        // Swift step files are checked, and say what was done; the terminal's text is shown as it is.
        #expect(figures[2].contains("Parses · not compiled"), "an intermediate step is only parsed: \(figures[2])")
        #expect(figures[3].contains("✓ Builds · prints what the section shows"), "the section's end state is built and run: \(figures[3])")
        #expect(figures[4].contains("$ swift run\n6"), "\(figures[4])")
        #expect(tutorial.contains("type=\"radio\""))
        // Neither a tutorial file nor the tutorial's own source is published as a file.
        #expect(!package.exists("public/Shapes/Tutorials/Measuring Shapes.tutorial"))
        let article = try package.read("public/Shapes/GettingStarted.html")
        #expect(article.contains("<a href=\"../tutorials/shapes/measuring-shapes/index.html\">Measure a Rectangle</a>"), "\(article)")
        #expect(article.contains("<a href=\"../tutorials/table-of-contents/index.html\">Meet Shapes</a>"), "\(article)")
        // Both pages are in the site's navigation.
        let home = try package.read("public/index.html")
        #expect(home.contains("tutorials/shapes/measuring-shapes/index.html"), "\(home)")
    }

    @Test("a syntax error in a tutorial's step file fails verify at the step file's line, as the docs' error; the unbroken files pass the check")
    func brokenStep() throws {
        let package = try Self.package()
        defer { package.remove() }
        // Control: the tutorial as written has no failure, and its Swift step files are reported as checked.
        let clean = try GalleyExecutable.run(["verify", "--format", "json"], in: package.url)
        #expect(clean.status == 0, "\(clean.standardError)\n\(clean.standardOutput)")
        #expect(
            clean.standardOutput.contains("\"kind\" : \"step_file\"") || clean.standardOutput.contains("measure.main.1.swift"),
            "\(clean.standardOutput)")

        try package.write(
            "Library/Shapes/Shapes.docc/Tutorials/Resources/measure.main.1.swift",
            "import Shapes\n\nlet rectangle = Rectangle(width: 2, height: 3)\nprint(rectangle.area\n")
        let broken = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(broken.status == 1, "\(broken.standardOutput)")
        #expect(
            broken.standardOutput.contains("error: Library/Shapes/Shapes.docc/Tutorials/Resources/measure.main.1.swift:4:"),
            "\(broken.standardOutput)")
        #expect(broken.standardOutput.contains("expected ')'"), "\(broken.standardOutput)")
        // The build refuses to publish it.
        let build = try GalleyExecutable.run(["build"], in: package.url)
        #expect(build.status == 1)
    }

    /// The fixture's step file `name` in the package.
    static let resources = "Library/Shapes/Shapes.docc/Tutorials/Resources/"

    /// The verdicts on the tutorial's step files, by file name.
    static func stepVerdicts(in package: TemporaryDirectory) throws -> (verdicts: [String: [String: Any]], run: GalleyExecutable.Result) {
        let (samples, run) = try GalleyExecutable.verifiedSamples("Library/Shapes/Shapes.docc/Tutorials/Measuring Shapes.tutorial", in: package.url)
        var verdicts: [String: [String: Any]] = [:]
        for sample in samples where (sample["origin"] as? String) == "tutorial_step" {
            verdicts[String((sample["page"] as? String ?? "").split(separator: "/").last ?? "")] = sample
        }
        return (verdicts, run)
    }

    @Test(
        "each section's end state is built as a package against the documented package's checkout and run, its output compared with the terminal step; a warm run builds nothing"
    )
    func projects() throws {
        let package = try Self.package()
        defer { package.remove() }
        let (verdicts, run) = try Self.stepVerdicts(in: package)
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        // The manifest names Shapes by a URL the mirror does not hold: it was built against this checkout.
        #expect(verdicts["measure.main.1.swift"]?["status"] as? String == "passed", "\(verdicts)")
        #expect(verdicts["measure.main.1.swift"]?["output"] as? String == "6\n", "it ran, and printed what the terminal step shows")
        #expect(verdicts["measure.Package.1.swift"]?["status"] as? String == "passed")
        for intermediate in ["measure.main.0.swift", "measure.Package.0.swift"] {
            #expect(verdicts[intermediate]?["status"] as? String == "skipped")
            #expect((verdicts[intermediate]?["skipReason"] as? String)?.contains("an intermediate step") == true, "\(verdicts[intermediate] ?? [:])")
        }
        #expect(verdicts["measure.main.1.swift"]?["cached"] as? Bool == false)
        // Warm: the outcome is kept; nothing is built again.
        let warm = try Self.stepVerdicts(in: package)
        #expect(warm.verdicts["measure.main.1.swift"]?["cached"] as? Bool == true, "\(warm.verdicts)")
        #expect(warm.verdicts["measure.main.1.swift"]?["status"] as? String == "passed")
        // Turned off in galley.yml, step files are only parsed again.
        try package.write("galley.yml", "verify:\n  tutorial_projects: false\n")
        let off = try Self.stepVerdicts(in: package)
        #expect(off.verdicts["measure.main.1.swift"]?["status"] as? String == "skipped", "\(off.verdicts)")
    }

    @Test(
        "a compiler error in a section's end state fails at the step file's line as the docs' error; other output than the terminal step's too; a build that fails outside the step files is the environment's"
    )
    func projectFailures() throws {
        let package = try Self.package()
        defer { package.remove() }
        let main = Self.resources + "measure.main.1.swift"
        let original = try package.read(main)
        try package.write(main, original.replacingOccurrences(of: "rectangle.area", with: "rectangle.areaa"))
        let compile = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(compile.status == 1, "\(compile.standardOutput)")
        #expect(
            compile.standardOutput.contains(
                "error: \(main):4:17: the project of section 2 (\"Print the Area\") of Library/Shapes/Shapes.docc/Tutorials/Measuring Shapes.tutorial does not compile: value of type 'Rectangle' has no member 'areaa'"
            ), "\(compile.standardOutput)")
        try package.write(main, original)

        let console = Self.resources + "measure.console.0.txt"
        try package.write(console, "$ swift run\n7\n")
        let output = try GalleyExecutable.run(["verify"], in: package.url)
        #expect(output.status == 1, "\(output.standardOutput)")
        #expect(output.standardOutput.contains("prints other output than"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("expected:\n    7\n    printed:\n    6"), "\(output.standardOutput)")
        try package.write(console, "$ swift run\n6\n")

        // A dependency that cannot be fetched here: the project does not build, and that is not the docs' error.
        let manifest = Self.resources + "measure.Package.1.swift"
        try package.write(
            manifest,
            try package.read(manifest).replacingOccurrences(
                of: "from: \"1.0.0\")", with: "from: \"1.0.0\"),\n        .package(url: \"https://example.invalid/missing.git\", from: \"1.0.0\")"))
        let (verdicts, run) = try Self.stepVerdicts(in: package)
        #expect(run.status == 0, "the environment's failure is a warning: \(run.standardOutput)")
        #expect(verdicts["measure.main.1.swift"]?["status"] as? String == "failed")
        #expect(verdicts["measure.main.1.swift"]?["cause"] as? String == "environment", "\(verdicts["measure.main.1.swift"] ?? [:])")
        #expect((verdicts["measure.main.1.swift"]?["needs"] as? String)?.contains("does not build here") == true)
    }
}
