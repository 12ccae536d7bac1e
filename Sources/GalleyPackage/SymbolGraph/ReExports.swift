import Foundation

/// The modules a module's source files re-export for documentation: every
/// `@_exported import X` of its folder's Swift files, except those marked
/// `@_documentation(visibility: internal)` (or `private`, `fileprivate`,
/// `package`), which the compiler leaves out of the symbol graph DocC reads.
///
/// ```swift
/// // Sources/Tracing/Tracer.swift: @_documentation(visibility: internal) @_exported import Instrumentation
/// // Sources/Numerics/Numerics.swift: @_exported import RealModule
/// ReExports.documented(inFolder: numerics)   // ["RealModule", "ComplexModule"]
/// ReExports.documented(inFolder: tracing)    // []
/// ```
public enum ReExports {
    /// The modules the Swift files under `folder` re-export for documentation.
    public static func documented(inFolder folder: URL) -> Set<String> {
        var modules: Set<String> = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8), text.contains("@_exported")
            else { continue }
            modules.formUnion(documented(inSource: text))
        }
        return modules
    }

    /// The modules `source` re-exports for documentation.
    public static func documented(inSource source: String) -> Set<String> {
        var modules: Set<String> = []
        guard let declaration, let visibility else { return modules }
        let range = NSRange(source.startIndex..., in: source)
        for match in declaration.matches(in: source, range: range) {
            guard let attributes = Range(match.range(at: 1), in: source), let name = Range(match.range(at: 2), in: source) else { continue }
            let written = source[attributes]
            guard written.contains("@_exported") else { continue }
            if let visibility = visibility.firstMatch(in: String(written), range: NSRange(written.startIndex..., in: written)),
                let level = Range(visibility.range(at: 1), in: String(written)).map({ String(written)[$0] }), level != "public"
            {
                continue
            }
            modules.insert(String(source[name]))
        }
        return modules
    }

    /// An import declaration at the start of a line, its attributes (on the
    /// lines before it too) in group 1 and the module's name in group 2
    /// (`import struct A.B` imports from `A`). The patterns are constant:
    /// tests show they compile.
    private static let declaration = try? NSRegularExpression(
        pattern:
            #"(?m)^[ \t]*((?:@\w+(?:\([^)]*\))?\s+)*)import[ \t]+(?:(?:struct|class|enum|protocol|typealias|func|var|let)[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)"#
    )

    /// `@_documentation(visibility: level)`, the level in group 1.
    private static let visibility = try? NSRegularExpression(pattern: #"@_documentation\s*\(\s*visibility\s*:\s*(\w+)"#)
}
