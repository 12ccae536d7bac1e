import Foundation

/// The top-level public names each Swift module of a built library's graph
/// declares — the package's own modules and every dependency's — read from
/// SwiftPM's build plan (each module's source list) and the sources
/// themselves. Docs use a dependency's type (`AsyncTimerSequence`, from
/// swift-async-algorithms, in a swift-service-lifecycle article) or a sibling
/// module's without its import, as they leave out every import but the
/// page's own: this says which import the reader adds.
///
/// The scan reads declarations that start a line (`public struct X`,
/// `@frozen public enum X`, `public func x(`): a top-level declaration of a
/// formatted source file. It only ever adds an import that the compiler
/// then checks, so a name it misses leaves the sample as it was.
///
/// ```swift
/// let names = ModuleDeclarations.read(buildPlan: manifest)
/// names.modules(declaring: "AsyncTimerSequence")   // ["AsyncAlgorithms"]
/// ```
package struct ModuleDeclarations: Sendable, Equatable {
    /// Each name by the modules that declare it at top level, publicly.
    package private(set) var modulesByName: [String: Set<String>] = [:]

    /// An empty set of declarations.
    package init() {}

    /// Records that `module` declares `name`.
    package mutating func add(_ name: String, module: String) {
        modulesByName[name, default: []].insert(module)
    }

    /// The modules that declare `name`, sorted.
    package func modules(declaring name: String) -> [String] {
        (modulesByName[name] ?? []).sorted()
    }

    /// The names `module` declares.
    package func names(of module: String) -> Set<String> {
        Set(modulesByName.compactMap { $0.value.contains(module) ? $0.key : nil })
    }

    /// The declarations of every Swift module the build plan `buildPlan`
    /// (SwiftPM's `debug.yaml`) compiles; empty when it cannot be read.
    package static func read(buildPlan: URL) -> ModuleDeclarations {
        var declarations = ModuleDeclarations()
        for (module, arguments) in SwiftPMBuildPlan.swiftCommands(manifest: buildPlan) {
            for file in sourceFiles(arguments) {
                guard let source = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
                for name in topLevelNames(in: source) { declarations.add(name, module: module) }
            }
        }
        return declarations
    }

    /// The Swift files a `swiftc` command compiles: its `.swift` arguments
    /// and the lines of its `@response` files.
    static func sourceFiles(_ arguments: [String]) -> [String] {
        var files: [String] = []
        for argument in arguments {
            if argument.hasPrefix("@"), let list = try? String(contentsOfFile: String(argument.dropFirst()), encoding: .utf8) {
                files += list.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }
                    .filter { $0.hasSuffix(".swift") }
            } else if argument.hasSuffix(".swift") {
                files.append(argument)
            }
        }
        return files
    }

    /// The keywords that introduce a named declaration.
    private static let introducers: Set<String> = [
        "struct", "class", "enum", "protocol", "actor", "typealias", "func", "let", "var", "macro",
    ]
    /// Words that may stand between `public` and the introducer.
    private static let modifiers: Set<String> = [
        "final", "indirect", "nonisolated", "static", "mutating", "consuming", "borrowing", "dynamic", "override", "required",
        "convenience", "lazy", "nonmutating", "distributed",
    ]

    /// The names of the public (or open) declarations that start a line of
    /// `source` (no indentation): `public struct X`, `@frozen public enum X`,
    /// `public func x(`.
    static func topLevelNames(in source: String) -> [String] {
        var names: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let first = line.first, first == "p" || first == "o" || first == "@" else { continue }
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            while let word = words.first, word.hasPrefix("@") {
                words = words.dropFirst()
                // `@available(macOS 10.15, *)` spans words up to its `)`.
                if word.contains("("), !word.contains(")") {
                    while let next = words.first {
                        words = words.dropFirst()
                        if next.contains(")") { break }
                    }
                }
            }
            guard let access = words.first, access == "public" || access == "open" else { continue }
            words = words.dropFirst()
            while let word = words.first, modifiers.contains(String(word)) { words = words.dropFirst() }
            guard let introducer = words.first, introducers.contains(String(introducer)), words.count > 1 else { continue }
            let raw = words[words.index(after: words.startIndex)]
            let name = raw.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }.filter { $0 != "`" }
            if let initial = name.first, initial.isLetter || initial == "_" { names.append(String(name)) }
        }
        return names
    }
}
