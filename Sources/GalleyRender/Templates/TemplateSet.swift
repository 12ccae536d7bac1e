import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyProject
import GalleyTheme
import Mustache

/// The Mustache templates of a theme, parsed and checked.
///
/// A theme is the built-in theme (``DefaultTheme``) with a site's
/// `templates/` folder laid over it file by file: a file the folder has
/// replaces the built-in file of the same path, a file it does not have comes
/// from the built-in theme, and its other files are added. A theme holds
/// `layout.mustache`, `404.mustache`, any number of partials (any other
/// `*.mustache`, named by their path without extension: `partials/head`), and
/// `assets/`, copied to `public/assets/`. A syntax error or a reference to a
/// missing partial fails with the template's file and line.
///
/// ```swift
/// let theme = try TemplateSet.load(from: projectURL.appendingPathComponent("templates"), displayPath: "templates")
/// theme.assets["galley.css"]   // .builtIn(…) bytes of the built-in theme, or .file(url) of templates/assets/galley.css
/// ```
public struct TemplateSet: Sendable {
    /// The template every page renders through.
    public static let layoutName = "layout"
    /// The template of `404.html`; the layout is used when absent.
    public static let notFoundName = "404"

    let library: MustacheLibrary
    /// The same templates compiled (``CompiledTemplate``), when every one of
    /// them could be; `nil` when not (swift-mustache renders them).
    let compiled: CompiledTemplate.Library?
    /// The site's theme folder (it need not exist).
    public let directory: URL
    /// The files under `assets/` by their path relative to it: a site's own
    /// files to copy, the built-in theme's as bytes.
    public let assets: [String: Source]
    /// Whether the theme has a `404.mustache`.
    public let hasNotFoundTemplate: Bool
    /// Whether a template walks the `nav` list itself (`{{#nav}}`); when none
    /// does, pages get only the pre-rendered `navigation` and the per-page
    /// list of every page is never built.
    public var usesNavList = true

    /// Loads and checks the theme: `builtIn` overridden by the files under
    /// `directory`.
    ///
    /// - Parameters:
    ///   - directory: the site's theme folder; when it does not exist the built-in theme is used alone.
    ///   - displayPath: how errors name `directory`.
    ///   - builtIn: the theme a missing file comes from, by path (``DefaultTheme/files``).
    ///   - requiresDirectory: whether a missing `directory` is an error (it was named on the command line).
    ///   - containment: where files may come from; a symbolic link out of it is an error.
    public static func load(
        from directory: URL, displayPath: String,
        builtIn: [String: Data] = DefaultTheme.files, requiresDirectory: Bool = false,
        containment: PathContainment? = nil
    ) throws(DiagnosticList) -> TemplateSet {
        let files = try themeFiles(
            from: directory, displayPath: displayPath, builtIn: builtIn, requiresDirectory: requiresDirectory, containment: containment)
        var theme = ThemeTemplates(reading: files.sources, displayPath: displayPath)
        let errors = files.containmentErrors + theme.errors + theme.referenceErrors(displayPath: displayPath)
        if !errors.isEmpty { throw DiagnosticList(errors) }
        // Compiled only when every template can be: one engine renders a whole page.
        let compiled = CompiledTemplate.Library(compiling: theme.templates.mapValues(\.text))
        if compiled == nil {
            // swift-mustache renders this theme: the built-in templates too.
            try theme.registerBuiltInTemplates()
        }
        var set = TemplateSet(
            library: theme.library, compiled: compiled, directory: directory, assets: theme.assets,
            hasNotFoundTemplate: theme.templates[notFoundName] != nil
        )
        set.usesNavList = usesNavList(theme.templates)
        return set
    }

