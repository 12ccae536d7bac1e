import Foundation
import GalleyCore
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

    /// A sample doing what a stranger's pull request might, and the reason its failure must name.
    struct Escape: Sendable, CustomTestStringConvertible {
        var name: String
        var code: String
        var reason: String
        var testDescription: String { name }
    }

    static let escapes: [Escape] = [
        Escape(name: "writes outside its folder", code: """
            let fd = open("/var/tmp/galley-escape-\(getpid())", O_CREAT | O_WRONLY, 0o644)
            guard fd >= 0 else { fatalError(String(cString: strerror(errno))) }
            """, reason: "Read-only file system"),
        Escape(name: "opens a network connection", code: """
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(443).bigEndian
            address.sin_addr.s_addr = inet_addr("1.1.1.1")
            let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            guard connected == 0 else { fatalError(String(cString: strerror(errno))) }
            """, reason: "Network is unreachable"),
        Escape(name: "reads a variable of Galley's own environment", code: """
            guard let secret = ProcessInfo.processInfo.environment["GALLEY_TEST_SECRET"] else { fatalError("GALLEY_TEST_SECRET is not set") }
            print(secret)
            """, reason: "GALLEY_TEST_SECRET is not set"),
        Escape(name: "starts 10,000 processes", code: """
            var started: [Process] = []
            for _ in 0..<10_000 {
                let sleeper = Process()
                sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
                sleeper.arguments = ["30"]
                try sleeper.run()
                started.append(sleeper)
            }
            """, reason: "limit of 256 processes at once"),
    ]

    @Test("a sample that reaches out of the sandbox fails, and the failure names the reason",
          .enabled(if: SandboxTests.available, "bubblewrap cannot start here (apt-get install bubblewrap)"),
          arguments: escapes)
    func escape(_ escape: Escape) throws {
        if escape.reason.hasPrefix("limit of"), ProcessCgroup.make(limit: 1).map({ $0.remove() }) == nil {
            Issue.record("no writable pids control group here, so the sandbox cannot limit processes (run as root, or delegate a cgroup)")
            return
        }
        setenv("GALLEY_TEST_SECRET", "do-not-leak", 1)
        defer { unsetenv("GALLEY_TEST_SECRET") }
        let report = try verify("```swift\nimport Foundation\n\(escape.code)\n```\n")
        let failure = report.results.first?.failure ?? "passed"
        #expect(failure.contains(escape.reason), "\(failure)")
        #expect(!FileManager.default.fileExists(atPath: "/var/tmp/galley-escape-\(getpid())"))
    }

    @Test("a sample reads files outside its folder (read-only)",
          .enabled(if: SandboxTests.available, "bubblewrap cannot start here (apt-get install bubblewrap)"))
    func readsOutside() throws {
        let expected = try String(contentsOfFile: "/etc/os-release", encoding: .utf8).components(separatedBy: "\n")[0]
        let report = try verify("""
            ```swift
            import Foundation
            print(try String(contentsOfFile: "/etc/os-release", encoding: .utf8).components(separatedBy: "\\n")[0])
            ```

            ```output
            \(expected)
            ```
            """)
        #expect(report.results.first?.status == .passed, "\(report.results.first?.failure ?? "")")
    }

    @Test("sandbox: on fails clearly where bubblewrap cannot start; off runs unconfined")
    func modes() throws {
        #expect {
            _ = try Sandbox.resolve(.on, environment: ["PATH": "/nonexistent"])
        } throws: { error in
            (error as? Diagnostic)?.message == "verify.sandbox is `on`, but bubblewrap (bwrap) is not installed"
        }
        #expect(try Sandbox.resolve(.auto, environment: ["PATH": "/nonexistent"]) == nil)
        #expect(try Sandbox.resolve(.off) == nil)
        let report = try verify("```swift\nprint(1)\n```\n", mode: .off)
        #expect(report.sandboxed == false)
        #expect(report.sandboxNote?.hasPrefix("samples ran without a sandbox") == true)
    }
}
