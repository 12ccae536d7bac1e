/// Points a tutorial's manifest at the package being documented: its
/// `.package(url:…)` or `.package(path:…)` line for that package (by its
/// identity, the URL's or path's last component without `.git`) becomes
/// `.package(path:)` of a local folder, so that the tutorial is built
/// against the docs' own checkout, not a release or a branch it names
/// (`branch: "main"`). Every other dependency is left as written.
///
/// ```swift
/// let rewritten = ManifestRewrite.pointing(
///     #".package(url: "https://github.com/swiftlang/swift-syntax.git", branch: "main")"#,
///     identities: ["swift-syntax"]) { "/tmp/deps/\($0)" }
/// rewritten.text       // .package(path: "/tmp/deps/swift-syntax")
/// rewritten.identity   // "swift-syntax"
/// ```
public enum ManifestRewrite {
    /// `manifest` with its dependency on a package whose identity is in
    /// `identities` (lowercased) replaced by `.package(path: folder(identity))`,
    /// `identity` as the manifest spells it; `identity` is `nil` when it names none.
    public static func pointing(
        _ manifest: String, identities: Set<String>, at folder: (String) -> String
    ) -> (text: String, identity: String?) {
        var text = manifest
        var found: String?
        var searchFrom = text.startIndex
        while let call = text.range(of: ".package(", range: searchFrom..<text.endIndex) {
            guard let end = closingParenthesis(in: text, from: call.upperBound) else { break }
            let arguments = String(text[call.upperBound..<end])
            if let location = firstString(after: ["url:", "path:"], in: arguments) {
                var identity = String(location.split(separator: "/").last ?? "")
                if identity.hasSuffix(".git") { identity.removeLast(4) }
                if identities.contains(identity.lowercased()) {
                    // As many lines as the call had, so the compiler's lines in the manifest stay the step file's.
                    let lines = String(repeating: "\n", count: text[call.lowerBound...end].count { $0 == "\n" })
                    let replacement = ".package(path: \"\(folder(identity))\"\(lines))"
                    text.replaceSubrange(call.lowerBound...end, with: replacement)
                    found = identity
                    searchFrom = text.index(call.lowerBound, offsetBy: replacement.count)
                    continue
                }
            }
            searchFrom = call.upperBound
        }
        return (text, found)
    }

    /// The index of the `)` that closes the call whose arguments start at `start`, strings skipped.
    private static func closingParenthesis(in text: String, from start: String.Index) -> String.Index? {
        var depth = 1
        var inString = false
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\\" {
                    index = text.index(after: index)
                    if index == text.endIndex { return nil }
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The string literal after the first of `labels` in `arguments`.
    private static func firstString(after labels: [String], in arguments: String) -> String? {
        for label in labels {
            guard let range = arguments.range(of: label) else { continue }
            let rest = arguments[range.upperBound...].drop { $0 == " " || $0 == "\n" }
            guard rest.first == "\"" else { continue }
            return String(rest.dropFirst().prefix { $0 != "\"" })
        }
        return nil
    }
}
