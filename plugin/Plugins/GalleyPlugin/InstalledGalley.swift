/// The light package's plugin runs an installed galley: this package depends
/// on nothing, so any package can add it, Galley's own dependencies included.
extension GalleyPlugin {
    static let galleySource = GalleySource.installed
}
