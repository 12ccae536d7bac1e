import Foundation
import GalleyCore

/// The symbol graphs of a built library's modules, extracted once per
/// library build (keyed by its fingerprint) into a cache folder and loaded
/// from there: the stage every other stage asks for a package's API (API
/// listings, symbol links, reference pages).
///
/// ```swift
/// let store = SymbolGraphStore(toolchain: toolchain, library: built, cache: root.appendingPathComponent(".build/galley/symbolgraphs"))
/// let graph = try store.graph(of: "NIOCore")
/// graph.symbols(atPath: ["ByteBuffer"]).first?.kind   // .struct
/// ```
public struct SymbolGraphStore: Sendable {
    /// The compiler whose `swift-symbolgraph-extract` reads the modules.
    public var toolchain: Toolchain
    /// The library build: its flags give the modules' search paths.
    public var library: SampleLibrary.Built
    /// The folder graphs are kept in, one subfolder per library build.
    public var cache: URL
    /// Each module's source folder, when known: a module's graph holds the
    /// modules its files re-export for documentation (``ReExports``); one
    /// whose folder is unknown may hold any module of the build it re-exports.
    public var moduleDirectories: [String: URL] = [:]
    /// Whether ``cache`` is the project's own (`.build/galley/symbolgraphs`),
    /// so that an extraction removes the graphs of its other, older library
    /// builds (``pruneOtherBuilds()``); never in a folder projects share.
    public var prunesOtherBuilds = false

    /// A store of `library`'s graphs under `cache`.
    public init(toolchain: Toolchain, library: SampleLibrary.Built, cache: URL) {
        self.toolchain = toolchain
        self.library = library
        self.cache = cache
    }

    /// The graph of `module`, extracted the first time it is asked for in
    /// this library build. `Swift` is the standard library's (keyed by the
    /// compiler, not the library).
    /// With `includingInternal`, the graph holds the module's internal
    /// symbols too (extracted apart: what doc comments of internal
    /// declarations are read from).
    public func graph(of module: String, includingInternal: Bool = false) throws(Diagnostic) -> ModuleSymbolGraph {
        let folder = try extracted(module, includingInternal: includingInternal)
        return try ModuleSymbolGraph.load(module: module, from: folder)
    }

    /// The path of every public symbol of `module` (without the module's
    /// name: `["Deque", "append(_:)"]`), kept beside the graph: the standard
    /// library's graph is 48 MB of JSON, its paths a few.
    public func symbolPaths(of module: String) throws(Diagnostic) -> [[String]] {
        try derived("paths", of: module) { graph in graph.symbols.filter { $0.kind != .extension }.map(\.pathComponents) }
    }

