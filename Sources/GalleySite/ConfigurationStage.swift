import GalleyCore
import GalleyOutput
import GalleyProject

/// The build's first stage: `galley.yml` (or the last build's
/// configuration when it did not change), then the guard that a build never
/// gets as far as replacing the project, nor a folder Galley did not write.
struct ConfigurationStage {
    let context: BuildContext

    /// The configuration, after the output folder's guard.
    func run() throws(BuildFailure) -> SiteConfiguration {
        let configuration = try load()
        try guardOutput(configuration)
        return configuration
    }

    /// `galley.yml`, or the previous build's when it did not change.
    func load() throws(BuildFailure) -> SiteConfiguration {
        if let previous = context.previous { return previous.configuration }
        let settings = context.settings
        let layout = context.layout
        do {
            return settings.applied(
                to: try SiteConfiguration.load(
                    from: layout.configurationFile, displayPath: layout.displayPath(of: layout.configurationFile),
                    defaults: settings.defaultConfiguration))
        } catch {
            throw BuildFailure([error])
        }
    }

    /// Before any work: a build must never get as far as replacing the
    /// project, and a first build never replaces a folder Galley did not write.
    func guardOutput(_ configuration: SiteConfiguration) throws(BuildFailure) {
        let layout = context.layout
        let libraryPackage =
            configuration.verification.products.isEmpty
            ? nil : SampleVerification.packageDirectory(configuration: configuration, layout: layout)
        do {
            try OutputFolderGuard.check(layout: layout, libraryPackage: libraryPackage)
            if context.written == nil {
                try OutputWriter(directory: layout.outputDirectory, displayPath: layout.displayPath(of: layout.outputDirectory)).checkReplaceable()
            }
        } catch {
            throw BuildFailure([error])
        }
    }
}
