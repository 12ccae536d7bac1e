import Foundation
import GalleyCore
import GalleyPackage
import GalleyProject
import GalleySamples
import GalleyVerify

/// The code listings of the doc comments of a package's modules
/// (``SampleVerification/docCommentModules``): one ``DocCommentSampleSource``
/// per Swift file.
struct DocCommentListingSources: SampleSourceKind {
    func sources(
        for pages: [Page], in verification: SampleVerification, preparation: inout Verifier.Preparation?
    ) throws(Diagnostic) -> FoundSampleSources {
        let found = try verification.docCommentSources(pages: pages, preparation: &preparation)
        return FoundSampleSources(sources: found.sources, warnings: found.warnings, modules: found.modules)
    }
}

extension SampleVerification {
    /// The code listings in the documentation comments of the public
    /// declarations of ``docCommentModules`` (members of extensions of
    /// other modules' types included; internal ones too when
    /// ``docCommentScope`` is ``DocCommentScope/all``, compiled with
    /// `@testable import`), read from the modules' symbol graphs:
    /// one ``DocCommentSampleSource`` per Swift file of the package, its
    /// listings compiled as clients of their module — with the module's
    /// catalog's imports and setup when it has a catalog among `pages`.
    /// A module whose graph cannot be read is left out with a warning.
    /// `modules` gives each file's module.
    func docCommentSources(
        pages: [Page], preparation: inout Verifier.Preparation?
    ) throws(Diagnostic) -> (sources: [any SampleSource], warnings: [Diagnostic], modules: [String: String]) {
        guard !docCommentModules.isEmpty else { return ([], [], [:]) }
        let store = verifier.symbolGraphs(try verifier.ensurePrepared(&preparation))
        let root = RealPath.of(projectRoot.path) ?? projectRoot.path
        var sources: [any SampleSource] = []
        var warnings: [Diagnostic] = []
        var modules: [String: String] = [:]
        for module in docCommentModules {
            let comments: [SymbolGraphStore.Comment]
            do throws(Diagnostic) {
                if let edited = docCommentOverrides[module] {
                    comments = edited
                } else {
                    comments = try store.docComments(of: module, includingInternal: docCommentScope == .all)
                }
            } catch {
                warnings.append(.warning("the doc comments of \(module) were not verified: \(error.message)"))
                continue
            }
            var byFile: [String: [DocCommentSampleSource.Comment]] = [:]
            var realPaths: [String: String] = [:]
            for comment in comments {
                let real = realPaths[comment.file] ?? RealPath.of(comment.file) ?? comment.file
                realPaths[comment.file] = real
                guard real.hasPrefix(root + "/") else { continue }
                byFile[String(real.dropFirst(root.count + 1)), default: []].append(
                    DocCommentSampleSource.Comment(text: comment.text, firstLine: comment.line, column: comment.column, symbol: comment.symbol))
            }
            let settings = docCommentSettings(module: module, pages: pages)
            for (path, comments) in byFile.sorted(by: { $0.key < $1.key }) {
                modules[path] = module
                sources.append(DocCommentSampleSource(path: path, comments: comments.sorted { $0.firstLine < $1.firstLine }, settings: settings))
            }
        }
        return (sources, warnings, modules)
    }

    /// What a module's listings compile with: its catalog's page settings
    /// (the module and Foundation imported, the catalog's setup), or the
    /// site's with the module imported.
    private func docCommentSettings(module: String, pages: [Page]) -> SampleSettings {
        let moduleImport = (docCommentScope == .all ? "@testable import " : "import ") + module
        if let page = pages.first(where: { $0.catalogModule == module }) {
            // The catalog's setup and its Foundation, but only the module itself: a listing is a client of its module
            // (importing the package's other modules too can make a name ambiguous).
            var settings = settings(for: page)
            settings.pageProgram = false
            let imports = [moduleImport] + (page.implicitImports.contains("Foundation") ? ["import Foundation"] : [])
            let siteImports = page.implicitImports.map { "import \($0)" }
            var prelude = settings.prelude.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            prelude.removeAll { siteImports.contains($0) }
            settings.prelude = (prelude + imports).joined(separator: "\n").trimmingCharacters(in: .newlines)
            return settings
        }
        var settings = siteSettings
        settings.prelude = settings.prelude.isEmpty ? moduleImport : settings.prelude + "\n" + moduleImport
        if settings.preludeSource.isEmpty { settings.preludeSource = "galley.yml" }
        return settings
    }
}
