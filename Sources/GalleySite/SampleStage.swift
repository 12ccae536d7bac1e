import GalleyCore
import GalleyPackage
import GalleyProject
import GalleyReference
import GalleyReports
import GalleySamples
import GalleyVerify

/// Verifies the samples of the pages that are new or changed since the last
/// build (all of them when the library is built again); the others keep
/// their verdicts. A package's reference shows its doc comments' listings
/// with their verdicts: verified with the pages when the library (whose
/// sources hold them) is built again or its doc comments were edited, else
/// kept from the last build.
struct SampleStage {
    let context: BuildContext
    let configuration: SiteConfiguration

    private var reverifiesAll: Bool { context.previous == nil || context.rebuildsLibrary }
    /// Whether the doc comments' listings are verified again (those of unchanged comments come from the cache).
    private var readsListings: Bool { reverifiesAll || context.commentEdit != nil }
    /// Which doc comments' listings a package's reference shows.
    private var docComments: DocCommentScope { context.settings.makesReference ? configuration.verification.docComments : .none }

    /// `errors` and `warnings` are the build's so far: a verification that
    /// cannot run fails the build with them.
    func run(
        _ navigation: Navigation, changedSources: Set<String>, warnings: [Diagnostic], preparation: Verifier.Preparation?,
        errors: [Diagnostic]
    ) throws(BuildFailure) -> VerifiedSamples {
        let previous = context.previous
        let reverifiesAll = reverifiesAll
        // A page the build makes (a module's reference page, the 404 page) is not new when the last build made it too.
        let made = Set(previous?.navigationKey ?? [])
        let stale: (Page) -> Bool = { page in
            reverifiesAll || changedSources.contains(page.sourcePath)
                || (previous?.pages[page.sourcePath] == nil && !made.contains("\(page.url)\t\(page.title)"))
        }
        let toVerify = navigation.pages.filter(stale)
        var preparation = preparation
        let fresh: VerificationReport
        do {
            if let reason = context.settings.unverifiedReason {
                fresh = verification().unverified(toVerify, reason: reason)
            } else {
                fresh = try verification().verify(toVerify, preparation: &preparation)
            }
        } catch {
            var failure = BuildFailure(errors + [error])
            failure.warnings = warnings
            throw failure
        }
        var verified = VerifiedSamples(pages: toVerify, preparation: preparation)
        for page in navigation.pages where !stale(page) {
            verified.results[page.displayPath] = previous?.results[page.displayPath] ?? []
            verified.problems[page.displayPath] = previous?.problems[page.displayPath] ?? []
        }
        for page in toVerify {
            // A page's results include those of the snippet and step files it shows.
            let paths = Set([page.displayPath] + page.shownSampleFiles)
            verified.results[page.displayPath] = fresh.results.filter { paths.contains($0.sample.page) }
            verified.problems[page.displayPath] = fresh.problems.filter { $0.location.map { paths.contains($0.path) } ?? false }
        }
        collectListings(fresh, into: &verified)
        verified.report = report(fresh, of: navigation, verified: verified)
        return verified
    }

    /// The verifier as the build configures it: hovers for every sample, and
    /// the doc comments' listings when they are read (an edit's modules'
    /// comments read from their files).
    private func verification() -> SampleVerification {
        var verification = SampleVerification(
            configuration: configuration, layout: context.layout, useCache: context.settings.usesCache, hovers: .all)
        verification.verifier.progress = context.settings.progress
        if docComments != .none, readsListings {
            let edit = context.commentEdit
            verification.docCommentModules = configuration.verification.modules
            verification.docCommentScope = docComments
            for graph in edit?.graphs ?? [] where edit?.modules.contains(graph.moduleName) == true {
                verification.docCommentOverrides[graph.moduleName] = SymbolGraphStore.docComments(in: graph)
            }
        }
        return verification
    }

    /// The doc comments' listings' verdicts, by their Swift file: fresh, or kept from the last build.
    private func collectListings(_ fresh: VerificationReport, into verified: inout VerifiedSamples) {
        guard docComments != .none else { return }
        var listingFiles: [String] = []
        if readsListings {
            for result in fresh.results where result.sample.origin == .docComment {
                if verified.results[result.sample.page] == nil { listingFiles.append(result.sample.page) }
                verified.results[result.sample.page, default: []].append(result)
            }
            let files = Set(listingFiles)
            for problem in fresh.problems {
                guard let path = problem.location?.path, files.contains(path) else { continue }
                verified.problems[path, default: []].append(problem)
            }
        } else if let previous = context.previous {
            listingFiles = previous.listingFiles
            for file in listingFiles {
                verified.results[file] = previous.results[file] ?? []
                verified.problems[file] = previous.problems[file] ?? []
            }
        }
        verified.listingFiles = listingFiles
    }

    /// Every page's verdicts, fresh or kept, as one report in page order (a
    /// snippet two pages show is one sample: reported once).
    private func report(_ fresh: VerificationReport, of navigation: Navigation, verified: VerifiedSamples) -> VerificationReport {
        let previous = context.previous
        var reported: Set<String> = []
        var reportedProblems: Set<Diagnostic> = []
        let reportedPaths = navigation.pages.map(\.displayPath) + verified.listingFiles
        var report = VerificationReport(
            results: reportedPaths.flatMap { verified.results[$0] ?? [] }.filter { reported.insert($0.sample.id).inserted },
            problems: reportedPaths.flatMap { verified.problems[$0] ?? [] }.filter { reportedProblems.insert($0).inserted },
            compilerVersion: fresh.compilerVersion ?? previous?.compilerVersion,
            duration: fresh.duration, compiledPrograms: fresh.compiledPrograms, mergedPrograms: fresh.mergedPrograms
        )
        report.sandboxed = fresh.sandboxed
        report.sandboxNote = fresh.sandboxNote
        report.docCommentModules = readsListings ? fresh.docCommentModules : previous?.docCommentModules
        return report
    }
}

/// What the sample stage hands on.
struct VerifiedSamples {
    /// The pages verified by this build.
    var pages: [Page]
    /// The built sample library, for the next build.
    var preparation: Verifier.Preparation?
    /// Every page's verdicts, fresh or kept.
    var results: [String: [SampleResult]] = [:]
    /// Every page's sample problems, fresh or kept.
    var problems: [String: [Diagnostic]] = [:]
    /// The Swift files whose doc comments' listings were verified (their results are under their paths).
    var listingFiles: [String] = []
    /// All of them as one report, in page order.
    var report = VerificationReport(results: [], problems: [], compilerVersion: nil, duration: .zero, compiledPrograms: 0, mergedPrograms: 0)
}
