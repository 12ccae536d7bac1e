import Foundation
import PackagePlugin

/// `swift package galley …`: runs the `galley` executable in the root of the
/// package that depends on Galley, with every argument passed through.
///
/// ```sh
/// swift package --allow-writing-to-package-directory galley verify
/// swift package --allow-writing-to-package-directory galley build --output site
/// ```
///
/// While a command plugin runs, SwiftPM holds the lock on the package's
/// `.build`, so galley is told (``scratchVariable``) to build the package
/// in the plugin's own work folder instead of waiting for that lock. On
/// Linux, samples must run in bubblewrap: unless the arguments say
/// `--sandbox`, `--sandbox on` is added, so that a machine without a working
/// `bwrap` gets galley's error naming what to install rather than an
/// unconfined run. On macOS, SwiftPM's own plugin sandbox confines galley and
/// the samples it runs.
@main
struct GalleyPlugin: CommandPlugin {
    /// The variable that gives galley a scratch path of its own for SwiftPM builds of the package.
    static let scratchVariable = "GALLEY_SCRATCH_PATH"

    /// The subcommands that run samples, and so take `--sandbox`.
    static let samplingCommands: Set<String> = ["verify", "build", "serve"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let galley = try context.tool(named: "galley").url
        let scratch = context.pluginWorkDirectoryURL.appendingPathComponent("scratch")
        var environment = ProcessInfo.processInfo.environment
        environment[Self.scratchVariable] = scratch.path

        let process = Process()
        process.executableURL = galley
        process.arguments = Self.galleyArguments(arguments)
        process.currentDirectoryURL = context.package.directoryURL
        process.environment = environment
        // SwiftPM ends the plugin on Ctrl-C or a kill; galley (a server, a long verify) must end with it.
        let forwarded = [SIGINT, SIGTERM, SIGHUP].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber)
            source.setEventHandler { kill(process.processIdentifier, signalNumber) }
            source.resume()
            return source
        }
        try process.run()
        process.waitUntilExit()
        forwarded.forEach { $0.cancel() }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // galley has said why on standard error; the plugin only passes the failure on.
            throw GalleyFailed(status: process.terminationStatus)
        }
    }

    /// The arguments galley gets: the user's, with `--sandbox on` after a
    /// verify, build or serve subcommand on Linux when they do not name a
    /// sandbox mode themselves.
    static func galleyArguments(_ arguments: [String]) -> [String] {
        #if os(Linux)
            guard let command = arguments.first, samplingCommands.contains(command),
                !arguments.contains(where: { $0 == "--sandbox" || $0.hasPrefix("--sandbox=") })
            else { return arguments }
            return [command, "--sandbox", "on"] + arguments.dropFirst()
        #else
            return arguments
        #endif
    }
}

/// galley exited non-zero (or was ended by a signal).
struct GalleyFailed: Error, CustomStringConvertible {
    var status: Int32

    var description: String { "galley exited with status \(status)" }
}
