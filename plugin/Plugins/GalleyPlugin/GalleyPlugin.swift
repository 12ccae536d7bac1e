import Foundation
import PackagePlugin

/// `swift package galley …`: runs a `galley` executable in the root of the
/// package the plugin is added to, with every argument passed through.
///
/// ```sh
/// swift package --allow-writing-to-package-directory galley verify
/// swift package --allow-writing-to-package-directory galley build --output site
/// ```
///
/// This one source is the plugin of two packages (``galleySource`` says
/// which): Galley's own (`Plugins/GalleyPlugin/GalleyPlugin.swift` there is a
/// symbolic link to this file), whose plugin target depends on the `galley`
/// executable, so SwiftPM builds Galley and hands it to the plugin; and the
/// light package in `plugin/`, which depends on nothing, so that any package
/// can add it (swift-log or swift-algorithms, which Galley depends on,
/// cannot add Galley itself), and runs an installed galley: the path of
/// `--galley-path <path>` as the first arguments, else the `GALLEY`
/// variable's, else the first `galley` of `PATH`.
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

    /// The variable that names an installed galley (the light plugin only).
    static let galleyVariable = "GALLEY"

    /// The option, first among the plugin's arguments, that names an installed galley (the light plugin only).
    static let galleyPathOption = "--galley-path"

    /// Where Galley's source is cloned from to install galley (the line that says how, when none is found).
    static let repository = "https://github.com/your-org/galley"

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let (galley, arguments) = try Self.galley(context: context, arguments: arguments)
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

    /// The galley to run, and the user's arguments for it: the one SwiftPM
    /// built (Galley's package), or an installed one, found with
    /// ``installedGalley(environment:galleyPath:relativeTo:)`` after
    /// `--galley-path <path>` is taken off the arguments (the light package).
    static func galley(context: PluginContext, arguments: [String]) throws -> (URL, [String]) {
        switch galleySource {
        case .built:
            return (try context.tool(named: "galley").url, arguments)
        case .installed:
            var rest = arguments
            var galleyPath: String?
            if let first = rest.first, first == galleyPathOption || first.hasPrefix(galleyPathOption + "=") {
                rest.removeFirst()
                if first == galleyPathOption {
                    guard let path = rest.first else { throw GalleyNotFound.noPath }
                    galleyPath = path
                    rest.removeFirst()
                } else {
                    galleyPath = String(first.dropFirst(galleyPathOption.count + 1))
                }
            }
            let environment = ProcessInfo.processInfo.environment
            return (try installedGalley(environment: environment, galleyPath: galleyPath, relativeTo: context.package.directoryURL), rest)
        }
    }

    /// An installed galley: the path given with `--galley-path` (the command
    /// line says it, so it wins), else the path in `GALLEY`, else `galley` in the first folder of `PATH` that has
    /// one. A relative path is read from the package's root. A path that is
    /// given but names no executable file is an error, not a reason to look
    /// further.
    static func installedGalley(environment: [String: String], galleyPath: String?, relativeTo root: URL) throws -> URL {
        if let path = galleyPath {
            return try executable(path, relativeTo: root, named: "\(galleyPathOption) \(path)")
        }
        if let path = environment[galleyVariable], !path.isEmpty {
            return try executable(path, relativeTo: root, named: "\(galleyVariable)=\(path)")
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder), isDirectory: true).appendingPathComponent("galley")
            if isExecutableFile(candidate) { return candidate }
        }
        throw GalleyNotFound.notOnPath
    }

    /// The executable file at `path`, or the error that names where the path came from.
    static func executable(_ path: String, relativeTo root: URL, named source: String) throws -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        guard isExecutableFile(url) else { throw GalleyNotFound.notExecutable(source) }
        return url
    }

    /// Whether `url` is an executable file (a folder's search bit does not count).
    static func isExecutableFile(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
            && FileManager.default.isExecutableFile(atPath: url.path)
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

/// Where the plugin's galley comes from; each package's plugin target has a
/// file of its own that sets ``GalleyPlugin/galleySource``.
enum GalleySource {
    /// Built by SwiftPM from Galley's package (the plugin target depends on the executable).
    case built
    /// Installed on the machine (`make install`), found by the plugin.
    case installed
}

/// galley exited non-zero (or was ended by a signal).
struct GalleyFailed: Error, CustomStringConvertible {
    var status: Int32

    var description: String { "galley exited with status \(status)" }
}

/// No installed galley to run: each case is one line that says what to do.
enum GalleyNotFound: Error, CustomStringConvertible {
    /// Neither `GALLEY` nor `--galley-path` given, and no `galley` in a folder of `PATH`.
    case notOnPath
    /// `GALLEY` or `--galley-path` (named) gives a path that is no executable file.
    case notExecutable(String)
    /// `--galley-path` is the last argument.
    case noPath

    var description: String {
        let install = "install it (git clone \(GalleyPlugin.repository) && cd galley && make install)"
        switch self {
        case .notOnPath:
            return "galley not found on PATH: \(install), or set \(GalleyPlugin.galleyVariable)=/path/to/galley"
        case .notExecutable(let source):
            return "\(source) is not an executable file: give the path of an installed galley, or \(install)"
        case .noPath:
            return "\(GalleyPlugin.galleyPathOption) needs a path: \(GalleyPlugin.galleyPathOption) /path/to/galley"
        }
    }
}
