import GalleyCore
import GalleySite
import Testing

@testable import GalleyProject
@testable import GalleySamples

@Suite("Front matter")
struct FrontMatterTests {
    @Test("title, description and order are read, and the body starts after the closing line")
    func parses() throws {
        let (frontMatter, body, firstLine) = try FrontMatter.split(
            "---\ntitle: Guide\ndescription: A guide.\norder: 3\n---\n# Body\n", file: "content/g.md"
        )
        #expect(frontMatter == FrontMatter(title: "Guide", description: "A guide.", order: 3))
        #expect(body == "# Body\n")
        #expect(firstLine == 6)
    }

    @Test("verify: page: program makes a page's samples one program; another value is an error at its line")
    func pageProgramSetting() throws {
        let (frontMatter, _, _) = try FrontMatter.split("---\nverify:\n  page: program\n---\n# Body\n", file: "content/g.md")
        #expect(frontMatter.verify?.applied(to: SampleSettings()).pageProgram == true)
        let (samples, _, _) = try FrontMatter.split("---\nverify:\n  page: samples\n---\n", file: "content/g.md")
        var site = SampleSettings()
        site.pageProgram = true
        #expect(samples.verify?.applied(to: site).pageProgram == false)
        #expect {
            try FrontMatter.split("---\nverify:\n  page: article\n---\n", file: "content/g.md")
        } throws: { error in
            (error as? Diagnostic)?.description.hasPrefix("content/g.md:3: 'page' must be program or samples, not 'article'") == true
        }
    }

    @Test("CRLF line ends, fences with trailing blanks, a line of dashes in a value: read as YAML reads them")
    func lineEnds() throws {
        let (crlf, crlfBody, crlfLine) = try FrontMatter.split(
            "---\r\ntitle: Guide\r\norder: 3\r\nweight: 7\r\n---\r\n# Body\r\n", file: "content/g.md")
        #expect(crlf.title == "Guide")
        #expect(crlf.order == 3)
        #expect(crlf.params["weight"] != nil)
        #expect(crlfBody == "# Body\r\n")
        #expect(crlfLine == 6)
        let (blanks, blanksBody, _) = try FrontMatter.split("--- \ntitle: A-B --- C\ndescription: -- x\n---\t\nText\n", file: "content/g.md")
        #expect(blanks.title == "A-B --- C")
        #expect(blanks.description == "-- x")
        #expect(blanksBody == "Text\n")
        #expect(throws: Diagnostic.self) { try FrontMatter.split("---\ntitle: x\n----\nText\n", file: "content/g.md") }
    }

    @Test("a page without front matter starts at line 1")
    func absent() throws {
        let (frontMatter, body, firstLine) = try FrontMatter.split("# Only\n", file: "x.md")
        #expect(frontMatter == FrontMatter())
        #expect(body == "# Only\n")
        #expect(firstLine == 1)
    }

    @Test("invalid YAML is reported at its line in the Markdown file")
    func invalidYAML() {
        #expect {
            try FrontMatter.split("---\ntitle: ok\ndescription: \"unterminated\n---\n", file: "content/x.md")
        } throws: { error in
            let error = error as! Diagnostic
            return error.location?.path == "content/x.md" && error.location?.line == 3
                && error.description.hasPrefix("content/x.md:3: invalid front matter: ")
        }
    }

    @Test("a wrong type names the key's line")
    func wrongTypes() {
        #expect {
            try FrontMatter.split("---\ntitle: T\norder: first\n---\n", file: "p.md")
        } throws: { ($0 as! Diagnostic).description.hasPrefix("p.md:3: 'order' must be a whole number") }
    }

    @Test("other tools' keys are kept as params; only a near miss of a known key is a warning")
    func unknownKeys() throws {
        let text = "---\ntitle: T\ntags: [swift, ui]\nauthor: Ada\napplyTo: '**/*.swift'\ndraft: false\ntitel: Typo\n---\nBody\n"
        let (frontMatter, _, _) = try FrontMatter.split(text, file: "p.md")
        #expect(frontMatter.params["tags"] == .list([.string("swift"), .string("ui")]))
        #expect(frontMatter.params["author"] == .string("Ada"))
        #expect(frontMatter.params["applyTo"] == .string("**/*.swift"))
        #expect(frontMatter.params["draft"] == .bool(false))
        #expect(
            frontMatter.warnings.map(\.description) == [
                "p.md:7: unknown front matter key 'titel'. Did you mean 'title'? (Other keys are kept for templates as page.params.titel)"
            ])
        #expect {
            try FrontMatter.split("---\ntags: [unclosed\n---\n", file: "p.md")
        } throws: { ($0 as! Diagnostic).description.hasPrefix("p.md:") }
    }

    @Test("plain `key: value` lines read without the YAML parser give the parser's keys, lines, text and values")
    func plainLinesReadAsTheParser() {
        let texts = [
            "title: Guide\norder: 3", "a: b\n", "a: b\n\n", "", "\n", "x: 1\ny: true\nz: 2.5\nw: null", "k:  spaced  ",
            "k: a:b", "k: a #c", "k: a#c", "k: a: b", "url: https://x.org/a?b=c", "k: [1]", "k: 'q'", "k:v", "-k: v", "k: é",
            "k1: v\nk1: w", "k: ~", "k: 0x1F", "k: 1e3", "a_b-c: d", "k: v\r", "k:", "k: ", " k: v", "k: v\n\nj: w",
            "t: Observation, part 2\nweight: 12\ndraft: false", String(repeating: "key: value\n", count: 2),
        ]
        for text in texts {
            let plain = try? YAMLMapping(parsing: text, file: "f.md", lineOffset: 1, what: "front matter")
            let parsed = try? YAMLMapping(parsing: text, file: "f.md", lineOffset: 1, what: "front matter", readsPlainLinesFirst: false)
            #expect((plain == nil) == (parsed == nil), "\(text.debugDescription)")
            guard let plain, let parsed else { continue }
            #expect(plain.keys.map(\.key) == parsed.keys.map(\.key), "\(text.debugDescription)")
            #expect(plain.keys.map(\.line) == parsed.keys.map(\.line), "\(text.debugDescription)")
            for (key, _) in parsed.keys {
                #expect((try? plain.string(key)) == (try? parsed.string(key)), "\(text.debugDescription) \(key)")
                #expect((try? plain.value(key)) == (try? parsed.value(key)), "\(text.debugDescription) \(key)")
            }
        }
    }

    @Test("simple front matter reads the same with a few keys or many, a repeated key is YAML's error, and near misses warn on every page")
    func manyKeys() throws {
        for count in [3, 32, 33, 200] {
            let keys = (0..<count).map { "key\($0): value \($0)" }.joined(separator: "\n")
            let (frontMatter, body, line) = try FrontMatter.split("---\ntitle: T\n\(keys)\n---\nBody\n", file: "p.md")
            #expect(frontMatter.title == "T" && body == "Body\n" && line == count + 4)
            #expect(frontMatter.params.count == count && frontMatter.params["key\(count - 1)"] == .string("value \(count - 1)"))
            let repeated = "---\n\(keys)\nkey\(count / 2): again\n---\nBody\n"
            #expect(throws: Diagnostic.self) { try FrontMatter.split(repeated, file: "p.md") }
        }
        // A key's "did you mean" is remembered, and still said for each page that has it.
        for page in ["a.md", "b.md"] {
            let (frontMatter, _, _) = try FrontMatter.split("---\ntitel: X\nweight: 3\n---\n", file: page)
            #expect(
                frontMatter.warnings.map(\.description) == [
                    "\(page):2: unknown front matter key 'titel'. Did you mean 'title'? (Other keys are kept for templates as page.params.titel)"
                ])
        }
    }

    @Test("an unclosed block is an error at line 1")
    func unclosed() {
        #expect {
            try FrontMatter.split("---\ntitle: T\n# Body\n", file: "p.md")
        } throws: { ($0 as! Diagnostic).description.hasPrefix("p.md:1: front matter is not closed") }
    }
}

@Suite("Front matter limits")
struct FrontMatterLimitTests {
    @Test("a YAML alias bomb in a front-matter key is a clear error within a second, not a hang")
    func aliasBomb() throws {
        var yaml = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            try FrontMatter.split("---\n\(yaml)---\n# Bomb\n", file: "p.md")
        } throws: { error in
            (error as? Diagnostic)?.description.contains("expands to more than 10000 values") == true
        }
        #expect(clock.now - start < .seconds(5))
    }
}
