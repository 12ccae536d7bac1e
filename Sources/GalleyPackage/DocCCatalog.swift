import Foundation

/// A DocC documentation catalog (`Sources/Foo/Foo.docc`): its articles are
/// pages, its other files assets, and its samples are written against the
/// module it documents.
public struct DocCCatalog: Sendable, Hashable, Codable {
    /// The `.docc` folder.
    public var directory: URL
    /// The module it documents (its target's name); also its section's URL prefix.
    public var module: String
    /// Whether its samples import ``module`` implicitly (it is in a library product).
    public var importsModule: Bool
    /// Whether its samples import Foundation implicitly: the module's own
    /// sources import it, so its docs are written with Foundation in scope
    /// (`UUID()`, `Date()` without an import).
    public var importsFoundation = false
    /// The package's other library modules, which its samples import too:
    /// a catalog's docs use the package's API as a user who imports its
    /// products does (`@CasePathable` of `CasePaths` in `CasePathsCore`'s catalog).
    public var siblingModules: [String] = []

    /// Creates a catalog.
    public init(directory: URL, module: String, importsModule: Bool, importsFoundation: Bool = false) {
        self.directory = directory
        self.module = module
        self.importsModule = importsModule
        self.importsFoundation = importsFoundation
    }

    /// The catalog's name as DocC names it: its `Info.plist`'s
    /// `CFBundleDisplayName` when it has one, else its module's. DocC puts
    /// the catalog's tutorials under it (`tutorials/<name>/…`).
    public var displayName: String {
        let plist = directory.appendingPathComponent("Info.plist")
        guard let data = FileManager.default.contents(atPath: plist.path),
            let info = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
            let name = info["CFBundleDisplayName"] as? String, !name.isEmpty
        else { return module }
        return name
    }

    /// The modules its samples import before their own code: Foundation
    /// (when the module imports it), the documented module and the package's
    /// other library modules (when samples can link it).
    public var implicitImports: [String] {
        guard importsModule else { return importsFoundation ? ["Foundation"] : [] }
        let modules = [module] + siblingModules.filter { $0 != module }
        return (importsFoundation ? ["Foundation"] : []) + modules.map(SwiftPackage.moduleName(ofTarget:))
    }
}
