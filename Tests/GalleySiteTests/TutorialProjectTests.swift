import GalleyProject
import GalleySamples
import Testing

@testable import GalleyTutorials

/// The projects a tutorial's steps make: which end states are built, where
/// their files go, how the documented package is pointed at, what a
/// terminal step says the program prints.
@Suite("DocC tutorials' projects")
struct TutorialProjectTests {
    /// A tutorial page whose steps show `steps` (section, name, file, text) in order.
    static func tutorial(_ steps: [(Int, String, String, String)], titles: [String] = ["One", "Two", "Three"]) -> TutorialPage {
        var page = TutorialPage(
            role: .tutorial,
            codes: steps.enumerated().map { index, step in
                var code = TutorialPage.Code(name: step.1, file: step.2, line: 10 + index, section: step.0)
                code.text = step.3
                code.path = "Mod.docc/Resources/" + step.2
                return code
            })
        page.sectionTitles = titles
        return page
    }

    @Test(
        "a project is each section's end state once a manifest is shown: files carry over sections at their latest step, a transcript counts only after the last change"
    )
    func sections() {
        let page = Self.tutorial([
            (0, "console", "c.0.txt", "$ swift package init\n"),
            (1, "Package.swift", "Package.0.swift", "// 0"),
            (1, "Package.swift", "Package.1.swift", "// 1"),
            (2, "main.swift", "main.0.swift", "let a = 1"),
            (2, "Terminal", "c.1.txt", "$ swift run\n1\n"),
            (2, "main.swift", "main.1.swift", "print(1)"),
            (3, "Terminal", "c.2.txt", "$ swift run\n1\n"),
        ])
        let projects = TutorialProject.sections(of: page, tutorial: "Mod.docc/T.tutorial")
        // Section 0 shows no manifest yet; section 3 changes no file but shows a transcript of the same files.
        #expect(projects.map(\.section) == [1, 2, 3])
        #expect(projects[0].files.map(\.code.file) == ["Package.1.swift"], "the manifest at its section's last step")
        #expect(projects[1].files.map(\.code.file) == ["Package.1.swift", "main.1.swift"], "the manifest carries over")
        #expect(projects[1].transcript == nil, "main.swift changed after the terminal step: it shows an earlier state")
        #expect(projects[2].transcript?.file == "c.2.txt")
        #expect(projects[1].sectionName == "section 3 (\"Three\")")
        // Control: without a transcript, a section that changes nothing is no new project.
        let quiet = Self.tutorial([(0, "Package.swift", "P.swift", "// p"), (1, "Terminal", "t.txt", "$ ls\n")])
        #expect(TutorialProject.sections(of: quiet, tutorial: "T").map(\.section) == [0, 1])
        let none = Self.tutorial([(0, "Package.swift", "P.swift", "// p"), (1, "notes", "n.swift", "// n")])
        #expect(TutorialProject.sections(of: none, tutorial: "T").count == 2)
    }

    @Test("a transcript is a step shown by a name no project file has: Terminal, console, Console.txt; a YAML or Swift file is the project's")
    func transcripts() {
        func code(_ name: String, _ file: String) -> TutorialPage.Code { TutorialPage.Code(name: name, file: file, line: 1, section: 0) }
        #expect(TutorialProject.isTranscript(code("Terminal", "x.txt")))
        #expect(TutorialProject.isTranscript(code("Console.txt", "x.txt")))
        #expect(TutorialProject.isTranscript(code("console", "client.console.1.txt")))
        #expect(!TutorialProject.isTranscript(code("Sources/openapi.yaml", "client.openapi.yaml")))
        #expect(!TutorialProject.isTranscript(code("HelloWorld.proto", "hello.proto")))
        #expect(!TutorialProject.isTranscript(code("main.swift", "main.0.swift")))
    }

    /// The project of one section with files shown by `names`.
    static func project(_ names: [String]) -> TutorialProject {
        let page = Self.tutorial(names.map { (0, $0, $0.split(separator: "/").last.map(String.init) ?? $0, "// \($0)") })
        return TutorialProject.sections(of: page, tutorial: "T")[0]
    }

