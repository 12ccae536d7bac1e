import GalleyCore
import GalleyMarkdown
import GalleyPackage
import GalleyReports
import GalleySamples

/// A starting setup for the samples of one catalog (its
/// `galley-setup.swift`) or of the site's guides (`galley.yml`'s `verify:
/// prelude`), written from the names they use and nothing declares
/// (`galley verify --suggest-setup`): one declaration per name whose type
/// the library's symbol graph gives (`let logger = Logger(label: "logger")`),
/// marked for the author to check; an import for an attribute of the
/// toolchain's modules (`@Test`); the names no type fits listed, not guessed.
///
/// ```swift
/// let suggestions = try verifier.suggestSetups(for: report, setupFileName: "galley-setup.swift", preparation: &prepared)
/// suggestions.first?.path    // "Sources/Logging/Docs.docc/galley-setup.swift"
/// ```
public struct SetupSuggestion: Sendable {
    /// Where the setup goes: a catalog's `galley-setup.swift`, or `galley.yml` for guides.
    public var path: String
    /// Whether ``path`` is a catalog's setup file (else the site's prelude).
    public var isCatalog: Bool
    /// The Swift lines to add, comments included.
    public var text: String
    /// The names given a declaration or an import, with their types (`logger: Logger`).
    public var declared: [String] = []
    /// The names given a type but no value (no initializer takes only literals): left commented out.
    public var unvalued: [String] = []
    /// The names no type fits, with how many samples use each.
    public var untyped: [(name: String, samples: Int)] = []
    /// The values suggested (`certificate` → `try Certificate(derEncoded: [])`), to be run before they are kept.
    var values: [(name: String, value: String, module: String)] = []
    /// The settings of the samples it is for: their imports and language mode, to run the values with.
    var settings = SampleSettings()

    /// The setup file `fileName` of the catalog holding `page`
    /// (`Sources/X/X.docc/galley-setup.swift`), or `nil` outside a catalog.
    public static func catalogSetupPath(of page: String, fileName: String) -> String? {
        guard let range = page.range(of: ".docc/") else { return nil }
        return String(page[..<range.upperBound]) + fileName
    }

    /// One suggestion per catalog (its setup file named `setupFileName`, and
    /// one for the guides) whose samples use names nothing declares, typed
    /// with `typing(modules)`.
    /// `rejected`: values that failed when run, by name, with why; such a
    /// name is left for the author with the reason.
    static func suggestions(
        for results: [SampleResult], setupFileName: String, rejected: [String: String] = [:],
        typing: (_ modules: [String]) -> NameTyping
    ) -> [SetupSuggestion] {
        var groups: [String: [SampleResult]] = [:]
        // A snippet file is a whole program: no setup is compiled before it.
        for result in results where !result.undeclaredNames.isEmpty && !result.sample.origin.isWholeFile {
            groups[catalogSetupPath(of: result.sample.page, fileName: setupFileName) ?? "galley.yml", default: []].append(result)
        }
        return groups.keys.sorted().compactMap { path in
            guard let group = groups[path] else { return nil }
            var modules: [String] = []
            for result in group {
                for module in AssumedNames.modules(of: result.sample) where !modules.contains(module) { modules.append(module) }
            }
            return suggestion(path: path, results: group, rejected: rejected, typing: typing(modules))
        }
    }

