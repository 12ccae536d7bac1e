import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyReports
import GalleyTestSupport
import Testing

@testable import GalleyPackage
@testable import GalleyProcess
@testable import GalleySamples
@testable import GalleyVerify

/// Samples run from a stranger's pull request must not reach the machine.
///
/// Serialized: tests set environment variables of this process and create
/// files in `$HOME`; each uses names of its own and removes them in `defer`.
/// Every "cannot" is paired with a positive control: the same probe program,
/// run unconfined (`sandbox: off`), can — so a test cannot pass only because
/// the machine lacks the file, the network or the variable.
@Suite("The sample sandbox (bubblewrap)", .serialized)
struct SandboxTests {
    static let available = (try? Sandbox.resolve(.auto)) != nil

    func verify(
        _ markdown: String, mode: Sandbox.Mode = .on, settings: SampleSettings = SampleSettings(),
        libraryFlags: [String]? = nil
    ) throws -> VerificationReport {
        var verifier = Verifier(library: SampleLibrary(packageDirectory: URL(fileURLWithPath: "/")))
        verifier.sandboxMode = mode
        var preparation: Verifier.Preparation?
        if let libraryFlags {
            preparation = Verifier.Preparation(
                toolchain: try Toolchain.locate(),
                library: SampleLibrary.Built(flags: libraryFlags, fingerprint: "test"))
        }
        return try verifier.verify([("content/p.md", MarkdownDocument(parsing: markdown), settings)], preparation: &preparation)
    }

