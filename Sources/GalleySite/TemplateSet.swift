import Foundation
import GalleyMarkdown
import Mustache

/// The Mustache templates of a theme, parsed and checked.
///
/// A theme folder holds `layout.mustache` (required), optionally
/// `404.mustache`, any number of partials (any other `*.mustache`, named by
/// their path without extension: `partials/head`), and `assets/`, copied to
/// `public/assets/`. A syntax error or a reference to a missing partial fails
/// with the template's file and line.
public struct TemplateSet: Sendable {
    /// The template every page renders through.
    public static let layoutName = "layout"
    /// The template of `404.html`; the layout is used when absent.
    public static let notFoundName = "404"

    let library: MustacheLibrary
    /// The theme folder.
    public let directory: URL
    /// Files under `assets/`, relative to it.
    public let assets: [String]
    /// Whether the theme has its own `404.mustache`.
    public let hasNotFoundTemplate: Bool

    /// Loads and checks every template under `directory`.
    public static func load(from directory: URL, displayPath: String) throws(SiteErrors) -> TemplateSet {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SiteErrors([SiteError(
                "templates folder '\(displayPath)' does not exist",
                suggestion: "Create it with a layout.mustache, or pass --templates DIR"
            )])
        }
        var library = MustacheLibrary()
        var sources: [String: (display: String, text: String)] = [:]
        var errors: [SiteError] = []
        var unparsed: Set<String> = []
        var assets: [String] = []
        for path in FileTree.files(under: directory) {
            if path.hasPrefix("assets/") {
                assets.append(String(path.dropFirst("assets/".count)))
                continue
            }
            guard path.hasSuffix(".mustache") else { continue }
            let name = String(path.dropLast(".mustache".count))
            let display = "\(displayPath)/\(path)"
            do {
                let text = try SourceFile.readText(at: directory.appendingPathComponent(path), displayPath: display)
                library.register(try Self.parse(text, displayPath: display), named: name)
                sources[name] = (display, text)
            } catch {
                errors.append(error)
                unparsed.insert(name)
            }
        }
        if sources[layoutName] == nil && !unparsed.contains(layoutName) {
            errors.append(SiteError(
                "missing template '\(displayPath)/\(layoutName).mustache'",
                suggestion: "Every theme needs a layout.mustache; copy the one from Galley's templates/"
            ))
        }
        for (_, source) in sources.sorted(by: { $0.key < $1.key }) {
            for reference in Self.partialReferences(in: source.text) where sources[reference.name] == nil && !unparsed.contains(reference.name) {
                errors.append(SiteError(
                    "missing partial '\(reference.name)' (no file \(displayPath)/\(reference.name).mustache)",
                    at: SourceLocation(path: source.display, line: reference.line),
                    suggestion: "Create the partial or fix its name"
                ))
            }
        }
        if !errors.isEmpty { throw SiteErrors(errors) }
        return TemplateSet(
            library: library, directory: directory, assets: assets.sorted(),
            hasNotFoundTemplate: sources[notFoundName] != nil
        )
    }

    /// Renders the template `name` with `context`.
    func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    private static func parse(_ text: String, displayPath: String) throws(SiteError) -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            throw SiteError(
                "Mustache syntax error: \(describe(error.error)) near `\(error.context.line.trimmingCharacters(in: .whitespaces))`",
                at: SourceLocation(path: displayPath, line: error.context.lineNumber, column: error.context.columnNumber),
                suggestion: "Check that every {{#section}} has its {{/section}} and every tag is closed"
            )
        } catch {
            throw SiteError("Mustache syntax error: \(error)", at: SourceLocation(path: displayPath))
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
