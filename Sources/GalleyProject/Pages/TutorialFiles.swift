import GalleyCore
import GalleyMarkdown

/// Reads a DocC catalog's tutorial files (`.tutorial`) as pages, each at
/// the path DocC gives it: a table of contents (`@Tutorials`) at
/// `tutorials/<file name>/`, a tutorial or a tutorial article at
/// `tutorials/<catalog>/<file name>/`, the names lowercased with spaces as
/// `-` (`SwiftSyntax By Example.tutorial` → `tutorials/swiftsyntax/swiftsyntax-by-example/`).
///
/// A step's `@Code(name:file:)` file is found by its name among the
/// catalog's files, nearest the tutorial first (DocC looks in the whole
/// catalog too), and read.
///
/// ```swift
/// let page = TutorialFiles.page(for: "Tutorials/Start.tutorial", displayPath: "Mod.docc/Tutorials/Start.tutorial",
///     text: "@Tutorial(time: 5) { … }", module: "Mod", files: [:], catalogDisplayPath: "Mod.docc")
/// page?.url   // "tutorials/mod/start/index.html"
/// ```
public enum TutorialFiles {
    /// The page of the tutorial file at `path` (relative to its catalog;
    /// its source path in the site is under `prefix`, its catalog's section),
    /// with its text, in the catalog named `module` (``DocCCatalog/displayName``); `files` are the catalog's
    /// other files by their path relative to the catalog, read when a step
    /// shows them. `nil` when the file is none of DocC's three kinds.
    public static func page(
        for path: String, prefix: String = "", displayPath: String, text: String, module: String, files: [String: () -> String?],
        catalogDisplayPath: String
    ) -> Page? {
        let document = MarkdownDocument(parsing: text)
        let top = document.directives.filter { $0.parent == nil }
        let role: TutorialPage.Role
        let title: String
        if let toc = top.first(where: { $0.name == "Tutorials" }) {
            role = .tableOfContents
            // Its intro's title is its heading; its name alone ("SwiftSyntax") would read as the module's page.
            title = intro(of: toc, in: document) ?? toc.argument("name") ?? fileName(path)
        } else if let tutorial = top.first(where: { $0.name == "Tutorial" || $0.name == "Article" }) {
            role = tutorial.name == "Tutorial" ? .tutorial : .article
            title = intro(of: tutorial, in: document) ?? fileName(path)
        } else {
            return nil
        }
        let sourcePath = prefix.isEmpty ? path : "\(prefix)/\(path)"
        var page = Page(sourcePath: sourcePath, displayPath: displayPath, frontMatter: FrontMatter(), document: document)
        page.title = title
        let slug = DocCPath.fileName(fileName(path), replacement: "-").lowercased()
        let folder = role == .tableOfContents ? "tutorials/\(slug)" : "tutorials/\(DocCPath.fileName(module, replacement: "-").lowercased())/\(slug)"
        page.url = folder + "/index.html"
        var tutorial = TutorialPage(role: role, codes: codes(in: document, tutorialPath: path, files: files, catalogDisplayPath: catalogDisplayPath))
        tutorial.sectionTitles = document.directives.filter { $0.name == "Section" }.map { $0.argument("title") ?? "" }
        // The headings `TutorialMarkup` writes, by the same slugs.
        tutorial.headings = document.directives.compactMap { directive in
            directive.tutorialHeading.map { Heading(level: 2, text: $0, id: SlugGenerator.baseSlug($0), line: directive.line) }
        }
        page.kind = .tutorial(tutorial)
        return page
    }

    /// The title of `directive`'s `@Intro`.
    private static func intro(of directive: Directive, in document: MarkdownDocument) -> String? {
        document.directives.first { $0.parent == directive.index && $0.name == "Intro" }?.argument("title")
    }

    /// `Tutorials/SwiftSyntax By Example.tutorial` → `SwiftSyntax By Example`.
    static func fileName(_ path: String) -> String {
        Page.stripMarkdownExtension(String(path.split(separator: "/").last ?? Substring(path)))
    }

    /// Every `@Code` of `document`, its file found and read, its changed
    /// lines against the section's previous file of the same name.
    private static func codes(
        in document: MarkdownDocument, tutorialPath: String, files: [String: () -> String?], catalogDisplayPath: String
    ) -> [TutorialPage.Code] {
        let byName = Dictionary(grouping: files.keys) { String($0.split(separator: "/").last ?? "").lowercased() }
        let tutorialFolder = tutorialPath.split(separator: "/").dropLast().joined(separator: "/")
        // The catalog's file of that name nearest the tutorial (DocC finds them anywhere in the catalog).
        func nearest(_ name: String) -> String? {
            (byName[name.lowercased()] ?? []).min { a, b in
                let (nearA, nearB) = (nearness(a, to: tutorialFolder), nearness(b, to: tutorialFolder))
                return nearA != nearB ? nearA > nearB : a < b
            }
        }
        // Each directive's section, by its order in the tutorial (-1 outside sections).
        let sections = document.directives.filter { $0.name == "Section" }.map(\.index)
        func section(of directive: Directive) -> Int {
            var parent = directive.parent
            while let index = parent, !sections.contains(index) { parent = document.directives[index].parent }
            return parent.flatMap { sections.firstIndex(of: $0) } ?? -1
        }
        var latest: [String: String] = [:]
        var currentSection = Int.min
        var codes: [TutorialPage.Code] = []
        for directive in document.directives where directive.name == "Code" {
            let file = directive.argument("file") ?? ""
            let name = directive.argument("name") ?? file
            let inSection = section(of: directive)
            if inSection != currentSection {
                latest = [:]
                currentSection = inSection
            }
            var code = TutorialPage.Code(name: name, file: file, line: directive.line, section: inSection)
            if let found = nearest(file) {
                code.path = catalogDisplayPath + "/" + found
                code.text = files[found]?()
            }
            if let text = code.text {
                // `reset: true` starts the file afresh; `previousFile:` names the file to compare with.
                let previous =
                    directive.argument("reset") == "true"
                    ? nil
                    : directive.argument("previousFile").flatMap { previous in
                        nearest(previous).flatMap { files[$0]?() }
                    } ?? latest[name]
                code.changedLines = LineDiff.changedLines(from: previous, to: text)
                latest[name] = text
            }
            codes.append(code)
        }
        return codes
    }

    /// How many leading folders `path` shares with `folder`.
    private static func nearness(_ path: String, to folder: String) -> Int {
        zip(path.split(separator: "/").dropLast(), folder.split(separator: "/")).prefix { $0 == $1 }.count
    }
}