    /// What `make` derives from `module`'s graph, kept beside the graph
    /// under `kind` (one file per library build): a warm run reads that
    /// small file, not the graph. A file that cannot be written only costs
    /// reading the graph next time.
    public func derived<Value: Codable>(
        _ kind: String, of module: String, includingInternal: Bool = false, _ make: (ModuleSymbolGraph) throws(Diagnostic) -> Value
    ) throws(Diagnostic) -> Value {
        let file = cache.appendingPathComponent(kind).appendingPathComponent(
            "\(key(for: module, includingInternal: includingInternal))-\(module).json")
        if let data = FileManager.default.contents(atPath: file.path), let value = try? JSONDecoder().decode(Value.self, from: data) {
            return value
        }
        let value = try make(try graph(of: module, includingInternal: includingInternal))
        if let data = try? JSONEncoder().encode(value) {
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: file, options: .atomic)
        }
        return value
    }

    /// A documentation comment of one of a module's public symbols, where
    /// its text starts: the source file's path, the 1-based line of its first
    /// line and the 1-based column its text starts at.
    public struct Comment: Codable, Hashable, Sendable {
        /// The source file's path.
        public var file: String
        /// The 1-based line of the comment's first line.
        public var line: Int
        /// The 1-based column (UTF-8) the text of its first positioned line starts at.
        public var column: Int
        /// Its lines without the markers, joined, ending with a newline.
        public var text: String
        /// The path of the symbol it documents, from the module down
        /// (`["FloatingPointCounter", "increment(by:)"]`); empty when not known.
        public var symbol: [String] = []
    }

    /// The documentation comments written in `module` on its public symbols
    /// (members of its extensions of other modules' types included; its
    /// internal ones too with `includingInternal`), each once however many
    /// symbols share it, kept beside the graph like ``symbolPaths(of:)``: a
    /// warm run reads them without the graph.
    public func docComments(of module: String, includingInternal: Bool = false) throws(Diagnostic) -> [Comment] {
        try derived("comments-v2", of: module, includingInternal: includingInternal) { graph in Self.docComments(in: graph) }
    }

    /// The documentation comments written in `graph`'s module on its
    /// symbols, each once however many symbols share it (what
    /// ``docComments(of:includingInternal:)`` keeps beside the graph).
    public static func docComments(in graph: ModuleSymbolGraph) -> [Comment] {
        var comments: [Comment] = []
        var seen: Set<String> = []
        for symbol in graph.symbols {
            guard let comment = symbol.docComment, comment.moduleName == nil || comment.moduleName == graph.moduleName,
                let uri = comment.uri, let path = URL(string: uri)?.path,
                let offset = comment.lines.firstIndex(where: { $0.start != nil }), let start = comment.lines[offset].start
            else { continue }
            let line = start.line + 1 - offset
            // A comment several symbols share (a protocol requirement's, inherited) is read once.
            guard seen.insert("\(path):\(line)").inserted else { continue }
            comments.append(
                Comment(
                    file: path, line: line, column: start.character + 1, text: comment.lines.map(\.text).joined(separator: "\n") + "\n",
                    symbol: symbol.pathComponents))
        }
        return comments
    }

    /// The folder holding `module`'s graph files, extracted there first when it is not complete.
    private func extracted(_ module: String, includingInternal: Bool) throws(Diagnostic) -> URL {
        let folder = cache.appendingPathComponent(key(for: module, includingInternal: includingInternal)).appendingPathComponent(module)
        let done = folder.appendingPathComponent(".complete")
        if FileManager.default.fileExists(atPath: done.path) { return folder }
        let isStandardLibrary = module == "Swift"
        let flags = isStandardLibrary ? [] : Self.searchFlags(library.flags)
        try ModuleSymbolGraph.extract(
            module: module, flags: flags, targetTriple: Self.hostTriple, into: folder,
            tool: ModuleSymbolGraph.extractTool(besides: toolchain.swiftc), minimumAccessLevel: includingInternal ? "internal" : "public",
            reexportedModules: reexportedModules(of: module, flags: flags))

        // A marker that could not be written only costs an extraction next time.
        _ = FileManager.default.createFile(atPath: done.path, contents: Data())
        if prunesOtherBuilds, !isStandardLibrary { pruneOtherBuilds() }
        return folder
    }

    /// Removes what the cache keeps for library builds other than this one
    /// and the one extracted last before it (a preview server and a verify
    /// run may each be reading theirs), and whatever an earlier extraction
    /// version or another compiler wrote. Without it every saved code change
    /// in `galley serve`, and every doc comment's edit built again, would
    /// keep one more copy of the graphs (32 MB for swift-nio). Called after
    /// an extraction, so once per library build; what cannot be removed is
    /// left for the next time.
    func pruneOtherBuilds() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: cache.path) else { return }
        let current = key(for: "")
        let standardLibrary = key(for: "Swift")
        // A graph folder is `<build>-x<version>` (`-internal` for internal symbols); the rest hold derived files.
        func buildKey(_ name: String) -> String? {
            let build = name.hasSuffix("-internal") ? String(name.dropLast("-internal".count)) : name
            guard let marker = build.range(of: "-x", options: .backwards), !build[marker.upperBound...].isEmpty,
                build[marker.upperBound...].allSatisfy(\.isNumber)
            else { return nil }
            return build
        }
        let folders = names.compactMap { name in buildKey(name).map { (name: name, build: $0) } }
        let modified = { (name: String) -> Date in
            ((try? manager.attributesOfItem(atPath: cache.appendingPathComponent(name).path))?[.modificationDate] as? Date) ?? .distantPast
        }
        let previous =
            folders.filter { $0.build != current && $0.build != standardLibrary && $0.build.hasSuffix("-x\(Self.extractionVersion)") }
            .max { modified($0.name) < modified($1.name) }?.build
        let kept = Set([current, standardLibrary] + (previous.map { [$0] } ?? []))
        for folder in folders where !kept.contains(folder.build) {
            try? manager.removeItem(at: cache.appendingPathComponent(folder.name))
        }
        // Derived files are named `<build>-x<version>[-internal]-<module>.json`.
        for kind in names where buildKey(kind) == nil {
            let folder = cache.appendingPathComponent(kind)
            for file in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where file.hasSuffix(".json") {
                guard !kept.contains(where: { file.hasPrefix($0 + "-") }) else { continue }
                try? manager.removeItem(at: folder.appendingPathComponent(file))
            }
        }
    }

    /// The modules whose symbols `module`'s graph holds as its own: those its
    /// files re-export for documentation (read from its folder when known,
    /// ``ReExports``; and what those modules re-export in turn, where their
    /// folders are known), else any module of the build it re-exports.
    private func reexportedModules(of module: String, flags: [String]) -> [String] {
        guard module != "Swift" else { return [] }
        let built = Self.builtModules(searchedBy: flags).filter { $0 != module }
        guard let folder = moduleDirectories[module] else { return built }
        // What a re-exported module of the package re-exports is re-exported too (NIOFileSystem re-exports
        // _NIOFileSystem, which re-exports SystemPackage: DocC documents SystemPackage's Errno under both).
        var documented = ReExports.documented(inFolder: folder)
        var unread = Array(documented)
        while let next = unread.popLast() {
            guard next != module, let nextFolder = moduleDirectories[next] else { continue }
            for further in ReExports.documented(inFolder: nextFolder) where documented.insert(further).inserted { unread.append(further) }
        }
        return built.filter(documented.contains)
    }

    /// What the extraction writes and the loader reads, in cache keys: a
    /// change of either (its arguments, which files are read) is a new number,
    /// so graphs extracted by an earlier Galley are never read as if current.
    static let extractionVersion = "5"

    /// The Swift modules built into the `-I` folders of `flags` (the
    /// package's and its dependencies', by their `.swiftmodule`), sorted: the
    /// modules a package's module may re-export and DocC documents again
    /// under it. The toolchain's own modules (Foundation) are never in them,
    /// as the compiler's graphs leave those out.
    public static func builtModules(searchedBy flags: [String]) -> [String] {
        var names: Set<String> = []
        var index = flags.startIndex
        while index + 1 < flags.endIndex {
            defer { index += 1 }
            guard flags[index] == "-I" else { continue }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: flags[index + 1])) ?? [] where name.hasSuffix(".swiftmodule") {
                names.insert(String(name.dropLast(".swiftmodule".count)))
            }
        }
        return names.sorted()
    }

    /// The subfolder of one library build (or, for `Swift`, of one compiler), and of this extraction.
    private func key(for module: String, includingInternal: Bool = false) -> String {
        let build =
            module == "Swift"
            ? "swift-" + Self.digest([toolchain.version, toolchain.swiftc.path])
            : library.fingerprint == "none" ? "none-" + Self.digest(library.flags) : library.graphFingerprint
        return "\(build)-x\(Self.extractionVersion)" + (includingInternal ? "-internal" : "")
    }

    /// The search paths of the library's flags and its C modules' (`-I`, `-Xcc …`), as samples compile with.
    static func searchFlags(_ flags: [String]) -> [String] {
        var result: [String] = []
        var index = flags.startIndex
        while index + 1 < flags.endIndex {
            if flags[index] == "-I" || flags[index] == "-Xcc" {
                result += [flags[index], flags[index + 1]]
                index += 2
            } else {
                index += 1
            }
        }
        return result
    }

    /// The first eight bytes of the SHA-256 of `parts`, in hex.
    static func digest(_ parts: [String]) -> String {
        let digest = SHA256.hash(data: Data(parts.joined(separator: "\u{0}").utf8))
        return HexDigits.of(digest.prefix(8))
    }

    /// The triple of the machine Galley runs on: samples and libraries are built for it.
    static var hostTriple: String {
        #if arch(arm64)
            "aarch64-unknown-linux-gnu"
        #else
            "x86_64-unknown-linux-gnu"
        #endif
    }
}
