import GalleyCore
import GalleyProject
import Testing

@Suite("DocC tutorial files as pages")
struct TutorialFilesTests {
    /// A catalog's files as the loader hands them over: read when a step shows them.
    static func files(_ texts: [String: String]) -> [String: () -> String?] {
        texts.mapValues { text in { text } }
    }

    @Test("a table of contents is at tutorials/<file>/, a tutorial at tutorials/<catalog>/<file>/, names lowercased with spaces as -")
    func paths() throws {
        let toc = try #require(
            TutorialFiles.page(
                for: "Mod/Tutorials/Table of Contents.tutorial", displayPath: "Mod.docc/Tutorials/Table of Contents.tutorial",
                text: "@Tutorials(name: \"Mod\") {\n  @Intro(title: \"Meet Mod\") {\n    Hi.\n  }\n}\n", module: "Mod", files: [:],
                catalogDisplayPath: "Mod.docc"))
        #expect(toc.url == "tutorials/table-of-contents/index.html")
        #expect(toc.title == "Meet Mod", "titled by its intro, the heading it shows")
        #expect(toc.tutorial?.role == .tableOfContents)
        let tutorial = try #require(
            TutorialFiles.page(
                for: "Mod/Tutorials/Mod By Example.tutorial", displayPath: "Mod.docc/Tutorials/Mod By Example.tutorial",
                text: "@Tutorial(time: 5) {\n  @Intro(title: \"Start Here\") {\n    Hi.\n  }\n}\n", module: "swift-mod", files: [:],
                catalogDisplayPath: "Mod.docc"))
        #expect(tutorial.url == "tutorials/swift-mod/mod-by-example/index.html")
        #expect(tutorial.title == "Start Here")
        // A file that is none of DocC's three kinds is no page.
        let other = TutorialFiles.page(
            for: "Mod/Notes.tutorial", displayPath: "Mod.docc/Notes.tutorial", text: "Just notes.\n", module: "Mod", files: [:],
            catalogDisplayPath: "Mod.docc")
        #expect(other == nil)
    }

    @Test(
        "a step's file is found by name, nearest the tutorial first; its changes are against the section's previous step of that name, previousFile: or nothing after reset: true"
    )
    func changes() throws {
        let text = """
            @Tutorial(time: 5) {
              @Intro(title: "Steps") {
                Hi.
              }
              @Section(title: "One") {
                @Steps {
                  @Step {
                    First.
                    @Code(name: "main.swift", file: main.0.swift)
                  }
                  @Step {
                    Second.
                    @Code(name: "main.swift", file: main.1.swift)
                  }
                  @Step {
                    Again, afresh.
                    @Code(name: "main.swift", file: main.2.swift, reset: true)
                  }
                }
              }
              @Section(title: "Two") {
                @Steps {
                  @Step {
                    A new section starts afresh.
                    @Code(name: "main.swift", file: main.2.swift)
                  }
                  @Step {
                    Against a named file.
                    @Code(name: "main.swift", file: main.3.swift, previousFile: main.0.swift)
                  }
                  @Step {
                    Missing.
                    @Code(name: "main.swift", file: gone.swift)
                  }
                }
              }
            }
            """
        let files = Self.files([
            "Tutorials/Resources/main.0.swift": "let a = 1\n",
            "Elsewhere/main.0.swift": "let far = 0\n",
            "Tutorials/Resources/main.1.swift": "let a = 1\nprint(a)\n",
            "Tutorials/Resources/main.2.swift": "let a = 2\nprint(a)\n",
            "Tutorials/Resources/main.3.swift": "let a = 1\nlet b = 2\n",
        ])
        let page = try #require(
            TutorialFiles.page(
                for: "Tutorials/Steps.tutorial", prefix: "Mod", displayPath: "Mod.docc/Tutorials/Steps.tutorial", text: text, module: "Mod",
                files: files, catalogDisplayPath: "Mod.docc"))
        let codes = try #require(page.tutorial?.codes)
        #expect(
            codes.map(\.path) == [
                "Mod.docc/Tutorials/Resources/main.0.swift", "Mod.docc/Tutorials/Resources/main.1.swift", "Mod.docc/Tutorials/Resources/main.2.swift",
                "Mod.docc/Tutorials/Resources/main.2.swift", "Mod.docc/Tutorials/Resources/main.3.swift", nil,
            ])
        #expect(codes.map(\.section) == [0, 0, 0, 1, 1, 1])
        #expect(codes.map(\.changedLines) == [[], [2], [], [], [2], []])
        #expect(codes[5].text == nil, "a file the catalog does not have is shown as missing")
        #expect(page.tutorial?.code(atLine: codes[1].line)?.file == "main.1.swift")
        #expect(page.sourcePath == "Mod/Tutorials/Steps.tutorial", "in the site, under its catalog's section")
        // Its sections are its table of contents, by the ids its markup gives them.
        #expect(page.tableOfContents.map(\.text) == ["One", "Two"])
        #expect(page.tableOfContents.map(\.id) == ["one", "two"])
    }

    @Test("a table of contents' @TutorialReference that names no tutorial is a broken link at its line; one that names a tutorial is not")
    func tutorialReferences() throws {
        let toc = try #require(
            TutorialFiles.page(
                for: "Tutorials/Contents.tutorial", prefix: "Mod", displayPath: "Mod.docc/Tutorials/Contents.tutorial",
                text: "@Tutorials(name: \"Mod\") {\n  @Chapter(name: \"One\") {\n    @TutorialReference(tutorial: \"doc:First-Steps\")\n"
                    + "    @TutorialReference(tutorial: \"doc:Second-Steps\")\n  }\n}\n",
                module: "Mod", files: [:], catalogDisplayPath: "Mod.docc"))
        let first = try #require(
            TutorialFiles.page(
                for: "Tutorials/First Steps.tutorial", prefix: "Mod", displayPath: "Mod.docc/Tutorials/First Steps.tutorial",
                text: "@Tutorial(time: 5) {\n  @Intro(title: \"First\") {\n    Hi.\n  }\n}\n", module: "Mod", files: [:],
                catalogDisplayPath: "Mod.docc"))
        let problems = LinkChecker(pages: [toc, first], files: []).check(toc)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.message.contains("broken tutorial reference 'doc:Second-Steps'") == true, "\(problems)")
        #expect(problems.first?.location == SourceLocation(path: "Mod.docc/Tutorials/Contents.tutorial", line: 4))
    }
}
