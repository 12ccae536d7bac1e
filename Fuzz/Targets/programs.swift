import GalleyMarkdown
import GalleyPrograms
import GalleySamples
import GalleyVerify

/// A page or a doc comment's text → its samples (as a catalog article, one
/// program per page, and as a library file's doc comment) → the programs
/// the verifier would compile, without compiling them: the program
/// generator (holes, page programs, `fileprivate` rewriting, toolchain
/// imports) on any text, as `make sweep` runs it on every package of the
/// local mirror.
///
/// A failure in generation must never crash: every sample's program is
/// made, and every program names only samples that exist.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPrograms(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    var settings = SampleSettings()
    settings.pageProgram = true
    settings.prelude = "import Foundation"
    let page = MarkdownSampleSource(path: "Sources/M/M.docc/Page.md", document: MarkdownDocument(parsing: text), settings: settings)
    let comment = DocCommentSampleSource(
        path: "Sources/M/File.swift", comments: [.init(text: text, firstLine: 10, column: 5)], settings: SampleSettings())
    for source in [page as any SampleSource, comment] {
        let reading = source.reading()
        let samples = ToolchainImports.applied(to: reading.samples)
        let ids = Set(samples.map(\.id))
        for program in SampleProgram.programs(for: samples) {
            for sample in program.samples { fuzzCheck(ids.contains(sample.id), "a program holds a sample that was not read: \(sample.id)") }
            _ = ProgramSource.standaloneMain(program)
            _ = ProgramSource.mergedFile(program, index: 0)
        }
        for listing in reading.notSwift { fuzzCheck(listing.location?.line != nil, "a listing read as not Swift without a line") }
    }
    return 0
}
