import GalleyMarkdown
import GalleyReference

/// The "what changed" page of a version (`<version>/changes.html`): its
/// public API added, removed, deprecated and changed against the version
/// before it, each symbol linked to its page in both versions, and the
/// samples that passed there and fail here, with why. Styled by the
/// version's own theme (`assets/galley.css`).
///
/// ```swift
/// let html = ChangesPage(changes: changes, olderFolder: "5.7.1", newerFolder: "5.8.0", title: "jwt-kit").html
/// ```
public struct ChangesPage: Sendable {
    /// The page's path in its version's folder.
    public static let path = "changes.html"

    /// What changed.
    public var changes: VersionChanges
    /// The older version's folder in the site.
    public var olderFolder: String
    /// The newer version's folder (where the page is).
    public var newerFolder: String
    /// The site's title.
    public var title: String

    /// A page of `changes`.
    public init(changes: VersionChanges, olderFolder: String, newerFolder: String, title: String) {
        self.changes = changes
        self.olderFolder = olderFolder
        self.newerFolder = newerFolder
        self.title = title
    }

    /// The whole HTML document.
    public var html: String {
        let heading = "What changed in \(e(changes.newer)) since \(e(changes.older))"
        var body = "<h1>\(heading)</h1>\n"
        if let api = changes.api {
            body += "<p>\(api.added.count) added, \(api.removed.count) removed, \(api.deprecated.count) deprecated, \(api.changed.count) changed "
            body += "public symbol\(api.added.count + api.removed.count + api.deprecated.count + api.changed.count == 1 ? "" : "s"), "
            body += "from the two versions' symbol graphs.</p>\n"
            body += section("Added", id: "added", api.added.map { entry in item(entry, newer: true) })
            body += section("Removed", id: "removed", api.removed.map { entry in item(entry, newer: false) })
            body += section("Deprecated", id: "deprecated", api.deprecated.map { entry in item(entry, newer: true) })
            body += section(
                "Changed", id: "changed",
                api.changed.map { change in
                    "<li><a href=\"\(change.after.url)\">\(e(change.after.name))</a> (<a href=\"../\(olderFolder)/\(change.before.url)\">in \(e(changes.older))</a>)"
                        + "<pre><code>- \(e(change.before.declaration))\n+ \(e(change.after.declaration))</code></pre></li>"
                })
        } else {
            body += "<p>The API of one of the two versions is unknown (its library did not build here), so its changes are not listed.</p>\n"
        }
        body += "<h2 id=\"samples\">Samples</h2>\n"
        if changes.regressions.isEmpty {
            body += "<p>No sample that passed in \(e(changes.older)) fails in \(e(changes.newer)).</p>\n"
        } else {
            body +=
                "<p>\(changes.regressions.count) sample\(changes.regressions.count == 1 ? "" : "s") passed in \(e(changes.older)) and fail\(changes.regressions.count == 1 ? "s" : "") in \(e(changes.newer)):</p>\n<ul class=\"sample-regressions\">"
            for change in changes.regressions {
                let place = "\(e(change.after.file)):\(change.after.line)"
                let link = change.after.url.map { "<a href=\"\($0)\">\(place)</a>" } ?? place
                body += "<li>\(link): \(e(change.reason))</li>"
            }
            body += "</ul>\n"
        }
        if !changes.fixes.isEmpty {
            body +=
                "<p>\(changes.fixes.count) sample\(changes.fixes.count == 1 ? "" : "s") that failed in \(e(changes.older)) pass\(changes.fixes.count == 1 ? "es" : "") in \(e(changes.newer)).</p>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(heading) · \(e(title))</title>
            <link rel="stylesheet" href="assets/galley.css">
            </head>
            <body class="galley">
            <div class="layout">
            <header class="sidebar"><div class="sidebar-top"><a class="site-title" href="index.html">\(e(title))</a></div>\(VersionSwitcher.slot)</header>
            <main id="content" class="main"><article class="content version-changes-page">
            \(body)</article></main>
            </div>
            </body>
            </html>

            """
    }

    private func section(_ title: String, id: String, _ items: [String]) -> String {
        guard !items.isEmpty else { return "" }
        return "<h2 id=\"\(id)\">\(title) (\(items.count))</h2>\n<ul class=\"api-\(id)\">" + items.joined() + "</ul>\n"
    }

    private func item(_ entry: APISnapshot.Entry, newer: Bool) -> String {
        let href = newer ? entry.url : "../\(olderFolder)/\(entry.url)"
        return
            "<li><a href=\"\(href)\">\(e(entry.name))</a> <span class=\"kind\">\(e(entry.kind))</span><br><code>\(e(entry.declaration))</code></li>"
    }

    private func e(_ text: String) -> String { HTMLEscaping.escape(text) }
}