    @Test(
        "files go where the steps name them, a bare name into the only target's folder (Sources/ itself when the steps put files there); an unfilled test target gets an empty file"
    )
    func layout() throws {
        let targets = [ProjectLayout.Target(name: "App", type: "executable"), ProjectLayout.Target(name: "AppTests", type: "test")]
        let plain = try ProjectLayout.place(Self.project(["Package.swift", "main.swift"]), targets: targets).get()
        #expect(Set(plain.files.keys) == ["Package.swift", "Sources/App/main.swift"])
        #expect(plain.placeholders == ["Tests/AppTests/Placeholder.swift"])
        let flat = try ProjectLayout.place(Self.project(["Package.swift", "Sources/openapi.yaml", "main.swift"]), targets: targets).get()
        #expect(Set(flat.files.keys) == ["Package.swift", "Sources/openapi.yaml", "Sources/main.swift"])
        // The same file shown by its path, then by its name: the later step's is the file.
        let renamed = try ProjectLayout.place(
            Self.project(["Package.swift", "main.swift", "Sources/openapi.yaml", "openapi.yaml"]), targets: targets
        ).get()
        #expect(renamed.files["Sources/openapi.yaml"]?.name == "openapi.yaml")
        let reversed = try ProjectLayout.place(
            Self.project(["Package.swift", "main.swift", "openapi.yaml", "Sources/openapi.yaml"]), targets: targets
        ).get()
        #expect(reversed.files["Sources/openapi.yaml"]?.name == "Sources/openapi.yaml")
        let custom = try ProjectLayout.place(
            Self.project(["Package.swift", "main.swift"]), targets: [ProjectLayout.Target(name: "App", type: "executable", path: "Code")]
        ).get()
        #expect(Set(custom.files.keys) == ["Package.swift", "Code/main.swift"])
    }

    @Test("a project is not built, and says why, when a file's target is ambiguous, a target has no Swift file yet, or a file is outside the package")
    func notBuilt() {
        let two = [ProjectLayout.Target(name: "A", type: "regular"), ProjectLayout.Target(name: "B", type: "executable")]
        #expect(
            ProjectLayout.place(Self.project(["Package.swift", "main.swift"]), targets: two).failure?.reason
                == "the steps do not say which of the targets `A`, `B` `main.swift` is in")
        // Control: the same files by their paths are placed.
        #expect(ProjectLayout.place(Self.project(["Package.swift", "Sources/A/a.swift", "Sources/B/main.swift"]), targets: two).failure == nil)
        #expect(
            ProjectLayout.place(Self.project(["Package.swift", "Sources/openapi.yaml"]), targets: [two[1]]).failure?.reason
                == "the steps up to here show no Swift file of target `B`")
        #expect(ProjectLayout.place(Self.project(["Package.swift", "../x.swift"]), targets: [two[1]]).failure?.reason.contains("outside") == true)
    }

    @Test("the documented package's dependency, by URL or path, becomes a path to its checkout; other dependencies stay as written")
    func manifest() {
        let manifest = """
            dependencies: [
                .package(url: "https://github.com/swiftlang/swift-syntax.git", branch: "main"),
                .package(url: "https://github.com/apple/swift-argument-parser", from: "1.2.0"),
                .package(path: "../Shapes"),
            ],
            """
        let syntax = ManifestRewrite.pointing(manifest, identities: ["swift-syntax"]) { "/deps/\($0)" }
        #expect(syntax.identity == "swift-syntax")
        #expect(syntax.text.contains(".package(path: \"/deps/swift-syntax\"),\n"))
        #expect(syntax.text.contains(".package(url: \"https://github.com/apple/swift-argument-parser\", from: \"1.2.0\")"))
        #expect(!syntax.text.contains("branch"))
        let shapes = ManifestRewrite.pointing(manifest, identities: ["shapes"]) { "/deps/\($0)" }
        #expect(shapes.identity == "Shapes", "the identity as the manifest spells it names the folder")
        #expect(shapes.text.contains(".package(path: \"/deps/Shapes\")"))
        // A call over several lines keeps its lines, so the compiler's lines in the manifest are the step file's.
        let spread = ManifestRewrite.pointing(
            ".package(\n    url: \"https://github.com/a/Shapes.git\",\n    from: \"1.0.0\"\n),\nlet x = 1\n", identities: ["shapes"]
        ) {
            "/deps/\($0)"
        }
        #expect(spread.text == ".package(path: \"/deps/Shapes\"\n\n\n),\nlet x = 1\n")
        // Control: a package the manifest does not name changes nothing.
        let none = ManifestRewrite.pointing(manifest, identities: ["swift-nio"]) { "/deps/\($0)" }
        #expect(none.identity == nil && none.text == manifest)
    }

    @Test("a terminal step's expected output is what follows its last swift run, without SwiftPM's progress; compared whitespace aside")
    func terminal() {
        let text =
            "$ swift build\n[1/3] Compiling\n$ swift run\nBuilding for debugging...\n[4/8] Linking App\nBuild of product 'App' complete!\n[4, 5, 6]\nok\n"
        #expect(TerminalTranscript.expectedOutput(of: text) == "[4, 5, 6]\nok")
        #expect(TerminalTranscript.expectedOutput(of: "% swift run --package-path X\nHello\n% ls\nPackage.swift\n") == "Hello")
        #expect(TerminalTranscript.expectedOutput(of: "$ swift build\nBuild complete!\n") == nil, "nothing is run")
        #expect(TerminalTranscript.expectedOutput(of: "$ swift run\n") == nil, "nothing is shown")
        #expect(TerminalTranscript.matches("ok(Body(\n  message: \"Hi\"))", "ok(Body(message: \"Hi\"))\n"))
        #expect(!TerminalTranscript.matches("6", "7"))
    }
}

