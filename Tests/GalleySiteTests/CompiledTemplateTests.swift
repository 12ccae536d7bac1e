import Foundation
import GalleyTheme
import Mustache
import Testing

@testable import GalleyRender

/// The compiled templates render byte for byte what swift-mustache renders:
/// checked on the built-in theme and on thousands of generated templates and
/// contexts, with swift-mustache itself as the reference.
@Suite("Compiled templates")
struct CompiledTemplateTests {
    /// What swift-mustache renders for `template` with `partials`.
    func reference(_ template: String, _ context: TemplateValue, partials: [String: String] = [:]) throws -> String {
        var library = MustacheLibrary()
        library.register(try MustacheTemplate(string: template), named: "main")
        for (name, text) in partials { library.register(try MustacheTemplate(string: text), named: name) }
        return library.render(context.any, withTemplate: "main") ?? ""
    }

    /// What the compiled template renders.
    func compiled(_ template: String, _ context: TemplateValue, partials: [String: String] = [:]) throws -> String {
        let main = try #require(CompiledTemplate(parsing: template), "not compiled: \(template.debugDescription)")
        var compiledPartials: [String: CompiledTemplate] = [:]
        for (name, text) in partials {
            let partial = try #require(CompiledTemplate(parsing: text), "not compiled: \(text.debugDescription)")
            compiledPartials[name] = partial
        }
        return main.render(context, partials: compiledPartials)
    }

    @Test("Mustache features the theme uses render as in swift-mustache")
    func features() throws {
        let context: TemplateValue = [
            "name": "<b>Tom & \"Jerry\" 's</b>", "flag": true, "off": false, "count": 3, "empty": "",
            "list": .list([["x": "1"], ["x": "2", "y": "inner"]]), "none": .list([]),
            "site": ["title": "Site", "nested": ["deep": "value"]], "y": "outer",
            "names": .list(["a", "b"]), "combining": "&\u{301}<",
        ]
        let templates = [
            "{{name}}|{{{name}}}|{{& name}}|{{ name }}",
            "{{#flag}}yes{{/flag}}{{^flag}}no{{/flag}}{{#off}}on{{/off}}{{^off}}off{{/off}}",
            "{{#list}}[{{x}}:{{y}}]{{/list}}{{^none}}nothing{{/none}}{{#none}}never{{/none}}",
            "{{site.title}} {{site.nested.deep}} {{site.missing.deep}} {{#site}}{{title}}{{/site}} {{.site}}",
            "{{#names}}<{{.}}>{{/names}}",
            "{{#empty}}empty string is true: [{{.}}]{{/empty}}",
            "{{count}} {{flag}} {{off}} {{#count}}n={{.}}{{/count}}",
            "{{combining}}",
            "a\n  {{#flag}}\n  in\n  {{/flag}}\nb\n",
            "  {{! a comment }}\nx {{! inline }} y\n",
            "{{#list}}\n  {{x}}\n{{/list}}\n",
            "line\r\n  {{#flag}}\r\n  crlf\r\n  {{/flag}}\r\n",
            "{ {{name}} }{{",
        ]
        for template in templates {
            #expect(try compiled(template, context) == reference(template, context), "\(template.debugDescription)")
        }
    }

