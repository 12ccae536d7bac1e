import GalleyMarkdown
import GalleyProject
import GalleyReference
import Synchronization

/// The sidebar's list of pages, rendered once per site instead of once per
/// page through Mustache (which grew with pages²: a million links for 1,000
/// pages). Each page gets the list for its folder depth with its own link
/// marked current — one string copy, the marker spliced in at an offset
/// recorded when the list was rendered.
///
/// Up to ``fullListLimit`` pages the sidebar lists every page. A larger
/// site lists the pages of the current page's section (its first folder)
/// and one link per other section, plus a link to `all-pages.html`, which
/// lists everything: a page's size grows with its section, not the site,
/// and the whole tree is one click away. Plain links, readable without
/// JavaScript.
///
/// ```swift
/// let sidebar = SidebarNavigation(navigation: navigation)
/// let html = sidebar.html(current: page)   // <ul>…<li><a href="../guide/intro.html" class="current" aria-current="page">…
/// ```
public final class SidebarNavigation: Sendable {
    /// Sites with more pages than this get sections in their sidebar.
    public static let fullListLimit = Navigation.sectionedPageLimit

    /// A section: the pages under one top-level folder (`""`: the site root).
    struct Section: Sendable {
        var key: String
        var title: String
        var pages: [Page]
    }

    private let navigation: Navigation
    /// The API reference's top-level symbols, listed under their module's page.
    private let reference: ReferenceNavigation
    private let sections: [Section]
    private let sectionOfPage: [String: Int]
    /// Each DocC catalog's curation by its root page's URL.
    private let catalogByRoot: [String: CatalogCuration]
    /// Rendered lists by "depth|section", filled on first use (pages render concurrently).
    private let cache = Mutex<[String: RenderedList]>([:])

    /// A rendered list and, for each page it lists, where that page's link
    /// tag ends (the UTF-8 offset of its `>`), where the current-page marker goes.
    private struct RenderedList: Sendable {
        var html: String
        var linkEnds: [String: Int]
    }

    /// What marks the current page's link.
    private static let currentMarker = " class=\"current\" aria-current=\"page\""

    /// Whether the sidebar shows sections (more than ``fullListLimit`` pages).
    public var isSectioned: Bool { navigation.pages.count > Self.fullListLimit }

    /// The sidebar of `navigation`'s pages.
    public init(navigation: Navigation) {
        self.navigation = navigation
        self.reference = ReferenceNavigation(pages: navigation.pages + navigation.unlisted)
        var sections: [Section] = []
        var index: [String: Int] = [:]
        var sectionOfPage: [String: Int] = [:]
        for page in navigation.pages {
            let key = page.sourcePath.contains("/") ? String(page.sourcePath.split(separator: "/")[0]) : ""
            if index[key] == nil {
                index[key] = sections.count
                sections.append(Section(key: key, title: Self.title(ofSection: key), pages: []))
            }
            sections[index[key]!].pages.append(page)
            sectionOfPage[page.url] = index[key]
        }
        var catalogByRoot: [String: CatalogCuration] = [:]
        for catalog in navigation.catalogs {
            catalogByRoot[catalog.root.url] = catalog
            // A catalog's section is headed by its root page's title.
            let key = catalog.root.sourcePath.contains("/") ? String(catalog.root.sourcePath.split(separator: "/")[0]) : ""
            if let section = index[key], !key.isEmpty { sections[section].title = catalog.root.title }
        }
        self.sections = sections
        self.sectionOfPage = sectionOfPage
        self.catalogByRoot = catalogByRoot
    }

    /// The `<ul>` of the sidebar on `current` (or on a page at `url` that is
    /// not in the navigation), its links relative to that page or starting with `prefix`.
    public func html(current: Page?, at url: String? = nil, prefix fixedPrefix: String? = nil) -> String {
        let at = current?.url ?? url ?? "index.html"
        let prefix = fixedPrefix ?? RelativeURL.from(at, to: "")
        let section = isSectioned ? current.flatMap { sectionOfPage[$0.url] } ?? -1 : -1
        let key = "\(prefix)|\(section)"
        let list =
            cache.withLock { $0[key] }
            ?? {
                let rendered = render(prefix: prefix, expanded: section)
                cache.withLock { $0[key] = rendered }
                return rendered
            }()
        // One copy of the list with the marker spliced in at the recorded offset.
        guard let current, let offset = list.linkEnds[current.url] else { return list.html }
        let utf8 = list.html.utf8
        let cut = utf8.index(utf8.startIndex, offsetBy: offset)
        var html = ""
        html.reserveCapacity(utf8.count + Self.currentMarker.utf8.count)
        html += list.html[..<cut]
        html += Self.currentMarker
        html += list.html[cut...]
        return html
    }

