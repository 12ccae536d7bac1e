import Testing

@testable import GalleyProject

@Suite("Relative URLs")
struct RelativeURLTests {
    @Test("a path's segments are split at / bytes as its Unicode scalars would split them")
    func segments() {
        let paths = [
            "page.md", "../b/c.md", "./x.md", "/root.md", "a//b.md", "dir/", "../../up.md", "..", ".", "", "/", "//",
            "é/ü.md", ".\u{301}/x.md", "..\u{301}/x.md", "/\u{301}x.md", "a/./b/../c.md", "日本/語.md", "👩‍💻/x.md",
        ]
        for path in paths {
            #expect(RelativeURL.segments(path) == path.unicodeScalars.split(separator: "/").map(Substring.init), "\(path)")
        }
    }

    @Test("links resolve against their page's folder")
    func resolve() {
        #expect(RelativeURL.resolve("../b/c.md", against: "a/x.md") == "b/c.md")
        #expect(RelativeURL.resolve("../../c.md", against: "a/x.md") == nil)
        #expect(RelativeURL.resolve("./x.md", against: "guide/intro.md") == "guide/x.md")
        #expect(RelativeURL.resolve("/root.md", against: "a/b/c.md") == "root.md")
        #expect(RelativeURL.resolve("dir/", against: "index.md") == "dir/")
        #expect(RelativeURL.resolve("..\u{301}/x.md", against: "é/page.md") == "é/..\u{301}/x.md")
    }
}
