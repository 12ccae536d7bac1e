import GalleyCore
import GalleyPackage
import GalleyProject

/// How much of a package's API has documentation: per module, the symbols
/// of the API reference that show a doc comment written in the package, as
/// rustdoc's `--show-coverage` and DocC's experimental coverage count them.
/// Symbols documented elsewhere are not counted: inherited copies of members
/// (an `Equatable` type's `!=`), and implementations of another package's
/// requirements that show its doc comment (a `description`), as rustdoc
/// leaves trait implementations out.
///
/// ```swift
/// let coverage = DocumentationCoverage(pages: reference)
/// coverage.summary   // "Documentation coverage: 1,184 of 1,243 symbols have a doc comment (95.3 %); least: Metrics 88.2 %"
/// coverage.percent   // 95.25…
/// ```
public struct DocumentationCoverage: Sendable, Equatable {
    /// One module's counts, and its symbols without a doc comment.
    public struct Module: Sendable, Equatable {
        /// The module's name.
        public var name: String
        /// Symbols with a doc comment.
        public var documented = 0
        /// Symbols counted.
        public var total = 0
        /// The symbols without one, by their name in the module (`Logger.Level.trace`), in page order.
        public var undocumented: [String] = []

        /// `documented` of `total`, in percent (100 when there is nothing to document).
        public var percent: Double { total == 0 ? 100 : Double(documented) * 100 / Double(total) }
    }

    /// The modules, by name.
    public var modules: [Module]

    /// The coverage of the symbols of `pages` (the API reference's; other pages are not counted).
    public init(pages: [Page]) {
        var byName: [String: Module] = [:]
        for page in pages {
            guard let parts = page.symbolParts, !parts.isDocumentedElsewhere else { continue }
            var module = byName[parts.module] ?? Module(name: parts.module)
            module.total += 1
            if parts.hasDocComment { module.documented += 1 } else { module.undocumented.append(parts.qualifiedName) }
            byName[parts.module] = module
        }
        modules = byName.values.sorted { $0.name < $1.name }
    }

    /// Symbols with a doc comment, in all modules.
    public var documented: Int { modules.reduce(0) { $0 + $1.documented } }
    /// Symbols counted, in all modules.
    public var total: Int { modules.reduce(0) { $0 + $1.total } }
    /// `documented` of `total`, in percent.
    public var percent: Double { total == 0 ? 100 : Double(documented) * 100 / Double(total) }

    /// One line for the build's report.
    public var summary: String {
        var line =
            "Documentation coverage: \(Self.count(documented)) of \(Self.count(total)) symbol\(total == 1 ? "" : "s") "
            + "\(total == 1 ? "has" : "have") a doc comment (\(Self.percent(percent)))"
        if modules.count > 1, let least = modules.min(by: { $0.percent < $1.percent }), least.percent < percent {
            line += "; least: \(least.name) \(Self.percent(least.percent))"
        }
        return line
    }

    /// A table of the modules (`galley build --coverage`), each with up to
    /// `listing` of its symbols without a doc comment.
    public func table(listing: Int = 10) -> String {
        let width = max(6, modules.map(\.name.count).max() ?? 0)
        func pad(_ text: String, _ count: Int) -> String { text + String(repeating: " ", count: max(0, count - text.count)) }
        func right(_ text: String, _ count: Int) -> String { String(repeating: " ", count: max(0, count - text.count)) + text }
        var lines = [pad("Module", width) + "  " + right("Documented", 10) + "  " + right("Total", 7) + "  " + right("Coverage", 8)]
        for module in modules {
            lines.append(
                pad(module.name, width) + "  " + right(Self.count(module.documented), 10) + "  " + right(Self.count(module.total), 7) + "  "
                    + right(Self.percent(module.percent), 8))
        }
        lines.append(
            pad("Total", width) + "  " + right(Self.count(documented), 10) + "  " + right(Self.count(total), 7) + "  "
                + right(Self.percent(percent), 8))
        for module in modules where !module.undocumented.isEmpty {
            let shown = module.undocumented.prefix(listing).joined(separator: ", ")
            let more = module.undocumented.count > listing ? ", … (\(module.undocumented.count - listing) more)" : ""
            lines.append("\(module.name), without a doc comment: \(shown)\(more)")
        }
        return lines.joined(separator: "\n")
    }

    /// `value` with thousands separated by commas (`1,243`).
    static func count(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }

    /// A percentage with one decimal, rounded down (`95.3 %`).
    public static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10) %"
    }
}
