import Foundation
import GalleyCore
import GalleyProject
import GalleySite

/// `galley.yml` bytes → `SiteConfiguration.load`, through a real file as `galley build` reads it.
///
/// Errors (`Diagnostic`, e.g. for invalid UTF-8 or an unknown key) are
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

/// The file each input is written to: one per fuzzing process, in `/dev/shm`
/// where there is one. `Data.write` syncs the file to disk, which on a real
/// disk makes the target twenty times slower.
enum SiteConfigurationFile {
    static let url: URL = {
        let memory = URL(fileURLWithPath: "/dev/shm")
        let folder = FileManager.default.isWritableFile(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
        let url = folder.appendingPathComponent("galley-fuzz-\(getpid())-galley.yml")
        atexit { unlink(SiteConfigurationFile.url.path) }
        return url
    }()
}
