import GalleyCore
import GalleyProject
import GalleySamples

/// The verdicts of the projects that tutorials build, given to their step
/// files (``Sample/Kind/stepFile`` results, which until then say only
/// whether the file parses): each file that stands at a section's end is
/// judged by the project of that section; a file shown only inside a
/// section is unfinished by design and stays "parses · not compiled", saying so.
///
/// A file in several projects takes the gravest verdict: an error in the
/// docs, then a pass (it compiled in one end state; another that could not
/// be built here says nothing against it), then the environment. A syntax error found before
/// is kept (the project of that file fails to compile for the same reason).
///
/// ```swift
/// let judged = TutorialProjectVerdicts.applied(to: report.results, pages: pages, builder: builder)
/// judged.first { $0.sample.page.hasSuffix("Formatter.step10.swift") }?.status   // .passed
/// ```
public enum TutorialProjectVerdicts {
    /// `results` with every step file of `pages`' tutorials judged by the projects `builder` builds.
    public static func applied(to results: [SampleResult], pages: [Page], builder: TutorialProjectBuilder) -> [SampleResult] {
        var verdicts: [String: Verdict] = [:]
        // Only the tutorials whose step files are being verified (a page or a shard may be selected).
        let verified = Set(results.filter { $0.sample.kind == .stepFile }.map(\.sample.page))
        // Files that do not parse: their project's other errors may only follow from them.
        let unparsed = Set(results.filter { $0.sample.kind == .stepFile && $0.status == .failed }.map(\.sample.page))
        for page in pages {
            guard let tutorial = page.tutorial, tutorial.role == .tutorial,
                tutorial.codes.contains(where: { $0.path.map(verified.contains) ?? false })
            else { continue }
            let projects = TutorialProject.sections(of: tutorial, tutorial: page.displayPath)
            if projects.isEmpty {
                for code in tutorial.codes where code.isSwift {
                    guard let path = code.path else { continue }
                    verdicts[path, default: Verdict()].note(
                        "its tutorial's steps show no Package.swift, so the project they make (an Xcode project?) is not built here")
                }
                continue
            }
            for project in projects {
                let paths = project.files.filter(\.code.isSwift).compactMap(\.code.path)
                // A project with a file that does not parse is not built: its other errors could only follow.
                if let broken = paths.first(where: unparsed.contains) {
                    for path in paths {
                        verdicts[path, default: Verdict()].note("the project of \(project.sectionName) is not built: `\(broken)` does not parse")
                    }
                    continue
                }
                let outcome = builder.outcome(of: project)
                for path in paths { verdicts[path, default: Verdict()].add(outcome, project: project, file: path) }
            }
            for code in tutorial.codes where code.isSwift {
                guard let path = code.path, verdicts[path] == nil else { continue }
                verdicts[path] = Verdict(
                    notes: [
                        "an intermediate step of `\(code.name)`: only the end state of each section is built, as the steps before it are unfinished"
                    ])
            }
        }
        return results.map { result in
            guard result.sample.kind == .stepFile, let verdict = verdicts[result.sample.page] else { return result }
            return verdict.judge(result)
        }
    }

    /// What the projects a step file is in said of it.
    struct Verdict {
        /// The gravest outcome so far (``gravity(_:)``), with its project.
        var outcome: (ProjectOutcome, TutorialProject)?
        /// Why no project judged it.
        var notes: [String] = []

        mutating func note(_ text: String) {
            if !notes.contains(text) { notes.append(text) }
        }

        mutating func add(_ added: ProjectOutcome, project: TutorialProject, file: String) {
            if added.status == .notBuilt {
                note("the project of \(project.sectionName) is not built: \(added.reason)")
                return
            }
            var outcome = added
            // A failure is this file's only where it is: an error in it, or the output it prints.
            if outcome.status == .failed {
                let mine = outcome.errors.filter { $0.file == file }
                if outcome.errors.isEmpty ? outcome.outputFile != file : mine.isEmpty {
                    note("the project of \(project.sectionName) fails in another file: \(added.reason)")
                    return
                }
                outcome.errors = mine
            }
            guard let current = self.outcome else {
                self.outcome = (outcome, project)
                return
            }
            if Self.gravity(outcome.status) > Self.gravity(current.0.status) { self.outcome = (outcome, project) }
        }

        static func gravity(_ status: ProjectOutcome.Status) -> Int {
            switch status {
            case .failed: 3
            case .passed: 2
            case .environment: 1
            case .notBuilt: 0
            }
        }

        /// `result` (the file's syntax check) with the projects' verdict.
        func judge(_ result: SampleResult) -> SampleResult {
            var judged = result
            if result.status == .failed { return result }
            guard let (outcome, project) = outcome else {
                if let note = notes.first { judged.skipReason = "a tutorial's step file: it parses; \(note)" }
                return judged
            }
            let origin = "the project of \(project.sectionName) of \(project.tutorial)"
            judged.cached = outcome.cached
            switch outcome.status {
            case .passed:
                judged.status = .passed
                judged.skipReason = nil
                judged.ranToCompletion = outcome.expected != nil
                if let output = outcome.output { judged.output = output }
            case .environment:
                judged.status = .failed
                judged.skipReason = nil
                judged.failureKind = outcome.timedOut ? .limit : outcome.ran ? .trap : .compile
                judged.cause = .environment
                judged.needs = "\(origin): \(outcome.reason)"
                judged.failure = "\(origin) is not verified: \(outcome.reason)"
            case .failed:
                judged.status = .failed
                judged.skipReason = nil
                judged.cause = .docs
                if let error = outcome.errors.first {
                    let line = result.sample.block.firstCodeLine + error.line - 1
                    judged.failureKind = .compile
                    judged.failure = "\(origin) does not compile: \(error.message)"
                    judged.failureLocation = SourceLocation(path: error.file, line: line, column: error.column)
                    judged.evidence = CompilerDiagnostic(
                        severity: "error", file: error.file, line: line, column: error.column, message: error.message)
                } else {
                    judged.failureKind = .output
                    judged.output = outcome.output ?? ""
                    judged.failure =
                        "\(origin) prints other output than \(outcome.transcript ?? "its terminal step") shows.\nexpected:\n\(outcome.expected ?? "")\nprinted:\n\(outcome.output ?? "")"
                    judged.failureLocation = SourceLocation(path: result.sample.page, line: result.sample.block.firstCodeLine, column: nil)
                }
            case .notBuilt:
                break
            }
            return judged
        }
    }
}
