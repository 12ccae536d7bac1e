import Foundation
import GalleyProject
import GalleySite
import GalleyTestSupport
import Testing

@testable import GalleyRender

@Suite("The sidebar is rendered once per site")
struct SidebarTests {
    /// A project without templates/ (the built-in theme), with `sections` folders of `perSection` pages.
    func project(sections: Int, perSection: Int) throws -> TemporaryDirectory {
        let site = try TemporaryDirectory()
        try site.write("content/index.md", "# Home\n")
        for section in 0..<sections {
            for page in 0..<perSection {
                try site.write("content/part-\(section)/page\(page).md", "# Part \(section) page \(page)\n")
            }
        }
        return site
    }

    func build(_ site: TemporaryDirectory) throws {
        _ = try BuildSession.build(BuildSettings(layout: SiteLayout(root: site.url)))
    }

    @Test("a small site lists every page, the current one marked, with links relative to the page")
    func smallSite() throws {
        let site = try project(sections: 2, perSection: 3)
        defer { site.remove() }
        try build(site)
        let html = try site.read("public/part-1/page2.html")
        #expect(html.contains("<li><a href=\"../index.html\">Home</a></li>"))
        #expect(html.contains("<li><a href=\"../part-0/page0.html\">Part 0 page 0</a></li>"))
        #expect(html.contains("<li><a href=\"../part-1/page2.html\" class=\"current\" aria-current=\"page\">Part 1 page 2</a></li>"))
        #expect(html.components(separatedBy: "aria-current=\"page\"").count == 2, "exactly one current link")
        #expect(!site.exists("public/all-pages.html"))
    }

    @Test("a large site shows the current section and one link per other section; all-pages.html lists everything")
    func largeSite() throws {
        let small = try project(sections: 3, perSection: 50)
        let large = try project(sections: 6, perSection: 50)
        defer { small.remove(); large.remove() }
        try build(small)
        try build(large)
        let html = try large.read("public/part-4/page7.html")
        #expect(html.contains("<li><a href=\"../part-4/page7.html\" class=\"current\" aria-current=\"page\">Part 4 page 7</a></li>"))
        #expect(html.contains("<li><a href=\"../part-4/page49.html\">Part 4 page 49</a></li>"), "the current section is expanded")
        #expect(!html.contains("part-0/page1.html"), "other sections are collapsed")
        #expect(html.contains("<a href=\"../part-0/page0.html\" class=\"nav-section-link\">Part 0 <span class=\"nav-section-count\">(50)</span></a>"))
        #expect(html.contains("<a href=\"../all-pages.html\">All 301 pages</a>"))
        let all = try large.read("public/all-pages.html")
        #expect(all.components(separatedBy: "<li><a href=").count - 1 >= 301)
        // A page's size grows with its section, not with the site.
        let smallPage = try small.read("public/part-1/page7.html").utf8.count
        let largePage = try large.read("public/part-1/page7.html").utf8.count
        #expect(largePage - smallPage < 1_000, "\(smallPage) bytes with 151 pages, \(largePage) with 301")
    }
}