extension TutorialProjectTests {
    @Test("a section whose executable has no entry point yet compiled all of its code: only the linker's missing main says so")
    func entryPoint() {
        #expect(TutorialProjectBuilder.lacksEntryPoint("/usr/bin/ld.gold: error: undefined symbol 'RouteGuide_main' referenced in expression\n"))
        #expect(TutorialProjectBuilder.lacksEntryPoint("crt1.o: in function `_start': undefined reference to `main'\n"))
        // Controls: another undefined symbol is a real link failure.
        #expect(
            !TutorialProjectBuilder.lacksEntryPoint(
                "error: undefined symbol 'RouteGuide_main' referenced in expression\nundefined reference to `foo'\n"))
        #expect(!TutorialProjectBuilder.lacksEntryPoint("error: undefined symbol: $s4Shapes4areaSivg\n"))
        #expect(!TutorialProjectBuilder.lacksEntryPoint("error: undefined symbol: domain\n"))
        #expect(!TutorialProjectBuilder.lacksEntryPoint("error: link command failed with exit code 1\n"))
    }
}

extension TutorialProjectTests {
    @Test("a step file in several end states takes the gravest verdict: the docs' error, then a pass, then the environment's, which is never a pass")
    func precedence() throws {
        let source = SwiftFileSampleSource(path: "Mod.docc/Resources/main.swift", text: "print(1)\n", origin: .tutorialStep)
        let sample = try #require(source.samples().0.first)
        let parsed = StepFileVerdict.result(for: sample, syntaxError: nil)
        let project = Self.project(["Package.swift", "main.swift"])
        var verdict = TutorialProjectVerdicts.Verdict()
        verdict.add(ProjectOutcome(status: .environment, reason: "it does not build here: x"), project: project, file: sample.page)
        verdict.add(ProjectOutcome(status: .passed, reason: "it builds"), project: project, file: sample.page)
        #expect(verdict.judge(parsed).status == .passed, "it compiled in one end state")
        let error = ProjectOutcome.LocatedError(file: sample.page, line: 1, column: 7, message: "boom")
        verdict.add(ProjectOutcome(status: .failed, reason: "it does not compile", errors: [error]), project: project, file: sample.page)
        let failed = verdict.judge(parsed)
        #expect(failed.status == .failed && failed.cause == .docs && failed.failureLocation?.line == 1)
        // Control: the environment alone is a warning, not a pass.
        var alone = TutorialProjectVerdicts.Verdict()
        alone.add(ProjectOutcome(status: .environment, reason: "it does not build here: x"), project: project, file: sample.page)
        #expect(alone.judge(parsed).status == .failed && alone.judge(parsed).cause == .environment)
    }
}

extension Result {
    /// The failure, `nil` on success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