    /// The theme's files by path — `builtIn`, with the files under
    /// `directory` laid over it — and an error for each file of `directory`
    /// that `containment` leaves out; throws when `directory` is a file, or
    /// is missing and `requiresDirectory`.
    private static func themeFiles(
        from directory: URL, displayPath: String, builtIn: [String: Data], requiresDirectory: Bool, containment: PathContainment?
    ) throws(DiagnosticList) -> (sources: [String: Source], containmentErrors: [Diagnostic]) {
        var sources: [String: Source] = builtIn.mapValues { .builtIn($0) }
        var containmentErrors: [Diagnostic] = []
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw DiagnosticList([
                    Diagnostic(
                        "templates folder '\(displayPath)' is a file, not a folder",
                        at: SourceLocation(path: displayPath),
                        suggestion:
                            "Move it away to use the built-in theme, or make it a folder of templates (galley init --theme DIR writes a copy of the built-in one)"
                    )
                ])
            }
            let entries = FileTree.entries(under: directory, includingSymbolicLinks: containment != nil)
            let problems = containment?.problems(of: entries, under: directory, displayPath: displayPath) ?? [:]
            for path in entries.map(\.path) {
                let url = directory.appendingPathComponent(path)
                if let problem = problems[path] {
                    containmentErrors.append(problem)
                    continue
                }
                // A dangling link is skipped, as before: only regular files are templates.
                guard FileManager.default.fileExists(atPath: url.path) else { continue }
                sources[path] = .file(url)
            }
        } else if requiresDirectory {
            throw DiagnosticList([
                Diagnostic(
                    "templates folder '\(displayPath)' does not exist",
                    suggestion:
                        "Check the --templates path, leave the option out to use the built-in theme, or create a copy of the built-in theme to edit with `galley init --theme DIR`"
                )
            ])
        }
        return (sources, containmentErrors)
    }

    /// Whether a template walks the `nav` list itself (see ``usesNavList``).
    private static func usesNavList(_ templates: [String: (display: String, text: String)]) -> Bool {
        templates.values.contains { template in
            ["{{#nav}}", "{{^nav}}", "{{nav}}", "{{#nav.", "{{ #nav", "{{# nav"].contains { template.text.contains($0) }
        }
    }

    /// A theme's templates as read from its files, before they are compiled.
    private struct ThemeTemplates {
        /// The templates swift-mustache has parsed: a site's own, and the
        /// built-in ones once ``registerBuiltInTemplates()`` ran.
        var library = MustacheLibrary()
        /// Every template's text and how errors name its file, by name.
        var templates: [String: (display: String, text: String)] = [:]
        /// The site's own templates; the built-in theme's are checked by Galley's tests, not on every build.
        var fromFolder: Set<String> = []
        /// What went wrong reading the files, in the order of their paths.
        var errors: [Diagnostic] = []
        /// The templates that could not be read or parsed.
        var unparsed: Set<String> = []
        /// The files under `assets/`, by their path relative to it.
        var assets: [String: Source] = [:]

        /// Reads the templates and assets of `sources` in the order of their
        /// paths, parsing a site's own templates now for their errors;
        /// errors name the site's files under `displayPath`.
        init(reading sources: [String: Source], displayPath: String) {
            for (path, source) in sources.sorted(by: { $0.key < $1.key }) {
                if path.hasPrefix("assets/") {
                    assets[String(path.dropFirst("assets/".count))] = source
                    continue
                }
                guard path.hasSuffix(".mustache") else { continue }
                let name = String(path.dropLast(".mustache".count))
                do throws(Diagnostic) {
                    let template = try read(source, path: path, name: name, displayPath: displayPath)
                    templates[name] = template
                } catch {
                    errors.append(error)
                    unparsed.insert(name)
                }
            }
        }

        /// The text of the template `name` at `path` from `source`, and how
        /// errors name its file; a site's own template is parsed by
        /// swift-mustache now, for its errors at their lines, and kept.
        private mutating func read(
            _ source: Source, path: String, name: String, displayPath: String
        ) throws(Diagnostic) -> (display: String, text: String) {
            switch source {
            case .file(let url):
                let display = "\(displayPath)/\(path)"
                let text = try SourceFile.readText(at: url, displayPath: display)
                library.register(try TemplateSet.parse(text, displayPath: display), named: name)
                fromFolder.insert(name)
                return (display, text)
            case .builtIn(let data):
                let display = "\(builtInDisplayPath)/\(path)"
                guard let decoded = String(validating: data, as: UTF8.self) else {
                    throw Diagnostic(
                        "file is not valid UTF-8", at: SourceLocation(path: display),
                        suggestion: "Rebuild galley after `make theme`")
                }
                return (display, decoded)
            }
        }

        /// The errors of what the templates refer to: a missing layout, a
        /// site template's missing partial, a cycle of partials.
        func referenceErrors(displayPath: String) -> [Diagnostic] {
            var errors: [Diagnostic] = []
            if templates[layoutName] == nil && !unparsed.contains(layoutName) {
                errors.append(
                    Diagnostic(
                        "missing template '\(displayPath)/\(layoutName).mustache'",
                        suggestion: "Every theme needs a layout.mustache; `galley init --theme DIR` writes a copy of the built-in one"
                    ))
            }
            for (name, template) in templates.sorted(by: { $0.key < $1.key }) where fromFolder.contains(name) {
                for reference in TemplateSet.partialReferences(in: template.text)
                where templates[reference.name] == nil && !unparsed.contains(reference.name) {
                    errors.append(
                        Diagnostic(
                            "missing partial '\(reference.name)' (no file \(displayPath)/\(reference.name).mustache)",
                            at: SourceLocation(path: template.display, line: reference.line),
                            suggestion: "Create the partial or fix its name"
                        ))
                }
            }
            // A cycle goes through a site's template (the built-in theme has none).
            if !fromFolder.isEmpty { errors += TemplateSet.partialCycles(in: templates) }
            return errors
        }

        /// Parses the built-in templates with swift-mustache too, for a theme
        /// that only swift-mustache can render; throws their errors.
        mutating func registerBuiltInTemplates() throws(DiagnosticList) {
            var errors: [Diagnostic] = []
            for (name, template) in templates.sorted(by: { $0.key < $1.key }) where !fromFolder.contains(name) {
                do throws(Diagnostic) {
                    library.register(try TemplateSet.parse(template.text, displayPath: template.display), named: name)
                } catch {
                    errors.append(error)
                }
            }
            if !errors.isEmpty { throw DiagnosticList(errors) }
        }
    }

    /// A partial that includes itself, directly or through others, would
    /// recurse until the stack overflows (swift-mustache has no depth limit):
    /// each cycle is an error at the first template of the chain, naming it.
    static func partialCycles(in templates: [String: (display: String, text: String)]) -> [Diagnostic] {
        var edges: [String: [(name: String, line: Int)]] = [:]
        for (name, template) in templates {
            edges[name] = partialReferences(in: template.text).filter { templates[$0.name] != nil }.map { ($0.name, $0.line) }
        }
        var errors: [Diagnostic] = []
        var reported: Set<String> = []
        for start in templates.keys.sorted() {
            // Depth-first search for a path from `start` back to itself.
            var stack: [(name: String, path: [String], line: Int)] = [(start, [start], 1)]
            var seen: Set<String> = []
            while let (name, path, _) = stack.popLast() {
                for edge in edges[name] ?? [] {
                    if edge.name == start {
                        let chain = path + [start]
                        let key = Set(chain).sorted().joined(separator: "\u{0}")
                        if reported.insert(key).inserted {
                            let first = edges[start]?.first { $0.name == (chain.count > 1 ? chain[1] : start) }
                            errors.append(
                                Diagnostic(
                                    "the partial '\(start)' includes itself: " + chain.map { "{{> \($0)}}" }.joined(separator: " → "),
                                    at: SourceLocation(path: templates[start]?.display ?? start, line: first?.line),
                                    suggestion: "Break the cycle: a partial may not include itself, directly or through other partials"
                                ))
                        }
                    } else if seen.insert(edge.name).inserted {
                        stack.append((edge.name, path + [edge.name], edge.line))
                    }
                }
            }
        }
        return errors
    }

    /// How errors name a file of the built-in theme: `(built-in theme)/layout.mustache`.
    static let builtInDisplayPath = "(built-in theme)"

    /// Where one file of a theme comes from.
    public enum Source: Sendable {
        /// The built-in theme's bytes.
        case builtIn(Data)
        /// A file of the site's theme folder.
        case file(URL)
    }

    /// Whether the theme renders through ``CompiledTemplate`` (it uses no
    /// Mustache feature that only swift-mustache has).
    var isCompiled: Bool { compiled != nil }

    /// Renders the template `name` with `context`.
    func render(_ name: String, _ context: TemplateValue) -> String {
        if let compiled {
            return compiled.render(name, context)
        }
        return library.render(context.any, withTemplate: name) ?? ""
    }

    private static func parse(_ text: String, displayPath: String) throws(Diagnostic) -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            if case .expectedSectionEnd = error.error as? MustacheTemplate.Error, let open = unclosedSection(in: text) {
                throw Diagnostic(
                    "Mustache syntax error: the section {{\(open.tag)}} opened here is never closed",
                    at: SourceLocation(path: displayPath, line: open.line, column: open.column),
                    suggestion: "Close it with {{/\(open.name)}}"
                )
            }
            throw Diagnostic(
                "Mustache syntax error: \(describe(error.error)) near `\(error.context.line.trimmingCharacters(in: .whitespaces))`",
                at: SourceLocation(path: displayPath, line: error.context.lineNumber, column: error.context.columnNumber),
                suggestion: "Check that every {{#section}} has its {{/section}} and every tag is closed"
            )
        } catch {
            throw Diagnostic("Mustache syntax error: \(error)", at: SourceLocation(path: displayPath))
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with the wrong name"
        case .unfinishedName: return "a tag is not closed"
        case .expectedSectionEnd: return "a section is never closed"
        case .invalidSetDelimiter: return "invalid set-delimiter tag"
        default: return "\(error)"
        }
    }

    /// The innermost `{{#name}}` or `{{^name}}` section of `text` that no
    /// `{{/name}}` closes, with where it opens (1-based line and column), for
    /// the error of a section left open (the parser only knows the file ended).
    /// Templates that change their delimiters are not followed.
    static func unclosedSection(in text: String) -> (tag: String, name: String, line: Int, column: Int)? {
        var open: [(tag: String, name: String, line: Int, column: Int)] = []
        for (index, line) in TextLines.split(text).enumerated() {
            var rest = line[...]
            while let start = rest.range(of: "{{") {
                let after = rest[start.upperBound...]
                guard let close = after.range(of: "}}") else { break }
                let tag = after[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
                let column = line.utf8.distance(from: line.startIndex, to: start.lowerBound) + 1
                if tag.hasPrefix("#") || tag.hasPrefix("^") {
                    open.append((tag, name, index + 1, column))
                } else if tag.hasPrefix("/"), let match = open.lastIndex(where: { $0.name == name }) {
                    open.removeSubrange(match...)
                }
                rest = after[close.upperBound...]
            }
        }
        return open.last
    }

    /// `{{> name}}` tags in `text`, with the line each is on.
    static func partialReferences(in text: String) -> [(name: String, line: Int)] {
        var references: [(String, Int)] = []
        for (index, line) in TextLines.split(text).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{>") {
                rest = rest[open.upperBound...]
                guard let close = rest.range(of: "}}") else { break }
                let name = rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                if !name.isEmpty { references.append((name, index + 1)) }
                rest = rest[close.upperBound...]
            }
        }
        return references
    }
}
