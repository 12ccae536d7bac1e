import Foundation
import GalleySite

/// `galley.yml` bytes → `SiteConfiguration.load`, through a real file as `galley build` reads it.
///
/// Errors (`SiteError`, e.g. for invalid UTF-8 or an unknown key) are
/// expected; a crash or a hang is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSiteConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    do {
        try input.data.write(to: SiteConfigurationFile.url)
    } catch {
        fatalError("cannot write \(SiteConfigurationFile.url.path): \(error)")
    }
    do {
        let configuration = try SiteConfiguration.load(from: SiteConfigurationFile.url, displayPath: "galley.yml")
        fuzzCheck(configuration.verification.timeoutSeconds >= 1, "timeout \(configuration.verification.timeoutSeconds)")
        fuzzCheck(configuration.baseURL.map { $0.hasSuffix("/") } ?? true, "base_url without its final /")
        _ = configuration.containment(root: URL(fileURLWithPath: "/project"))
    } catch {
        _ = error.description
    }
    return 0
}

/// The file each input is written to: one per fuzzing process, in its temporary folder.
enum SiteConfigurationFile {
    static let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("galley-fuzz-\(getpid())-galley.yml")
}
