import Foundation

/// The public names a library's sources declare only inside `#if` blocks
/// (`#if SQLITE_HAS_CODEC … public func usePassphrase(` in GRDB,
/// `#if canImport(Darwin)`), each with the condition it is declared under.
///
/// A doc that uses such a name is right for a build that meets the
/// condition (a build option, a trait, an Apple platform); that this build
/// has no such member is the environment, not an error in the docs. A name
/// also declared outside every `#if` is not listed: the compiler saw that
/// one, so its absence is real.
///
/// The scan reads each source line by line: `#if`, `#elseif`, `#else` and
/// `#endif` keep a stack of conditions, and a line holding `public` or `open`
/// before a declaration's keyword names the declaration.
///
/// ```swift
/// let conditions = ConditionalDeclarations.read(sources: files)
/// conditions.unmetCondition(of: "usePassphrase")   // "SQLITE_HAS_CODEC"
/// ```
package struct ConditionalDeclarations: Sendable, Equatable {
    /// Each name declared under `#if`, with the innermost condition of each of its declarations.
    package private(set) var conditions: [String: [String]] = [:]
    /// Names declared outside every `#if`.
    private var unconditional: Set<String> = []
    /// The compilation conditions the build sets (`-D` flags: `SWIFT_PACKAGE`, `DEBUG`).
    package var defines: Set<String> = []

    /// No declarations.
    package init() {}

    /// The condition `name` is declared under when the library declares it
    /// only under conditions this build does not meet (all of them known
    /// to be unmet: a `-D` flag it does not set, another platform); `nil`
    /// otherwise.
    package func unmetCondition(of name: String) -> String? {
        guard !unconditional.contains(name), let all = conditions[name], !all.isEmpty else { return nil }
        return all.allSatisfy({ BuildCondition.isMet($0, defines: defines) == false }) ? all[0] : nil
    }

    /// The conditional declarations of the Swift modules the build plan
    /// `buildPlan` (SwiftPM's `debug.yaml`) compiles; empty when it cannot be read.
    package static func read(buildPlan: URL) -> ConditionalDeclarations {
        let commands = SwiftPMBuildPlan.swiftCommands(manifest: buildPlan)
        var declarations = read(sources: commands.flatMap { ModuleDeclarations.sourceFiles($0.arguments) })
        for (_, arguments) in commands {
            for (flag, value) in zip(arguments, arguments.dropFirst()) where flag == "-D" { declarations.defines.insert(value) }
            for argument in arguments where argument.hasPrefix("-D") && argument.count > 2 {
                declarations.defines.insert(String(argument.dropFirst(2)))
            }
        }
        return declarations
    }

    /// The conditional declarations of the Swift files at `paths`.
    package static func read(sources paths: [String]) -> ConditionalDeclarations {
        var declarations = ConditionalDeclarations()
        for path in Set(paths) {
            guard let source = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            declarations.scan(source)
        }
        return declarations
    }

    /// Records the public declarations of `source`.
    package mutating func scan(_ source: String) {
        var stack: [String] = []
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#") {
                let directive = line.prefix { !$0.isWhitespace }
                let condition =
                    line.dropFirst(directive.count).split(separator: "//").first?
                    .trimmingCharacters(in: .whitespaces) ?? ""
                switch directive {
                case "#if": stack.append(condition)
                case "#elseif": if !stack.isEmpty { stack[stack.count - 1] = condition }
                case "#else": if let last = stack.last { stack[stack.count - 1] = "!(\(last))" }
                case "#endif": _ = stack.popLast()
                default: break
                }
                continue
            }
            guard let name = Self.declaredName(in: line) else { continue }
            if let condition = stack.last {
                conditions[name, default: []].append(condition)
            } else {
                unconditional.insert(name)
            }
        }
    }

    /// The keywords that introduce a named declaration.
    private static let introducers: Set<String> = [
        "struct", "class", "enum", "protocol", "actor", "typealias", "func", "let", "var", "case", "macro", "associatedtype",
    ]

    /// The name a public (or open) declaration on `line` declares:
    /// `public func usePassphrase(_ passphrase: String)` → `usePassphrase`.
    static func declaredName(in line: Substring) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let access = words.firstIndex(where: { $0 == "public" || $0 == "open" || $0.hasPrefix("public(") }) else {
            return nil
        }
        guard let introducer = words[access...].firstIndex(where: { introducers.contains(String($0)) }),
            introducer + 1 < words.count
        else { return nil }
        let name = words[introducer + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }.filter { $0 != "`" }
        guard let initial = name.first, initial.isLetter || initial == "_" else { return nil }
        return String(name)
    }
}
