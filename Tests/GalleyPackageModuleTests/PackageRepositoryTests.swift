import Foundation
import GalleyPackage
import GalleyTestSupport
import Testing

/// Where a reference page links its declaration's line: the package's git remote, as a web page.
@Suite("A package's repository on the web, from its git remote")
struct PackageRepositoryTests {
    @Test("GitHub and GitLab remotes, over https, ssh or scp-like, give their file pages at the commit; a local mirror gives none")
    func remotes() {
        let commit = "4f8e2a0"
        #expect(
            PackageRepository.sourceURL(remote: "https://github.com/apple/swift-log.git", commit: commit)
                == "https://github.com/apple/swift-log/blob/4f8e2a0/")
        #expect(
            PackageRepository.sourceURL(remote: "git@github.com:apple/swift-log.git", commit: commit)
                == "https://github.com/apple/swift-log/blob/4f8e2a0/")
        #expect(
            PackageRepository.sourceURL(remote: "ssh://git@github.com/apple/swift-log", commit: commit)
                == "https://github.com/apple/swift-log/blob/4f8e2a0/")
        #expect(
            PackageRepository.sourceURL(remote: "https://gitlab.com/group/sub/project.git/", commit: commit)
                == "https://gitlab.com/group/sub/project/-/blob/4f8e2a0/")
        #expect(PackageRepository.sourceURL(remote: "/opt/swift-packages/apple/swift-log.git", commit: commit) == nil)
        #expect(PackageRepository.sourceURL(remote: "https://example.org/apple/swift-log.git", commit: commit) == nil)
        #expect(PackageRepository.sourceURL(remote: "https://github.com/apple", commit: commit) == nil)
    }

    @Test("a git work tree's origin is read as configured (not rewritten by insteadOf), at the commit checked out")
    func workTree() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        func git(_ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments = ["-c", "user.name=Galley", "-c", "user.email=galley@example.org"] + arguments
            process.currentDirectoryURL = folder.url
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "git \(arguments) failed")
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(PackageRepository.sourceURL(forPackageAt: folder.url) == nil, "no git work tree")
        _ = try git(["init", "-q"])
        _ = try git(["commit", "-q", "--allow-empty", "-m", "start"])
        #expect(PackageRepository.sourceURL(forPackageAt: folder.url) == nil, "no origin")
        _ = try git(["remote", "add", "origin", "https://github.com/example/shapes.git"])
        // A rewrite as the machine's mirror configures one: the link still names the public repository.
        _ = try git(["config", "url./opt/mirror/.insteadOf", "https://github.com/"])
        let commit = try git(["rev-parse", "HEAD"])
        #expect(PackageRepository.sourceURL(forPackageAt: folder.url) == "https://github.com/example/shapes/blob/\(commit)/")
        // On a branch, the host's edit page of that branch; on a detached HEAD (a tag, CI's checkout of a commit), none.
        _ = try git(["checkout", "-q", "-b", "docs/edit"])
        #expect(PackageRepository.editURL(forPackageAt: folder.url) == "https://github.com/example/shapes/edit/docs/edit/")
        _ = try git(["checkout", "-q", "--detach"])
        #expect(PackageRepository.editURL(forPackageAt: folder.url) == nil)
        #expect(PackageRepository.sourceURL(forPackageAt: folder.url) != nil, "the control: the commit's file pages still are")
    }

    @Test("the edit page of a branch on GitHub and GitLab; none for a local mirror")
    func editPages() {
        #expect(
            PackageRepository.editURL(remote: "git@github.com:apple/swift-log.git", branch: "main") == "https://github.com/apple/swift-log/edit/main/"
        )
        #expect(
            PackageRepository.editURL(remote: "https://gitlab.com/group/project.git", branch: "release/1.0")
                == "https://gitlab.com/group/project/-/edit/release/1.0/")
        #expect(PackageRepository.editURL(remote: "/opt/swift-packages/apple/swift-log.git", branch: "main") == nil)
    }
}
