import Foundation
import GalleyCore
import GalleyPackage
import GalleyProcess
import GalleyPrograms
import GalleySamples

/// API listings compared by meaning: the compiler, not the spelling, says
/// whether a listed declaration is the library's.
///
/// The listing is compiled as a scaffold (``ListingSource``) against the
/// library, with a symbol graph; each of its declarations' identity (USR)
/// is demangled, as are the library's declarations of the same name, and
/// the two are compared with the module that declares them set aside.
/// Demangled names spell every type in full (`Swift.Error`,
/// `Logging.Logger.MetadataValue`), generic constraints in one order (`<A,
/// B where B: Swift.Error>`) and attributes of function types canonically,
/// so `Failure: Error` and `where Failure : Error`, `Error` and `any Error`,
/// `-> Self` and the type's name, `@Sendable @escaping` in either order are
/// the same declaration; `error: Error?` and `error: @autoclosure () ->
/// Error?` are not.
///
/// ```swift
/// let identity = ListingIdentity(toolchain: toolchain, flags: built.flags, modules: ["Logging"], runner: runner)
/// let proven = identity.provenLines(listing, symbols: symbols)   // listing lines the library declares as written
/// ```
struct ListingIdentity {
    var toolchain: Toolchain
    /// The library's compiler flags (search paths).
    var flags: [String]
    /// The library's modules: imported by the scaffold, and what its own module name stands for.
    var modules: [String]
    var runner: ProcessRunner

    /// The lines (1-based, of the listing's code) of the declarations that
    /// are, by the compiler's identity, declarations among `symbols`. Empty
    /// when the listing cannot be compiled at all or the toolchain has no
    /// `swift-demangle`.
    func provenLines(_ code: String, symbols: [APIListing.Symbol]) -> Set<Int> {
        let demangler = toolchain.swiftc.deletingLastPathComponent().appendingPathComponent("swift-demangle")
        guard FileManager.default.isExecutableFile(atPath: demangler.path), let folder = try? runner.supervisor.makeTemporaryFolder() else {
            return []
        }
        defer { runner.supervisor.removeTemporaryFolder(folder) }
        guard let declared = compile(code, in: folder), !declared.isEmpty else { return [] }
        let titles = Set(declared.map(\.title))
        let candidates = symbols.filter { symbol in symbol.usr != nil && titles.contains(symbol.path.last ?? "") }
        let names = demangle(declared.map(\.usr) + candidates.compactMap(\.usr), with: demangler)
        guard names.count == declared.count + candidates.count else { return [] }
        let library = Set(names.dropFirst(declared.count).map(Self.normalized))
        var proven: Set<Int> = []
        for (declaration, name) in zip(declared, names) {
            let own = Self.normalized(name)
            // A top-level declaration or a protocol of the listing is the scaffold's own: it stands for one of the library's modules.
            let readings =
                own.contains(ListingSource.moduleName + ".")
                ? modules.map { own.replacingOccurrences(of: ListingSource.moduleName + ".", with: $0 + ".") } : [own]
            if readings.contains(where: library.contains) { proven.insert(declaration.line) }
        }
        return proven
    }

    /// A declaration of the compiled scaffold: its identity, its symbol
    /// graph title, and the listing line it comes from.
    private struct Declared {
        var usr: String
        var title: String
        var line: Int
    }

    /// Compiles the scaffold of `code` with a symbol graph, leaving out the
    /// declarations that do not compile (up to three rounds); its declarations,
    /// or `nil` when nothing compiles.
    private func compile(_ code: String, in folder: URL) -> [Declared]? {
        var excluded: Set<Int> = []
        for round in 0..<3 {
            let scaffold = ListingSource.scaffold(code, imports: modules, excluding: excluded)
            let source = folder.appendingPathComponent("listing.swift")
            let output = folder.appendingPathComponent("graph-\(round)")
            guard (try? Data(scaffold.text.utf8).write(to: source)) != nil,
                (try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)) != nil
            else { return nil }
            let arguments =
                [
                    "-emit-module", "-parse-as-library", "-module-name", ListingSource.moduleName,
                    "-emit-module-path", output.appendingPathComponent("\(ListingSource.moduleName).swiftmodule").path,
                    "-emit-symbol-graph", "-emit-symbol-graph-dir", output.path, "-symbol-graph-minimum-access-level", "internal",
                ] + flags + [source.path]
            guard let outcome = try? runner.run(toolchain.swiftc, arguments, in: folder) else { return nil }
            if outcome.ending == .exited(0) {
                return Self.declarations(in: output, lines: scaffold.lines)
            }
            let broken = CompilerDiagnostic.parse(outcome.standardOutput + outcome.standardError).filter {
                $0.severity == "error" && $0.file.hasSuffix("listing.swift")
            }.compactMap { scaffold.lines[$0.line] }
            guard !broken.isEmpty, !Set(broken).isSubset(of: excluded) else { return nil }
            excluded.formUnion(broken)
        }
        return nil
    }

    /// The declarations of the symbol graphs in `folder` (the scaffold's own
    /// and its extensions of other modules' types), by the listing lines they come from.
    private static func declarations(in folder: URL, lines: [Int: Int]) -> [Declared] {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        var found: [Declared] = []
        for file in files where file.lastPathComponent.hasSuffix(".symbols.json") {
            guard let data = try? Data(contentsOf: file),
                let graph = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                let symbols = graph["symbols"] as? [[String: Any]]
            else { continue }
            for symbol in symbols {
                guard let identifier = symbol["identifier"] as? [String: Any], let usr = identifier["precise"] as? String,
                    let path = symbol["pathComponents"] as? [String], let title = path.last,
                    let location = symbol["location"] as? [String: Any], let position = location["position"] as? [String: Any],
                    let line = position["line"] as? Int, let listingLine = lines[line + 1]
                else { continue }
                found.append(Declared(usr: usr, title: title, line: listingLine))
            }
        }
        return found
    }

    /// The demangled names of `usrs`, in order (one `swift-demangle` run).
    private func demangle(_ usrs: [String], with demangler: URL) -> [String] {
        guard !usrs.isEmpty else { return [] }
        let mangled = usrs.map { $0.hasPrefix("s:") ? "$s" + $0.dropFirst(2) : $0 }
        guard let outcome = try? runner.run(demangler, ["--compact"] + mangled, in: FileManager.default.temporaryDirectory),
            outcome.ending == .exited(0)
        else { return [] }
        return outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).prefix(usrs.count).map(String.init)
    }

    /// A demangled name without the module of the extension that declares
    /// it (`(extension in Logging):`), which is the scaffold's for every
    /// member it lists.
    static func normalized(_ name: String) -> String {
        var text = name
        while let start = text.range(of: "(extension in ") {
            guard let end = text[start.upperBound...].range(of: "):") else { break }
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        return text
    }
}
