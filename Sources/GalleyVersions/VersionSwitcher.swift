import GalleyMarkdown

/// The version switcher of a versioned site's pages: a list of every
/// version, each linking to the same page in that version or, where that
/// version has no such page, the nearest page above it that it has. Plain
/// HTML (`<details>`), so it works with JavaScript off; placed in the
/// theme's slot `<!--galley:versions-->`.
///
/// ```swift
/// let switcher = VersionSwitcher(versions: entries)
/// switcher.target(of: "documentation/kit/signer/index.html", in: "1.0.0")
/// // "documentation/kit/index.html" when 1.0.0 has no Signer
/// ```
public struct VersionSwitcher: Sendable {
    /// One version as the switcher lists it.
    public struct Entry: Sendable {
        /// Its name (`5.8.0`).
        public var name: String
        /// Its folder in the site (`5.8.0`, or `latest`).
        public var folder: String
        /// The pages its site has, relative to its folder (`index.html`, `documentation/kit/index.html`).
        public var pages: Set<String>
        /// A note every page of it shows (its samples unverified), or `nil`.
        public var note: String?
        /// Whether it is the newest release.
        public var isLatest = false
        /// Its "what changed" page, relative to its folder, when it has one.
        public var changesPage: String?

        /// An entry.
        public init(name: String, folder: String, pages: Set<String>, note: String? = nil, isLatest: Bool = false, changesPage: String? = nil) {
            self.name = name
            self.folder = folder
            self.pages = pages
            self.note = note
            self.isLatest = isLatest
            self.changesPage = changesPage
        }
    }

    /// The slot the theme leaves in every page of a version (``GalleyProject/SiteConfiguration/isVersioned``).
    public static let slot = "<!--galley:versions-->"

    /// Every version, in the order listed.
    public var versions: [Entry]

    /// A switcher listing `versions`.
    public init(versions: [Entry]) {
        self.versions = versions
    }

    /// The page of `version` a reader of `page` is sent to: `page` itself
    /// when that version has it, else the nearest folder's `index.html`
    /// above it that it has, else its home page.
    public func target(of page: String, in version: String) -> String {
        guard let entry = versions.first(where: { $0.folder == version }) else { return "index.html" }
        if entry.pages.contains(page) { return page }
        var parts = page.split(separator: "/").map(String.init)
        if parts.last == "index.html" { parts.removeLast() }
        if !parts.isEmpty { parts.removeLast() }
        while !parts.isEmpty {
            let candidate = parts.joined(separator: "/") + "/index.html"
            if entry.pages.contains(candidate) { return candidate }
            parts.removeLast()
        }
        return "index.html"
    }

    /// The switcher's HTML on `page` (relative to its version's folder) of the version in `folder`.
    public func html(on page: String, in folder: String) -> String {
        guard let current = versions.first(where: { $0.folder == folder }) else { return "" }
        let depth = page.split(separator: "/").count - 1
        let toSiteRoot = String(repeating: "../", count: depth + 1)
        var html = "<nav class=\"version-switcher\" aria-label=\"Versions\"><details><summary>Version <strong>"
        html += HTMLEscaping.escape(current.name) + "</strong>" + (current.isLatest ? " (latest)" : "") + "</summary><ul>"
        for entry in versions {
            let target = target(of: page, in: entry.folder)
            let mark = entry.folder == current.folder ? " aria-current=\"true\"" : ""
            let label = HTMLEscaping.escape(entry.name) + (entry.isLatest ? " (latest)" : "") + (entry.note != nil ? " (unverified)" : "")
            html +=
                "<li><a href=\"\(toSiteRoot)\(entry.folder)/\(target)\" data-version=\"\(HTMLEscaping.escape(entry.name))\"\(mark)>\(label)</a></li>"
        }
        html += "</ul>"
        if let changes = current.changesPage {
            html +=
                "<p class=\"version-changes\"><a href=\"\(toSiteRoot)\(current.folder)/\(changes)\">What changed in \(HTMLEscaping.escape(current.name))</a></p>"
        }
        html += "</details>"
        if let note = current.note { html += "<p class=\"version-note\" role=\"note\">\(HTMLEscaping.escape(note))</p>" }
        return html + "</nav>"
    }
}
