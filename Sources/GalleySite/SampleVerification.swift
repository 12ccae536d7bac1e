import Foundation
import GalleyMarkdown
import GalleyVerify

/// Connects a site to the verifier: settings from `galley.yml`, the cache
/// under `.build/galley/`, and what each page shows of its samples.
public struct SampleVerification: Sendable {
    /// The verifier as configured for the project.
    public var verifier: Verifier
    /// The site's sample settings (`galley.yml` → `verify:`), before each page's own.
    public var siteSettings: SampleSettings

    /// The verifier for `configuration`, with its cache in `<root>/.build/galley/cache`.
    public init(configuration: SiteConfiguration, layout: SiteLayout, useCache: Bool = true) {
        let settings = configuration.verification
        let package = Self.packageDirectory(configuration: configuration, layout: layout)
        var verifier = Verifier(
            library: SampleLibrary(packageDirectory: package, products: settings.products, moduleAliases: settings.moduleAliases),
            cacheDirectory: useCache ? layout.root.appendingPathComponent(".build/galley/cache") : nil
        )
        verifier.timeout = .seconds(settings.timeoutSeconds)
        verifier.sandboxMode = settings.sandbox
        self.verifier = verifier
        self.siteSettings = settings.samples
    }

    /// Verifies the samples of `pages`.
    public func verify(_ pages: [Page]) throws(VerifyError) -> VerificationReport {
        var preparation: Verifier.Preparation?
        return try verify(pages, preparation: &preparation)
    }

    /// Verifies the samples of `pages`, reusing (or setting) the built library.
    /// Each page's front matter `verify:` overrides the site's settings.
    public func verify(_ pages: [Page], preparation: inout Verifier.Preparation?) throws(VerifyError) -> VerificationReport {
        try verifier.verify(pages.map { ($0.displayPath, $0.document, settings(for: $0)) }, preparation: &preparation)
    }

    /// The sample settings of `page`: the site's, with the page's `verify:` applied.
    public func settings(for page: Page) -> SampleSettings {
        page.frontMatter.verify?.applied(to: siteSettings) ?? siteSettings
    }

    /// The sample library's `Sources/` folder, whose changes mean the library
    /// must be built again; `nil` when samples link no library products.
    public static func librarySources(configuration: SiteConfiguration, layout: SiteLayout) -> URL? {
        let settings = configuration.verification
        guard !settings.products.isEmpty else { return nil }
        return packageDirectory(configuration: configuration, layout: layout).appendingPathComponent("Sources")
    }

    /// The folder of the SwiftPM package `verify.package` names (default: the project folder).
    public static func packageDirectory(configuration: SiteConfiguration, layout: SiteLayout) -> URL {
        let package = configuration.verification.package
        return (package.hasPrefix("/") ? URL(fileURLWithPath: package) : layout.root.appendingPathComponent(package)).standardizedFileURL
    }

    /// The code-block markup of `page`: samples with their verdicts, and the
    /// output blocks they own left out (they show as the sample's output panel).
    static func codeBlockHTML(for page: Page, report: VerificationReport) -> (CodeBlock) -> String? {
        var byIndex: [Int: String] = [:]
        for result in report.results(forPage: page.displayPath) {
            byIndex[result.sample.block.index] = SampleHTML.render(result)
            if let output = result.sample.outputBlock, result.sample.mode == .run, result.status == .passed {
                byIndex[output.index] = ""
            }
        }
        return { byIndex[$0.index] }
    }

    /// The page footer line, e.g. `3 of 3 samples verified with Swift 6.3.1`, or `nil` without samples.
    static func footer(for page: Page, report: VerificationReport) -> String? {
        let results = report.results(forPage: page.displayPath)
        guard !results.isEmpty else { return nil }
        let verified = results.filter { $0.status == .passed }.count
        let version = report.compilerVersion.map { "Swift " + Toolchain.shortVersion(of: $0) }
        return "\(verified) of \(results.count) sample\(results.count == 1 ? "" : "s") verified" + (version.map { " with \($0)" } ?? "")
    }
}
