import Foundation
import GalleyCore
import GalleyPackage
import GalleyProject
import GalleySamples
import GalleyVerify

extension SampleVerification {
    /// The code listings in the documentation comments of the public
    /// declarations of ``docCommentModules`` (members of extensions of
    /// other modules' types included), read from the modules' symbol graphs:
    /// one ``DocCommentSampleSource`` per Swift file of the package, its
    /// listings compiled as clients of their module — with the module's
    /// catalog's imports and setup when it has a catalog among `pages`.
    /// A module whose graph cannot be read is left out with a warning.
    func docCommentSources(
        pages: [Page], preparation: inout Verifier.Preparation?
    ) throws(Diagnostic) -> (sources: [any SampleSource], warnings: [Diagnostic]) {
        guard !docCommentModules.isEmpty else { return ([], []) }
        let store = verifier.symbolGraphs(try verifier.ensurePrepared(&preparation))
        let root = RealPath.of(projectRoot.path) ?? projectRoot.path
        var sources: [any SampleSource] = []
        var warnings: [Diagnostic] = []
        for module in docCommentModules {
            let graph: ModuleSymbolGraph
            do {
                graph = try store.graph(of: module)
            } catch {
                warnings.append(.warning("the doc comments of \(module) were not verified: \(error.message)"))
                continue
            }
            var byFile: [String: [DocCommentSampleSource.Comment]] = [:]
            var seen: Set<String> = []
            for symbol in graph.symbols {
                guard let comment = symbol.docComment, comment.moduleName == nil || comment.moduleName == module,
                    let uri = comment.uri, let file = URL(string: uri)?.path, let start = comment.lines.first(where: { $0.start != nil })?.start,
                    let offset = comment.lines.firstIndex(where: { $0.start != nil })
                else { continue }
                let real = RealPath.of(file) ?? file
                guard real.hasPrefix(root + "/") else { continue }
                let path = String(real.dropFirst(root.count + 1))
                // A comment several symbols share (a protocol requirement's, inherited) is read once.
                guard seen.insert("\(path):\(start.line)").inserted else { continue }
                let text = comment.lines.map(\.text).joined(separator: "\n") + "\n"
                byFile[path, default: []].append(
                    DocCommentSampleSource.Comment(text: text, firstLine: start.line + 1 - offset, column: start.character + 1))
            }
            let settings = docCommentSettings(module: module, pages: pages)
            for (path, comments) in byFile.sorted(by: { $0.key < $1.key }) {
                sources.append(DocCommentSampleSource(path: path, comments: comments.sorted { $0.firstLine < $1.firstLine }, settings: settings))
            }
        }
        return (sources, warnings)
    }

    /// What a module's listings compile with: its catalog's page settings
    /// (the module and Foundation imported, the catalog's setup), or the
    /// site's with the module imported.
    private func docCommentSettings(module: String, pages: [Page]) -> SampleSettings {
        if let page = pages.first(where: { $0.catalogModule == module }) {
            var settings = settings(for: page)
            settings.pageProgram = false
            return settings
        }
        var settings = siteSettings
        settings.prelude = settings.prelude.isEmpty ? "import \(module)" : settings.prelude + "\nimport \(module)"
        if settings.preludeSource.isEmpty { settings.preludeSource = "galley.yml" }
        return settings
    }
}
