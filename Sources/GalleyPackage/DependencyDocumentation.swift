import Foundation

/// Where the documentation of a package's dependencies is: each module that
/// SwiftPM builds from a dependency's checkout, at the version it resolved,
/// on the Swift Package Index (its documented URL scheme,
/// `https://swiftpackageindex.com/<owner>/<repository>/<version>/documentation/<module>/`).
///
/// The build's files say it all: its build plan (`debug.yaml`) names each
/// module's sources, whose folder under `checkouts/` is the dependency's,
/// and `workspace-state.json` beside it names each dependency's checkout
/// folder, URL and resolved version or branch. A dependency pinned to a
/// bare revision, or not on GitHub (the only host the Index reads), has
/// none: its modules are counted as not placed.
///
/// ```swift
/// let found = DependencyDocumentation(buildPlan: scratch.appendingPathComponent("debug.yaml"))
/// found.roots["NIOCore"]   // "https://swiftpackageindex.com/apple/swift-nio/2.101.3/documentation/niocore/"
/// found.unplaced           // modules of dependencies whose documentation has no known address
/// ```
public struct DependencyDocumentation: Sendable, Equatable {
    /// A package SwiftPM resolved and checked out.
    public struct Dependency: Sendable, Equatable {
        /// Its checkout's folder name under `checkouts/`.
        public var subpath: String
        /// Where it is fetched from (`https://github.com/apple/swift-nio.git`).
        public var location: String
        /// The version resolved, when it is pinned by one.
        public var version: String?
        /// The branch resolved, when it is pinned by one.
        public var branch: String?
    }

    /// Each dependency module's documentation root, ending with `/`, by the module's name.
    public var roots: [String: String] = [:]
    /// The dependencies' modules whose documentation has no known address, by name.
    public var unplaced: [String] = []

    /// The documentation of the dependencies' modules of the build whose plan is `buildPlan`.
    public init(buildPlan: URL) {
        let scratch = buildPlan.deletingLastPathComponent()
        let dependencies = Self.dependencies(workspaceState: scratch.appendingPathComponent("workspace-state.json"))
        let bySubpath = Dictionary(dependencies.map { ($0.subpath, $0) }, uniquingKeysWith: { first, _ in first })
        let checkouts = scratch.appendingPathComponent("checkouts").path + "/"
        for (module, arguments) in SwiftPMBuildPlan.swiftCommands(manifest: buildPlan) {
            guard let source = ModuleDeclarations.sourceFiles(arguments).first(where: { $0.hasPrefix(checkouts) }),
                let subpath = source.dropFirst(checkouts.count).split(separator: "/").first.map(String.init),
                let dependency = bySubpath[subpath]
            else { continue }
            if let root = Self.swiftPackageIndexRoot(of: module, in: dependency) {
                roots[module] = root
            } else if !unplaced.contains(module) {
                unplaced.append(module)
            }
        }
        unplaced.sort()
    }

    /// The dependencies `workspaceState` (SwiftPM's `workspace-state.json`) records; none when it cannot be read.
    public static func dependencies(workspaceState: URL) -> [Dependency] {
        guard let data = FileManager.default.contents(atPath: workspaceState.path),
            let state = try? JSONDecoder().decode(WorkspaceState.self, from: data)
        else { return [] }
        return state.object.dependencies.compactMap { entry in
            guard let subpath = entry.subpath, let location = entry.packageRef.location else { return nil }
            let checkout = entry.state.checkoutState
            return Dependency(subpath: subpath, location: location, version: checkout?.version, branch: checkout?.branch)
        }
    }

    /// The Swift Package Index's documentation root of `module` of
    /// `dependency`, at its version (else its branch); `nil` for a package
    /// not on GitHub or pinned to a bare revision.
    public static func swiftPackageIndexRoot(of module: String, in dependency: Dependency) -> String? {
        guard let reference = dependency.version ?? dependency.branch, let repository = githubRepository(dependency.location) else { return nil }
        let escaped = reference.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? reference
        return "https://swiftpackageindex.com/\(repository)/\(escaped)/documentation/\(module.lowercased())/"
    }

    /// `owner/name` of a GitHub repository's address (`https://github.com/apple/swift-nio.git`,
    /// `git@github.com:apple/swift-nio.git`), else `nil`.
    static func githubRepository(_ location: String) -> String? {
        guard let (base, host) = PackageRepository.webPage(of: location), host == "github.com" else { return nil }
        return String(base.dropFirst("https://github.com/".count))
    }

    /// The part of `workspace-state.json` read here.
    private struct WorkspaceState: Decodable {
        struct Object: Decodable { var dependencies: [Entry] }
        struct Entry: Decodable {
            struct Reference: Decodable { var location: String? }
            struct State: Decodable {
                struct Checkout: Decodable {
                    var version: String?
                    var branch: String?
                }
                var checkoutState: Checkout?
            }
            var packageRef: Reference
            var state: State
            var subpath: String?
        }
        var object: Object
    }
}
