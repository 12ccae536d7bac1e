import Foundation
import GalleyCore
import GalleyPackage
import GalleyProcess
import GalleySamples

/// Builds a ``TutorialProject`` as a package (`swift build`), against the
/// documented package's own checkout (``ManifestRewrite``) and the other
/// dependencies its manifest names, with their plugins; runs it where the
/// section shows its terminal output, and compares.
///
/// Each tutorial's projects share one folder and one build folder under
/// `workDirectory`, so that a section builds on the one before; an outcome
/// is kept under the digest of everything it depends on (the placed files,
/// the documented package's manifest and sources, the compiler), so a warm
/// run builds nothing.
///
/// Whose a failure is: a compiler error in a file the steps show is the
/// docs' (at the step file's own line); a build that fails anywhere else
/// (a dependency, a plugin, a tool the machine lacks) is the environment,
/// and so is a program that stops when run here (it may need a server
/// the tutorial starts elsewhere): its output is not compared.
public struct TutorialProjectBuilder: Sendable {
    /// The documented package's folder.
    public var packageRoot: URL
    /// The identities (lowercased) a tutorial's manifest may name the documented package by.
    public var identities: Set<String>
    /// Where projects, their builds and their outcomes are kept.
    public var workDirectory: URL
    /// Whether a kept outcome is reused.
    public var useCache = true
    /// The sandbox a built program runs in; `nil` to run it unconfined.
    public var sandbox: Sandbox?
    /// How long a built program may run.
    public var runTimeout: Duration = .seconds(10)
    /// Receives a line as each project starts building.
    public var progress: @Sendable (String) -> Void = { _ in }
    /// The environment `swift` runs in.
    public var environment = ProcessInfo.processInfo.environment

