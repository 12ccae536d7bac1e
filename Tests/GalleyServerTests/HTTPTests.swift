import Foundation
import GalleyServer
import GalleyTestSupport
import Testing

@Suite("Serving the built site over HTTP", .serialized)
struct HTTPTests {
    static func site() throws -> TemporaryDirectory {
        let site = try ServerHarness.makeSite([
            "index.md": "# Home\n\nWelcome.\n",
            "guide/index.md": "# Guide\n",
            "guide/intro.md": "# Intro\n",
            "images/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "data/info.json": "{}",
        ])
        try site.write("content/images/pixel.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        try site.write("secret.txt", "outside the site\n")
        return site
    }

    @Test("files are served with their MIME types and Cache-Control: no-cache")
    func mimeTypes() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await ServerHarness.withServer(site) { server in
            let expected = [
                "/index.html": "text/html; charset=utf-8",
                "/assets/site.css": "text/css; charset=utf-8",
                "/images/logo.svg": "image/svg+xml",
                "/images/pixel.png": "image/png",
                "/data/info.json": "application/json",
            ]
            for (path, type) in expected {
                let response = try await server.request(path)
                #expect(response.status == 200, "\(path)")
                #expect(response.headers["content-type"] == type, "\(path)")
                #expect(response.headers["cache-control"] == "no-cache", "\(path)")
            }
            let png = try await server.request("/images/pixel.png")
            #expect(Array(png.body) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        }
    }

    @Test("folders serve index.html, and a folder without its slash redirects to it")
    func directories() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await ServerHarness.withServer(site) { server in
            #expect(try await server.text("/").contains("Welcome."))
            #expect(try await server.text("/guide/").contains("<title>Guide"))
            let client = try RawHTTPClient(port: server.port)
            try client.send("/guide")
            let head = try await blocking { try client.readHead() }
            #expect(head.status == 301)
            #expect(head.headers["location"] == "/guide/")
        }
    }

    @Test("a missing page gets the site's 404.html with status 404")
    func notFound() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await ServerHarness.withServer(site) { server in
            let response = try await server.request("/no/such/page.html")
            #expect(response.status == 404)
            let body = String(decoding: response.body, as: UTF8.self)
            #expect(body.contains("Page not found"))
            #expect(body.contains(try site.read("public/404.html").prefix(60)))
        }
    }

    @Test("HEAD answers the GET's status and headers without a body")
    func head() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await ServerHarness.withServer(site) { server in
            let get = try await server.request("/index.html")
            let client = try RawHTTPClient(port: server.port)
            try client.send("/index.html", method: "HEAD")
            let head = try await blocking { try client.readHead() }
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == String(get.body.count))
            #expect(head.headers["content-type"] == "text/html; charset=utf-8")
            #expect(try await blocking { client.nextEvent(timeout: .milliseconds(300)) } == nil)
            let missing = try await server.request("/missing.html", method: "HEAD")
            #expect(missing.status == 404 && missing.body.isEmpty)
            let post = try await server.request("/index.html", method: "POST")
            #expect(post.status == 405)
        }
    }

    @Test("paths that leave the site folder are refused, in every encoding")
    func traversal() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: site.url.appendingPathComponent("content/escape.txt").path,
            withDestinationPath: site.url.appendingPathComponent("secret.txt").path
        )
        try await ServerHarness.withServer(site) { server in
            // The build copies content files, so plant a link out of public/ as a hostile tool might.
            try FileManager.default.createSymbolicLink(
                atPath: site.url.appendingPathComponent("public/link-out").path, withDestinationPath: "/etc"
            )
            let attempts = [
                "/../secret.txt", "/guide/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
                "/..%2fsecret.txt", "/%2e%2e%2fsecret.txt", "/guide/%2e%2e/%2e%2e/secret.txt", "/..%5csecret.txt",
                "/%252e%252e/secret.txt", "/.%2e/secret.txt", "/link-out/passwd", "/link-out/", "/index.html%00.css",
            ]
            for attempt in attempts {
                let client = try RawHTTPClient(port: server.port)
                try client.send(attempt)
                let head = try await blocking { try client.readHead() }
                #expect(head.status == 403 || head.status == 404, "\(attempt) answered \(head.status)")
            }
            // content/escape.txt links to a file outside the site; the build copies the link, and
            // the resolver refuses a link that leads out of the site folder with 403.
            let escape = try RawHTTPClient(port: server.port)
            try escape.send("/escape.txt")
            let refused = try await blocking { try escape.readHead() }
            #expect(refused.status == 403, "/escape.txt answered \(refused.status)")
            let body = try await server.request("/escape.txt")
            #expect(!String(decoding: body.body, as: UTF8.self).contains("outside the site"))
        }
    }

    @Test("a folder redirect never leaves the site: //evil, ///evil and /%2Fevil get no Location to another host")
    func redirectStaysOnSite() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try site.write("content/evil/index.md", "# Evil\n")
        try site.write("content/my docs/index.md", "# Docs\n")
        try await ServerHarness.withServer(site) { server in
            let expected: [String: String?] = [
                "//evil": "/evil/", "///evil": "/evil/", "//evil?x=1": "/evil/?x=1", "/guide//": nil,
                "/my%20docs": "/my%20docs/", "/%2Fevil": nil, "/%2fevil": nil, "/%5Cevil": nil,
            ]
            for (target, location) in expected {
                let client = try RawHTTPClient(port: server.port)
                try client.send(target)
                let head = try await blocking { try client.readHead() }
                if let location {
                    #expect(head.status == 301, "\(target) answered \(head.status)")
                    #expect(head.headers["location"] == location, "\(target) redirected to \(head.headers["location"] ?? "nowhere")")
                } else {
                    #expect(head.headers["location"] == nil, "\(target) redirected to \(head.headers["location"] ?? "")")
                }
                if let sent = head.headers["location"] {
                    #expect(sent.hasPrefix("/") && !sent.hasPrefix("//") && !sent.contains("\\"), "\(target) → \(sent)")
                }
            }
        }
    }

    @Test("HTML responses carry the live-reload script; the files on disk and other types do not")
    func scriptInjection() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await ServerHarness.withServer(site) { server in
            let served = try await server.text("/index.html")
            #expect(served.contains("<script data-galley-live-reload>"))
            #expect(served.contains("new EventSource(\"/__galley/events\")"))
            #expect(served.range(of: "data-galley-live-reload")!.lowerBound < served.range(of: "</body>")!.lowerBound)
            let onDisk = try site.read("public/index.html")
            #expect(!onDisk.contains("galley-live-reload"))
            let css = try await server.text("/assets/site.css")
            #expect(!css.contains("galley-live-reload"))
        }
    }

    @Test("on loopback, a request for another host name gets 403 (DNS rebinding); loopback names are answered")
    func hostCheck() async throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try site.write("content/index.md", "# Home\n")
        try await ServerHarness.withServer(site) { server in
            for (host, status) in [
                ("evil.example", 403), ("evil.example:\(server.port)", 403), ("127.0.0.1.evil.example", 403),
                ("localhost:\(server.port)", 200), ("127.0.0.1:\(server.port)", 200), ("[::1]:\(server.port)", 200),
                ("LOCALHOST", 200),
            ] {
                let client = try RawHTTPClient(port: server.port)
                try client.send("/index.html", host: host)
                let head = try await blocking { try client.readHead() }
                #expect(head.status == status, "Host: \(host) answered \(head.status)")
            }
        }
    }
}