    @Test("Partials, standalone or not, with the indentation swift-mustache gives them")
    func partials() throws {
        let partials = ["p": "<p>\n{{name}}\n</p>\n", "q": "{{#list}}\n- {{x}}\n{{/list}}\n", "r": "  {{> p}}\n"]
        let context: TemplateValue = ["name": "N", "list": .list([["x": "1"], ["x": "2"]])]
        for template in ["{{> p}}", "a\n  {{> p}}\nb", "x {{> p}} y\n", "\t{{>q}}\n", "  {{> r}}\n", "{{#list}}\n  {{> p}}\n{{/list}}"] {
            #expect(
                try compiled(template, context, partials: partials) == reference(template, context, partials: partials),
                "\(template.debugDescription)")
        }
    }

    @Test("Templates using what the compiled renderer lacks are left to swift-mustache")
    func unsupported() throws {
        for template in [
            "{{=<% %>=}}<% a %>", "{{uppercased(a)}}", "{{<p}}{{$b}}x{{/b}}{{/p}}", "{{$b}}x{{/b}}",
            "{{>*dynamic}}", "{{%CONTENT_TYPE:TEXT}}", "{{#a}}unclosed", "{{/a}}",
        ] {
            #expect(CompiledTemplate(parsing: template) == nil, "\(template.debugDescription)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-compiled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{{=<% %>=}}<%site.title%>|<%& page.content%>".write(
            to: folder.appendingPathComponent("layout.mustache"), atomically: true, encoding: .utf8)
        let theme = try TemplateSet.load(from: folder, displayPath: "templates")
        #expect(!theme.isCompiled)
        #expect(theme.render("layout", ["site": ["title": "T"], "page": ["content": "<i>c</i>"]]) == "T|<i>c</i>")
        // Such a layout with a built-in partial: swift-mustache has the built-in templates too.
        try "{{=<% %>=}}<%site.title%>|<%> partials/toc%>".write(
            to: folder.appendingPathComponent("layout.mustache"), atomically: true, encoding: .utf8)
        let mixed = try TemplateSet.load(from: folder, displayPath: "templates")
        #expect(!mixed.isCompiled)
        let html = mixed.render(
            "layout", ["site": ["title": "T"], "hasTOC": true, "toc": .list([["text": "One", "id": "one", "level": 2, "isSub": false]])])
        #expect(html.hasPrefix("T|<aside class=\"toc\""))
        #expect(html.contains("<a href=\"#one\">One</a>"))
    }

    @Test("The built-in theme is compiled and renders as swift-mustache does")
    func builtInTheme() throws {
        let theme = try TemplateSet.load(from: URL(fileURLWithPath: "/nonexistent-galley-theme"), displayPath: "templates")
        #expect(theme.isCompiled)
        // swift-mustache's reading of every built-in template (a build parses them only when it cannot compile the theme).
        var library = MustacheLibrary()
        for (path, data) in DefaultTheme.files where path.hasSuffix(".mustache") {
            library.register(try MustacheTemplate(string: String(decoding: data, as: UTF8.self)), named: String(path.dropLast(".mustache".count)))
        }
        let page: TemplateValue = [
            "title": "A <page>", "content": "<p>body</p>\n", "url": "guide/a.html", "isHome": false,
            "description": "Say \"hi\"", "editURL": "https://example.org/edit/a.md", "footer": "3 samples verified",
            "params": ["k": "v"],
        ]
        var context: TemplateValue = [
            "site": ["title": "Docs & more", "baseURL": "", "language": "en", "description": "", "search": true, "favicon": "assets/favicon.svg"],
            "root": "../", "navigation": "<ul><li>nav</li></ul>", "generator": "Galley", "page": page, "hasTOC": true,
            "toc": .list([["text": "One", "id": "one", "level": 2, "isSub": false], ["text": "Two <b>", "id": "two", "level": 3, "isSub": true]]),
            "previous": ["title": "Prev", "url": "p.html"], "next": ["title": "Next", "url": "n.html"],
        ]
        for variant in 0..<4 {
            if variant == 1 { context["hasTOC"] = false; context["toc"] = .list([]); context["previous"] = nil }
            if variant == 2 { context["site"]?["search"] = false; context["page"]?["isHome"] = true; context["next"] = nil }
            if variant == 3 { context["page"] = ["title": "Page not found", "content": "<h1>x</h1>", "url": "404.html", "isHome": false] }
            for name in [TemplateSet.layoutName, TemplateSet.notFoundName] {
                let expected = library.render(context.any, withTemplate: name) ?? ""
                #expect(!expected.isEmpty)
                #expect(theme.render(name, context) == expected, "template \(name), variant \(variant)")
            }
        }
    }

    @Test("Generated templates and contexts: the same output as swift-mustache", arguments: 0..<8)
    func generated(batch: Int) throws {
        var random = SplitMix(seed: UInt64(batch + 1) &* 0x9E37_79B9_7F4A_7C15)
        var compared = 0
        for _ in 0..<400 {
            let names = ["a", "b", "list", "flag", "obj", "s", "empty"]
            let template = Self.template(&random, depth: 0, names: names)
            let partials = ["p1": Self.template(&random, depth: 2, names: names), "p2": "  {{a}}\n{{#list}}\n {{s}}\n{{/list}}\n"]
            let context = Self.context(&random)
            guard let expected = try? reference(template, context, partials: partials) else { continue }
            let main = try #require(CompiledTemplate(parsing: template), "not compiled: \(template.debugDescription)")
            let compiledPartials = partials.compactMapValues(CompiledTemplate.init(parsing:))
            try #require(compiledPartials.count == partials.count)
            #expect(main.render(context, partials: compiledPartials) == expected, "\(template.debugDescription)")
            compared += 1
        }
        #expect(compared > 300)
    }

    static func template(_ random: inout SplitMix, depth: Int, names: [String]) -> String {
        let texts = ["x", " ", "  ", "\t", "\n", "\r\n", "text & <tag>", "→", "{", "}", "a{b}c", "é", "\n  ", " \n"]
        var result = ""
        for _ in 0..<random.next(8) {
            let name = names[random.next(names.count)]
            let dotted = random.next(4) == 0 ? "obj.\(name)" : (random.next(6) == 0 ? "." + name : name)
            let pad = random.next(3) == 0 ? " " : ""
            switch random.next(11) {
            case 0, 1, 2: result += texts[random.next(texts.count)]
            case 3: result += "{{\(pad)\(dotted)\(pad)}}"
            case 4: result += random.next(2) == 0 ? "{{{\(dotted)}}}" : "{{& \(dotted)}}"
            case 5 where depth < 3, 6 where depth < 3:
                let open = random.next(2) == 0 ? "#" : "^"
                let before = ["", "\n", "  ", "\n  ", "x"][random.next(5)]
                let after = ["", "\n", " \n", "y"][random.next(4)]
                result += "\(before){{\(open)\(name)}}\(after)\(template(&random, depth: depth + 1, names: names))\(before){{/\(name)}}\(after)"
            case 7: result += ["{{! note }}", "\n{{! note }}\n", "  {{!\nmulti\n}}  \n"][random.next(3)]
            case 8: result += ["{{.}}", "{{ . }}", "{{}}"][random.next(3)]
            case 9 where depth < 2: result += ["{{> p1}}", "\n  {{> p2}}\n", "\t{{>p1}}\n", "x{{> p2}}\n"][random.next(4)]
            default: result += "\n"
            }
        }
        return result
    }

    static func context(_ random: inout SplitMix, depth: Int = 0) -> TemplateValue {
        func value(_ depth: Int) -> TemplateValue {
            switch random.next(depth > 1 ? 4 : 7) {
            case 0: return .string(["plain", "<&>\"'", "", "&\u{301}x", "multi\nline\n", "\r\n"][random.next(6)])
            case 1: return .bool(random.next(2) == 0)
            case 2: return .int(random.next(100) - 50)
            case 3: return .string("s\(random.next(10))")
            case 4: return .list((0..<random.next(3)).map { _ in value(depth + 1) })
            default:
                return .object(
                    Dictionary(
                        ["a", "b", "s", "flag", "list", "obj"].filter { _ in random.next(2) == 0 }.map { ($0, value(depth + 1)) },
                        uniquingKeysWith: { first, _ in first }))
            }
        }
        var top: [String: TemplateValue] = [:]
        for name in ["a", "b", "list", "flag", "obj", "s", "empty"] where random.next(5) != 0 {
            top[name] = value(depth)
        }
        return .object(top)
    }

    /// A small seeded generator: the same templates on every run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Int(z % UInt64(max(bound, 1)))
        }
    }
}
