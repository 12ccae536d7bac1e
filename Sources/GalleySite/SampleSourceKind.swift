import GalleyCore
import GalleyProject
import GalleySamples
import GalleyVerify

/// One kind of sample the build reads: given the pages it verifies, the
/// ``SampleSource``s of its samples. ``SampleVerification/sourceKinds`` is
/// the list the build is given; a new kind of sample (a tutorial's step
/// files, a README's fences) is one new conforming type and one line there,
/// and its source sets ``Sample/origin`` on what it makes.
///
/// ```swift
/// struct ReadmeFences: SampleSourceKind {
///     func sources(for pages: [Page], in verification: SampleVerification, preparation: inout Verifier.Preparation?)
///         throws(Diagnostic) -> FoundSampleSources { … }
/// }
/// ```
protocol SampleSourceKind: Sendable {
    /// The sources of this kind's samples among `pages` (or beside them:
    /// the files they show, the library they document).
    func sources(
        for pages: [Page], in verification: SampleVerification, preparation: inout Verifier.Preparation?
    ) throws(Diagnostic) -> FoundSampleSources
}

/// What the sample source kinds found: the sources, warnings about what
/// could not be read, and the module of each Swift file whose doc comments
/// are a source.
struct FoundSampleSources {
    /// The sources, in the order their samples are reported.
    var sources: [any SampleSource] = []
    /// What was left out, and why.
    var warnings: [Diagnostic] = []
    /// The module of each Swift file whose doc comments' listings are sources, by its path.
    var modules: [String: String] = [:]

    /// Adds what another kind found after these.
    mutating func append(_ other: FoundSampleSources) {
        sources += other.sources
        warnings += other.warnings
        modules.merge(other.modules) { first, _ in first }
    }
}

/// The fenced Swift blocks of the pages: a `content/` page's, or a DocC
/// catalog's article's (``Sample/Origin/catalogArticle``), each with the
/// page's settings.
struct PageFenceSources: SampleSourceKind {
    func sources(
        for pages: [Page], in verification: SampleVerification, preparation: inout Verifier.Preparation?
    ) throws(Diagnostic) -> FoundSampleSources {
        FoundSampleSources(
            sources: pages.map { page in
                MarkdownSampleSource(
                    path: page.displayPath, document: page.document, settings: verification.settings(for: page),
                    origin: page.catalogModule == nil ? .contentPage : .catalogArticle)
            })
    }
}

/// The `@Snippet` files the pages show, each once, as programs of their
/// own (SwiftPM builds each snippet alone): never part of a page's program,
/// and without the catalog's setup, which is the articles' context.
struct SnippetFileSources: SampleSourceKind {
    func sources(
        for pages: [Page], in verification: SampleVerification, preparation: inout Verifier.Preparation?
    ) throws(Diagnostic) -> FoundSampleSources {
        var found = FoundSampleSources()
        var seen: Set<String> = []
        for page in pages {
            for snippet in page.snippets.values.sorted(by: { $0.path < $1.path }) where seen.insert(snippet.path).inserted {
                found.sources.append(
                    SwiftFileSampleSource(path: snippet.path, text: snippet.text, settings: verification.wholeFileSettings(for: page)))
            }
        }
        return found
    }
}

/// The Swift files the steps of the pages' DocC tutorials show
/// (`@Code(name:file:)`), each once however many steps show it, as
/// ``Sample/Kind/stepFile`` samples under the file's path: checked as whole
/// files, without the catalog's setup or a page's program.
struct TutorialStepSources: SampleSourceKind {
    func sources(
        for pages: [Page], in verification: SampleVerification, preparation: inout Verifier.Preparation?
    ) throws(Diagnostic) -> FoundSampleSources {
        var found = FoundSampleSources()
        var seen: Set<String> = []
        for page in pages {
            guard let tutorial = page.tutorial else { continue }
            for code in tutorial.codes where code.isSwift {
                guard let path = code.path, let text = code.text, seen.insert(path).inserted else { continue }
                found.sources.append(
                    SwiftFileSampleSource(path: path, text: text, settings: verification.wholeFileSettings(for: page), origin: .tutorialStep))
            }
        }
        return found
    }
}

extension SampleVerification {
    /// The settings of a whole file `page` shows (a snippet, a tutorial's
    /// step file): `page`'s, without its page program or its catalog's setup.
    func wholeFileSettings(for page: Page) -> SampleSettings {
        var settings = settings(for: page)
        settings.pageProgram = false
        settings.setup = ""
        settings.setupSource = ""
        return settings
    }
}
