/// Whether an `#if` condition holds in a build on this machine (Linux),
/// as far as it can be known without the compiler: a custom flag holds when
/// the build sets it (`-D`), `os(Linux)` holds and `os(macOS)` does not, an
/// Apple framework cannot be imported. Anything else (`compiler(>=6.0)`,
/// `canImport(FoundationEssentials)`, `hasFeature(…)`) is unknown.
///
/// ```swift
/// BuildCondition.isMet("SQLITE_HAS_CODEC", defines: ["SWIFT_PACKAGE"])   // false
/// BuildCondition.isMet("os(Linux) || os(macOS)", defines: [])            // true
/// BuildCondition.isMet("compiler(>=6.0)", defines: [])                   // nil
/// ```
package enum BuildCondition {
    /// Platforms `os(…)` names that are not this one.
    private static let otherPlatforms: Set<String> = [
        "macOS", "iOS", "tvOS", "watchOS", "visionOS", "xrOS", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI", "Cygwin", "PS4",
        "Haiku", "OSX",
    ]
    /// Modules only Apple's platforms have.
    private static let appleModules: Set<String> = [
        "Darwin", "UIKit", "AppKit", "WatchKit", "ObjectiveC", "SwiftUI", "Combine", "os", "Security", "CryptoKit",
        "WebKit", "SystemConfiguration", "Network", "CoreData", "MetricKit", "OSLog",
    ]

    /// Whether `condition` holds with the flags `defines`; `nil` when it cannot be told.
    package static func isMet(_ condition: String, defines: Set<String>) -> Bool? {
        let text = condition.trimmingCharacters(in: .whitespaces)
        if let parts = split(text, on: "||") {
            let values = parts.map { isMet($0, defines: defines) }
            if values.contains(true) { return true }
            return values.allSatisfy { $0 == false } ? false : nil
        }
        if let parts = split(text, on: "&&") {
            let values = parts.map { isMet($0, defines: defines) }
            if values.contains(false) { return false }
            return values.allSatisfy { $0 == true } ? true : nil
        }
        if text.hasPrefix("!") { return isMet(String(text.dropFirst()), defines: defines).map { !$0 } }
        if text.hasPrefix("("), text.hasSuffix(")"), enclosed(text) {
            return isMet(String(text.dropFirst().dropLast()), defines: defines)
        }
        if let argument = argument(of: "os", in: text) {
            if argument == "Linux" { return true }
            return otherPlatforms.contains(argument) ? false : nil
        }
        if let argument = argument(of: "canImport", in: text) {
            return appleModules.contains(argument) ? false : nil
        }
        if text == "true" { return true }
        if text == "false" { return false }
        // A bare flag: set by `-D`, or not.
        if !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return defines.contains(text) }
        return nil
    }

    /// `text`'s operands around the top-level `separator` (outside
    /// parentheses); `nil` when it has none.
    private static func split(_ text: String, on separator: String) -> [String]? {
        var parts: [String] = []
        var depth = 0
        var current = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0, text[index...].hasPrefix(separator) {
                parts.append(current)
                current = ""
                index = text.index(index, offsetBy: separator.count)
                continue
            }
            current.append(character)
            index = text.index(after: index)
        }
        parts.append(current)
        return parts.count > 1 ? parts : nil
    }

    /// Whether `text`'s first `(` closes at its last character.
    private static func enclosed(_ text: String) -> Bool {
        var depth = 0
        for (offset, character) in text.enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0, offset < text.count - 1 { return false }
        }
        return true
    }

    /// The argument of `name(…)` when `text` is exactly that call.
    private static func argument(of name: String, in text: String) -> String? {
        guard text.hasPrefix(name + "("), text.hasSuffix(")") else { return nil }
        let inner = text.dropFirst(name.count + 1).dropLast()
        return inner.contains("(") ? nil : inner.trimmingCharacters(in: .whitespaces)
    }
}
