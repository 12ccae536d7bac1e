import Foundation
import GalleyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("galley serve, end to end")
struct ServeCommandTests {
    /// A socket listening on a free loopback port, and that port.
    static func occupyPort() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test("a port in use is an error that names the port and suggests --port")
    func portInUse() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try site.write("content/index.md", "# Home\n")
        let (fd, port) = try Self.occupyPort()
        defer { close(fd) }
        let result = try GalleyExecutable.run(["serve", "--port", String(port)], in: site.url)
        #expect(result.status == 1)
        #expect(result.standardError.contains("error: port \(port) is already in use on 127.0.0.1"), "\(result.standardError)")
        #expect(result.standardError.contains("--port \(port + 1)"))
    }

    @Test("serves until SIGINT, then stops cleanly; a non-loopback host is warned about")
    func stopsOnInterrupt() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try site.write("content/index.md", "# Home\n")
        let served = try GalleyExecutable.runUntilOutput(
            "Serving public/ at http://127.0.0.1:", ["serve", "--port", "0", "--host", "0.0.0.0"], in: site.url)
        let text = served.standardOutput
        #expect(text.contains("Built 1 page in "))
        #expect(text.contains("Serving public/ at http://127.0.0.1:"), "\(text)")
        #expect(served.status == 0, "galley serve did not stop cleanly on SIGINT")
        #expect(text.hasSuffix("Stopped.\n"))
        #expect(served.standardError.contains("warning: --host 0.0.0.0 makes the preview reachable from other machines"))
        #expect(!FileManager.default.fileExists(atPath: site.url.appendingPathComponent(".public.galley-new").path))
    }
}
