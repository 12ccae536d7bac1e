import Foundation
import GalleyServer
import GalleyTestSupport
import Testing

@Suite("Byte ranges and large files", .serialized)
struct RangeTests {
    static let pixel: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// 5 MiB of pseudo-random bytes (a linear congruential generator's high bytes), the same every run.
    static let large: [UInt8] = {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(5 << 20)
        var state: UInt32 = 1
        for _ in 0..<(5 << 20) {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes.append(UInt8(truncatingIfNeeded: state >> 24))
        }
        return bytes
    }()

    static func site() throws -> TemporaryDirectory {
        let site = try ServerHarness.makeSite(["index.md": "# Home\n\nWelcome.\n"])
        try site.write("content/images/pixel.png", bytes: pixel)
        try site.write("content/media/large.bin", bytes: large)
        return site
    }

    @Test("a Range request for bytes 2-5 of a binary asset answers 206 with exactly those bytes")
    func partialContent() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await ServerHarness.withServer(site) { server in
            let part = try await server.request("/images/pixel.png", headers: ["Range": "bytes=2-5"])
            #expect(part.status == 206)
            #expect(Array(part.body) == Array(Self.pixel[2...5]))
            #expect(part.headers["content-range"] == "bytes 2-5/8")
            #expect(part.headers["content-length"] == "4")
            #expect(part.headers["content-type"] == "image/png")
            #expect(part.headers["cache-control"] == "no-cache")
            #expect(part.headers["x-content-type-options"] == "nosniff")

            let whole = try await server.request("/images/pixel.png")
            #expect(whole.status == 200 && Array(whole.body) == Self.pixel)
            #expect(whole.headers["accept-ranges"] == "bytes")

            // An open end, a suffix, and an end past the last byte (clamped).
            let tail = try await server.request("/images/pixel.png", headers: ["Range": "bytes=6-"])
            #expect(tail.status == 206 && Array(tail.body) == [0x1A, 0x0A] && tail.headers["content-range"] == "bytes 6-7/8")
            let suffix = try await server.request("/images/pixel.png", headers: ["Range": "bytes=-3"])
            #expect(suffix.status == 206 && Array(suffix.body) == [0x0A, 0x1A, 0x0A] && suffix.headers["content-range"] == "bytes 5-7/8")
            let clamped = try await server.request("/images/pixel.png", headers: ["Range": "bytes=4-100"])
            #expect(clamped.status == 206 && Array(clamped.body) == Array(Self.pixel[4...]) && clamped.headers["content-range"] == "bytes 4-7/8")
        }
    }

    @Test("a range that starts past the end answers 416 with the length; a malformed or multiple range gets the whole file")
    func unsatisfiable() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await ServerHarness.withServer(site) { server in
            for range in ["bytes=8-", "bytes=100-200", "bytes=-0"] {
                let response = try await server.request("/images/pixel.png", headers: ["Range": range])
                #expect(response.status == 416, "\(range) answered \(response.status)")
                #expect(response.headers["content-range"] == "bytes */8", "\(range)")
            }
            for range in ["bytes=abc", "bytes=5-2", "items=0-1", "bytes=0-1,4-5"] {
                let response = try await server.request("/images/pixel.png", headers: ["Range": range])
                #expect(response.status == 200, "\(range) answered \(response.status)")
                #expect(Array(response.body) == Self.pixel, "\(range)")
            }
            // If-Range names a validator this server never sends: the whole file.
            let conditional = try await server.request("/images/pixel.png", headers: ["Range": "bytes=2-5", "If-Range": "\"x\""])
            #expect(conditional.status == 200 && Array(conditional.body) == Self.pixel)
        }
    }

    @Test("a range of an HTML page is a range of the page as served, script included")
    func htmlRange() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await ServerHarness.withServer(site) { server in
            let page = try await server.request("/index.html")
            let part = try await server.request("/index.html", headers: ["Range": "bytes=10-29"])
            #expect(part.status == 206)
            #expect(part.body == page.body[10...29])
            #expect(part.headers["content-range"] == "bytes 10-29/\(page.body.count)")
        }
    }

    @Test("a 5 MiB asset is served intact, whole and in ranges, and HEAD gives its length")
    func largeFile() async throws {
        let site = try Self.site()
        defer { site.remove() }
        try await ServerHarness.withServer(site) { server in
            let whole = try await server.request("/media/large.bin")
            #expect(whole.status == 200)
            #expect(whole.headers["content-length"] == String(Self.large.count))
            // Compared outside #expect: on failure it would diff five million bytes.
            let intact = whole.body == Data(Self.large)
            #expect(intact, "the body differs from the file (\(whole.body.count) bytes)")
            #expect(whole.headers["cache-control"] == "no-cache")

            let middle = try await server.request("/media/large.bin", headers: ["Range": "bytes=4000000-4199999"])
            #expect(middle.status == 206)
            let slice = middle.body == Data(Self.large[4_000_000...4_199_999])
            #expect(slice, "the body differs from bytes 4000000-4199999 (\(middle.body.count) bytes)")
            #expect(middle.headers["content-range"] == "bytes 4000000-4199999/\(Self.large.count)")

            let last = try await server.request("/media/large.bin", headers: ["Range": "bytes=-10"])
            #expect(last.status == 206)
            #expect(last.body == Data(Self.large.suffix(10)))

            let client = try RawHTTPClient(port: server.port)
            try client.send("/media/large.bin", method: "HEAD")
            let head = try await blocking { try client.readHead() }
            #expect(head.status == 200 && head.headers["content-length"] == String(Self.large.count))
        }
    }
}
