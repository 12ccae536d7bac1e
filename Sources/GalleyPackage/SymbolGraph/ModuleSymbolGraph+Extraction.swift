import Foundation
import GalleyCore
import GalleyProcess

extension ModuleSymbolGraph {
    /// How ``extract(module:flags:targetTriple:into:tool:run:)`` runs a tool:
    /// given the executable and its arguments, it runs it to the end and returns
    /// its exit status and its standard output and error together; it throws only
    /// when the tool cannot be started.
    ///
    /// The default, ``runWithProcessRunner(_:_:)``, runs it as every other
    /// tool Galley starts (own process group, ended on Ctrl-C, a timeout and
    /// an output cap); tests may pass a closure that records the arguments or
    /// fakes a failure.
    public typealias ToolRun = (_ tool: URL, _ arguments: [String]) throws -> (status: Int32, output: String)

    /// Writes the symbol graph files of `module` into `folder` with `swift-symbolgraph-extract`
    /// and returns them, the main graph first: `module.symbols.json` and one
    /// `module@Other.symbols.json` for each module whose types it extends.
    ///
    /// `flags` are passed through as given: the `-I` folders that hold the
    /// module's `.swiftmodule` and those of its dependencies, and `-Xcc` options
    /// for the C modules it imports (`-Xcc -fmodule-map-file=…/module.modulemap`).
    /// The graph holds `public` and `open` symbols (`internal` ones too with
    /// `minimumAccessLevel: "internal"`), with extension block symbols
    /// (`-emit-extension-block-symbols`, as DocC extracts them). Earlier graph
    /// files of `module` in `folder` are removed first, so none is left stale.
    ///
    /// `reexportedModules` names the modules whose symbols the graph holds
    /// as `module`'s own where `module` re-exports them (`@_exported import
    /// RealModule` in `Numerics`): the compiler's `-emit-symbol-graph`, which
    /// DocC documents, includes them; the tool only for the modules it is
    /// given (`-experimental-allowed-reexported-modules`). A name `module`
    /// does not re-export changes nothing.
    ///
    /// ```swift
    /// let files = try ModuleSymbolGraph.extract(
    ///     module: "NIOCore", flags: ["-I", ".build/debug/Modules", "-Xcc", "-fmodule-map-file=…"],
    ///     targetTriple: "x86_64-unknown-linux-gnu", into: folder, tool: try ModuleSymbolGraph.locateExtractTool())
    /// ```
    @discardableResult
    public static func extract(
        module: String, flags: [String], targetTriple: String, into folder: URL, tool: URL, minimumAccessLevel: String = "public",
        reexportedModules: [String] = [], run: ToolRun = runWithProcessRunner
    ) throws(Diagnostic) -> [URL] {
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            throw Diagnostic(
                "swift-symbolgraph-extract was not found at '\(tool.path)', so the API of '\(module)' cannot be read",
                suggestion: "Install a Swift toolchain and add its usr/bin to PATH (swift-symbolgraph-extract sits beside swiftc)")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
            where SymbolGraphFile.origin(ofFileNamed: name, module: module) != nil {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        } catch {
            throw Diagnostic(
                "cannot prepare '\(folder.path)' for the symbol graph of '\(module)': \(error.localizedDescription)",
                suggestion: "Check that the folder can be written")
        }
        let arguments =
            [
                "-module-name", module, "-target", targetTriple, "-output-dir", folder.path,
                "-minimum-access-level", minimumAccessLevel, "-emit-extension-block-symbols",
            ]
            + (reexportedModules.isEmpty ? [] : ["-experimental-allowed-reexported-modules=" + reexportedModules.joined(separator: ",")])
            + flags
        let result: (status: Int32, output: String)
        do {
            result = try run(tool, arguments)
        } catch {
            throw Diagnostic(
                "cannot run '\(tool.path)': \(error.localizedDescription)", suggestion: "Check your Swift installation")
        }
        let details = result.output.split(separator: "\n", omittingEmptySubsequences: false).suffix(20).joined(separator: "\n")
        guard result.status == 0 else {
            throw Diagnostic(
                "swift-symbolgraph-extract failed for module '\(module)' (exit status \(result.status))",
                suggestion: suggestion(forFailureOutput: result.output, module: module), details: details.isEmpty ? nil : details)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let written = names.compactMap { name in SymbolGraphFile.origin(ofFileNamed: name, module: module).map { (name, $0) } }
            .sorted { ($0.1.order.rank, $0.1.order.module, $0.0) < ($1.1.order.rank, $1.1.order.module, $1.0) }
        guard written.first?.1 == .main else {
            throw Diagnostic(
                "swift-symbolgraph-extract wrote no '\(module).symbols.json' into '\(folder.path)'",
                suggestion: "Check that '\(module)' is the module's name as the compiler knows it", details: details.isEmpty ? nil : details)
        }
        return written.map { folder.appendingPathComponent($0.0) }
    }

    /// What to do about a failed extraction, from the tool's output.
    static func suggestion(forFailureOutput output: String, module: String) -> String {
        if output.contains("no such module") || output.contains("missing required module") || output.contains("could not build") {
            return
                "Build '\(module)' first (swift build), then pass the folder holding \(module).swiftmodule and its dependencies' "
                + "with -I, and every C module's map with -Xcc -fmodule-map-file=<path>"
        }
        if output.contains("module file's minimum deployment target") || output.contains("could not find module")
            || output.contains("compiled module was created by a different version")
        {
            return "Build the module with this toolchain and for the target triple passed to the extraction"
        }
        return "Check the -I and -Xcc flags and the target triple; the tool's output is below"
    }

    /// `swift-symbolgraph-extract` beside `swiftc`, where toolchains install it.
    ///
    /// ```swift
    /// ModuleSymbolGraph.extractTool(besides: URL(fileURLWithPath: "/opt/swift/usr/bin/swiftc")).path
    /// // "/opt/swift/usr/bin/swift-symbolgraph-extract"
    /// ```
    public static func extractTool(besides swiftc: URL) -> URL {
        swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift-symbolgraph-extract")
    }

    /// `swift-symbolgraph-extract` beside the `swiftc` of `environment["SWIFTC"]`, or else of the first `PATH` folder that has one.
    public static func locateExtractTool(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(Diagnostic) -> URL {
        let fileManager = FileManager.default
        if let swiftc = environment["SWIFTC"], fileManager.isExecutableFile(atPath: swiftc) {
            return extractTool(besides: URL(fileURLWithPath: swiftc))
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let swiftc = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if fileManager.isExecutableFile(atPath: swiftc.path) { return extractTool(besides: swiftc) }
        }
        throw Diagnostic(
            "swiftc was not found on PATH, so swift-symbolgraph-extract cannot be found beside it",
            suggestion: "Install Swift and add its usr/bin to PATH (e.g. export PATH=/opt/swift/usr/bin:$PATH)")
    }

    /// The default ``ToolRun``: runs `tool` with ``ProcessRunner`` (five
    /// minutes at most, 8 MiB of output), its standard output and error
    /// together, in the system's temporary folder.
    public static func runWithProcessRunner(_ tool: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let outcome = try ProcessRunner(timeout: .seconds(300), outputLimit: 8 << 20)
            .run(tool, arguments, in: FileManager.default.temporaryDirectory)
        let status: Int32
        switch outcome.ending {
        case .exited(let code): status = code
        default: status = -1
        }
        return (status, outcome.standardOutput + outcome.standardError)
    }
}
