import Foundation
import GalleyCore
import GalleyProject
import GalleyReference
import GalleyReports

/// What every stage of one build reads: its settings, what changed since
/// the last build, and what that build left.
struct BuildContext: Sendable {
    /// The folders and settings of the session.
    let settings: BuildSettings
    /// What changed since the last successful build (everything for a first one).
    let changes: SiteChanges
    /// What is on disk: later builds write the difference from it, even when they recompute everything.
    let written: BuildSession.State?
    /// What may be reused: nothing when everything or the configuration changed.
    let previous: BuildSession.State?
    /// Whether a later build of the session may follow, and reuses what this one produced.
    let keepsState: Bool
    /// The library's files changed in their doc comments alone, read from
    /// them (a preview's edit): the library is not built again, and only the
    /// reference pages that changed are rendered.
    var commentEdit: DocCommentEdit.Applied?

    /// The project's folders.
    var layout: SiteLayout { settings.layout }
    /// Whether the library is built again and every sample verified: its
    /// sources changed in more than doc comments.
    var rebuildsLibrary: Bool { changes.library && commentEdit == nil }

    init(settings: BuildSettings, changes: SiteChanges, written: BuildSession.State?, keepsState: Bool) {
        self.settings = settings
        self.changes = changes
        self.written = written
        self.previous = (changes.everything || changes.configuration) ? nil : written
        self.keepsState = keepsState
    }
}

/// One build of a ``BuildSession``: its stages in order, each a type in a
/// file of its own that takes what it needs and hands on what it made, as
/// the data flow of ARCHITECTURE.md draws it. Policy lives apart: what a
/// preview tolerates (``PreviewPolicy``), what a baseline excuses
/// (``BaselineStep``), the coverage gate (``CoverageGate``).
///
/// Every problem is collected before the build gives up: one page's (or the
/// theme's) problem never hides another's, and the samples of every page
/// that could be read are still verified.
struct Build {
    var context: BuildContext
    let start = ContinuousClock.now
    /// What a successful build leaves for the next one of the session.
    var next: BuildSession.State?

    init(settings: BuildSettings, changes: SiteChanges, written: BuildSession.State?, keepsState: Bool = true) {
        context = BuildContext(settings: settings, changes: changes, written: written, keepsState: keepsState)
    }

    var settings: BuildSettings { context.settings }
    var layout: SiteLayout { context.layout }

    mutating func run() throws(BuildFailure) -> BuildReport {
        let configuration = try ConfigurationStage(context: context).run()
        let theme = ThemeStage(context: context).run(configuration)
        let source = settings.pageSource(configuration, layout).prerendering(allowsRawHTML: configuration.allowsRawHTML)
        let loaded = try PageStage(context: context).run(source)
        context.commentEdit = DocCommentEdit.applied(context, configuration: configuration)
        var preparation = context.rebuildsLibrary ? nil : context.previous?.preparation
        var reference = ReferenceStage(context: context, configuration: configuration)
        let made = reference.run(loaded.content.pages, preparation: &preparation)
        let pages = GeneratedPages.adding(to: (made.catalogPages ?? loaded.content.pages) + made.pages)
        let navigation = Navigation(pages: pages)
        let files = PageStage.files(loaded.content, source: source, templates: theme.templates)
        // Links and pages know the dependencies' documentation the reference found (the settings as loaded are kept for the next build).
        let linking = reference.configuration
        var links = LinkStage(context: context, configuration: linking, standardLibraryPaths: reference.standardLibraryPaths)
        var findings = links.checkPages(pages, content: loaded.content, files: files, templates: theme.templates, source: source)
        var errors = theme.errors + loaded.content.problems + CoverageGate(threshold: settings.coverageThreshold).failures(made.coverage)
        errors += findings.siteErrors
        var verified = try SampleStage(context: context, configuration: configuration).run(
            navigation, changedSources: loaded.changedSources, warnings: loaded.content.warnings + made.warnings,
            preparation: preparation, errors: errors)
        links.checkSymbols(&findings, content: loaded.content, preparation: &verified.preparation)
        verified.report.problems += findings.pageLinks + findings.symbolLinks.errors
        let baseline = try BaselineStep.apply(settings, to: &verified, errors: errors, warnings: loaded.content.warnings)
        let policy = PreviewPolicy(previewsFailingSamples: settings.previewsFailingSamples)
        let gate = policy.judge(&verified.report, brokenLinks: findings.brokenLinks, errors: errors)
        let warnings = loaded.content.warnings + made.warnings + findings.symbolLinks.warnings + verified.report.warnings + baseline.warnings
        let notes = baseline.notes + findings.symbolLinks.notes + made.notes
        guard gate.errors.isEmpty, gate.sampleFailures.isEmpty, let templates = theme.templates else {
            throw BuildFailure(gate, report: verified.report, warnings: warnings, notes: notes)
        }
        let render = RenderStage(context: context, editedPages: reference.editedPages, standardLibrary: links.standardLibraryPaths)
        let rendered = try render.run(
            navigation, toVerify: verified.pages, report: verified.report, templates: templates, configuration: linking)
        let generated = rendered.generated.merging(files.builtInAssets) { _, asset in asset }
        try OutputStage(context: context).run(generated: generated, copied: files.copied, staging: rendered.staging)
        let outcome = BuildOutcome(
            configuration: configuration, templates: templates, content: loaded.content, navigation: navigation, files: files,
            verified: verified, rendered: rendered, generated: generated, reference: made, links: findings, gate: gate)
        next = context.keepsState ? outcome.state : nil
        return outcome.report(context, start: start, warnings: warnings, notes: notes)
    }
}
