import ArgumentParser
import GalleyCore
import GalleySite

extension SandboxMode: ExpressibleByArgument {}

/// `--sandbox auto|on|off`, shared by the commands that run samples.
struct SandboxOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Run samples in bubblewrap: auto (where it works, else unconfined and the report says so), on (fail where it cannot start) "
                + "or off. Default: galley.yml's verify: sandbox:, else auto. `swift package galley` passes on, on Linux.",
            valueName: "mode"))
    var sandbox: SandboxMode?

    /// Applies the option to `settings`.
    func configure(_ settings: inout BuildSettings) {
        if let sandbox { settings.sandbox = sandbox }
    }
}