    /// A TCP server on 127.0.0.1 of this process (never accepting: a
    /// connection completes in the listen backlog), for the network's
    /// positive control.
    struct LoopbackServer {
        let fd: Int32
        let port: UInt16

        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = 0
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let listening =
                fd >= 0
                && withUnsafeMutablePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
                    }
                }
            guard listening else {
                if fd >= 0 { close(fd) }
                throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "cannot listen on 127.0.0.1"])
            }
            self.fd = fd
            port = UInt16(bigEndian: address.sin_port)
        }

        func stop() { close(fd) }
    }

    @Test(
        "read-only files but its own folder, no network, no $HOME, a scrubbed environment, its own PID namespace, limits",
        .enabled(if: SandboxTests.available, "bubblewrap cannot start here (apt-get install bubblewrap)"))
    func confinement() throws {
        setenv("GALLEY_TEST_SECRET_CONFINEMENT", "do-not-leak", 1)
        defer { unsetenv("GALLEY_TEST_SECRET_CONFINEMENT") }
        let server = try LoopbackServer()
        defer { server.stop() }
        // The unconfined control creates this file: never leave it in the project.
        let projectProbe = FileManager.default.currentDirectoryPath + "/galley-sandbox-probe"
        try? FileManager.default.removeItem(atPath: projectProbe)
        defer { try? FileManager.default.removeItem(atPath: projectProbe) }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        var settings = SampleSettings()
        settings.environment = ["ALLOWED": "yes"]
        let sample = """
            ```swift
            import Foundation
            let here = FileManager.default.currentDirectoryPath
            print("own folder writable:", FileManager.default.createFile(atPath: here + "/out.txt", contents: Data("x".utf8)))
            print("project writable:", FileManager.default.createFile(atPath: "\(FileManager.default.currentDirectoryPath)/galley-sandbox-probe", contents: Data()))
            print("home listing:", (try? FileManager.default.contentsOfDirectory(atPath: "\(home)"))?.count ?? -1)
            print("HOME is own folder:", ProcessInfo.processInfo.environment["HOME"] == here)
            print("secret:", ProcessInfo.processInfo.environment["GALLEY_TEST_SECRET_CONFINEMENT"] ?? "absent")
            print("allowed:", ProcessInfo.processInfo.environment["ALLOWED"] ?? "absent")
            print("pid below 10:", ProcessInfo.processInfo.processIdentifier < 10)
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(\(server.port)).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            print("network:", connected == 0 ? "reachable" : "unreachable")
            for line in try String(contentsOfFile: "/proc/self/limits", encoding: .utf8).split(separator: "\\n")
            where line.hasPrefix("Max file size") || line.hasPrefix("Max address space") {
                let fields = line.split(separator: " ")
                print(fields.dropLast(3).joined(separator: " ") + ":", fields[fields.count - 3])
            }
            ```
            """
        let report = try verify(
            sample + """


                ```output
                own folder writable: true
                project writable: false
                home listing: -1
                HOME is own folder: true
                secret: absent
                allowed: yes
                pid below 10: true
                network: unreachable
                Max file size: 67108864
                Max address space: 8589934592
                ```
                """, settings: settings)
        #expect(report.results.first?.status == .passed, "\(report.results.first?.failure ?? "")")
        #expect(report.sandboxed == true)
        #expect(!FileManager.default.fileExists(atPath: projectProbe))

        // Positive control: the same program, unconfined, sees the secret, the server and $HOME, and writes the project.
        let unconfined = try verify(sample, mode: .off, settings: settings)
        let output = unconfined.results.first?.output ?? ""
        #expect(unconfined.sandboxed == false)
        #expect(output.contains("secret: do-not-leak"), "\(output)")
        #expect(output.contains("network: reachable"), "\(output)")
        #expect(!output.contains("home listing: -1"), "\(output)")
        #expect(output.contains("project writable: true"), "\(output)")
    }

    /// A sample doing what a stranger's pull request might, and the reason its failure must name.
    struct Escape: Sendable, CustomTestStringConvertible {
        var name: String
        var code: String
        var reason: String
        /// Whether the same code, run unconfined, must pass (a positive control).
        var passesUnconfined = false
        var testDescription: String { name }
    }

    static let escapes: [Escape] = [
        Escape(
            name: "writes outside its folder",
            code: """
                let fd = open("/tmp/galley-sandbox-escape-probe", O_CREAT | O_WRONLY, 0o644)
                guard fd >= 0 else { fatalError(String(cString: strerror(errno))) }
                """, reason: "Read-only file system"),
        Escape(
            name: "opens a network connection",
            code: """
                let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = UInt16(443).bigEndian
                address.sin_addr.s_addr = inet_addr("1.1.1.1")
                let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
                guard connected == 0 else { fatalError(String(cString: strerror(errno))) }
                """, reason: "Network is unreachable"),
        Escape(
            name: "reads a variable of Galley's own environment",
            code: """
                guard let secret = ProcessInfo.processInfo.environment["GALLEY_TEST_SECRET_ESCAPE"] else { fatalError("GALLEY_TEST_SECRET_ESCAPE is not set") }
                print(secret)
                """, reason: "GALLEY_TEST_SECRET_ESCAPE is not set", passesUnconfined: true),
        Escape(
            name: "starts 10,000 processes",
            code: """
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

    @Test(
        "a sample that reaches out of the sandbox fails, and the failure names the reason",
        .enabled(if: SandboxTests.available, "bubblewrap cannot start here (apt-get install bubblewrap)"),
        arguments: escapes)
    func escape(_ escape: Escape) throws {
        if escape.reason.hasPrefix("limit of"), ProcessCgroup.make(limit: 1).map({ $0.remove() }) == nil {
            Issue.record("no writable pids control group here, so the sandbox cannot limit processes (run as root, or delegate a cgroup)")
            return
        }
        setenv("GALLEY_TEST_SECRET_ESCAPE", "do-not-leak", 1)
        defer { unsetenv("GALLEY_TEST_SECRET_ESCAPE") }
        let markdown = "```swift\nimport Foundation\n\(escape.code)\n```\n"
        let report = try verify(markdown)
        let failure = report.results.first?.failure ?? "passed"
        #expect(failure.contains(escape.reason), "\(failure)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/galley-sandbox-escape-probe"))
        if escape.passesUnconfined {
            let unconfined = try verify(markdown, mode: .off).results.first
            #expect(unconfined?.status == .passed, "\(unconfined?.failure ?? "")")
            #expect(unconfined?.output.contains("do-not-leak") == true)
        }
    }

    @Test(
        "a sample reads the system's files under /usr (read-only)",
        .enabled(if: SandboxTests.available, "bubblewrap cannot start here (apt-get install bubblewrap)"))
    func readsSystemFiles() throws {
        let expected = try String(contentsOfFile: "/usr/lib/os-release", encoding: .utf8).components(separatedBy: "\n")[0]
        let report = try verify(
            """
            ```swift
            import Foundation
            print(try String(contentsOfFile: "/usr/lib/os-release", encoding: .utf8).components(separatedBy: "\\n")[0])
            ```

            ```output
            \(expected)
            ```
            """)
        #expect(report.results.first?.status == .passed, "\(report.results.first?.failure ?? "")")
    }

    /// A program that tries to read each file of `files` and list each
    /// folder of `folders`, and prints one line per try: `<path>: read` or
    /// `<path>: denied`.
    static func probe(files: [String], folders: [String]) -> String {
        func literal(_ paths: [String]) -> String { "[" + paths.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        return """
            ```swift
            import Foundation
            for path in \(literal(files)) {
                let fd = open(path, O_RDONLY)
                var byte: UInt8 = 0
                print("\\(path):", fd >= 0 && read(fd, &byte, 1) == 1 ? "read" : "denied")
                if fd >= 0 { close(fd) }
            }
            for path in \(literal(folders)) {
                print("\\(path):", (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil ? "read" : "denied")
            }
            ```
            """
    }

    /// What a probe printed, by path.
    static func verdicts(_ output: String) -> [String: String] {
        var verdicts: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.lastIndex(of: ":") else { continue }
            verdicts[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return verdicts
    }

    @Test(
        "a sample reads only what it needs: not a folder beside the project, the project's files, $HOME, /etc/shadow or the rest of /tmp",
        .enabled(if: SandboxTests.available, "bubblewrap cannot start here (apt-get install bubblewrap)"))
    func readsOnlyWhatItNeeds() throws {
        let machine = try TemporaryDirectory()
        defer { machine.remove() }
        let beside = try machine.write("beside/secret.txt", "a folder beside the project")
        let content = try machine.write("project/content/guide.md", "# another file of the project")
        let buildNote = try machine.write("project/.build/debug/notes.txt", "the library's build folder, not a library")
        let library = try machine.write("project/.build/debug/libProbe.so", "a dynamic library of the sample library")
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let temporary = try elsewhere.write("secret.txt", "another folder of the temporary folder")
        // The real $HOME of this process, with a marker in a fresh folder of its own.
        let home = try #require(ProcessInfo.processInfo.environment["HOME"], "HOME is not set")
        let homeFolder = URL(fileURLWithPath: home).appendingPathComponent(".galley-sandbox-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: homeFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: homeFolder) }
        let marker = homeFolder.appendingPathComponent("marker.txt")
        try Data("a file in $HOME".utf8).write(to: marker)

        var hidden = [beside, content, buildNote, temporary, marker].map(\.path)
        // /etc/shadow where this process can read it (root); elsewhere the control could not pass.
        if access("/etc/shadow", R_OK) == 0 { hidden.append("/etc/shadow") }
        // (The folders that lead to the library exist, holding only the way to it.)
        let hiddenFolders = [
            home, homeFolder.path, beside.deletingLastPathComponent().path,
            content.deletingLastPathComponent().path, elsewhere.url.path,
        ]
        let markdown = Self.probe(files: hidden + [library.path], folders: hiddenFolders)
        let flags = ["-L", library.deletingLastPathComponent().path]

        let confined = try #require(try verify(markdown, libraryFlags: flags).results.first)
        #expect(confined.status == .passed, "\(confined.failure ?? "")")
        let inside = Self.verdicts(confined.output)
        for path in hidden + hiddenFolders {
            #expect(inside[path] == "denied", "the sandbox let a sample read \(path)")
        }
        #expect(inside[library.path] == "read", "the sample library's dynamic library must stay readable: \(confined.output)")

        // Positive control: the same program, unconfined, reads every one of them.
        let unconfined = try #require(try verify(markdown, mode: .off, libraryFlags: flags).results.first)
        let outside = Self.verdicts(unconfined.output)
        for path in hidden + hiddenFolders + [library.path] {
            #expect(outside[path] == "read", "unconfined, the probe could not read \(path), so its denial proves nothing: \(unconfined.output)")
        }
    }

    @Test(
        "a sample that lists / sees only the system, the toolchain and the temporary folder its run folder is in",
        .enabled(if: SandboxTests.available, "bubblewrap cannot start here (apt-get install bubblewrap)"))
    func listsRoot() throws {
        let markdown = """
            ```swift
            import Foundation
            for folder in ["/", "/etc"] {
                print(folder + ":", ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? ["unreadable"]).sorted().joined(separator: " "))
            }
            ```
            """
        func listings(_ output: String) -> [String: Set<String>] {
            var listings: [String: Set<String>] = [:]
            for line in output.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                listings[String(parts[0])] = Set(parts[1].split(separator: " ").map(String.init))
            }
            return listings
        }
        func top(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().pathComponents.dropFirst().first ?? "/" }
        let toolchain = try Toolchain.locate()
        let allowed: Set<String> = [
            "bin", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc", "usr",
            top(toolchain.swiftc.path), top(FileManager.default.temporaryDirectory.path),
        ]

        let confined = try #require(try verify(markdown).results.first)
        #expect(confined.status == .passed, "\(confined.failure ?? "")")
        let inside = listings(confined.output)
        let root = try #require(inside["/"], "\(confined.output)")
        #expect(root.isSubset(of: allowed), "unexpected entries in /: \(root.subtracting(allowed).sorted())")
        #expect(root.isSuperset(of: ["dev", "etc", "proc", "usr"]), "\(root.sorted())")
        #expect(inside["/etc"]?.isSubset(of: ["ld.so.cache", "localtime"]) == true, "\(inside["/etc"] ?? [])")

        // Positive control: unconfined, the same program sees more of the machine.
        let unconfined = try #require(try verify(markdown, mode: .off).results.first)
        let outside = try #require(listings(unconfined.output)["/"], "\(unconfined.output)")
        #expect(!outside.isSubset(of: allowed), "unconfined, / holds only \(outside.sorted()), so the test proves nothing")
        #expect(listings(unconfined.output)["/etc"]?.contains("passwd") == true)
    }

    @Test("sandbox: on fails clearly where bubblewrap cannot start; off runs unconfined")
    func modes() throws {
        #expect {
            _ = try Sandbox.resolve(.on, environment: ["PATH": "/nonexistent"])
        } throws: { error in
            (error as? Diagnostic)?.message
                == "the sandbox is `on` (--sandbox on, or galley.yml's verify.sandbox), but bubblewrap (bwrap) is not installed"
        }
        #expect(try Sandbox.resolve(.auto, environment: ["PATH": "/nonexistent"]) == nil)
        #expect(try Sandbox.resolve(.off) == nil)
        let report = try verify("```swift\nprint(1)\n```\n", mode: .off)
        #expect(report.sandboxed == false)
        #expect(report.sandboxNote?.hasPrefix("samples ran without a sandbox") == true)
    }
}
