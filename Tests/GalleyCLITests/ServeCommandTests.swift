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
        let process = Process()
        process.executableURL = try GalleyExecutable.url()
        process.arguments = ["serve", "--port", "0", "--host", "0.0.0.0"]
        process.currentDirectoryURL = site.url
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(60)
        while !text.contains("Serving public/ at http://127.0.0.1:") && Date() < deadline && process.isRunning {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        #expect(text.contains("Built 1 page in "))
        #expect(text.contains("Serving public/ at http://127.0.0.1:"), "\(text)")
        kill(process.processIdentifier, SIGINT)
        let stopBy = Date().addingTimeInterval(20)
        while process.isRunning && Date() < stopBy { usleep(20_000) }
        #expect(!process.isRunning, "galley serve did not stop on SIGINT")
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let warnings = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(text.hasSuffix("Stopped.\n"))
        #expect(warnings.contains("warning: --host 0.0.0.0 makes the preview reachable from other machines"))
        #expect(!FileManager.default.fileExists(atPath: site.url.appendingPathComponent(".public.galley-new").path))
    }
}
