import Foundation
import GalleyVerify

/// A test hook: annotations read from the JSON file that the environment
/// variable `GALLEY_TEST_ANNOTATIONS` names, added to the matching samples'
/// results before the pages are rendered, so the browser suite can show
/// popovers and `// ^?` callouts whose content it controls.
///
/// The file is a list of `{"page": "content/hovers.md", "annotations": [SampleAnnotation…]}`;
/// an annotation goes to the sample of that page whose code holds its line.
/// Nothing is cached or verified with them. Unset (always, outside tests),
/// the hook does nothing; a file that cannot be read is ignored.
enum FixtureAnnotations {
    /// The environment variable naming the file.
    static let variable = "GALLEY_TEST_ANNOTATIONS"

    private struct Entry: Decodable {
        var page: String
        var annotations: [SampleAnnotation]
    }

    /// Adds the file's annotations to `report`'s results.
    static func apply(to report: inout VerificationReport, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment[variable], let data = FileManager.default.contents(atPath: path),
            let entries = try? JSONDecoder().decode([Entry].self, from: data)
        else { return }
        for entry in entries {
            for annotation in entry.annotations {
                let holds = { (result: SampleResult) in
                    result.sample.page == entry.page && result.sample.block.firstCodeLine <= annotation.line
                        && annotation.line <= result.sample.block.endLine
                }
                guard let index = report.results.firstIndex(where: holds) else { continue }
                report.results[index].annotations.append(annotation)
            }
        }
    }
}
