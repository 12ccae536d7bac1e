import ArgumentParser
import GalleyHovers

/// `galley sourcekitd-worker <library>` (hidden): a second sourcekitd for a
/// build's hovers, started by the build itself (``SourceKitWorker``): loads
/// the library and answers cursor-info requests, a JSON line each, on
/// standard input and output.
struct SourceKitWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sourcekitd-worker",
        abstract: "Answer a build's sourcekitd requests (started by galley build; not for use by hand).",
        shouldDisplay: false
    )

    @Argument(help: "The sourcekitd library to load (libsourcekitdInProc.so).")
    var library: String

    func run() throws {
        let status = SourceKitWorker.serve(library: library)
        if status != 0 { throw ExitCode(status) }
    }
}