    /// A builder for tutorials of the package at `packageRoot`, known by its
    /// folder's name and the name its manifest gives it.
    public init(packageRoot: URL, workDirectory: URL) {
        self.packageRoot = packageRoot
        var identities = [packageRoot.standardizedFileURL.lastPathComponent.lowercased()]
        if let manifest = try? String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8),
            let name = Self.packageName(in: manifest)
        {
            identities.append(name.lowercased())
        }
        self.identities = Set(identities)
        self.workDirectory = workDirectory
    }

    /// The `name:` of a manifest's `Package(…)`.
    static func packageName(in manifest: String) -> String? {
        guard let call = manifest.range(of: "Package(") else { return nil }
        let rest = manifest[call.upperBound...].drop { $0.isWhitespace }
        guard rest.hasPrefix("name:") else { return nil }
        let value = rest.dropFirst(5).drop { $0.isWhitespace }
        guard value.first == "\"" else { return nil }
        return String(value.dropFirst().prefix { $0 != "\"" })
    }

    /// What building (and running) `project` gave.
    public func outcome(of project: TutorialProject) -> ProjectOutcome {
        let folder = workDirectory.appendingPathComponent(Self.slug(project.tutorial))
        let directory = folder.appendingPathComponent("project")
        let deps = folder.appendingPathComponent("deps")
        guard let manifest = project.manifest else { return .notBuilt("its steps show no Package.swift") }
        let rewritten = ManifestRewrite.pointing(manifest.text, identities: identities) { deps.appendingPathComponent($0).path }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: deps, withIntermediateDirectories: true)
            if let identity = rewritten.identity {
                let link = deps.appendingPathComponent(identity)
                try? FileManager.default.removeItem(at: link)
                try FileManager.default.createSymbolicLink(at: link, withDestinationURL: packageRoot.standardizedFileURL)
            }
            try write(rewritten.text, to: directory.appendingPathComponent("Package.swift"))
        } catch {
            return .environment("its folder could not be written (\(error.localizedDescription))")
        }
        // The manifest's description, kept by its text: a warm run does not compile the manifest.
        let kept = folder.appendingPathComponent("manifests/\(HexDigits.of(SHA256.hash(data: Data(rewritten.text.utf8)))).json")
        var dump = useCache ? FileManager.default.contents(atPath: kept.path).map { String(decoding: $0, as: UTF8.self) } : nil
        if dump == nil {
            do {
                let output = try Toolchain.runSwift(
                    ["package", "--package-path", directory.path, "dump-package"], in: directory, environment: environment)
                dump = output
                try? FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? Data(output.utf8).write(to: kept, options: .atomic)
            } catch {
                return manifestFailure(error, in: directory, manifest: manifest)
            }
        }
        let described = Self.describedManifest(dump ?? "")
        let layout: ProjectLayout
        switch ProjectLayout.place(project, targets: described.targets) {
        case .success(let placed): layout = placed
        case .failure(let notBuilt): return .notBuilt(notBuilt.reason)
        }
        let key = cacheKey(manifest: rewritten.text, layout: layout, transcript: project.transcript?.text)
        let outcomeFile = folder.appendingPathComponent("outcomes/\(key).json")
        if useCache, let data = FileManager.default.contents(atPath: outcomeFile.path),
            var outcome = try? JSONDecoder().decode(ProjectOutcome.self, from: data)
        {
            outcome.cached = true
            return outcome
        }
        var outcome = build(
            project, layout: layout, executables: described.executables, in: directory, scratch: folder.appendingPathComponent("build"))
        outcome.cached = false
        if useCache, let data = try? JSONEncoder().encode(outcome) {
            try? FileManager.default.createDirectory(at: outcomeFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: outcomeFile, options: .atomic)
        }
        return outcome
    }

    /// The outcome of a manifest that does not load: the docs' error at its
    /// lines when the compiler places every error in it, else the environment.
    private func manifestFailure(_ error: Diagnostic, in directory: URL, manifest: TutorialProject.File) -> ProjectOutcome {
        let output = error.details ?? error.message
        let errors = located(CompilerDiagnostic.parse(output), in: directory, placed: ["Package.swift": manifest])
        if let errors, !errors.isEmpty { return ProjectOutcome(status: .failed, reason: "its manifest does not load", errors: errors) }
        return .environment("its manifest does not load here: \(Self.firstError(output))")
    }

    /// Writes the layout's files (only those whose text changed, so that
    /// SwiftPM rebuilds only what changed), builds, runs and compares.
    private func build(
        _ project: TutorialProject, layout: ProjectLayout, executables: [String], in directory: URL, scratch: URL
    ) -> ProjectOutcome {
        var placed = layout.files
        placed.removeValue(forKey: "Package.swift")
        let wanted = Set(placed.keys).union(layout.placeholders).union(["Package.swift"])
        for stale in FileTree.files(under: directory) where !wanted.contains(stale) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(stale))
        }
        do {
            for (path, file) in placed { try write(file.text, to: directory.appendingPathComponent(path)) }
            for path in layout.placeholders {
                try write("// No step of the tutorial fills this target.\n", to: directory.appendingPathComponent(path))
            }
        } catch {
            return .environment("its files could not be written (\(error.localizedDescription))")
        }
        let swift: URL
        do { swift = try Toolchain.swiftDriver(environment: environment) } catch { return .environment(error.message) }
        progress("Building the project of \(project.sectionName) of \(project.tutorial)…")
        let runner = ProcessRunner(timeout: .seconds(3600), outputLimit: 64 << 20)
        let arguments = ["build", "--package-path", directory.path, "--scratch-path", scratch.path]
        guard let built = try? runner.run(swift, arguments, in: directory, environment: environment) else {
            return .environment("`swift build` could not start")
        }
        guard built.ending == .exited(0) else {
            let output = built.standardOutput + "\n" + built.standardError
            let diagnostics = CompilerDiagnostic.parse(output).filter { $0.severity == "error" }
            // SwiftPM's own line that a compiler command failed follows from the compiler's errors.
            let unlocated = output.split(separator: "\n").contains { $0.hasPrefix("error:") && !$0.contains("command failed") }
            if !unlocated, let errors = located(diagnostics, in: directory, placed: layout.files), !errors.isEmpty {
                return ProjectOutcome(status: .failed, reason: "it does not compile", errors: errors)
            }
            // An executable whose entry point a later section adds: all of it compiled, only its link needs `main`.
            if diagnostics.isEmpty && Self.lacksEntryPoint(output) {
                return ProjectOutcome(status: .passed, reason: "it compiles; its executable has no entry point yet, so it is not linked")
            }
            return .environment("it does not build here: \(Self.firstError(output))")
        }
        guard let transcript = project.transcript, let expected = transcript.text.flatMap(TerminalTranscript.expectedOutput(of:)) else {
            return ProjectOutcome(status: .passed, reason: "it builds")
        }
        return run(
            project, expected: expected, transcript: transcript.path ?? transcript.file, executables: executables, directory: directory,
            scratch: scratch)
    }

    /// Runs the project's executable and compares what it prints with `expected`.
    private func run(
        _ project: TutorialProject, expected: String, transcript: String, executables: [String], directory: URL, scratch: URL
    ) -> ProjectOutcome {
        let judged = project.files.filter(\.isSource).max { $0.code.line < $1.code.line }?.code.path
        var outcome = ProjectOutcome(status: .passed, reason: "it builds", expected: expected, outputFile: judged, transcript: transcript)
        guard
            let bin = try? Toolchain.runSwift(
                ["build", "--package-path", directory.path, "--scratch-path", scratch.path, "--show-bin-path"], in: directory,
                environment: environment)
        else { return .environment("its build folder cannot be found") }
        let binPath = URL(fileURLWithPath: bin.split(separator: "\n").last.map(String.init) ?? "")
        guard executables.count == 1, let name = executables.first else {
            outcome.reason = "it builds; it has \(executables.count) executables, so the section's output is not compared"
            outcome.expected = nil
            return outcome
        }
        let executable = binPath.appendingPathComponent(name)
        let runFolder = workDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: runFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runFolder) }
        var command = (executable: executable, arguments: [String](), environment: environment)
        if let sandbox, let swiftc = try? Toolchain.swiftDriver(environment: environment) {
            command = sandbox.wrap(executable, [], in: runFolder, environment: [:], readable: Sandbox.runtimeFolders(compiler: swiftc) + [binPath])
        }
        let runner = ProcessRunner(timeout: runTimeout, outputLimit: 1 << 20)
        guard let ran = try? runner.run(command.executable, command.arguments, in: runFolder, environment: command.environment) else {
            return .environment("it builds, but `\(name)` could not start here")
        }
        outcome.ran = true
        outcome.timedOut = ran.ending == .timedOut
        let printed = [ran.standardOutput, ran.standardOutput + ran.standardError, ran.standardError + ran.standardOutput]
        outcome.output = ran.standardOutput + ran.standardError
        if printed.contains(where: { TerminalTranscript.matches(expected, $0) }) {
            outcome.reason =
                ran.ending == .timedOut
                ? "it builds, and printed what the section shows before it was stopped" : "it builds, and prints what the section shows"
            return outcome
        }
        guard ran.ending == .exited(0) else {
            let why: String
            switch ran.ending {
            case .timedOut: why = "did not end within \(runTimeout) (a server?)"
            case .signalled(let signal): why = "stopped on signal \(signal)"
            case .exited(let status): why = "exited with status \(status)"
            case .outputLimitExceeded: why = "printed more than Galley keeps"
            }
            let last = ran.standardError.split(separator: "\n").last.map { ": " + $0 } ?? ""
            outcome.status = .environment
            outcome.reason =
                "it builds, but when run here it \(why)\(last); it may need what the tutorial sets up outside the project (a server, a file), so its output is not compared"
            return outcome
        }
        outcome.status = .failed
        outcome.reason = "it prints other output than the section shows"
        return outcome
    }

    /// The errors of `diagnostics`, each at the step file whose placed copy
    /// it is in; `nil` when one is anywhere else (a dependency, generated code).
    private func located(
        _ diagnostics: [CompilerDiagnostic], in directory: URL, placed: [String: TutorialProject.File]
    ) -> [ProjectOutcome.LocatedError]? {
        let root = directory.standardizedFileURL.path + "/"
        var errors: [ProjectOutcome.LocatedError] = []
        for diagnostic in diagnostics where diagnostic.severity == "error" {
            let path = URL(fileURLWithPath: diagnostic.file).standardizedFileURL.path
            guard path.hasPrefix(root), let file = placed[String(path.dropFirst(root.count))] else { return nil }
            errors.append(
                ProjectOutcome.LocatedError(
                    file: file.code.path ?? file.code.file, line: diagnostic.line, column: diagnostic.column, message: diagnostic.message))
        }
        return errors
    }

    /// The digest of what the outcome depends on.
    private func cacheKey(manifest: String, layout: ProjectLayout, transcript: String?) -> String {
        var hasher = SHA256()
        func add(_ text: String) {
            hasher.update(data: Data(text.utf8))
            hasher.update(data: Data([0]))
        }
        add("galley-tutorial-project-v2")
        add((try? Toolchain.locate(environment: environment, cache: workDirectory.appendingPathComponent("toolchain.json")))?.version ?? "")
        add(manifest)
        for (path, file) in layout.files.sorted(by: { $0.key < $1.key }) {
            add(path)
            add(file.text)
        }
        layout.placeholders.sorted().forEach(add)
        add("transcript:" + (transcript ?? ""))
        // The documented package: its manifest and the files of its source folders (catalogs build nothing).
        for folder in ["Package.swift", "Sources", "Plugins"] {
            let url = packageRoot.appendingPathComponent(folder)
            let files = folder == "Package.swift" ? [""] : FileTree.files(under: url) { $0.hasSuffix(".docc") }
            for file in files {
                add(folder + "/" + file)
                if let data = FileManager.default.contents(atPath: file.isEmpty ? url.path : url.appendingPathComponent(file).path) {
                    hasher.update(data: data)
                }
            }
        }
        return HexDigits.of(hasher.finalize())
    }

    /// Writes `text` to `url` unless it holds it already.
    private func write(_ text: String, to url: URL) throws {
        let data = Data(text.utf8)
        if FileManager.default.contents(atPath: url.path) == data { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }

    /// The targets of `swift package dump-package`'s output, and its
    /// executables: its executable products, else its executable targets.
    static func describedManifest(_ dump: String) -> (targets: [ProjectLayout.Target], executables: [String]) {
        let json = dump.firstIndex(of: "{").map { String(dump[$0...]) } ?? dump
        guard let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] else { return ([], []) }
        let targets = (object["targets"] as? [[String: Any]] ?? []).compactMap { target -> ProjectLayout.Target? in
            guard let name = target["name"] as? String else { return nil }
            return ProjectLayout.Target(name: name, type: target["type"] as? String ?? "regular", path: target["path"] as? String)
        }
        let products = (object["products"] as? [[String: Any]] ?? []).filter { ($0["type"] as? [String: Any])?["executable"] != nil }
        let executables =
            products.isEmpty ? targets.filter { $0.type == "executable" }.map(\.name) : products.compactMap { $0["name"] as? String }
        return (targets, executables)
    }

    /// Whether the linker's only complaint in `output` is that the
    /// executable has no entry point: `main`, or the `<Module>_main` that
    /// SwiftPM links an executable's `main` as on Linux.
    public static func lacksEntryPoint(_ output: String) -> Bool {
        let undefined = output.split(separator: "\n").filter { $0.contains("undefined reference to") || $0.contains("undefined symbol") }
        return !undefined.isEmpty
            && undefined.allSatisfy { line in
                line.contains("`main'") || line.range(of: #"undefined symbol:? '?([A-Za-z0-9_]+_)?main'?( |$)"#, options: .regularExpression) != nil
            }
    }

    /// The first `error:` line of `output`, else its last line.
    static func firstError(_ output: String) -> String {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let line = lines.first { $0.contains("error:") } ?? lines.last ?? "no output"
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }

    /// A folder name for the tutorial at `path`.
    static func slug(_ path: String) -> String {
        String(path.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
