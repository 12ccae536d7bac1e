@testable import GalleyProject
import Testing

@Suite("Relative URLs")
struct RelativeURLTests {
    /// `resolve` as it was stated first: the paths' Unicode scalars split at "/".
    static func reference(_ path: String, against base: String) -> String? {
        func segments(_ text: String) -> [Substring] { text.unicodeScalars.split(separator: "/").map(Substring.init) }
        var components: [Substring] = []
        if !path.hasPrefix("/") {
            components = segments(base)
            if !components.isEmpty { components.removeLast() }
        }
        for part in segments(path) {
            switch part {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(part)
            }
        }
        var resolved = components.joined(separator: "/")
        if path.hasSuffix("/") && !resolved.isEmpty { resolved += "/" }
        return resolved
    }

    @Test("links resolve against their page's folder, by bytes as by scalars")
    func resolve() {
        let paths = [
            "page.md", "../b/c.md", "./x.md", "/root.md", "a//b.md", "dir/", "../../up.md", "..", ".", "", "/",
            "é/ü.md", ".\u{301}/x.md", "..\u{301}/x.md", "/\u{301}x.md", "a/./b/../c.md", "日本/語.md", "👩‍💻/x.md",
        ]
        let bases = ["index.md", "guide/intro.md", "a/b/c/d.md", "é/page.md", "", "/abs/page.md"]
        for path in paths {
            for base in bases {
                #expect(RelativeURL.resolve(path, against: base) == Self.reference(path, against: base), "\(path) against \(base)")
            }
        }
        #expect(RelativeURL.resolve("../b/c.md", against: "a/x.md") == "b/c.md")
        #expect(RelativeURL.resolve("../../c.md", against: "a/x.md") == nil)
    }
}
