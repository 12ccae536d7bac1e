/// A release's version read from its git tag (`1.5.0`, `v2.0.0-beta.1`,
/// `1.2`): what orders a package's versions and decides which is the latest.
///
/// ```swift
/// ReleaseVersion(tag: "v2.0.0-beta.1")?.isPrerelease   // true
/// ReleaseVersion(tag: "5.8.0")! > ReleaseVersion(tag: "5.7.1")!   // true
/// ReleaseVersion(tag: "nightly")   // nil
/// ```
public struct ReleaseVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The numbers: major, minor, patch (a missing one is 0).
    public var numbers: [Int]
    /// The pre-release identifiers after `-` (`beta.1`), empty for a release.
    public var prerelease: [String]

    /// The version a tag names, or `nil` when it names none: one to three
    /// dot-separated numbers, an optional `v` before them, an optional
    /// `-prerelease` and `+build` after.
    public init?(tag: String) {
        var text = Substring(tag)
        if text.first == "v" || text.first == "V" { text = text.dropFirst() }
        if let plus = text.firstIndex(of: "+") { text = text[..<plus] }
        var prerelease: [String] = []
        if let dash = text.firstIndex(of: "-") {
            prerelease = text[text.index(after: dash)...].split(separator: ".").map(String.init)
            guard !prerelease.isEmpty else { return nil }
            text = text[..<dash]
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber), let number = Int(part) else { return nil }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        self.numbers = numbers
        self.prerelease = prerelease
    }

    /// Whether it is a pre-release (`2.0.0-beta.1`).
    public var isPrerelease: Bool { !prerelease.isEmpty }

    /// `1.5.0`, `2.0.0-beta.1`.
    public var description: String {
        numbers.map(String.init).joined(separator: ".") + (prerelease.isEmpty ? "" : "-" + prerelease.joined(separator: "."))
    }

    /// Semantic Versioning's order: by the numbers, then a pre-release
    /// before its release, pre-release identifiers compared numerically when
    /// both are numbers.
    public static func < (lhs: ReleaseVersion, rhs: ReleaseVersion) -> Bool {
        if lhs.numbers != rhs.numbers { return lhs.numbers.lexicographicallyPrecedes(rhs.numbers) }
        if lhs.prerelease.isEmpty || rhs.prerelease.isEmpty { return !lhs.prerelease.isEmpty && rhs.prerelease.isEmpty }
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            if let l = Int(left), let r = Int(right) { return l < r }
            if Int(left) != nil { return true }
            if Int(right) != nil { return false }
            return left < right
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }
}