    private static func suggestion(
        path: String, results: [SampleResult], rejected: [String: String], typing: NameTyping
    ) -> SetupSuggestion? {
        var counts: [String: Int] = [:]
        for result in results { for name in Set(result.undeclaredNames) { counts[name, default: 0] += 1 } }
        let names = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        var suggestion = SetupSuggestion(path: path, isCatalog: path.hasSuffix(".swift"), text: "")
        suggestion.settings = results.first?.sample.settings ?? SampleSettings()
        var imports: [String] = []
        var lines: [String] = []
        // Every block sees the prelude's modules (the catalog's); a type of another module needs its import.
        let shared = Set(results.first.map { AssumedNames.modules(in: [$0.sample.settings.prelude]) } ?? [])
        for (name, samples) in names {
            let uses = "used by \(samples) sample\(samples == 1 ? "" : "s")"
            if let module = AssumedNames.moduleOfName[name] {
                if !imports.contains("import \(module)") { imports.append("import \(module)") }
                suggestion.declared.append("\(name): import \(module)")
            } else if name.hasPrefix("(") {
                // A member or a declaration shown alone: no setup gives it the type around it.
                continue
            } else if let type = typing.type(for: name) {
                if !shared.contains(type.module), !imports.contains("import \(type.module)") { imports.append("import \(type.module)") }
                if let construction = type.construction, rejected[name] == nil {
                    let value = construction.replacingOccurrences(of: "NAME", with: name)
                    lines.append("// CHECK: \(name) is \(uses); Galley typed it by its name as \(type.module).\(type.name).")
                    lines.append("let \(name) = \(value)")
                    suggestion.declared.append("\(name): \(type.spelled)")
                    suggestion.values.append((name, value, type.module))
                } else {
                    // Left for the author: no value can be made from literals, or the one made failed when run.
                    let why = rejected[name].map { "; the value Galley made, \($0)" } ?? ", which no initializer makes from literals"
                    lines.append(
                        "// GIVE A VALUE: \(name) is \(uses); its name fits \(type.module).\(type.name)\(why):")
                    lines.append("// let \(name): \(type.spelled) = <#value#>")
                    suggestion.unvalued.append("\(name): \(type.spelled)")
                }
            } else {
                suggestion.untyped.append((name, samples))
            }
        }
        // Members and declarations shown alone only: nothing a setup gives.
        if suggestion.declared.isEmpty, suggestion.unvalued.isEmpty, suggestion.untyped.isEmpty { return nil }
        var text = "// Suggested by `galley verify --suggest-setup`: the context these samples use and no sample declares.\n"
        text += "// Check each line; the samples that still fail say why in the next `galley verify`.\n"
        // FoundationNetworking is Linux's part of Foundation: the setup stays valid on an Apple platform.
        let importLines = imports.map { $0 == "import FoundationNetworking" ? "#if canImport(FoundationNetworking)\n\($0)\n#endif" : $0 }
        if !importLines.isEmpty { text += importLines.joined(separator: "\n") + "\n" }
        if !lines.isEmpty { text += "\n" + lines.joined(separator: "\n") + "\n" }
        if !suggestion.untyped.isEmpty {
            text += "\n// No library type fits these names; declare them yourself:\n"
            text += "//   " + suggestion.untyped.map { "\($0.name) (\($0.samples))" }.joined(separator: ", ") + "\n"
        }
        suggestion.text = text
        return suggestion
    }
}

extension Verifier {
    /// A starting setup for each catalog (and the guides) whose samples in
    /// `report` use names nothing declares, typed by the library's symbol
    /// graphs (``SetupSuggestion``).
    /// `setupFileName` is what a catalog's setup file is called (the project's `CatalogPageSource.setupFileName`).
    public func suggestSetups(
        for report: VerificationReport, setupFileName: String, preparation: inout Preparation?
    ) throws(Diagnostic) -> [SetupSuggestion] {
        guard report.results.contains(where: { !$0.undeclaredNames.isEmpty }) else { return [] }
        let store = symbolGraphs(try ensurePrepared(&preparation))
        var assuming = AssumedNames(store: store)
        let first = SetupSuggestion.suggestions(for: report.results, setupFileName: setupFileName) { modules in assuming.typing(of: modules) }
        // A value is suggested only once it has run: one that throws, traps or does not compile is left to the author.
        var rejected: [String: String] = [:]
        for suggestion in first where !suggestion.values.isEmpty {
            rejected.merge(try failingValues(of: suggestion, preparation: &preparation)) { old, _ in old }
        }
        guard !rejected.isEmpty else { return first }
        return SetupSuggestion.suggestions(for: report.results, setupFileName: setupFileName, rejected: rejected) { modules in
            assuming.typing(of: modules)
        }
    }

    /// The values of `suggestion` that do not compile, throw or trap when
    /// run, by name, with what happened; the others ran. Each value is a
    /// program of its own (`let certificate = try Certificate(derEncoded:
    /// [])`), so one that traps says nothing of the others.
    func failingValues(of suggestion: SetupSuggestion, preparation: inout Preparation?) throws(Diagnostic) -> [String: String] {
        // With the module of its type imported, as the setup imports it.
        let blocks = suggestion.values.map { "```swift\nimport \($0.module)\nlet \($0.name) = \($0.value)\n_ = \($0.name)\n```\n" }
        var settings = suggestion.settings
        settings.pageProgram = false
        settings.defaultMode = .run
        let page = MarkdownSampleSource(
            path: "(the values suggested for \(suggestion.path))", document: MarkdownDocument(parsing: blocks.joined(separator: "\n")),
            settings: settings)
        var checking = self
        checking.assumesNames = false
        checking.hovers = .off
        var failing: [String: String] = [:]
        for (value, result) in zip(suggestion.values, try checking.verify([page], preparation: &preparation).results) where result.status != .passed {
            let failure = result.failure ?? ""
            let what =
                result.failureKind == .compile
                ? "does not compile here"
                : failure.contains("Error raised at top level") || failure.contains("thrown") ? "throws when run" : "traps when run"
            failing[value.name] = "`\(value.value)`, \(what)"
        }
        return failing
    }
}
