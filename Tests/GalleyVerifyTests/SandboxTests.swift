import Foundation
import GalleyMarkdown
@testable import GalleyVerify
import Testing

/// Samples run from a stranger's pull request must not reach the machine.
@Suite("The sample sandbox (bubblewrap)")
struct SandboxTests {
    static let available = (try? Sandbox.resolve(.auto)) != nil

    func verify(_ markdown: String, mode: Sandbox.Mode = .on, settings: SampleSettings = SampleSettings()) throws -> VerificationReport {
        var verifier = Verifier(library: SampleLibrary(packageDirectory: URL(fileURLWithPath: "/")))
        verifier.sandboxMode = mode
        var preparation: Verifier.Preparation?
        return try verifier.verify([("content/p.md", MarkdownDocument(parsing: markdown), settings)], preparation: &preparation)
    }

    @Test("read-only files but its own folder, no network, no $HOME, a scrubbed environment, its own PID namespace",
          .enabled(if: SandboxTests.available, "bubblewrap cannot start here (apt-get install bubblewrap)"))
    func confinement() throws {
        setenv("GALLEY_TEST_SECRET", "do-not-leak", 1)
        defer { unsetenv("GALLEY_TEST_SECRET") }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        var settings = SampleSettings()
        settings.environment = ["ALLOWED": "yes"]
        let report = try verify("""
        ```swift
        import Foundation
        let here = FileManager.default.currentDirectoryPath
        print("own folder writable:", FileManager.default.createFile(atPath: here + "/out.txt", contents: Data("x".utf8)))
        print("project writable:", FileManager.default.createFile(atPath: "\(FileManager.default.currentDirectoryPath)/galley-sandbox-probe", contents: Data()))
        print("home listing:", (try? FileManager.default.contentsOfDirectory(atPath: "\(home)"))?.count ?? -1)
        print("HOME is own folder:", ProcessInfo.processInfo.environment["HOME"] == here)
        print("secret:", ProcessInfo.processInfo.environment["GALLEY_TEST_SECRET"] ?? "absent")
        print("allowed:", ProcessInfo.processInfo.environment["ALLOWED"] ?? "absent")
        print("pid below 10:", ProcessInfo.processInfo.processIdentifier < 10)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(53).bigEndian
        address.sin_addr.s_addr = inet_addr("8.8.8.8")
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        print("network:", connected == 0 ? "reachable" : "unreachable")
        ```

        ```output
        own folder writable: true
        project writable: false
        home listing: 0
        HOME is own folder: true
        secret: absent
        allowed: yes
        pid below 10: true
        network: unreachable
        ```
        """, settings: settings)
        #expect(report.results.first?.status == .passed, "\(report.results.first?.failure ?? "")")
        #expect(report.sandboxed == true)
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/galley-sandbox-probe"))
    }

    @Test("sandbox: on fails clearly where bubblewrap cannot start; off runs unconfined")
    func modes() throws {
        #expect {
            _ = try Sandbox.resolve(.on, environment: ["PATH": "/nonexistent"])
        } throws: { error in
            (error as? VerifyError)?.message == "verify.sandbox is `on`, but bubblewrap (bwrap) is not installed"
        }
        #expect(try Sandbox.resolve(.auto, environment: ["PATH": "/nonexistent"]) == nil)
        #expect(try Sandbox.resolve(.off) == nil)
        let report = try verify("```swift\nprint(1)\n```\n", mode: .off)
        #expect(report.sandboxed == false)
        #expect(report.sandboxNote?.hasPrefix("samples ran without a sandbox") == true)
    }
}
