import GalleyMarkdown
import GalleyPackage

/// Where the documentation of modules outside the site is: the standard
/// library's and Apple's frameworks' on Apple's site, and any module
/// `galley.yml` names (`external_docs:`), so that a symbol of theirs that a
/// declaration names or a symbol link writes links out instead of being
/// shown as code.
///
/// A symbol's address is its module's base URL and its path, lowercased, in
/// DocC's form (the same paths ``DocCPages`` gives a package's pages):
///
/// ```swift
/// let external = ExternalDocumentation()
/// external.url(module: "Swift", path: ["Array", "append(_:)"])
/// // "https://developer.apple.com/documentation/swift/array/append(_:)"
/// external.url(forSymbolLink: "Foundation/URL")            // "https://developer.apple.com/documentation/foundation/url"
/// external.url(forTypeIdentifier: "s:SS", spelling: "String")   // "https://developer.apple.com/documentation/swift/string"
/// ```
public struct ExternalDocumentation: Sendable, Equatable {
    /// Each module's documentation root, ending with `/`, by the module's name.
    public var bases: [String: String]

    /// The modules whose documentation is on Apple's site.
    public static let apple: [String: String] = Dictionary(
        uniqueKeysWithValues: [
            ("Swift", "swift"), ("_Concurrency", "swift"), ("_StringProcessing", "swift"), ("Foundation", "foundation"),
            ("FoundationEssentials", "foundation"), ("Dispatch", "dispatch"), ("Observation", "observation"), ("SwiftUI", "swiftui"),
            ("Combine", "combine"), ("Synchronization", "synchronization"), ("RegexBuilder", "regexbuilder"), ("Testing", "testing"),
            ("XCTest", "xctest"), ("os", "os"),
        ].map { ($0.0, "https://developer.apple.com/documentation/\($0.1)/") })

    /// The modules a base of `""` took out: no default puts them back.
    public private(set) var excluded: Set<String> = []

    /// Apple's modules, and `bases` over them (a base of `""` takes a module out).
    public init(bases: [String: String] = [:]) {
        var all = Self.apple
        for (module, base) in bases {
            all[module] = base.isEmpty ? nil : (base.hasSuffix("/") ? base : base + "/")
            if base.isEmpty { excluded.insert(module) }
        }
        self.bases = all
    }

    /// These bases, and `defaults` (the dependencies' documentation) for
    /// the modules they neither name nor took out.
    public func adding(defaults: [String: String]) -> ExternalDocumentation {
        var added = self
        for (module, base) in defaults where added.bases[module] == nil && !excluded.contains(module) {
            added.bases[module] = base.hasSuffix("/") ? base : base + "/"
        }
        return added
    }

    /// The page of the symbol at `path` (without the module) of `module`, or
    /// `nil` when the module's documentation is not known.
    public func url(module: String, path: [String]) -> String? {
        guard let base = bases[module] else { return nil }
        return base + path.map { DocCPath.fileName($0.lowercased()) }.joined(separator: "/")
    }

    /// The page a symbol link names when its first component is a module
    /// whose documentation is known (` ``Swift/Array`` `), else `nil`.
    public func url(forSymbolLink link: String) -> String? {
        let components = SymbolLink.components(link)
        guard components.count > 1, let module = components.first else { return nil }
        return url(module: module, path: Array(components.dropFirst()))
    }

    /// The page outside the site a symbol link names: a module's whose
    /// documentation is known when the link starts with its name (a link into
    /// the standard library must name one of its symbols when
    /// `standardLibrary` knows them), or a symbol of the standard library
    /// that `standardLibrary` finds for an unqualified link (` ``Sequence`` `).
    /// `nil` when neither applies: the link names no documented symbol.
    public func url(forSymbolLink link: String, standardLibrary: SymbolIndex?) -> String? {
        let components = SymbolLink.components(link)
        let knowsSwift = standardLibrary?.knows(module: "Swift") == true
        if components.count > 1, components[0] != "Swift" || !knowsSwift, let url = url(forSymbolLink: link) { return url }
        guard knowsSwift, bases["Swift"] != nil, let found = standardLibrary?.find(link, module: "Swift", scope: []) else { return nil }
        return url(module: "Swift", path: Array(SymbolLink.components(found).dropFirst()))
    }

    /// The page of the type a declaration names by its precise identifier
    /// (``MangledTypeName``: `s:SS` String, `s:10Foundation3URLV` URL,
    /// `s:7NIOCore15ChannelPipelineC8PositionO` ChannelPipeline.Position)
    /// when its module's documentation is known. The mangled path must end
    /// with `spelling` (a standard library substitution, which spells no
    /// name, takes `spelling` as its path); `nil` otherwise.
    public func url(forTypeIdentifier identifier: String, spelling: String) -> String? {
        guard let name = MangledTypeName(identifier) else { return nil }
        if name.path.isEmpty { return url(module: name.module, path: [spelling]) }
        guard name.path.last == spelling.split(separator: ".").last.map(String.init) else { return nil }
        return url(module: name.module, path: name.path)
    }
}
