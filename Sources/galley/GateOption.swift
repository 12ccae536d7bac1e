import ArgumentParser
import GalleySite

/// `--strict`, shared by the commands that verify samples: every failure
/// fails the run, not only errors in the docs.
struct GateOption: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Fail on every failing sample, not only errors in the docs (by default a sample that needs context the page "
                + "does not show, or an environment this machine lacks, is a counted warning). Default: galley.yml's verify: gate:."))
    var strict = false

    /// Applies the option to `settings`.
    func configure(_ settings: inout BuildSettings) {
        if strict { settings.gate = .strict }
    }
}
