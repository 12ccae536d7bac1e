import Foundation
import GalleyCore
import GalleyPackage
import GalleyPrograms

/// Program results, API-listing and step-file verdicts on disk, keyed by
/// everything that can change them.
struct ResultCache: Sendable {
    /// The verdict on an API listing: `nil` failure when it matches the library.
    struct ListingVerdict: Codable, Equatable {
        /// The mismatch, shown as the sample's failure.
        var failure: String?
        /// The listing's line (1-based in its code) the mismatch is at.
        var line: Int?
        /// Whether the listing names nothing of the library (``APIListing/illustrates(_:against:)``): no claim, skipped.
        var illustrates: Bool?
        /// The column of the mismatch, where it has one (a step file's syntax error).
        var column: Int?
    }

    /// The folder, e.g. `.build/galley/cache`.
    var directory: URL

    /// The key of `program`: its code and where it sits (diagnostics name
    /// lines), attributes, compiler version, flags and library fingerprint.
    static func key(for program: SampleProgram, toolchain: Toolchain, library: SampleLibrary.Built, flags: [String]) -> String {
        var hasher = SHA256()
        func add(_ text: String) {
            hasher.update(data: Data(text.utf8))
            hasher.update(data: Data([0]))
        }
        add("galley-cache-v4")  // v4: a program is one main.swift, scopes only where a name is declared again
        add(ProgramSource.runtime)
        add(toolchain.version)
        add(library.fingerprint)
        flags.forEach(add)
        add(program.mode.rawValue)
        let settings = program.settings
        add(settings.preludeSource)
        add(settings.prelude)
        add(settings.setupSource)
        add(settings.setup)
        settings.flags.forEach(add)
        for (key, value) in settings.environment.sorted(by: { $0.key < $1.key }) { add("\(key)=\(value)") }
        add(program.swift5 ? "swift5" : "swift6")
        for sample in program.context {
            add("context")
            add(sample.page)
            add(String(sample.block.firstCodeLine))
            add(sample.compiledCode)
        }
        for sample in program.samples {
            add(sample.page)
            add(String(sample.block.firstCodeLine))
            add(sample.block.attributes.joined(separator: " "))
            add(sample.compiledCode)
        }
        return HexDigits.of(hasher.finalize())
    }

    /// The key of an API listing's verdict: its code, the modules it is
    /// checked against, the compiler and the library's fingerprint, and the
    /// version of the comparison's rules (a verdict of earlier rules is not kept).
    static func key(forListing code: String, modules: [String], toolchain: Toolchain, library: SampleLibrary.Built) -> String {
        var hasher = SHA256()
        for text in ["galley-listing-v6", toolchain.version, library.fingerprint] + modules + [code] {
            hasher.update(data: Data(text.utf8))
            hasher.update(data: Data([0]))
        }
        return HexDigits.of(hasher.finalize())
    }

    /// The key of a tutorial's step file's syntax check: its text, and the
    /// parser's version (Galley's own, so the check's version stands for it).
    static func key(forStepFile code: String) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("galley-step-file-v1\u{0}".utf8))
        hasher.update(data: Data(code.utf8))
        return HexDigits.of(hasher.finalize())
    }

    /// A verdict stored under `key`, if any.
    func loadVerdict(_ key: String) -> ListingVerdict? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("listing-\(key).json")) else { return nil }
        return try? JSONDecoder().decode(ListingVerdict.self, from: data)
    }

    /// Stores `verdict` under `key` (a cache that cannot be written only costs time).
    func store(_ verdict: ListingVerdict, for key: String) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? JSONEncoder().encode(verdict).write(to: directory.appendingPathComponent("listing-\(key).json"), options: .atomic)
    }

    func load(_ key: String) -> ProgramRun? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("\(key).json")) else { return nil }
        return try? JSONDecoder().decode(ProgramRun.self, from: data)
    }

    func store(_ run: ProgramRun, for key: String) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try JSONEncoder().encode(run).write(to: directory.appendingPathComponent("\(key).json"), options: .atomic)
        } catch {
            // A cache that cannot be written only costs time on the next run.
        }
    }
}
