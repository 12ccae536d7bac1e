import GalleySamples
import SwiftSyntax

/// The toolchain's modules a sample uses without importing them, imported
/// for it: docs show `XCTestCase`, `@Test`, `#expect`, `Date` or `Mutex`
/// without the import every reader assumes, as rustdoc's doctests get the
/// crate and `fn main` without writing them. The import joins the sample's
/// prelude (never its own lines, so its line numbers stay); a sample that
/// imports the module, or whose prelude does, is left as it is. The samples
/// of one group (one program) share their imports.
///
/// ```swift
/// let samples = ToolchainImports.applied(to: samples)   // `class T: XCTestCase {}` now compiles with `import XCTest`
/// ```
package enum ToolchainImports {
    /// The toolchain's names (as written: `XCTestCase`, `@Test`, `#expect`) by the module that declares them.
    static let moduleOfName: [String: String] = {
        // Not Synchronization's `Mutex` and `Atomic`: packages declare their own, which an import would make ambiguous.
        var modules = AssumedNames.moduleOfName.filter { $0.value != "Synchronization" }
        for name in [
            "XCTAssertLessThan", "XCTAssertGreaterThan", "XCTAssertIdentical", "XCTAssertNoThrow", "XCTUnwrap", "XCTSkip",
            "XCTSkipIf", "XCTSkipUnless", "XCTestExpectation", "XCTAssertNotEqual", "XCTAssertEqualWithAccuracy",
            "XCTAssertLessThanOrEqual", "XCTAssertGreaterThanOrEqual",
        ] {
            modules[name] = "XCTest"
        }
        for name in ["#expect", "#require", "@Test", "@Suite"] { modules[name] = "Testing" }
        for name in ["withObservationTracking", "@Observable"] { modules[name] = "Observation" }
        // Foundation re-exports Dispatch: a sample with `DispatchQueue` reads as Foundation code.
        modules["DispatchQueue"] = "Foundation"
        modules["DispatchGroup"] = "Foundation"
        return modules
    }()

    /// `samples`, each with the imports of the toolchain modules its group uses and does not import.
    package static func applied(to samples: [Sample]) -> [Sample] {
        var groupModules: [String: [String]] = [:]
        var modules: [[String]] = []
        for sample in samples {
            let used = sample.mode == .ignore ? [] : missingModules(of: sample)
            modules.append(used)
            if let key = groupKey(sample) {
                for module in used where !(groupModules[key]?.contains(module) ?? false) { groupModules[key, default: []].append(module) }
            }
        }
        return zip(samples, modules).map { sample, own in
            let needed = groupKey(sample).flatMap { groupModules[$0] } ?? own
            guard !needed.isEmpty, sample.mode != .ignore else { return sample }
            var sample = sample
            let imports = needed.filter { !imported(in: sample.settings.prelude).contains($0) }.map { "import \($0)" }
            guard !imports.isEmpty else { return sample }
            if sample.settings.prelude.isEmpty {
                sample.settings.preludeSource = sample.page
                sample.settings.prelude = imports.joined(separator: "\n")
            } else {
                // After it, so the prelude's lines keep their numbers.
                sample.settings.prelude += "\n" + imports.joined(separator: "\n")
            }
            return sample
        }
    }

    /// The one program a sample's group makes (its page and group), or `nil` for a sample compiled alone.
    private static func groupKey(_ sample: Sample) -> String? {
        if let group = sample.group { return "\(sample.page)\t\(group)" }
        return sample.settings.pageProgram && !sample.standalone ? "\(sample.page)\t" : nil
    }

    /// The toolchain modules whose names `sample`'s code uses (not in strings
    /// or comments) that neither it nor its prelude imports, in first-use order.
    static func missingModules(of sample: Sample) -> [String] {
        guard let tree = SwiftSource.parse(sample.compiledCode) else { return [] }
        let present = imported(in: sample.settings.prelude).union(imported(in: sample.settings.setup)).union(imported(in: sample.compiledCode))
        var found: [String] = []
        var previous: TokenSyntax?
        for token in tree.tokens(viewMode: .sourceAccurate) {
            defer { previous = token }
            guard case .identifier(let name) = token.tokenKind else { continue }
            // `x.Issue` is a member, not the module's name.
            if previous?.tokenKind == .period { continue }
            let written: String =
                switch previous?.tokenKind {
                case .atSign?: "@" + name
                case .pound?: "#" + name
                default: name
                }
            guard let module = moduleOfName[written] ?? moduleOfName[name], !present.contains(module), !found.contains(module) else { continue }
            found.append(module)
        }
        return found
    }

    /// The modules `code` imports (`import XCTest`, `@testable import M`, `import struct Foundation.Date`).
    static func imported(in code: String) -> Set<String> {
        var modules: Set<String> = []
        for line in code.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
            var name = words[index + 1]
            if ["struct", "class", "enum", "protocol", "func", "typealias", "var", "let"].contains(name), index + 2 < words.count {
                name = words[index + 2]
            }
            modules.insert(String(name.split(separator: ".").first ?? name))
        }
        return modules
    }
}
