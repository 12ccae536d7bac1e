import GalleyCore
import GalleyPackage
import GalleyProcess
import GalleySamples

/// Blocks that are not programs: API listings checked against the
/// library's symbol graph, manifest fragments, and blocks that show one of
/// the library's own protocols.
extension Verifier {
    /// The verdict on a tutorial's step file (``StepFileVerdict``); a warm
    /// run reads its syntax check's result from the cache.
    func judgeStepFile(_ sample: Sample) -> SampleResult {
        let cache = cacheDirectory.map { ResultCache(directory: $0) }
        let key = ResultCache.key(forStepFile: sample.block.code)
        let stored = cache?.loadVerdict(key)
        let error: SwiftSource.SyntaxError?
        if let stored {
            error = stored.failure.map { SwiftSource.SyntaxError(line: stored.line ?? 1, column: stored.column ?? 1, message: $0) }
        } else {
            error = SwiftSource.syntaxErrors(sample.block.code).first
            cache?.store(ResultCache.ListingVerdict(failure: error?.message, line: error?.line, column: error?.column), for: key)
        }
        var result = StepFileVerdict.result(for: sample, syntaxError: error)
        result.cached = stored != nil
        return result
    }

    /// The verdict on a sample that is not a program: a manifest fragment is
    /// skipped with that reason; an API listing is checked against the
    /// library's symbol graph, or skipped when no library is configured.
    func judgeListingOrManifest(_ sample: Sample, preparation: inout Preparation?) throws(Diagnostic) -> SampleResult {
        var result = SampleResult(
            sample: sample, status: .skipped, failure: nil, failureLocation: nil, output: "",
            expectedErrors: [], crashMessage: nil, ranToCompletion: false, cached: false, merged: false
        )
        if sample.kind == .manifestFragment {
            result.skipReason = "a package manifest fragment, not verified"
            return result
        }
        let modules = listingModules
        guard !modules.isEmpty else {
            result.skipReason = "an API listing, not verifiable: no sample library is configured (verify.products in galley.yml)"
            return result
        }
        let prepared = try ensurePrepared(&preparation)
        // A warm run reads the verdict, not the symbol graphs (most of a warm run's time in swift-collections).
        let verdicts = cacheDirectory.map { ResultCache(directory: $0) }
        let key = ResultCache.key(forListing: sample.compiledCode, modules: modules, toolchain: prepared.toolchain, library: prepared.library)
        var verdict = verdicts?.loadVerdict(key)
        result.cached = verdict != nil
        if verdict == nil {
            let symbols: [APIListing.Symbol]
            do {
                symbols = try librarySymbols(modules: modules, preparation: &preparation)
            } catch {
                // Not the listing's fault: it is not checked, and says why.
                result.skipReason = "an API listing, not checked: \(error.message.split(separator: "\n").first ?? "")"
                return result
            }
            var mismatch = APIListing.check(sample.compiledCode, against: symbols)
            if mismatch != nil {
                // Spelled differently is not different: the compiler says which claims are the library's.
                let identity = ListingIdentity(
                    toolchain: prepared.toolchain, flags: prepared.library.flags, modules: modules,
                    runner: ProcessRunner(timeout: .seconds(120), outputLimit: 8 << 20))
                let proven = identity.provenLines(sample.compiledCode, symbols: symbols)
                if !proven.isEmpty { mismatch = APIListing.check(sample.compiledCode, against: symbols, proven: proven) }
            }
            let illustrates = mismatch != nil && APIListing.illustrates(sample.compiledCode, against: symbols)
            let fresh = ResultCache.ListingVerdict(
                failure: illustrates ? nil : mismatch?.message, line: illustrates ? nil : mismatch?.line, illustrates: illustrates)
            verdicts?.store(fresh, for: key)
            verdict = fresh
        }
        if verdict?.illustrates == true {
            result.skipReason = "declarations that name nothing of the library: they illustrate Swift, not this library's API"
            return result
        }
        if let failure = verdict?.failure {
            result.status = .failed
            result.failure = failure
            result.failureKind = .listing
            result.cause = .docs
            result.failureLocation = SourceLocation(path: sample.page, line: sample.block.firstCodeLine + (verdict?.line ?? 1) - 1)
        } else {
            result.status = .passed
        }
        return result
    }

    /// The modules whose public API listings are checked against: those
    /// named for it, else the library products' Swift modules (a product's
    /// name, such as `GRDB-dynamic`, need not be a module's).
    var listingModules: [String] {
        apiModules ?? (library.modules.isEmpty ? library.products : library.modules)
    }

    /// The public API of the library's `modules`, read from their symbol
    /// graphs once per run (kept in `preparation`).
    func librarySymbols(modules: [String], preparation: inout Preparation?) throws(Diagnostic) -> [APIListing.Symbol] {
        var prepared = try ensurePrepared(&preparation)
        if let known = prepared.apiSymbols { return known }
        let store = symbolGraphs(prepared)
        var symbols: [APIListing.Symbol] = []
        for module in modules {
            symbols += try store.graph(of: module).symbols.filter { $0.kind != .extension }.map {
                APIListing.Symbol(path: $0.pathComponents, declaration: APIListing.collapsed($0.declaration), usr: $0.identifier)
            }
        }
        prepared.apiSymbols = symbols
        preparation = prepared
        return symbols
    }

    /// `samples`, where a block of bodiless declarations that declares a
    /// protocol the library exports (`protocol DatabaseValueConvertible {
    /// … }` on a page about conforming to it) is an API listing: it shows
    /// the library's protocol. Compiled into the page's program, it would
    /// shadow the library's protocol for every other block. A protocol of
    /// the page's own stays a program.
    func showingLibraryProtocols(_ samples: [Sample], preparation: inout Preparation?) throws(Diagnostic) -> [Sample] {
        // The symbol graphs are read only for a page that has such a block.
        let modules = listingModules
        guard !modules.isEmpty, samples.contains(where: { !SampleKindReader.protocolsShown(in: $0.compiledCode).isEmpty }) else {
            return samples
        }
        // Without the library's symbol graph nothing is known to be the library's: the blocks stay programs.
        let symbols = (try? librarySymbols(modules: modules, preparation: &preparation)) ?? []
        let exported = Set(symbols.compactMap { $0.path.count == 1 ? $0.path[0] : nil })
        return Self.showingProtocols(of: exported, in: samples)
    }

    /// `samples`, with each block of bodiless declarations that declares
    /// one of the `exported` protocols (the library's top-level names) made
    /// an API listing.
    static func showingProtocols(of exported: Set<String>, in samples: [Sample]) -> [Sample] {
        samples.map { sample in
            guard sample.kind == .program, sample.mode != .ignore, sample.mode != .compileFail,
                SampleKindReader.protocolsShown(in: sample.compiledCode).contains(where: exported.contains)
            else { return sample }
            var shown = sample
            shown.kind = .apiListing
            return shown
        }
    }
}
