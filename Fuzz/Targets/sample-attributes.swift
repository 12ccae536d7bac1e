import GalleyMarkdown
import GalleySamples

/// The info string and code of a fenced block → `InfoString` and
/// `SampleExtractor`: attributes, `group=`, snippet markers, `// Prints` and
/// `// error:` comments.
///
/// The first line of the input is the info string, the rest the code. Both
/// go through cmark inside a fence, as on a page, and the first line also
/// straight into `InfoString`, which must not crash on text cmark never passes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSampleAttributes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let info = parts.first.map(String.init) ?? ""
    let code = parts.count > 1 ? String(parts[1]) : ""
    let direct = InfoString(info)
    fuzzCheck(direct.language == direct.language.lowercased(), "language '\(direct.language)' not lowercased")
    let page = "```" + info + "\n" + code + "\n```\n\n```output\n42\n```\n"
    let document = MarkdownDocument(parsing: page, firstLine: 1)
    let (samples, problems) = SampleExtractor.samples(in: document, page: "content/page.md")
    for sample in samples {
        fuzzCheck(
            sample.expectedPrintsLines.count == (sample.expectedPrints?.count ?? 0) || sample.expectedPrints == nil,
            "\(sample.expectedPrintsLines.count) lines for \(sample.expectedPrints?.count ?? 0) expected prints")
    }
    for problem in problems {
        fuzzCheck(problem.location != nil, "problem without a location: \(problem.message)")
        fuzzCheck(problem.location?.line.map { $0 >= 1 } ?? true, "problem above line 1: \(problem.message)")
    }
    return 0
}
