import Foundation
import GalleyCore
import GalleyProject
import GalleyReference
import GalleyRender

/// What the stages of a successful build made, turned into what the
/// session keeps for its next build (``state``) and what the build reports
/// (``report(_:start:warnings:notes:)``).
struct BuildOutcome {
    let configuration: SiteConfiguration
    let templates: TemplateSet
    let content: LoadedContent
    let navigation: Navigation
    let files: SiteFiles
    let verified: VerifiedSamples
    let rendered: RenderedSite
    let generated: [String: Data]
    let reference: MadeReference
    let links: LinkFindings
    let gate: PreviewPolicy.Gate

    /// What the next build of the session may reuse.
    var state: BuildSession.State {
        var pagesBySource: [String: Page] = [:]
        for page in content.pages { pagesBySource[page.sourcePath] = page }
        return BuildSession.State(
            configuration: configuration, templates: templates, pages: pagesBySource, navigationKey: rendered.navigationKey,
            results: verified.results, problems: verified.problems, compilerVersion: verified.report.compilerVersion,
            preparation: verified.preparation, generated: generated, copied: files.copied,
            listingFiles: verified.listingFiles, docCommentModules: verified.report.docCommentModules,
            reference: reference, links: links
        )
    }

    /// The build's report: its counts, verdicts, warnings and notes, and in
    /// a preview the problems it rendered anyway with the pages that show them.
    func report(_ context: BuildContext, start: ContinuousClock.Instant, warnings: [Diagnostic], notes: [String]) -> BuildReport {
        let layout = context.layout
        var report = BuildReport(
            pageCount: navigation.pages.count, verification: verified.report,
            fileCount: generated.count + rendered.writtenOnly + files.copied.count,
            duration: ContinuousClock.now - start, outputDisplayPath: layout.displayPath(of: layout.outputDirectory)
        )
        report.renderedPageCount = rendered.pageCount
        let root = FolderPath.resolvingLinks(layout.root.path)
        report.editedDocCommentFiles = (context.commentEdit?.files ?? []).map { root?.relativePath(of: $0) ?? $0 }
        report.verifiedPageCount = verified.pages.count
        report.warnings = warnings
        report.notes = notes
        report.knownBrokenLinks = gate.knownBrokenLinks
        report.coverage = reference.coverage
        report.api = reference.api
        if context.settings.previewsFailingSamples {
            report.previewProblems = Diagnostic.sorted(gate.previewProblems)
            for page in navigation.pages {
                report.pageURLs[page.displayPath] = page.url
                for file in page.shownSampleFiles where report.pageURLs[file] == nil { report.pageURLs[file] = page.url }
            }
        }
        if !context.keepsState { OneShotPages.keep(content.pages) }
        return report
    }
}
