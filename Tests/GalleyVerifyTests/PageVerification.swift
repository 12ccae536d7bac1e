import Foundation
import GalleyMarkdown
import GalleyReports

@testable import GalleyPackage
@testable import GalleySamples
@testable import GalleyVerify

/// Verifies `markdown` as the page `content/p.md` with no sample library:
/// one page as one program (`pageProgram`) or each block alone, with an
/// optional result cache and timeout. What the suites of this wave share.
func verifyPage(
    _ markdown: String, pageProgram: Bool, cache: URL? = nil, timeout: Duration = .seconds(10), assumesNames: Bool = true,
    setup: String = ""
) throws -> VerificationReport {
    var settings = SampleSettings()
    settings.pageProgram = pageProgram
    if !setup.isEmpty {
        settings.setup = setup
        settings.setupSource = "content/galley-setup.swift"
    }
    var verifier = Verifier(library: SampleLibrary(packageDirectory: URL(fileURLWithPath: "/")), cacheDirectory: cache)
    verifier.timeout = timeout
    verifier.assumesNames = assumesNames
    var preparation: Verifier.Preparation?
    return try verifier.verify([("content/p.md", MarkdownDocument(parsing: markdown), settings)], preparation: &preparation)
}
