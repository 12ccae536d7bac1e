import Foundation
import GalleyProject
import GalleyReference

/// The site for readers that are programs, as llmstxt.org lays it out:
/// `llms.txt`, the site's map (`# Title`, `> description`, then a section
/// per kind of page, one line per page: `- [Title](url.md): summary`), and
/// `llms-full.txt`, every page's Markdown copy (``MarkdownPages``) one after
/// the other. `llms: false` in `galley.yml` turns both off, with the copies.
///
/// ```swift
/// LLMsText.index(title: "Shapes", description: "", baseURL: nil, pages: pages)
/// // "# Shapes\n\n…\n\n## Articles\n\n- [Getting Started](documentation/shapes/gettingstarted/index.md): …"
/// ```
package enum LLMsText {
    /// The site's map, under the site root.
    package static let indexPath = "llms.txt"
    /// Every page's Markdown, under the site root.
    package static let fullPath = "llms-full.txt"

    /// The pages with a Markdown copy, in the order the files list them:
    /// the navigation's, then the symbols' pages of the API reference.
    package static func pages(of navigation: Navigation) -> [Page] {
        (navigation.pages + navigation.unlisted.filter(\.isSymbolPage)).filter(MarkdownPages.hasCopy)
    }

    /// The section of `llms.txt` that lists `page`.
    static func section(of page: Page) -> String {
        if page.reference != nil { return "API Reference" }
        if page.tutorial != nil { return "Tutorials" }
        return "Articles"
    }

    /// `llms.txt`: the site's title and description, then each section's
    /// pages (``pages(of:)``), each a link to its copy (absolute under
    /// `baseURL` when the site has one) and its summary.
    package static func index(title: String, description: String, baseURL: String?, pages: [Page]) -> String {
        var text = "# \(oneLine(title))\n\n"
        if !description.isEmpty { text += "> \(oneLine(description))\n\n" }
        text += "Each link leads to a page's Markdown copy, beside its HTML page (`.md` for `.html`). "
        text += "Swift samples are followed by Galley's verdict on them. \(fullPath) holds every page.\n"
        var sections: [(name: String, lines: [String])] = []
        for page in pages {
            let name = section(of: page)
            var line = "- [\(escapedTitle(page.title))](\((baseURL ?? "") + MarkdownPages.path(ofURL: page.url)))"
            let summary = summary(of: page)
            if !summary.isEmpty { line += ": " + summary }
            if let index = sections.firstIndex(where: { $0.name == name }) {
                sections[index].lines.append(line)
            } else {
                sections.append((name, [line]))
            }
        }
        for section in sections { text += "\n## \(section.name)\n\n" + section.lines.joined(separator: "\n") + "\n" }
        return text
    }

    /// `llms-full.txt`: the title, then each page's copy (by its URL, from
    /// `markdown`), each introduced by a comment naming its copy's path.
    package static func full(title: String, pages: [Page], markdown: (String) -> String?) -> String {
        var text = "# \(oneLine(title))\n"
        for page in pages {
            guard let copy = markdown(page.url) else { continue }
            text += "\n<!-- \(MarkdownPages.path(ofURL: page.url)) -->\n\n" + copy
            if !copy.hasSuffix("\n") { text += "\n" }
        }
        return text
    }

    /// A page's summary on one line: its front matter's `description`, its
    /// symbol's abstract (else its declaration), or its first paragraph.
    static func summary(of page: Page) -> String {
        if let description = page.frontMatter.description, !description.isEmpty { return oneLine(description) }
        if let parts = page.symbolParts ?? page.referenceFrame?.symbol, !parts.qualifiedName.isEmpty {
            return oneLine(parts.abstract.isEmpty ? "`\(parts.declaration)`" : parts.abstract)
        }
        return oneLine(firstParagraph(of: page.document.source))
    }

    /// The first paragraph of `markdown`: lines after the headings and
    /// directives, up to a blank line (empty when it starts with code or a list).
    static func firstParagraph(of markdown: String) -> String {
        var paragraph: [Substring] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            let isText = !(trimmed.hasPrefix("#") || trimmed.hasPrefix("@") || trimmed.hasPrefix("}") || trimmed.hasPrefix("<!--"))
            if paragraph.isEmpty, trimmed.isEmpty || !isText { continue }
            if !isText { break }
            if trimmed.isEmpty || trimmed.hasPrefix("```") || trimmed.hasPrefix("- ") || trimmed.hasPrefix("*Structure*") { break }
            if trimmed.hasPrefix("*"), trimmed.hasSuffix("*"), paragraph.isEmpty { continue }
            paragraph.append(trimmed)
        }
        return paragraph.joined(separator: " ")
    }

    /// `text` on one line, at most 300 characters, its symbol links (` ``Logger/current`` `) in code font.
    static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            .replacingOccurrences(of: "``", with: "`")
        return line.count > 300 ? String(line.prefix(299)) + "…" : line
    }

    /// A title as a link's text: its brackets escaped.
    static func escapedTitle(_ title: String) -> String {
        oneLine(title).replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }
}
