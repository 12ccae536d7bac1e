import Foundation
import GalleyProject
import GalleyRender
import GalleyServer
import GalleySite
import GalleyTestSupport
import Testing

@Suite("Pages with awkward names are served")
struct EncodedNameTests {
    @Test("every link of a site with pages named a#b, what?, 100% and my page resolves in the preview server", arguments: [false, true])
    func linksResolve(sectioned: Bool) throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("content/index.md", "# Home\n\n[spaced](<my page.md#part>), [percent](100%25.md) and <doc:what?>\n")
        for name in ["a#b", "what?", "100%", "my page", "sub folder/x&y"] { try site.write("content/\(name).md", "# \(name)\n\n## Part\n") }
        // More than SidebarNavigation.fullListLimit pages: sections and all-pages.html.
        if sectioned { for index in 0...SidebarNavigation.fullListLimit { try site.write("content/more/p\(index).md", "# P\(index)\n") } }
        try site.write("galley.yml", "base_url: https://example.org/docs/\n")
        _ = try BuildSession.build(BuildSettings(layout: SiteLayout(root: site.url)))
        let resolver = SitePathResolver(root: site.url.appendingPathComponent("public"))
        var checked = 0
        for (path, data) in try site.snapshot("public") where path.hasSuffix(".html") {
            let page = String(decoding: data, as: UTF8.self)
            let folder = URL(string: "http://h" + path)!
            for part in page.components(separatedBy: "href=\"").dropFirst() {
                var href = String(part.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
                // 404.html links from the base URL's path, served here at the root.
                if href.hasPrefix("/docs/") { href.removeFirst("/docs".count) }
                guard !href.hasPrefix("#"), !href.contains("://") || href.hasPrefix("https://example.org/docs/") else { continue }
                guard let url = URL(string: href.replacingOccurrences(of: "https://example.org/docs/", with: "/"), relativeTo: folder) else {
                    Issue.record("\(path): '\(href)' is not a valid URL")
                    continue
                }
                let resolved = resolver.resolve(url.absoluteURL.path(percentEncoded: true))
                if case .file = resolved { checked += 1 } else { Issue.record("\(path): '\(href)' → \(resolved)") }
            }
        }
        #expect(checked > 20)
        let sitemap = try site.read("public/sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/docs/what%3F.html</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/docs/sub%20folder/x&amp;y.html</loc>"))
        let index = try site.read("public/search-index.js")
        #expect(index.contains("\"u\":\"100%25.html\""))
    }
}