    /// The full tree of a sectioned site, for `all-pages.html`.
    public func allPagesHTML(prefix: String) -> String {
        var html = "<h1 id=\"all-pages\">All pages</h1>\n"
        for section in sections {
            if !section.key.isEmpty { html += "<h2 id=\"\(HTMLEscaping.escape(section.key))\">\(HTMLEscaping.escape(section.title))</h2>\n" }
            html += "<ul>\n"
            for page in section.pages { html += item(page, prefix: prefix) }
            html += "</ul>\n"
        }
        return html
    }

    private func render(prefix: String, expanded: Int) -> RenderedList {
        var html = "<ul>\n"
        var linkEnds: [String: Int] = [:]
        func add(_ page: Page, nested: () -> Void = {}) {
            let start = "<li><a href=\"\(HTMLEscaping.escape(prefix + RelativeURL.encoded(page.url)))\""
            linkEnds[page.url] = html.utf8.count + start.utf8.count
            html += start + ">\(HTMLEscaping.escape(page.title))</a>"
            appendSymbols(under: page.url, prefix: prefix, to: &html, linkEnds: &linkEnds)
            nested()
            html += "</li>\n"
        }
        // A catalog's curated groups under its root page, each page with the groups its own Topics curate.
        func add(_ groups: [CatalogCuration.Group]) {
            guard !groups.isEmpty else { return }
            html += "\n<ul class=\"nav-topics\">\n"
            for group in groups {
                html += "<li class=\"nav-topic-group\"><span class=\"nav-group-title\">\(HTMLEscaping.escape(group.title))</span><ul>\n"
                for entry in group.entries { add(entry.page) { add(entry.groups) } }
                html += "</ul></li>\n"
            }
            html += "</ul>"
        }
        guard isSectioned else {
            var placed: Set<String> = []
            for page in navigation.pages where !placed.contains(page.url) {
                if let catalog = catalogByRoot[page.url] {
                    // The catalog as a section of its own, headed by its root page.
                    for member in catalog.order { placed.insert(member.url) }
                    add(page) { add(catalog.groups) }
                } else {
                    add(page)
                }
            }
            return RenderedList(html: html + "</ul>\n", linkEnds: linkEnds)
        }
        for (index, section) in sections.enumerated() {
            if section.key.isEmpty || index == expanded {
                if !section.key.isEmpty {
                    html +=
                        "<li class=\"nav-section nav-section-open\"><span class=\"nav-section-title\">\(HTMLEscaping.escape(section.title))</span><ul>\n"
                }
                for page in section.pages { add(page) }
                if !section.key.isEmpty { html += "</ul></li>\n" }
            } else if let first = section.pages.first {
                html +=
                    "<li class=\"nav-section\"><a href=\"\(HTMLEscaping.escape(prefix + RelativeURL.encoded(first.url)))\" class=\"nav-section-link\">"
                    + "\(HTMLEscaping.escape(section.title)) <span class=\"nav-section-count\">(\(section.pages.count))</span></a></li>\n"
            }
        }
        html += "<li class=\"nav-all\"><a href=\"\(prefix)\(GeneratedPages.allPagesURL)\">All \(navigation.pages.count) pages</a></li>\n"
        return RenderedList(html: html + "</ul>\n", linkEnds: linkEnds)
    }

    /// A module's page lists its symbols in DocC's groups, each a collapsed
    /// `<details>` (readable without JavaScript): appended to `html`, each
    /// link's end recorded in `linkEnds`.
    private func appendSymbols(under url: String, prefix: String, to html: inout String, linkEnds: inout [String: Int]) {
        let groups = reference.groups(under: url)
        guard !groups.isEmpty else { return }
        html += "\n<ul class=\"nav-symbols\">\n"
        for group in groups {
            html +=
                "<li><details><summary>\(HTMLEscaping.escape(group.title)) <span class=\"nav-count\">\(group.links.count)</span></summary><ul>\n"
            for link in group.links {
                let linkStart = "<li><a href=\"\(HTMLEscaping.escape(prefix + RelativeURL.encoded(link.url)))\""
                if linkEnds[link.url] == nil { linkEnds[link.url] = html.utf8.count + linkStart.utf8.count }
                html += linkStart + "><code>\(HTMLEscaping.escape(link.title))</code></a></li>\n"
            }
            html += "</ul></details></li>\n"
        }
        html += "</ul>"
    }

    private func item(_ page: Page, prefix: String) -> String {
        "<li><a href=\"\(HTMLEscaping.escape(prefix + RelativeURL.encoded(page.url)))\">\(HTMLEscaping.escape(page.title))</a></li>\n"
    }

    /// `getting-started` → `Getting started`.
    static func title(ofSection key: String) -> String {
        let words = key.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
